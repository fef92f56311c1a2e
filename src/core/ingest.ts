/**
 * One ingestion step for everything that arrived together (dropped files, picked files, a
 * share link, the CLI's --group): sniff each document and group what belongs together — a
 * workflow with its step receipts and final answer, a timeline with its commitment, a receipt
 * with its evidence file, Nostr event or .ots proof — leaving independent records in groups of
 * their own. What links documents is each kind's `offers`/`joins` keys (kinds/). Whatever
 * cannot be placed is listed with the reason, never silently dropped.
 */
import { detectDocument, receiptReadingOf } from './detect';
import { type DetectedDocument, type InputDocument } from './model/document';
import { bytesToHex } from './encoding/hex';
import type { Hashing } from './hash/sha256';
import type { LinkKey } from './kinds/kind';
import { KINDS } from './kinds/registry';
import { SUPPLIED_ANCHOR_KINDS } from './anchor/registry';
import { kindWithArticle } from './model/kinds';
import { receiptIdOf } from './receipt/node';

export interface DocumentGroup {
  main: DetectedDocument;
  supplied: DetectedDocument[];
}

export interface UnplacedDocument {
  name: string;
  kind: DetectedDocument['kind'];
  reason: string;
}

export interface Ingestion {
  groups: DocumentGroup[];
  unplaced: UnplacedDocument[];
}

/** Text that starts like JSON but does not parse; other text is evidence or a final answer. */
function isBrokenJson(doc: DetectedDocument): boolean {
  return doc.parseError !== undefined && /^\s*[[{]/.test(doc.source.text);
}

/** Records get a report of their own; a JSON file that does not parse too (with the position). */
function isRecord(doc: DetectedDocument): boolean {
  return KINDS[doc.kind].role === 'record' || isBrokenJson(doc);
}

/** The kinds other documents follow (a block header follows the OpenTimestamps proofs). */
const FOLLOWED = new Set(Object.values(KINDS).flatMap((k) => (k.follows ? [k.follows] : [])));

/** Keys that make others members of a record (a workflow's steps), as opposed to its material. */
function isMemberKey(key: LinkKey): boolean {
  return key.startsWith('step:');
}

/**
 * The keys under which a record joins another as one of its members (a step receipt its
 * workflow): its kind's, or those of its receipt reading when it is refused as two kinds, so
 * that its failure reaches the step it names (detect.ts receiptReadingOf).
 */
function memberKeysOf(doc: DetectedDocument, hashing: Hashing): LinkKey[] {
  const keys = (KINDS[doc.kind].joins?.(doc, hashing) ?? []).filter(isMemberKey);
  if (keys.length > 0) return keys;
  const reading = receiptReadingOf(doc);
  const id =
    reading !== undefined && reading !== doc.kind ? receiptIdOf(doc.root, reading) : undefined;
  return id !== undefined ? [`step:${id}`] : [];
}

export function ingest(inputs: InputDocument[], hashing: Hashing): Ingestion {
  return groupDocuments(inputs.map(detectDocument), hashing);
}

export function groupDocuments(docs: DetectedDocument[], hashing: Hashing): Ingestion {
  // One document alone is its own group whatever its kind (the general path below ends the
  // same way: a record leads a group of its own, and with no record the only document is
  // verified by itself with nothing supplied). Skipping it saves building and indexing a key
  // per step of a large workflow that nothing could join.
  if (docs.length === 1) return { groups: [{ main: docs[0]!, supplied: [] }], unplaced: [] };
  const groups: DocumentGroup[] = [];
  const unplaced: UnplacedDocument[] = [];
  /** Key -> the group that offers it (the last record offering a key wins). */
  const owners = new Map<LinkKey, DocumentGroup>();
  const offer = (doc: DetectedDocument, group: DocumentGroup, members: boolean): void => {
    for (const key of KINDS[doc.kind].offers?.(doc) ?? [])
      if (isMemberKey(key) === members) owners.set(key, group);
  };

  // Records that others join as members (workflows) first, so that receipts which are their
  // steps are recognised as such whatever the order they arrived in.
  const records = docs.filter(isRecord);
  // A record that names a step as its own is that step's member even when it offers steps as
  // well: an object refused as a workflow and a receipt joins the workflow its receipt reading
  // names, in a drop as when supplied (memberKeysOf).
  const memberKeys = new Map<DetectedDocument, LinkKey[]>();
  const hosts = records.filter((doc) => {
    if (!(KINDS[doc.kind].offers?.(doc) ?? []).some(isMemberKey)) return false;
    const keys = memberKeysOf(doc, hashing);
    memberKeys.set(doc, keys);
    return keys.length === 0;
  });
  for (const doc of hosts) {
    const group: DocumentGroup = { main: doc, supplied: [] };
    groups.push(group);
    offer(doc, group, true);
    offer(doc, group, false);
  }
  for (const doc of records) {
    if (hosts.includes(doc)) continue;
    const descriptor = KINDS[doc.kind];
    const host = (memberKeys.get(doc) ?? memberKeysOf(doc, hashing))
      .map((key) => owners.get(key))
      .find((group) => group !== undefined);
    if (host) {
      host.supplied.push(doc);
      if (!descriptor.keepsOwnReportWhenJoined) continue;
    }
    const group: DocumentGroup = { main: doc, supplied: [] };
    groups.push(group);
    offer(doc, group, false);
  }

  const material = docs.filter((doc) => !isRecord(doc));
  const onlyGroup = groups.length === 1 ? groups[0] : undefined;
  const proofOwners = new Set<DocumentGroup>();
  const followers: DetectedDocument[] = [];
  for (const doc of material) {
    const descriptor = KINDS[doc.kind];
    if (descriptor.follows) {
      followers.push(doc);
      continue;
    }
    let owner = (descriptor.joins?.(doc, hashing) ?? [])
      .map((key) => owners.get(key))
      .find((group) => group !== undefined);
    if (owner && FOLLOWED.has(doc.kind)) proofOwners.add(owner);
    owner ??= onlyGroup;
    if (owner) owner.supplied.push(doc);
    else {
      unplaced.push({
        name: doc.name,
        kind: doc.kind,
        reason:
          groups.length === 0
            ? `${kindWithArticle(doc.kind)} on its own: there is no receipt, workflow or timeline it could belong to`
            : `${kindWithArticle(doc.kind)} that matches none of the ${groups.length} records by id or digest; verify it together with only its record`,
      });
    }
  }
  // A block header serves the proofs: it goes where the (only) placed proof went.
  for (const header of followers) {
    const owner = onlyGroup ?? (proofOwners.size === 1 ? [...proofOwners][0] : undefined);
    if (owner) owner.supplied.push(header);
    else if (groups.length > 0) {
      // (With no record at all, the header stays with the rest of the material, below.)
      unplaced.push({
        name: header.name,
        kind: header.kind,
        reason: `a block header, with ${proofOwners.size === 0 ? 'no' : 'several'} OpenTimestamps proofs placed among the ${groups.length} records to check it against; verify it with one record and its proof`,
      });
    }
  }
  // With no record at all, everything is verified by itself: a Nostr event or .ots proof (with
  // the rest supplied, e.g. the stamped file), and anything unrecognised gets its own report
  // saying what it is not.
  if (groups.length === 0) {
    // Proofs and events lead; a block header or a stamped file is material for them.
    const proofs = material.filter((d) => SUPPLIED_ANCHOR_KINDS.has(d.kind));
    const anchors = proofs.length > 0 ? proofs : material.filter((d) => d.kind !== 'unknown');
    for (const doc of anchors)
      groups.push({ main: doc, supplied: material.filter((d) => d !== doc) });
    if (anchors.length === 0) for (const doc of material) groups.push({ main: doc, supplied: [] });
    unplaced.length = 0;
  }
  // Records were taken hosts first (above); they are reported in the order they came.
  const arrival = new Map(docs.map((doc, i) => [doc, i]));
  groups.sort((a, b) => arrival.get(a.main)! - arrival.get(b.main)!);
  return { groups, unplaced };
}

/**
 * The supplied documents (the command line's --supply, a pasted supplied document) that none of
 * `records` can use: a record of its own kind that joins none of them as a member (a receipt no
 * step names, a timeline beside a workflow), that none of them reads beside it (a timeline its
 * commitment) and whose bytes are none of their digests. A drop
 * would verify it as a record of its own; supplied, it is not used, so it is listed, with the
 * reason, rather than silently dropped. Material (evidence, a commitment, an anchor) is given to
 * the records it was supplied with, as a drop gives it to its only record.
 */
export function unplacedSupplied(
  records: readonly DetectedDocument[],
  supplied: readonly DetectedDocument[],
  hashing: Hashing,
): UnplacedDocument[] {
  // A file given as the final answer is read only by a workflow (its output_hash).
  const unreadAnswers: UnplacedDocument[] = records.some((record) => record.kind === 'workflow')
    ? []
    : supplied
        .filter((doc) => doc.role === 'final-answer')
        .map((doc) => ({
          name: doc.name,
          kind: doc.kind,
          reason:
            'given as the final answer, but no document it was supplied with is a workflow receipt (only a workflow commits to a final answer), so it was not used',
        }));
  const candidates = supplied.filter(
    (doc) => doc.role !== 'final-answer' && KINDS[doc.kind].role === 'record',
  );
  if (candidates.length === 0) return unreadAnswers;
  const offered = new Set<LinkKey>();
  const wanted = new Set<LinkKey>();
  for (const record of records) {
    for (const key of KINDS[record.kind].offers?.(record) ?? []) offered.add(key);
    // What a record reads beside it (a commitment its timeline), not what it is a member of.
    for (const key of KINDS[record.kind].joins?.(record, hashing) ?? [])
      if (!isMemberKey(key)) wanted.add(key);
  }
  const unplaced: UnplacedDocument[] = [...unreadAnswers];
  for (const doc of candidates) {
    if (memberKeysOf(doc, hashing).some((key) => offered.has(key))) continue;
    if ((KINDS[doc.kind].offers?.(doc) ?? []).some((key) => wanted.has(key))) continue;
    if (offered.has(`digest:${bytesToHex(hashing.sha256(doc.bytes))}`)) continue;
    unplaced.push({
      name: doc.name,
      kind: doc.kind,
      reason: `${kindWithArticle(doc.kind)} that is part of none of the documents it was supplied with (nothing in them names it), so it was not used; verify it as a document of its own`,
    });
  }
  return unplaced;
}

/**
 * The material among `candidates` by the keys it joins under, built once per candidate list:
 * a workflow with many step receipts looks its material up for each of them, and a key can
 * cost a SHA-256 of the file (an evidence file, a final answer) or an .ots parse.
 */
const materialIndexes = new WeakMap<
  readonly DetectedDocument[],
  Map<LinkKey, Set<DetectedDocument>>
>();

function materialIndex(
  candidates: readonly DetectedDocument[],
  hashing: Hashing,
): Map<LinkKey, Set<DetectedDocument>> {
  let index = materialIndexes.get(candidates);
  if (!index) {
    index = new Map();
    for (const doc of candidates) {
      if (isRecord(doc)) continue;
      for (const key of KINDS[doc.kind].joins?.(doc, hashing) ?? []) {
        const docs = index.get(key) ?? new Set<DetectedDocument>();
        docs.add(doc);
        index.set(key, docs);
      }
    }
    materialIndexes.set(candidates, index);
  }
  return index;
}

/**
 * The material among `candidates` that links to `record` by its keys: what a document nested
 * in a group (a step receipt, a batch member) is verified with, so that it gets the same
 * verdict as when it arrives alone with its own material. In the candidates' order.
 */
export function linkedMaterial(
  record: DetectedDocument,
  candidates: readonly DetectedDocument[],
  hashing: Hashing,
): DetectedDocument[] {
  const offered = KINDS[record.kind].offers?.(record) ?? [];
  if (offered.length === 0) return [];
  const index = materialIndex(candidates, hashing);
  const linked = new Set<DetectedDocument>();
  for (const key of offered) for (const doc of index.get(key) ?? []) linked.add(doc);
  return linked.size === 0 ? [] : candidates.filter((doc) => linked.has(doc));
}
