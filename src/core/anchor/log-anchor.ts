/**
 * The log anchor of the reference kit's "disinterested tier" profile (spec §5.2): an anchor with
 * exactly log, leaf_hash, anchored_at, proof, on a receipt whose id is a UUID v4. Messages are
 * the reference wording. The proof object has no published layout: when one of its string
 * members is an OpenTimestamps proof (base64 or hex) it is verified; otherwise the proof is
 * reported as not checkable here, unless a supplied proof already covers the leaf hash.
 *
 * Every result goes to anchor_verification, like all anchor checks: an anchor is additive
 * (spec §5) and never changes what the receipt's own schema and byte checks say.
 */
import type { CheckList } from '../checks';
import type { VerifyContext } from '../context';
import { OTS_MAGIC, startsWith } from './ots/magic';
import { decodeBase64Strict } from '../encoding/base64';
import { isDigest, parseDigestBytes } from '../encoding/digest';
import { bytesEqual, hexToBytes } from '../encoding/hex';
import { checkRfc3339 } from '../encoding/rfc3339';
import { describeType, member, type JsonObject, type JsonValue } from '../json/ast';
import { isUuidV4 } from '../encoding/uuid';
import type { ReceiptFacts } from '../receipt/rules';
import { defineRules, type Rule, type RuleParams } from '../rules/rule';
import type { AnchorDescriptor } from './anchor-type';
import { AnchorRecorder, type AnchorEntry } from './details';
import { parseOts } from './ots/parse';
import { checkOtsProof } from './ots/verifier';
import type { AnchoredValue, SuppliedHeader } from './ots/verify-ots';

export const LOG_ANCHOR_MEMBERS = ['log', 'leaf_hash', 'anchored_at', 'proof'] as const;

/** §5.2 log anchor rules, in the reference wording. */
export const LOG_ANCHOR_RULES = defineRules({
  members: {
    id: 'anchor.log.members',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'anchor has exactly the members log/leaf_hash/anchored_at/proof',
    // The kit's wording, also when a member is missing: its rule is the exact set.
    fail: 'anchor has members other than log/leaf_hash/anchored_at/proof',
  },
  log: {
    id: 'anchor.log.log',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'anchor.log names the log: <log>',
    fail: 'anchor.log is not a non-empty string',
  },
  leafHashFormat: {
    id: 'anchor.log.leaf_hash.format',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'anchor.leaf_hash is sha256: + lowercase hex',
    fail: 'anchor.leaf_hash is not sha256: + lowercase hex digest',
  },
  leafHashMatch: {
    id: 'anchor.log.leaf_hash.match',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'anchor.leaf_hash matches canonical_bytes',
    fail: 'anchor.leaf_hash does not match canonical_bytes',
    unavailable: 'anchor.leaf_hash not compared: canonical_bytes could not be decoded',
  },
  anchoredAt: {
    id: 'anchor.log.anchored_at',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'anchor.anchored_at is RFC 3339',
    fail: 'anchor.anchored_at is not RFC 3339',
  },
  anchoredAtCalendar: {
    id: 'anchor.log.anchored_at.calendar',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    // The right shape naming an impossible instant (2026-02-30): the reference's own message.
    fail: 'anchor.anchored_at is not a valid calendar date/time',
  },
  idV4: {
    id: 'anchor.log.id_v4',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'id is a UUID v4 (strict profile)',
    fail: 'id is not a UUID v4 (strict profile)',
  },
  proof: {
    id: 'anchor.log.proof',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    pass: 'anchor.proof is an object',
    fail: 'anchor.proof is not an object',
  },
  proofContents: {
    id: 'anchor.log.proof.contents',
    dimension: 'anchor_verification',
    section: '§10',
    revision: '-09',
    origin: 'kit',
    reference: '§5.2',
    profile: 'disinterested',
    info: 'anchor.proof was not read; the supplied proof <proofs> covers this receipt',
    unavailable: 'anchor.proof carries no proof this verifier can check',
  },
});
const L = LOG_ANCHOR_RULES;

/** leaf_hash as bytes, when it is well formed. */
export function leafHashBytes(anchor: JsonObject): Uint8Array | undefined {
  const leaf = member(anchor, 'leaf_hash');
  return leaf?.type === 'string' ? parseDigestBytes(leaf.value, 'prefixed') : undefined;
}

export interface LogAnchorOptions {
  headers: SuppliedHeader[];
  /** Supplied proofs (file names) whose start digest already binds this receipt. */
  coveredBy: string[];
  /** The receipt's anchored values, for a proof embedded in anchor.proof. */
  values: AnchoredValue[];
}

export function checkLogAnchor(
  anchor: JsonObject,
  receipt: JsonObject,
  facts: ReceiptFacts,
  ctx: VerifyContext,
  list: CheckList,
  options: LogAnchorOptions,
): AnchorEntry[] {
  const entry: AnchorEntry = {
    kind: 'log',
    binds: 'not established',
    bound: [],
    bindsRecord: false,
    source: 'receipt anchor member',
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', anchor);
  const ok = (rule: Rule, label: string, place: JsonValue, params?: RuleParams): void => {
    rec.record('pass', rule, label, { place, ...(params ? { params } : {}) });
  };
  const bad = (rule: Rule, label: string, node: JsonValue | undefined, expected: string): void => {
    rec.record('fail', rule, label, {
      place: node ?? anchor,
      expected,
      found: describeType(node),
    });
  };

  // The rule is the exact set of members (the kit compares sets): a missing member breaks it as
  // an extra one does.
  const extra = anchor.members.filter(
    (m) => !(LOG_ANCHOR_MEMBERS as readonly string[]).includes(m.name),
  );
  const missing = LOG_ANCHOR_MEMBERS.filter((name) => !anchor.has(name));
  if (extra.length > 0 || missing.length > 0)
    rec.record('fail', L.members, 'members', {
      place: extra[0]?.value ?? anchor,
      expected: 'exactly log, leaf_hash, anchored_at, proof',
      found: [
        ...(extra.length > 0 ? [`also ${extra.map((m) => m.name).join(', ')}`] : []),
        ...(missing.length > 0 ? [`no ${missing.join(', ')}`] : []),
      ].join('; '),
    });
  else ok(L.members, 'members', anchor);

  const log = member(anchor, 'log');
  if (log?.type === 'string' && log.value.length > 0) {
    ok(L.log, 'log', log, { log: log.value });
  } else bad(L.log, 'log', log, 'non-empty string');

  const leaf = member(anchor, 'leaf_hash');
  if (leaf?.type === 'string' && isDigest(leaf.value, 'prefixed')) {
    ok(L.leafHashFormat, 'leaf_hash', leaf);
    if (!facts.computedOutputHash) {
      rec.record('unavailable', L.leafHashMatch, 'leaf_hash = bytes', { place: leaf });
    } else if (facts.computedOutputHash === leaf.value) {
      entry.binds = 'receipt canonical_bytes (leaf_hash)';
      entry.bound = ['receipt.canonical_bytes'];
      entry.bindsRecord = true;
      ok(L.leafHashMatch, 'leaf_hash = bytes', leaf);
    } else {
      rec.record('fail', L.leafHashMatch, 'leaf_hash = bytes', {
        place: leaf,
        expected: facts.computedOutputHash,
        found: leaf.value,
        detail:
          'The anchored leaf is not the SHA-256 of the carried bytes: the log holds another record.',
      });
    }
  } else bad(L.leafHashFormat, 'leaf_hash', leaf, 'sha256:<64 lowercase hex>');

  const anchoredAt = member(anchor, 'anchored_at');
  const time = anchoredAt?.type === 'string' ? checkRfc3339(anchoredAt.value) : undefined;
  if (anchoredAt?.type === 'string' && time?.ok) {
    entry.witnessTime = anchoredAt.value;
    ok(L.anchoredAt, 'anchored_at', anchoredAt);
  } else
    rec.record(
      'fail',
      time?.ok === false && time.problem === 'calendar' ? L.anchoredAtCalendar : L.anchoredAt,
      'anchored_at',
      {
        place: anchoredAt ?? anchor,
        expected: 'calendar-valid RFC 3339 date-time',
        found: describeType(anchoredAt),
        ...(time && !time.ok ? { detail: time.detail } : {}),
      },
    );

  const id = member(receipt, 'id');
  if (id?.type === 'string' && isUuidV4(id.value)) ok(L.idV4, 'id v4', id);
  else
    rec.record('fail', L.idV4, 'id v4', {
      place: id ?? receipt,
      expected: 'lowercase UUID with version 4 and variant 8/9/a/b',
      found: describeType(id),
    });

  const proof = member(anchor, 'proof');
  const entries = [entry];
  if (proof?.type !== 'object') {
    bad(L.proof, 'proof', proof, 'object');
    return entries;
  }
  ok(L.proof, 'proof', proof);
  const embedded = embeddedOtsProofs(proof);
  for (const { name, bytes, node } of embedded) {
    entries.push(
      checkOtsProof(
        parseOts(bytes),
        {
          source: `anchor.proof.${name}`,
          candidates: options.values,
          unmatched: 'fail',
          headers: options.headers,
          place: node,
        },
        ctx.hashing,
        list,
      ),
    );
  }
  if (embedded.length === 0) {
    const covered = options.coveredBy.length > 0;
    rec.record(covered ? 'info' : 'unavailable', L.proofContents, 'proof contents', {
      params: { proofs: options.coveredBy.join(', ') },
      place: proof,
      detail: `The profile publishes no layout for the proof object. Supply the OpenTimestamps .ots proof${log?.type === 'string' ? ` from ${log.value}` : ''} to check the anchor.`,
    });
  }
  return entries;
}

/** String members of anchor.proof holding an .ots proof as base64 or hex. */
function embeddedOtsProofs(
  proof: JsonObject,
): { name: string; bytes: Uint8Array; node: JsonValue }[] {
  const found: { name: string; bytes: Uint8Array; node: JsonValue }[] = [];
  for (const m of proof.members) {
    if (m.value.type !== 'string') continue;
    const base64 = decodeBase64Strict(m.value.value);
    const bytes = [base64.ok ? base64.bytes : undefined, hexToBytes(m.value.value)].find(
      (b) => b !== undefined && startsWith(b, OTS_MAGIC),
    );
    if (bytes) found.push({ name: m.name, bytes, node: m.value });
  }
  return found;
}

/**
 * The log anchor type: a receipt's `anchor` member with log or leaf_hash. Its leaf hash is one
 * more value a supplied proof may bind; its own checks come after the supplied proofs, since one
 * of them may already cover the leaf.
 */
export const LOG_ANCHOR: AnchorDescriptor = {
  name: 'log',
  kinds: {},
  member: {
    rank: 1,
    recognise: (anchor) => anchor.byName.has('log') || anchor.byName.has('leaf_hash'),
    before: (anchor, _receipt, values) => {
      const leaf = leafHashBytes(anchor);
      if (leaf && !values.some((v) => bytesEqual(v.bytes, leaf)))
        values.push({ label: 'anchor.leaf_hash', member: 'receipt.anchor.leaf_hash', bytes: leaf });
      return { entries: [] };
    },
    after: (anchor, { receipt, facts, ctx, list }, { headers, supplied, values }) => {
      const coveredBy = supplied
        .filter((a) => a.kind === 'ots' && a.bindsRecord)
        .map((a) => a.source);
      return checkLogAnchor(anchor, receipt, facts, ctx, list, { headers, coveredBy, values });
    },
  },
  rules: [LOG_ANCHOR_RULES],
  vectors: 'anchor',
};
