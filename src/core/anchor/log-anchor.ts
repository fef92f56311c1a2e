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
import { hexToBytes, SHA256_PREFIXED } from '../encoding/hex';
import { checkRfc3339 } from '../encoding/rfc3339';
import { describeType, member, type JsonObject, type JsonValue } from '../json/ast';
import type { ReceiptFacts } from '../receipt/rules';
import { AnchorRecorder, type AnchorEntry } from './details';
import { parseOts } from './ots/parse';
import { checkOtsProof, type AnchoredValue, type SuppliedHeader } from './ots/verify-ots';

export const LOG_ANCHOR_MEMBERS = ['log', 'leaf_hash', 'anchored_at', 'proof'] as const;
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** leaf_hash as bytes, when it is well formed. */
export function leafHashBytes(anchor: JsonObject): Uint8Array | undefined {
  const leaf = member(anchor, 'leaf_hash');
  return leaf?.type === 'string' && SHA256_PREFIXED.test(leaf.value)
    ? hexToBytes(leaf.value.slice(7))
    : undefined;
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
    bindsRecord: false,
    source: 'receipt anchor member',
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', anchor);
  const ok = (rule: string, label: string, message: string, place: JsonValue): void =>
    rec.record('pass', rule, label, message, { place });
  const bad = (
    rule: string,
    label: string,
    message: string,
    node: JsonValue | undefined,
    expected: string,
  ): void =>
    rec.record('fail', rule, label, message, {
      place: node ?? anchor,
      expected,
      found: describeType(node),
    });

  const extra = anchor.members.filter(
    (m) => !(LOG_ANCHOR_MEMBERS as readonly string[]).includes(m.name),
  );
  if (extra.length > 0)
    rec.record(
      'fail',
      'anchor.log.members',
      'members',
      'anchor has members other than log/leaf_hash/anchored_at/proof',
      {
        place: extra[0]?.value ?? anchor,
        expected: 'exactly log, leaf_hash, anchored_at, proof',
        found: extra.map((m) => m.name).join(', '),
      },
    );
  else
    ok(
      'anchor.log.members',
      'members',
      'anchor has exactly the members log/leaf_hash/anchored_at/proof',
      anchor,
    );

  const log = member(anchor, 'log');
  if (log?.type === 'string' && log.value.length > 0) {
    ok('anchor.log.log', 'log', `anchor.log names the log: ${log.value}`, log);
  } else
    bad('anchor.log.log', 'log', 'anchor.log is not a non-empty string', log, 'non-empty string');

  const leaf = member(anchor, 'leaf_hash');
  if (leaf?.type === 'string' && SHA256_PREFIXED.test(leaf.value)) {
    ok(
      'anchor.log.leaf_hash.format',
      'leaf_hash',
      'anchor.leaf_hash is sha256: + lowercase hex',
      leaf,
    );
    if (!facts.computedOutputHash) {
      rec.record(
        'unavailable',
        'anchor.log.leaf_hash.match',
        'leaf_hash = bytes',
        'anchor.leaf_hash not compared: canonical_bytes could not be decoded',
        { place: leaf },
      );
    } else if (facts.computedOutputHash === leaf.value) {
      entry.binds = 'receipt canonical_bytes (leaf_hash)';
      entry.bindsRecord = true;
      ok(
        'anchor.log.leaf_hash.match',
        'leaf_hash = bytes',
        'anchor.leaf_hash matches canonical_bytes',
        leaf,
      );
    } else {
      rec.record(
        'fail',
        'anchor.log.leaf_hash.match',
        'leaf_hash = bytes',
        'anchor.leaf_hash does not match canonical_bytes',
        {
          place: leaf,
          expected: facts.computedOutputHash,
          found: leaf.value,
          detail:
            'The anchored leaf is not the SHA-256 of the carried bytes: the log holds another record.',
        },
      );
    }
  } else
    bad(
      'anchor.log.leaf_hash.format',
      'leaf_hash',
      'anchor.leaf_hash is not sha256: + lowercase hex digest',
      leaf,
      'sha256:<64 lowercase hex>',
    );

  const anchoredAt = member(anchor, 'anchored_at');
  const time = anchoredAt?.type === 'string' ? checkRfc3339(anchoredAt.value) : undefined;
  if (anchoredAt?.type === 'string' && time?.ok) {
    entry.witnessTime = anchoredAt.value;
    ok('anchor.log.anchored_at', 'anchored_at', 'anchor.anchored_at is RFC 3339', anchoredAt);
  } else
    rec.record(
      'fail',
      'anchor.log.anchored_at',
      'anchored_at',
      'anchor.anchored_at is not RFC 3339',
      {
        place: anchoredAt ?? anchor,
        expected: 'calendar-valid RFC 3339 date-time',
        found: describeType(anchoredAt),
        ...(time && !time.ok ? { detail: time.detail } : {}),
      },
    );

  const id = member(receipt, 'id');
  if (id?.type === 'string' && UUID_V4.test(id.value))
    ok('anchor.log.id_v4', 'id v4', 'id is a UUID v4 (strict profile)', id);
  else
    rec.record('fail', 'anchor.log.id_v4', 'id v4', 'id is not a UUID v4 (strict profile)', {
      place: id ?? receipt,
      expected: 'lowercase UUID with version 4 and variant 8/9/a/b',
      found: describeType(id),
    });

  const proof = member(anchor, 'proof');
  const entries = [entry];
  if (proof?.type !== 'object') {
    bad('anchor.log.proof', 'proof', 'anchor.proof is not an object', proof, 'object');
    return entries;
  }
  ok('anchor.log.proof', 'proof', 'anchor.proof is an object', proof);
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
    rec.record(
      covered ? 'info' : 'unavailable',
      'anchor.log.proof.contents',
      'proof contents',
      covered
        ? `anchor.proof was not read; the supplied proof ${options.coveredBy.join(', ')} covers this receipt`
        : 'anchor.proof carries no proof this verifier can check',
      {
        place: proof,
        detail: `The profile publishes no layout for the proof object. Supply the OpenTimestamps .ots proof${log?.type === 'string' ? ` from ${log.value}` : ''} to check the anchor.`,
      },
    );
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
