/**
 * The members the receipt rules read, found in one pass over the receipt's members: each rule
 * is given its member rather than looking it up by name (a receipt's dozen reads were a
 * lookup each).
 */
import type { JsonObject, JsonValue } from '../json/ast';

const RECEIPT_MEMBER_NAMES = [
  'id',
  'receipt_schema_version',
  'created_at',
  'tool',
  'provenance_class',
  'canonical_bytes',
  'output_hash',
  'verification_status',
  'canonical_byte_length',
  'metadata_hash',
  'result_preview',
  'checks',
] as const;

type ReceiptMemberName = (typeof RECEIPT_MEMBER_NAMES)[number];

/** A receipt's members by name; with a repeated name, the last one, as member() reads it. */
export type ReceiptMembers = Record<ReceiptMemberName, JsonValue | undefined>;

/** Every name present from the start, so that each receipt's record has the same shape. */
const NONE_FOUND = Object.fromEntries(
  RECEIPT_MEMBER_NAMES.map((name) => [name, undefined]),
) as ReceiptMembers;

/** The names of the list by their length: a name read is compared only with those of its length. */
const NAMES_BY_LENGTH: ReceiptMemberName[][] = [];
for (const name of RECEIPT_MEMBER_NAMES) (NAMES_BY_LENGTH[name.length] ??= []).push(name);

export function receiptMembers(receipt: JsonObject): ReceiptMembers {
  const members = { ...NONE_FOUND };
  for (const value of receipt.memberValues) {
    // Found by comparing with the list, and stored under the list's own name: a name read from
    // the text used as a key (of a set, of this object) is hashed and interned first, per member.
    const key = value.key as string;
    const names = NAMES_BY_LENGTH[key.length];
    if (names === undefined) continue;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (name === key) {
        members[name] = value;
        break;
      }
    }
  }
  return members;
}
