/**
 * A wrapper's outer object may repeat members of the receipt it carries (a hosted answer that
 * echoes the id and output_hash beside envelope.receipt). Only the inner receipt is verified,
 * so whatever the outer object says of it must be exactly what the inner one says: an outer
 * output_hash or canonical_bytes of its own would otherwise go unchecked.
 */
import type { CheckList } from '../checks';
import { describeType, member, sameJson, type JsonObject, type JsonValue } from '../json/ast';
import { defineRules } from '../rules/rule';
import { REQUIRED_MEMBERS } from './receipt-rules';

export const WRAPPER_RULES = defineRules({
  outerAgreement: {
    id: 'receipt.wrapped.outer_agreement',
    dimension: 'schema_validity',
    section: '§2.6',
    pass: "the outer object's receipt members (<names>) equal the wrapped receipt's",
    fail: "the outer object's <name> does not equal the wrapped receipt's",
  },
});

/** The members the receipt rules read: what an outer object must not say differently. */
const RECEIPT_MEMBERS: readonly string[] = [
  ...REQUIRED_MEMBERS,
  'canonical_byte_length',
  'metadata_hash',
  'evidence_sha256',
  'evidence_byte_length',
  'evidence_references',
  'anchor',
];

/** A digest or id in full (describeType cuts strings at 40 characters), anything else by type. */
function shown(value: JsonValue): string {
  return value.type === 'string' && value.value.length <= 100
    ? JSON.stringify(value.value)
    : describeType(value);
}

export function checkWrapperAgreement(
  outer: JsonValue | undefined,
  inner: JsonValue,
  where: string,
  list: CheckList,
): void {
  if (outer?.type !== 'object') return;
  const agreed: string[] = [];
  for (const name of RECEIPT_MEMBERS) {
    const outerValue = member(outer, name);
    if (!outerValue) continue;
    const innerValue = inner.type === 'object' ? member(inner as JsonObject, name) : undefined;
    if (innerValue && sameJson(outerValue, innerValue)) agreed.push(name);
    else
      list.fail(WRAPPER_RULES.outerAgreement, outerValue, {
        params: { name },
        expected: innerValue ? shown(innerValue) : `no ${name} (${where} has none)`,
        found: shown(outerValue),
        detail: `Only the receipt at ${where} is verified; the outer object's ${name} must say the same or be left out.`,
      });
  }
  if (agreed.length > 0)
    list.pass(WRAPPER_RULES.outerAgreement, outer, { params: { names: agreed.join(', ') } });
}
