/**
 * How implementers write vector sets: the reference kit's merkle-vectors.json, chain-vectors.json
 * and chain-vectors-v07.json (`{"vectors": […]}`), an independent port's extra vectors (the same
 * list with `kind`), fixture files with `cases`. Each vector names a document (or the values a
 * document is built from) and the result it expects.
 */
import { member, type JsonObject, type JsonValue } from '../json/ast';

/** The member holding the list of vectors. */
export const LIST_MEMBERS = ['vectors', 'cases'] as const;

/** Members that state what a vector expects. */
export const EXPECTATION_MEMBERS = [
  'expected_verdict',
  'valid',
  'expected_workflow_verdict',
  'expected_root',
  'rejected_by',
  'expected_failure',
  'expected_error',
] as const;

/** The list of a vector set, when `value` is one: a non-empty list of vectors that expect something. */
export function vectorList(
  value: JsonValue,
): { name: (typeof LIST_MEMBERS)[number]; items: JsonValue[] } | undefined {
  if (value.type !== 'object') return undefined;
  for (const name of LIST_MEMBERS) {
    const list = member(value, name);
    if (list?.type !== 'array' || list.items.length === 0) continue;
    if (list.items.some(statesExpectation)) return { name, items: list.items };
  }
  return undefined;
}

function statesExpectation(item: JsonValue): boolean {
  return (
    item.type === 'object' && EXPECTATION_MEMBERS.some((name) => (item as JsonObject).has(name))
  );
}
