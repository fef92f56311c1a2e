/**
 * Key-sorted compact JSON, the form the reference producer writes (Python
 * `json.dumps(obj, sort_keys=True, separators=(",", ":"))`). Two string modes:
 * - 'ascii': Python's default ensure_ascii=True. Escapes `"` `\`, short escapes \b \t \n \f \r,
 *   every other code unit below U+0020, U+007F and above as lowercase \uXXXX. Working per UTF-16
 *   code unit is exactly Python's per-code-point rule: an astral character comes out as its
 *   surrogate pair and a lone surrogate as its own \udXXX escape, so the output is pure ASCII
 *   and always UTF-8 encodable. `/` is not escaped.
 * - 'utf8': ensure_ascii=False. Only `"`, `\` and control characters below U+0020 are escaped.
 * JSON.stringify matches neither (it leaves U+007F and non-ASCII literal in the first case and
 * writes lone surrogates escaped in the second), so this is written by hand.
 */
import type { JsonValue } from '../json/ast';

export type StringMode = 'ascii' | 'utf8';

const SHORT_ESCAPES: Record<number, string> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
};

export function writeJsonString(value: string, mode: StringMode): string {
  let out = '"';
  let chunkStart = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const needsEscape =
      code < 0x20 || code === 0x22 || code === 0x5c || (mode === 'ascii' && code >= 0x7f);
    if (!needsEscape) continue;
    out += value.slice(chunkStart, i);
    out += SHORT_ESCAPES[code] ?? '\\u' + code.toString(16).padStart(4, '0');
    chunkStart = i + 1;
  }
  return out + value.slice(chunkStart) + '"';
}

/**
 * Orders member names by Unicode code point, as Python's sort does (not by UTF-16 unit, which
 * puts U+10000..U+10FFFF before U+E000..U+FFFF). Lone surrogates count as their own code
 * points, as in Python. Compares code units up to the first difference, then whole code points
 * there, so the common case costs no iterator.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // A code-unit prefix is also a code-point prefix, or ends in a lone high surrogate where the
  // longer string has a pair (D800..DBFF < U+10000): shorter first either way.
  if (i === n) return a.length - b.length;
  let at = i;
  // The shared unit before the difference may be a high surrogate that pairs with a low one at
  // i: then the differing code point starts at i - 1 in that string.
  if (i > 0 && isHighSurrogate(a.charCodeAt(i - 1))) {
    const lowA = isLowSurrogate(a.charCodeAt(i));
    const lowB = isLowSurrogate(b.charCodeAt(i));
    if (lowA || lowB) at = i - 1;
  }
  return (a.codePointAt(at) as number) - (b.codePointAt(at) as number);
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * A plain value to write. Numbers must be safe integers (the only numbers our constructions
 * write); a bigint writes any integer exactly, as Python's int does.
 */
export type PlainJson =
  string | number | bigint | boolean | null | PlainJson[] | { [key: string]: PlainJson };

export function sortedCompactJson(value: PlainJson, mode: StringMode): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return writeJsonString(value, mode);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new RangeError(`cannot write ${value} exactly: not a safe integer`);
    return String(value);
  }
  if (Array.isArray(value))
    return '[' + value.map((v) => sortedCompactJson(v, mode)).join(',') + ']';
  const keys = Object.keys(value).sort(compareCodePoints);
  return (
    '{' +
    keys
      .map((k) => writeJsonString(k, mode) + ':' + sortedCompactJson(value[k] as PlainJson, mode))
      .join(',') +
    '}'
  );
}

/**
 * The same form from a parsed document, numbers written as their original lexemes. Returns
 * undefined when an object has duplicate names (no single sorted form exists).
 */
export function sortedCompactJsonOfNode(node: JsonValue, mode: StringMode): string | undefined {
  switch (node.type) {
    case 'null':
      return 'null';
    case 'boolean':
      return node.value ? 'true' : 'false';
    case 'number':
      return node.raw;
    case 'string':
      return writeJsonString(node.value, mode);
    case 'array': {
      const parts: string[] = [];
      for (const item of node.items) {
        const written = sortedCompactJsonOfNode(item, mode);
        if (written === undefined) return undefined;
        parts.push(written);
      }
      return '[' + parts.join(',') + ']';
    }
    case 'object': {
      // A member value's key is its name.
      const values = [...node.memberValues].sort((a, b) =>
        compareCodePoints(a.key as string, b.key as string),
      );
      const parts: string[] = [];
      for (let i = 0; i < values.length; i++) {
        const value = values[i]!;
        const name = value.key as string;
        // A repeated name (adjacent once sorted) has no sorted form (no name index built).
        if (i > 0 && values[i - 1]!.key === name) return undefined;
        const written = sortedCompactJsonOfNode(value, mode);
        if (written === undefined) return undefined;
        parts.push(writeJsonString(name, mode) + ':' + written);
      }
      return '{' + parts.join(',') + '}';
    }
  }
}
