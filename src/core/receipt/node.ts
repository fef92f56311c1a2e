import { member, stringMember, type JsonObject, type JsonValue } from '../json/ast';

/**
 * The receipt inside a value: the value itself, or its `envelope.receipt` for a hosted v2 answer
 * (spec §2.6). Any `envelope.receipt` counts, so a non-object there fails as "receipt is not a
 * JSON object" at its own path. The one place that unwraps an envelope.
 */
export function receiptNodeOf(value: JsonValue): { node: JsonValue; wrapped: boolean } {
  if (value.type !== 'object') return { node: value, wrapped: false };
  const envelope = member(value, 'envelope');
  const inner = envelope?.type === 'object' ? member(envelope, 'receipt') : undefined;
  return inner ? { node: inner, wrapped: true } : { node: value, wrapped: false };
}

/** The receipt object inside a value, when it is one. */
export function receiptObjectOf(value: JsonValue | undefined): JsonObject | undefined {
  if (!value) return undefined;
  const { node } = receiptNodeOf(value);
  return node.type === 'object' ? node : undefined;
}

/** A receipt's string `id`, bare or wrapped. */
export function receiptIdOf(value: JsonValue | undefined): string | undefined {
  const receipt = receiptObjectOf(value);
  return receipt ? stringMember(receipt, 'id') : undefined;
}
