/**
 * Optional members a careful verifier checks (spec §2.2): canonical_byte_length against the
 * decoded length, and metadata_hash, whose preimage is unpublished (always unavailable).
 */
import type { CheckList } from '../checks';
import { describeType, member, type JsonObject } from '../json/ast';
import { RECEIPT_RULES as R } from './receipt-rules';

export function checkCanonicalByteLength(
  receipt: JsonObject,
  bytes: Uint8Array,
  list: CheckList,
): void {
  const length = member(receipt, 'canonical_byte_length');
  if (!length) return;
  if (length.type === 'number' && length.value === bytes.length) {
    list.pass(R.canonicalByteLength, length, { params: { length: bytes.length } });
  } else {
    list.fail(R.canonicalByteLength, length, {
      expected: String(bytes.length),
      found: describeType(length),
    });
  }
}

export function checkMetadataHash(receipt: JsonObject, list: CheckList): void {
  const metadataHash = member(receipt, 'metadata_hash');
  if (!metadataHash) return;
  list.unavailable(R.metadataHash, metadataHash, {
    detail:
      'Schema 0.4 binds metadata outside canonical_bytes; this verifier reports it as unavailable, not as pass or fail.',
  });
}
