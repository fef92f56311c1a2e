/**
 * One ingestion step for everything that arrived together (dropped files, picked files, a
 * share link): sniff each document and group what belongs together — a workflow with its step
 * receipts and final answer, a timeline with its commitment, a receipt with its evidence file,
 * Nostr event or .ots proof — leaving independent records in groups of their own. Whatever
 * cannot be placed is listed with the reason, never silently dropped.
 */
import { parseOts, startDigestHex } from './anchor/ots/parse';
import { detectDocument, type DetectedDocument, type InputDocument } from './detect';
import { bytesToHex } from './encoding/hex';
import type { Hashing } from './hash/sha256';
import { member, type JsonObject, type JsonValue } from './json/ast';
import { kindWithArticle } from './report';

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

const MAIN_KINDS = new Set<DetectedDocument['kind']>([
  'receipt',
  'wrapped-receipt',
  'workflow',
  'timeline',
  'batch',
]);

/** The receipt object of a receipt document (bare or at envelope.receipt). */
function receiptObject(doc: DetectedDocument): JsonObject | undefined {
  const root = doc.root;
  if (root?.type !== 'object') return undefined;
  if (doc.kind === 'wrapped-receipt') {
    const envelope = member(root, 'envelope');
    const receipt = envelope?.type === 'object' ? member(envelope, 'receipt') : undefined;
    return receipt?.type === 'object' ? receipt : undefined;
  }
  return doc.kind === 'receipt' ? root : undefined;
}

function str(value: JsonValue | undefined): string | undefined {
  return value?.type === 'string' ? value.value : undefined;
}

function workflowStepIds(doc: DetectedDocument): Set<string> {
  const ids = new Set<string>();
  const steps = doc.root?.type === 'object' ? member(doc.root, 'steps') : undefined;
  if (steps?.type === 'array') {
    for (const step of steps.items) {
      const id = step.type === 'object' ? str(member(step, 'receipt_id')) : undefined;
      if (id !== undefined) ids.add(id);
    }
  }
  return ids;
}

function timelineJobId(doc: DetectedDocument): string | undefined {
  const root = doc.root;
  const entries = root?.type === 'object' ? member(root, 'timeline') : root;
  const first = entries?.type === 'array' ? entries.items[0] : entries;
  return first?.type === 'object' ? str(member(first, 'job_id')) : undefined;
}

/** Bare lowercase hex digests a main document commits to outside its own bytes. */
function evidenceDigests(doc: DetectedDocument): Set<string> {
  const digests = new Set<string>();
  const add = (value: string | undefined, prefix: RegExp) => {
    const match = value !== undefined ? prefix.exec(value) : null;
    if (match?.[1]) digests.add(match[1]);
  };
  const receipt = receiptObject(doc);
  if (receipt) {
    add(str(member(receipt, 'evidence_sha256')), /^sha256:([0-9a-f]{64})$/);
    const references = member(receipt, 'evidence_references');
    if (references?.type === 'array') {
      for (const ref of references.items) {
        if (ref.type === 'object')
          add(str(member(ref, 'canonical_sha256')), /^sha256-([0-9a-f]{64})$/);
      }
    }
    const anchor = member(receipt, 'anchor');
    const envelope = anchor?.type === 'object' ? member(anchor, 'envelope') : undefined;
    if (envelope?.type === 'object')
      add(str(member(envelope, 'evidence_sha256')), /^(?:sha256:)?([0-9a-f]{64})$/);
  }
  if (doc.kind === 'workflow' && doc.root?.type === 'object') {
    add(str(member(doc.root, 'output_hash')), /^([0-9a-f]{64})$/);
  }
  return digests;
}

function anchorEventId(doc: DetectedDocument): string | undefined {
  const receipt = receiptObject(doc);
  const anchor = receipt ? member(receipt, 'anchor') : undefined;
  return anchor?.type === 'object' ? str(member(anchor, 'event_id')) : undefined;
}

/** The workflow a receipt (or a batch of receipts) belongs to as step receipt(s), if any. */
function stepOwnerOf(
  doc: DetectedDocument,
  stepOwner: Map<string, DocumentGroup>,
): DocumentGroup | undefined {
  if (stepOwner.size === 0) return undefined;
  if (doc.kind === 'batch' && doc.root?.type === 'array') {
    for (const item of doc.root.items) {
      const id = item.type === 'object' ? str(member(item, 'id')) : undefined;
      const owner = id !== undefined ? stepOwner.get(id) : undefined;
      if (owner) return owner;
    }
    return undefined;
  }
  const receipt = receiptObject(doc);
  return receipt ? stepOwner.get(str(member(receipt, 'id')) ?? '') : undefined;
}

/** Bare hex values of a record that an .ots proof may start from. */
function anchorableDigests(doc: DetectedDocument): string[] {
  const out: string[] = [];
  const receipt = receiptObject(doc);
  const hash = receipt ? str(member(receipt, 'output_hash')) : undefined;
  if (hash !== undefined && /^sha256:[0-9a-f]{64}$/.test(hash)) out.push(hash.slice(7));
  if (doc.kind === 'workflow' && doc.root?.type === 'object') {
    for (const name of ['merkle_root', 'output_hash']) {
      const value = str(member(doc.root, name));
      if (value !== undefined && /^[0-9a-f]{64}$/.test(value)) out.push(value);
    }
  }
  return out;
}

/** Text that starts like JSON but does not parse; other text is evidence or a final answer. */
function isBrokenJson(doc: DetectedDocument): boolean {
  return doc.parseError !== undefined && /^\s*[[{]/.test(doc.source.text);
}

export function ingest(inputs: InputDocument[], hashing: Hashing): Ingestion {
  return groupDocuments(inputs.map(detectDocument), hashing);
}

export function groupDocuments(docs: DetectedDocument[], hashing: Hashing): Ingestion {
  const groups: DocumentGroup[] = [];
  const unplaced: UnplacedDocument[] = [];
  const stepOwner = new Map<string, DocumentGroup>();
  const jobOwner = new Map<string, DocumentGroup>();
  const digestOwner = new Map<string, DocumentGroup>();
  const eventOwner = new Map<string, DocumentGroup>();
  /** Values an .ots proof may start from: output hashes and workflow roots. */
  const anchorOwner = new Map<string, DocumentGroup>();

  // Workflows first, so receipts that are their steps can be recognised as such.
  const ordered = [...docs].sort(
    (a, b) => Number(b.kind === 'workflow') - Number(a.kind === 'workflow'),
  );
  const rest: DetectedDocument[] = [];
  for (const doc of ordered) {
    if (doc.kind === 'workflow') {
      const group: DocumentGroup = { main: doc, supplied: [] };
      groups.push(group);
      for (const id of workflowStepIds(doc)) stepOwner.set(id, group);
      for (const digest of evidenceDigests(doc)) digestOwner.set(digest, group);
      for (const digest of anchorableDigests(doc)) anchorOwner.set(digest, group);
    } else rest.push(doc);
  }
  const attachable: DetectedDocument[] = [];
  for (const doc of rest) {
    const stepOf = stepOwnerOf(doc, stepOwner);
    if (stepOf) {
      stepOf.supplied.push(doc);
      // A batch may hold other receipts too: it is still verified as a batch of its own.
      if (doc.kind !== 'batch') continue;
    }
    if (MAIN_KINDS.has(doc.kind) || isBrokenJson(doc)) {
      // A JSON file that does not parse gets its own (failed) report with the position.
      const group: DocumentGroup = { main: doc, supplied: [] };
      groups.push(group);
      const job = doc.kind === 'timeline' ? timelineJobId(doc) : undefined;
      if (job !== undefined) jobOwner.set(job, group);
      for (const digest of evidenceDigests(doc)) digestOwner.set(digest, group);
      for (const digest of anchorableDigests(doc)) anchorOwner.set(digest, group);
      const eventId = anchorEventId(doc);
      if (eventId !== undefined) eventOwner.set(eventId, group);
    } else attachable.push(doc);
  }

  const onlyGroup = groups.length === 1 ? groups[0] : undefined;
  const proofOwners = new Set<DocumentGroup>();
  const headers: DetectedDocument[] = [];
  for (const doc of attachable) {
    let owner: DocumentGroup | undefined;
    if (doc.kind === 'commitment' && doc.root?.type === 'object') {
      owner = jobOwner.get(str(member(doc.root, 'job_id')) ?? '');
    } else if (doc.kind === 'nostr-event' && doc.root?.type === 'object') {
      owner = eventOwner.get(str(member(doc.root, 'id')) ?? '');
    } else if (doc.kind === 'unknown') {
      owner = digestOwner.get(bytesToHex(hashing.sha256(doc.bytes)));
    } else if (doc.kind === 'ots-proof') {
      const parsed = parseOts(doc.bytes);
      if (parsed.ok) owner = anchorOwner.get(startDigestHex(parsed.proof));
      if (owner) proofOwners.add(owner);
    } else if (doc.kind === 'block-header') {
      // A header serves the proofs: it goes where the (only) placed proof went.
      headers.push(doc);
      continue;
    }
    owner ??= onlyGroup;
    if (owner) owner.supplied.push(doc);
    else {
      unplaced.push({
        name: doc.name,
        kind: doc.kind,
        reason:
          groups.length === 0
            ? `${kindWithArticle(doc.kind)} on its own: there is no receipt, workflow or timeline it could belong to`
            : `${kindWithArticle(doc.kind)} that matches none of the ${groups.length} records by id or digest; drop it together with only its record`,
      });
    }
  }
  for (const header of headers) {
    const owner = onlyGroup ?? (proofOwners.size === 1 ? [...proofOwners][0] : undefined);
    if (owner) owner.supplied.push(header);
    else if (groups.length > 0) {
      // (With no record at all, the header stays with the rest of the material, below.)
      unplaced.push({
        name: header.name,
        kind: header.kind,
        reason: `a block header, with ${proofOwners.size === 0 ? 'no' : 'several'} OpenTimestamps proofs placed among the ${groups.length} records to check it against; drop it with one record and its proof`,
      });
    }
  }
  // With no record at all, everything is verified by itself: a Nostr event or .ots proof (with
  // the rest supplied, e.g. the stamped file), and anything unrecognised gets its own report
  // saying what it is not.
  if (groups.length === 0) {
    // Proofs and events lead; a block header or a stamped file is material for them.
    const proofs = attachable.filter((d) => d.kind === 'ots-proof' || d.kind === 'nostr-event');
    const anchors = proofs.length > 0 ? proofs : attachable.filter((d) => d.kind !== 'unknown');
    for (const doc of anchors)
      groups.push({ main: doc, supplied: attachable.filter((d) => d !== doc) });
    if (anchors.length === 0)
      for (const doc of attachable) groups.push({ main: doc, supplied: [] });
    unplaced.length = 0;
  }
  return { groups, unplaced };
}
