/**
 * The JSON tree the rules read, the one document interface. Unlike `JSON.parse` it keeps what
 * verification needs: every member in source order (so duplicate names are visible), the raw
 * lexeme of every number (`1` vs `1.0` vs `1e0`), and the source offsets of every value. The
 * reader (parse.ts) makes its nodes from the text where a rule asks for them.
 *
 * Pointers and line/column are derived on demand from `parent`/`key` and `start`, so a
 * document with a million values does not carry a million pointer strings.
 */

interface JsonNodeBase {
  /** UTF-16 offset of the first character of the value in the source text. */
  start: number;
  /** UTF-16 offset just past the value. */
  end: number;
  parent: JsonObject | JsonArray | undefined;
  /** Member name (in an object) or index (in an array); undefined for the root. */
  key: string | number | undefined;
  /** For a member's value: offset of the opening quote of its name; -1 otherwise. */
  nameStart: number;
}

export interface JsonObject extends JsonNodeBase {
  type: 'object';
  /**
   * The members' values in source order, duplicates included: each one's `key` is its name and
   * `nameStart` where that name is written; `members` is built from it when asked. The reader
   * makes them on first read (scalarMember in parse.ts reads a member without them).
   */
  readonly memberValues: JsonValue[];
  /** Members in source order, duplicates included (built on first use). */
  readonly members: readonly JsonMember[];
  /** Name -> value; with duplicate names the last one wins, as with JSON.parse. */
  byName: Map<string, JsonValue>;
  /** Whether a member of that name is present (read without making member nodes). */
  has(name: string): boolean;
}

export interface JsonMember {
  name: string;
  nameStart: number;
  value: JsonValue;
}

export interface JsonArray extends JsonNodeBase {
  type: 'array';
  items: JsonValue[];
}

export interface JsonString extends JsonNodeBase {
  type: 'string';
  value: string;
}

export interface JsonNumber extends JsonNodeBase {
  type: 'number';
  /** The number exactly as written, e.g. "1.0" or "1e0". */
  raw: string;
  value: number;
}

export interface JsonBoolean extends JsonNodeBase {
  type: 'boolean';
  value: boolean;
}

export interface JsonNull extends JsonNodeBase {
  type: 'null';
}

export type JsonValue = JsonObject | JsonArray | JsonString | JsonNumber | JsonBoolean | JsonNull;

/** A duplicate member name: meaning would depend on the parser, so it is a schema failure. */
export interface DuplicateMember {
  object: JsonObject;
  name: string;
  /** Offset of the repeated name. */
  nameStart: number;
}

/** Pointers of root members by name (a file of ever-new names starts the memo over). */
const ROOT_MEMBER_POINTERS = new Map<string, string>();
const ROOT_MEMBER_POINTERS_MAX = 1024;

/** RFC 6901 JSON Pointer of a value. */
export function pointerOf(node: JsonValue): string {
  // A member of the document's root is most checks' place: its pointer is one string per
  // name, the same string each time (a report line then compares it by identity).
  if (typeof node.key === 'string' && node.parent?.key === undefined) {
    let pointer = ROOT_MEMBER_POINTERS.get(node.key);
    if (pointer === undefined) {
      pointer = '/' + escapePointerToken(node.key);
      if (ROOT_MEMBER_POINTERS.size >= ROOT_MEMBER_POINTERS_MAX) ROOT_MEMBER_POINTERS.clear();
      ROOT_MEMBER_POINTERS.set(node.key, pointer);
    }
    return pointer;
  }
  // Built leaf to root by concatenation: no arrays, and a name needing no escape is used as is
  // (this runs for every check a receipt records, about 17 per receipt).
  let pointer = '';
  for (let current: JsonValue | undefined = node; current; current = current.parent) {
    const key = current.key;
    if (key === undefined) break;
    pointer = '/' + (typeof key === 'number' ? String(key) : escapePointerToken(key)) + pointer;
  }
  return pointer;
}

export function escapePointerToken(token: string): string {
  if (token.indexOf('~') === -1 && token.indexOf('/') === -1) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a base pointer and further tokens, escaping each token. */
export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  return base + tokens.map((t) => '/' + escapePointerToken(String(t))).join('');
}

/** Whether `node` is `ancestor` or sits inside it. */
export function isInside(node: JsonValue, ancestor: JsonValue): boolean {
  for (let n: JsonValue | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/**
 * Up to this many members, `member()` scans them rather than build the object's name index:
 * most objects of a large document are small (a workflow step has 8 members) and are read by a
 * handful of lookups, where a scan beats building a Map per object.
 */
export const SCAN_MEMBERS = 12;

/** Member value by name (last wins on duplicates). */
export function member(object: JsonObject, name: string): JsonValue | undefined {
  const values = object.memberValues;
  if (values.length > SCAN_MEMBERS) return object.byName.get(name);
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i]!;
    if (value.key === name) return value;
  }
  return undefined;
}

/** Whether the object has a member of that name. */
export function hasMember(object: JsonObject, name: string): boolean {
  return object.has(name);
}

export function stringMember(object: JsonObject, name: string): string | undefined {
  const value = member(object, name);
  return value?.type === 'string' ? value.value : undefined;
}

/** Plain JavaScript value of a node (for display and for the raw JSON viewer). */
export function toPlain(node: JsonValue): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // defineProperty, not assignment: a member named "__proto__" must become an own
      // property (as with JSON.parse), not replace the object's prototype.
      for (const value of node.memberValues) {
        Object.defineProperty(out, value.key as string, {
          value: toPlain(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'array':
      return node.items.map(toPlain);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/** Short human description of a value's type, for "expected vs found" messages. */
export function describeType(node: JsonValue | undefined): string {
  if (!node) return 'nothing';
  if (node.type === 'number') return `number ${node.raw}`;
  if (node.type === 'string')
    return node.value.length > 40
      ? `string "${node.value.slice(0, 40)}…"`
      : `string ${JSON.stringify(node.value)}`;
  return node.type;
}

/**
 * Whether two values are the same JSON: numbers by their lexeme (`1` and `1.0` differ), objects
 * by their members whatever the order, with duplicate names read as member() reads them.
 */
export function sameJson(a: JsonValue, b: JsonValue): boolean {
  switch (a.type) {
    case 'object': {
      if (b.type !== 'object') return false;
      const names = new Set(a.memberValues.map((value) => value.key as string));
      if (names.size !== new Set(b.memberValues.map((value) => value.key as string)).size)
        return false;
      for (const name of names) {
        const other = member(b, name);
        if (!other || !sameJson(member(a, name)!, other)) return false;
      }
      return true;
    }
    case 'array':
      return (
        b.type === 'array' &&
        a.items.length === b.items.length &&
        a.items.every((item, i) => sameJson(item, b.items[i]!))
      );
    case 'number':
      return b.type === 'number' && a.raw === b.raw;
    case 'null':
      return b.type === 'null';
    default:
      return b.type === a.type && b.value === a.value;
  }
}
