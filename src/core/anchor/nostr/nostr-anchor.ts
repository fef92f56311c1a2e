/**
 * The Nostr anchor of live reference receipts (spec §5.1, `zambo-receipt-anchor/1`):
 * { event_id, pubkey, relays, status, published_at, schema_version, envelope, envelope_bytes }.
 * Offline: envelope_bytes is the key-sorted compact JSON of envelope, and the envelope names this
 * receipt and its output hash. With the event (carried as `anchor.event` or supplied): NIP-01 id,
 * BIP-340 signature, same id/pubkey as the anchor, and the event carries something of the record.
 */
import type { Place } from '../../checks';
import type { VerifyContext } from '../../context';
import type { DetectedDocument } from '../../detect';
import { decodeBase64Strict } from '../../encoding/base64';
import { parseDigest, SHA256_PREFIX } from '../../encoding/digest';
import { bytesToHex, LOWER_HEX_64 } from '../../encoding/hex';
import { checkRfc3339 } from '../../encoding/rfc3339';
import { sortedCompactJsonOfNode } from '../../encoding/sorted-json';
import { decodeUtf8Strict } from '../../encoding/utf8';
import { describeType, member, pointerOf, type JsonObject, type JsonValue } from '../../json/ast';
import type { CheckList } from '../../checks';
import { AnchorRecorder, type AnchorEntry } from '../details';
import { fileDigest } from '../ots/verify-ots';
import {
  containsTarget,
  findEnvelopeContradiction,
  envelopeTarget,
  type BindingTarget,
} from './binding';
import { RELAY_URL, unixToIso } from '../formats';
import { computeEventId, readNostrEvent } from './event';
import { NOSTR_ANCHOR_SCHEMA, NOSTR_RULES as N } from './rules';
import { readEventRecording, recordEventBinding, recordEventIntegrity } from './verify-event';

export { EVENT_NOT_SUPPLIED, NOSTR_ANCHOR_SCHEMA } from './rules';

/** What the anchor is checked against. */
export interface NostrAnchorRecord {
  /** The receipt `id` string, when it is a string. */
  receiptId?: string;
  /** The receipt's declared `output_hash` ("sha256:<hex>"), when well formed. */
  outputHash?: string;
  /** The receipt's `evidence_sha256` ("sha256:<hex>"), when present. */
  evidenceSha256?: string;
}

export interface NostrAnchorResult {
  entry: AnchorEntry;
  /** Supplied event documents this anchor used (not to be checked again). */
  consumed: DetectedDocument[];
  /** SHA-256 of the envelope bytes, a value an OpenTimestamps proof may timestamp. */
  envelopeDigest?: Uint8Array;
}

export function checkNostrAnchor(
  anchor: JsonObject,
  record: NostrAnchorRecord,
  ctx: VerifyContext,
  list: CheckList,
): NostrAnchorResult {
  const entry: AnchorEntry = {
    kind: 'nostr',
    binds: 'not established',
    bindsRecord: false,
    source: 'receipt anchor member',
    steps: [],
  };
  const rec = new AnchorRecorder(list, entry, 'anchor_verification', anchor);
  const result: NostrAnchorResult = { entry, consumed: [] };

  const eventId = hexMember(anchor, 'event_id', rec);
  const pubkey = hexMember(anchor, 'pubkey', rec);
  if (eventId) entry.eventId = eventId;
  if (pubkey) entry.pubkey = pubkey;
  checkAnchorMetadata(anchor, rec, entry);

  const envelope = member(anchor, 'envelope');
  let envelopeBytes: string | undefined;
  if (!envelope) {
    rec.record('info', N.envelope, 'envelope', {
      detail: 'Only the event itself can show what was published.',
    });
  } else if (envelope.type !== 'object') {
    rec.record('fail', N.envelope, 'envelope', {
      place: envelope,
      found: describeType(envelope),
    });
  } else {
    envelopeBytes = checkEnvelopeBytes(anchor, envelope, rec);
    if (checkEnvelopeBindsReceipt(envelope, record, rec)) {
      entry.binds = 'this receipt (its envelope names the receipt id and output_hash)';
      entry.bindsRecord = true;
    }
    checkEnvelopeEvidence(envelope, record, ctx, rec);
    if (envelopeBytes !== undefined) result.envelopeDigest = ctx.hashing.sha256(envelopeBytes);
  }

  const targets = bindingTargets(envelopeBytes, result.envelopeDigest, record);
  checkEvents(anchor, eventId, pubkey, targets, record, ctx, rec, result);
  return result;
}

function hexMember(
  anchor: JsonObject,
  name: 'event_id' | 'pubkey',
  rec: AnchorRecorder,
): string | undefined {
  const value = member(anchor, name);
  if (value?.type === 'string' && LOWER_HEX_64.test(value.value)) return value.value;
  rec.record('fail', name === 'event_id' ? N.eventIdMember : N.pubkeyMember, name, {
    place: value ?? anchor,
    found: describeType(value),
  });
  return undefined;
}

function checkAnchorMetadata(anchor: JsonObject, rec: AnchorRecorder, entry: AnchorEntry): void {
  const relays = member(anchor, 'relays');
  if (relays) {
    const urls =
      relays.type === 'array'
        ? relays.items.flatMap((r) =>
            r.type === 'string' && RELAY_URL.test(r.value) ? [r.value] : [],
          )
        : [];
    if (relays.type !== 'array' || urls.length !== relays.items.length)
      rec.record('warning', N.relays, 'relays', { place: relays });
    entry.relays = urls;
  }
  const publishedAt = member(anchor, 'published_at');
  if (publishedAt) {
    if (publishedAt.type === 'string' && checkRfc3339(publishedAt.value).ok) {
      entry.witnessTime ??= publishedAt.value;
    } else {
      rec.record('fail', N.publishedAt, 'published_at', {
        place: publishedAt,
        found: describeType(publishedAt),
      });
    }
  }
  const schema = member(anchor, 'schema_version');
  if (schema && !(schema.type === 'string' && schema.value === NOSTR_ANCHOR_SCHEMA))
    rec.record('warning', N.schemaVersion, 'schema_version', {
      place: schema,
      found: describeType(schema),
      detail: `Checked as the ${NOSTR_ANCHOR_SCHEMA} shape.`,
    });
}

/**
 * envelope_bytes must be the key-sorted compact JSON of envelope. The producer is Python
 * (json.dumps(sort_keys=True, separators=(",", ":"))), whose default ensure_ascii=True escapes
 * non-ASCII; a producer with ensure_ascii=False writes it literally. Both are tried and the
 * check says which one matched (for an ASCII-only envelope they are the same text).
 */
function checkEnvelopeBytes(
  anchor: JsonObject,
  envelope: JsonObject,
  rec: AnchorRecorder,
): string | undefined {
  const node = member(anchor, 'envelope_bytes');
  if (node?.type !== 'string') {
    rec.record('fail', N.envelopeBytes, 'envelope_bytes', {
      params: { problem: 'anchor.envelope_bytes is not a string' },
      place: node ?? anchor,
      found: describeType(node),
    });
    return undefined;
  }
  const ascii = sortedCompactJsonOfNode(envelope, 'ascii');
  const utf8 = sortedCompactJsonOfNode(envelope, 'utf8');
  if (ascii === undefined || utf8 === undefined) {
    rec.record('fail', N.envelopeBytes, 'envelope_bytes', {
      params: {
        problem: 'anchor.envelope has duplicate member names, so it has no single key-sorted form',
      },
      place: envelope,
    });
    return undefined;
  }
  const text = node.value;
  const decoded = decodeBase64Strict(text);
  const fromBase64 = decoded.ok ? decodeUtf8Strict(decoded.bytes) : undefined;
  const carried = text === ascii || text === utf8 ? text : fromBase64?.ok ? fromBase64.text : text;
  const form =
    carried === ascii && carried === utf8
      ? 'the envelope is ASCII-only, so the ensure_ascii=True and literal-UTF-8 forms agree'
      : carried === ascii
        ? "Python's default ensure_ascii=True form (non-ASCII escaped as \\uXXXX)"
        : carried === utf8
          ? 'the literal UTF-8 form (ensure_ascii=False)'
          : undefined;
  if (form === undefined) {
    rec.record('fail', N.envelopeBytes, 'envelope_bytes', {
      params: {
        problem:
          'anchor.envelope_bytes does not equal the key-sorted compact JSON of anchor.envelope',
      },
      place: node,
      expected: ascii === utf8 ? ascii : `${ascii} (or ${utf8})`,
      found: text,
      detail:
        'The published bytes and the envelope shown beside them disagree: one of them was changed.',
    });
    return undefined;
  }
  rec.record('pass', N.envelopeBytes, 'envelope_bytes', {
    place: node,
    detail: `Matched ${form}${carried !== text ? ', after base64-decoding envelope_bytes' : ''}.`,
  });
  return carried;
}

/** Returns whether the envelope names this receipt's id and output hash. */
function checkEnvelopeBindsReceipt(
  envelope: JsonObject,
  record: NostrAnchorRecord,
  rec: AnchorRecorder,
): boolean {
  let binds = true;
  const uuid = member(envelope, 'receipt_uuid');
  if (record.receiptId === undefined) {
    binds = false;
    rec.record('unavailable', N.envelopeReceiptUuid, 'receipt_uuid', {
      place: uuid ?? envelope,
    });
  } else if (uuid?.type === 'string' && uuid.value === record.receiptId) {
    rec.record('pass', N.envelopeReceiptUuid, 'receipt_uuid', { place: uuid });
  } else {
    binds = false;
    rec.record('fail', N.envelopeReceiptUuid, 'receipt_uuid', {
      place: uuid ?? envelope,
      expected: record.receiptId,
      found: describeType(uuid),
      detail: 'The anchor was made for another receipt.',
    });
  }

  // The envelope may carry the digest bare (as its name says) or with the receipt's "sha256:" prefix.
  const output = member(envelope, 'output_sha256');
  const carried =
    output?.type === 'string' ? parseDigest(output.value, 'bare-or-prefixed') : undefined;
  const expected =
    record.outputHash !== undefined ? parseDigest(record.outputHash, 'prefixed') : undefined;
  if (expected === undefined) {
    binds = false;
    rec.record('unavailable', N.envelopeOutputSha256, 'output_sha256', {
      place: output ?? envelope,
    });
  } else if (carried === expected) {
    rec.record('pass', N.envelopeOutputSha256, 'output_sha256', {
      place: output,
      detail: `Accepted forms: "<hex>" and "sha256:<hex>", lowercase; found the ${output?.type === 'string' && output.value.startsWith('sha256:') ? 'prefixed' : 'bare'} form.`,
    });
  } else {
    binds = false;
    rec.record('fail', N.envelopeOutputSha256, 'output_sha256', {
      place: output ?? envelope,
      expected: `${expected} (bare or sha256:-prefixed, lowercase)`,
      found: describeType(output),
      detail: 'The anchor commits to different output bytes than this receipt.',
    });
  }

  const anchoredAt = member(envelope, 'anchored_at');
  if (anchoredAt && !(anchoredAt.type === 'string' && checkRfc3339(anchoredAt.value).ok))
    rec.record('fail', N.envelopeAnchoredAt, 'anchored_at', {
      place: anchoredAt,
      found: describeType(anchoredAt),
    });
  return binds;
}

/** Evidence named by the envelope: linked when the user supplies bytes with that digest. */
function checkEnvelopeEvidence(
  envelope: JsonObject,
  record: NostrAnchorRecord,
  ctx: VerifyContext,
  rec: AnchorRecorder,
): void {
  const evidence = member(envelope, 'evidence_sha256');
  if (!evidence) return;
  const digest =
    evidence.type === 'string' ? parseDigest(evidence.value, 'bare-or-prefixed') : undefined;
  if (!digest) {
    rec.record('fail', N.envelopeEvidenceSha256, 'evidence_sha256', {
      params: { problem: 'is not a lowercase hex SHA-256 digest' },
      place: evidence,
      found: describeType(evidence),
    });
    return;
  }
  const receiptDigest = record.evidenceSha256
    ? parseDigest(record.evidenceSha256, 'bare-or-prefixed')
    : undefined;
  if (record.evidenceSha256 !== undefined) {
    rec.record(
      receiptDigest === digest ? 'pass' : 'fail',
      N.envelopeEvidenceSha256,
      'evidence_sha256',
      {
        params: { problem: 'does not match the receipt evidence_sha256' },
        place: evidence,
        expected: record.evidenceSha256,
        found: evidence.type === 'string' ? evidence.value : '',
      },
    );
  }
  const file = ctx.supplied.find(
    (doc) => bytesToHex(fileDigest('sha256', doc.bytes, ctx.hashing)) === digest,
  );
  if (!file) {
    rec.record('not_checked', N.envelopeEvidence, 'evidence', {
      place: evidence,
      dimension: 'evidence_linkage',
    });
    return;
  }
  rec.record('pass', N.envelopeEvidence, 'evidence', {
    params: { file: file.name },
    place: evidence,
    dimension: 'evidence_linkage',
  });
  const length = member(envelope, 'evidence_byte_length');
  if (length) {
    const ok = length.type === 'number' && length.value === file.bytes.length;
    rec.record(ok ? 'pass' : 'fail', N.envelopeEvidenceByteLength, 'evidence length', {
      place: length,
      dimension: 'evidence_linkage',
      expected: String(file.bytes.length),
      found: describeType(length),
    });
  }
}

/** Strongest first: the published bytes, their digest, the output hash, then the bare id. */
function bindingTargets(
  envelopeBytes: string | undefined,
  envelopeDigest: Uint8Array | undefined,
  record: NostrAnchorRecord,
): BindingTarget[] {
  const targets: BindingTarget[] = [];
  if (envelopeBytes !== undefined)
    targets.push(envelopeTarget("the anchor's envelope_bytes", envelopeBytes));
  if (envelopeDigest)
    targets.push(containsTarget('the SHA-256 of envelope_bytes', [bytesToHex(envelopeDigest)]));
  if (record.outputHash)
    targets.push(
      containsTarget('the receipt output_hash', [record.outputHash.slice(SHA256_PREFIX.length)]),
    );
  if (record.receiptId) targets.push(containsTarget('the receipt id', [record.receiptId], false));
  return targets;
}

interface EventCandidate {
  node: JsonValue;
  source: string;
  /** Supplied document (absent for anchor.event). */
  doc?: DetectedDocument;
}

function checkEvents(
  anchor: JsonObject,
  eventId: string | undefined,
  pubkey: string | undefined,
  targets: BindingTarget[],
  record: NostrAnchorRecord,
  ctx: VerifyContext,
  rec: AnchorRecorder,
  result: NostrAnchorResult,
): void {
  const candidates: EventCandidate[] = [];
  const carried = member(anchor, 'event');
  if (carried) candidates.push({ node: carried, source: 'anchor.event' });
  const others: string[] = [];
  for (const doc of ctx.supplied) {
    if (doc.kind !== 'nostr-event' || !doc.root) continue;
    // An event belongs to this anchor when its declared or its recomputed id is the anchor's.
    const read = readNostrEvent(doc.root);
    const declared = read.ok ? read.event.id : undefined;
    const computed = read.ok ? computeEventId(read.event, ctx.hashing) : undefined;
    if (eventId !== undefined && (declared === eventId || computed === eventId)) {
      candidates.push({ node: doc.root, source: doc.name, doc });
      result.consumed.push(doc);
      rec.duplicatesOf(doc);
    } else {
      others.push(`${doc.name}${declared ? ` (id ${declared})` : ''}`);
    }
  }
  if (candidates.length === 0) {
    const relays = result.entry.relays?.length
      ? ` Relays named by the anchor: ${result.entry.relays.join(', ')}.`
      : '';
    rec.record('unavailable', N.event, 'event', {
      detail: `The receipt carries only event_id and pubkey, so the signature cannot be checked offline; a missing event is not evidence of forgery.${relays}${others.length ? ` Supplied events with other ids: ${others.join(', ')}.` : ''}`,
    });
    return;
  }
  for (const candidate of candidates) {
    const placeOf = (node: JsonValue): Place =>
      candidate.doc ? { pointer: pointerOf(node) } : node;
    const subject = candidate.doc?.name;
    const sub = subject === undefined ? rec : rec.withSubject(subject);
    const event = readEventRecording(candidate.node, sub, placeOf, 'anchor_verification');
    if (!event) continue;
    const place = placeOf(candidate.node);
    recordEventIntegrity(event, ctx.hashing, sub, {
      idDimension: 'anchor_verification',
      signatureDimension: 'anchor_verification',
      counts: true,
      place,
    });
    // The event must be the one the anchor names, by id and by key.
    for (const [field, actual, expected] of [
      ['event_id', event.id, eventId],
      ['pubkey', event.pubkey, pubkey],
    ] as const) {
      if (expected === undefined) continue;
      const what = field === 'event_id' ? 'event id' : 'event pubkey';
      sub.record(
        actual === expected ? 'pass' : 'fail',
        field === 'event_id' ? N.eventMatchesAnchor : N.eventPubkey,
        `${what} = anchor`,
        { place, expected, found: actual },
      );
    }
    const binding = recordEventBinding(event, targets, sub, { unmatched: 'fail', place });
    const contradiction = findEnvelopeContradiction(event, {
      ...(record.receiptId !== undefined ? { receiptId: record.receiptId } : {}),
      ...(record.outputHash !== undefined
        ? { outputHashHex: record.outputHash.slice(SHA256_PREFIX.length) }
        : {}),
    });
    if (contradiction) {
      sub.record('fail', N.eventContradiction, 'counter-evidence', {
        params: { contradiction },
        place,
      });
    } else if (binding) {
      result.entry.binds = `this receipt (the signed event carries ${binding.target.label})`;
      result.entry.bindsRecord = true;
    }
    const time = unixToIso(event.created_at);
    if (time) result.entry.witnessTime = time;
  }
}
