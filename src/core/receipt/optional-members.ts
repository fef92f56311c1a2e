/**
 * Optional members a careful verifier checks (spec §2.2): canonical_byte_length against the
 * decoded length, and metadata_hash, whose preimage is unpublished (always unavailable).
 */
import type { CheckList } from '../checks';
import { describeType, type JsonValue } from '../json/ast';
import { integerOf } from '../json/integer-lexeme';
import { RECEIPT_RULES as R } from './receipt-rules';

export function checkCanonicalByteLength(
  length: JsonValue | undefined,
  bytes: Uint8Array,
  list: CheckList,
): void {
  if (!length) return;
  // The lexeme, not the double: `91.0000000000000001` and `9.1e1` are the number 91 as a float,
  // but not the integer the member must be written as.
  if (integerOf(length, 'integer-lexeme') === String(bytes.length)) {
    list.pass(R.canonicalByteLength, length, { params: { length: bytes.length } });
  } else {
    // The length written as a float (91.0, 9.1e1): said so, not left to read as a wrong count.
    const sameValue = length.type === 'number' && length.value === bytes.length;
    list.fail(R.canonicalByteLength, length, {
      params: {
        finding: sameValue
          ? 'is the decoded length, but written with a fraction or an exponent'
          : 'does not match the decoded length',
      },
      expected: sameValue
        ? `${bytes.length} written as an integer (no fraction or exponent)`
        : String(bytes.length),
      found: describeType(length),
      ...(sameValue
        ? {
            detail:
              'Its value is the decoded length, but not written as an integer: readers that take the lexeme as an integer reject it, and a float can stand for a nearby integer.',
          }
        : {}),
    });
  }
}

export function checkMetadataHash(metadataHash: JsonValue | undefined, list: CheckList): void {
  if (!metadataHash) return;
  list.unavailable(R.metadataHash, metadataHash, {
    detail:
      'Schema 0.4 binds metadata outside canonical_bytes; this verifier reports it as unavailable, not as pass or fail.',
  });
}
