/**
 * A wrapper's outer objects may repeat members of the receipt they carry (a hosted answer that
 * echoes the id and output_hash beside envelope.receipt; a CloudEvent whose extension attributes
 * mirror provenance_class and receipt_schema_version). Only the inner receipt is verified, so
 * whatever an outer object says of it must be exactly what the inner one says: an outer
 * output_hash or canonical_bytes of its own would otherwise go unchecked. A wrapper's own
 * attributes (a CloudEvent's id, type, source, time) are not receipt members and are not read
 * as such.
 */
import type { CheckList } from '../checks';
import { describeType, member, sameJson, type JsonObject, type JsonValue } from '../json/ast';
import { defineRules } from '../rules/rule';
import type { ReceiptWrapper } from './node';
import { valueAt } from './node';
import { REQUIRED_MEMBERS } from './receipt-rules';

export const WRAPPER_RULES = defineRules({
  outerAgreement: {
    id: 'receipt.wrapped.outer_agreement',
    dimension: 'schema_validity',
    section: '§6 step 1',
    origin: 'verifier',
    reference: '§2.6',
    pass: "the outer object's receipt members (<names>) equal the wrapped receipt's",
    fail: "the outer object's <name> does not equal the wrapped receipt's",
  },
  extensionAgreement: {
    id: 'receipt.wrapped.extension_agreement',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'kit',
    reference: '§2.6',
    // The kit's CloudEvents binding: aer1provenance mirrors provenance_class, aer1schemaversion
    // mirrors receipt_schema_version. Checked when present.
    pass: "the CloudEvent's <attribute> equals the receipt's <name>",
    fail: "the CloudEvent's <attribute> does not equal the receipt's <name>",
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

/** The receipt member of `inner` named `name`, when `inner` is an object. */
function innerMember(inner: JsonValue, name: string): JsonValue | undefined {
  return inner.type === 'object' ? member(inner as JsonObject, name) : undefined;
}

export function checkWrapperAgreement(
  outer: JsonValue | undefined,
  inner: JsonValue,
  where: string,
  list: CheckList,
  /** The outer object's own attributes, which are not receipt members. */
  own: readonly string[] = [],
): void {
  if (outer?.type !== 'object') return;
  const agreed: string[] = [];
  for (const name of RECEIPT_MEMBERS) {
    if (own.includes(name)) continue;
    const outerValue = member(outer, name);
    if (!outerValue) continue;
    const innerValue = innerMember(inner, name);
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

/** Extension attributes that mirror receipt members must equal them, when present. */
function checkMirroredAttributes(
  outer: JsonObject,
  inner: JsonValue,
  mirrors: Readonly<Record<string, string>>,
  where: string,
  list: CheckList,
): void {
  for (const [attribute, name] of Object.entries(mirrors)) {
    const outerValue = member(outer, attribute);
    if (!outerValue) continue;
    const innerValue = innerMember(inner, name);
    const params = { attribute, name };
    if (innerValue && sameJson(outerValue, innerValue))
      list.pass(WRAPPER_RULES.extensionAgreement, outerValue, { params });
    else
      list.fail(WRAPPER_RULES.extensionAgreement, outerValue, {
        params,
        expected: innerValue ? shown(innerValue) : `no ${name} (${where} has none)`,
        found: shown(outerValue),
        detail: `The binding mirrors the receipt's ${name} in ${attribute}; a router that trusts the attribute would read another value than the receipt at ${where} commits.`,
      });
  }
}

/** Every object of the wrapper around the receipt, checked against it (node.ts, layers). */
export function checkWrapperLayers(
  root: JsonValue | undefined,
  inner: JsonValue,
  wrapper: ReceiptWrapper,
  list: CheckList,
): void {
  if (!root) return;
  for (const layer of wrapper.layers) {
    const outer = valueAt(root, layer.at);
    if (outer?.type !== 'object') continue;
    checkWrapperAgreement(outer, inner, wrapper.where, list, layer.own);
    if (layer.mirrors) checkMirroredAttributes(outer, inner, layer.mirrors, wrapper.where, list);
  }
}
