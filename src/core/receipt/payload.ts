/**
 * The decoded payload parsed once, for the agreement rule and the form note.
 */
import type { DuplicateMember, JsonObject } from '../json/ast';
import { JsonNestingError, parseJson } from '../json/parse';
import { JSON_MAX_DEPTH } from '../bounds';

export const TOO_DEEP = Symbol('too deep');

/**
 * The payload as a JSON object; undefined when it is not one; TOO_DEEP when it opens as an
 * object but nests past the depth limit (so what it commits cannot be read).
 */
export function tryParseObject(text: string): ParsedPayload | typeof TOO_DEEP | undefined {
  try {
    const parsed = parseJson(text, { maxDepth: JSON_MAX_DEPTH });
    return parsed.root.type === 'object'
      ? { root: parsed.root, duplicates: parsed.duplicates }
      : undefined;
  } catch (error) {
    if (error instanceof JsonNestingError && /^\ufeff?[ \t\n\r]*\{/.test(text)) return TOO_DEEP;
    return undefined;
  }
}

export interface ParsedPayload {
  root: JsonObject;
  duplicates: DuplicateMember[];
}
