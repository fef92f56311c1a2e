/**
 * The anchor's envelope (spec §5.1), checked offline: envelope_bytes is its key-sorted compact
 * JSON, it names this receipt and its output hash, and the evidence it names matches supplied
 * bytes.
 */
import type { VerifyContext } from '../../context';
import { decodeBase64Strict } from '../../encoding/base64';
import { parseDigest } from '../../encoding/digest';
import { bytesToHex } from '../../encoding/hex';
import { checkRfc3339 } from '../../encoding/rfc3339';
import { sortedCompactJsonOfNode } from '../../encoding/sorted-json';
import { decodeUtf8Strict, firstLoneSurrogate } from '../../encoding/utf8';
import { describeType, member, type JsonObject } from '../../json/ast';
import { integerOf } from '../../json/integer-lexeme';
import { AnchorRecorder } from '../details';
import { fileDigest } from '../ots/file-digest';
import { NOSTR_RULES as N } from './rules';

import type { NostrAnchorRecord } from './types';

/**
 * envelope_bytes must be the key-sorted compact JSON of envelope. The producer is Python
 * (json.dumps(sort_keys=True, separators=(",", ":"))), whose default ensure_ascii=True escapes
 * non-ASCII; a producer with ensure_ascii=False writes it literally. Both are tried and the
 * check says which one matched (for an ASCII-only envelope they are the same text).
 */
export function checkEnvelopeBytes(
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
  // Equal as text is not enough: the digest and the event binding hash its UTF-8 bytes, and
  // text with a lone surrogate has none (only the literal form can carry one).
  const lone = firstLoneSurrogate(carried);
  if (lone) {
    rec.record('fail', N.envelopeBytes, 'envelope_bytes', {
      params: {
        problem: `anchor.envelope_bytes holds a lone surrogate (${lone.label} at index ${lone.index}), which has no UTF-8 encoding, so no digest of it is a digest of the text shown`,
      },
      place: node,
      detail: `It matched ${form}, but a UTF-8 encoder would write U+FFFD in that place: other bytes than these.`,
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
export function checkEnvelopeBindsReceipt(
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
export function checkEnvelopeEvidence(
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
    rec.record('unavailable', N.envelopeEvidence, 'evidence', {
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
    // The lexeme, as every length: 98.0000000000000001 reads as 98 but is not it.
    const ok = integerOf(length, 'integer-lexeme') === String(file.bytes.length);
    rec.record(ok ? 'pass' : 'fail', N.envelopeEvidenceByteLength, 'evidence length', {
      place: length,
      dimension: 'evidence_linkage',
      expected: String(file.bytes.length),
      found: describeType(length),
    });
  }
}
