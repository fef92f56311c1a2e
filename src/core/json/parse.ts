/**
 * A strict RFC 8259 JSON reader that keeps positions, raw number lexemes and duplicate names.
 * Hand-written: JSON.parse keeps none of the three.
 *
 * Reading is scan first: one strict pass over the text (scan.ts) checks it and makes no value;
 * the tree the rules read (ast.ts) is then made from the text, only where they ask. An object
 * or array makes its members' or items' nodes the first time they are asked for, and keeps
 * them; scalarMember(), numberLexeme(), arrayLength(), scalarItem() and arrayItem() read a
 * large document's many small objects and items without keeping a node for each.
 */
import type {
  DuplicateMember,
  JsonArray,
  JsonBoolean,
  JsonMember,
  JsonNull,
  JsonNumber,
  JsonObject,
  JsonString,
  JsonValue,
} from './ast';
import { member } from './ast';
import { SourceText } from './position';
import {
  decodeJsonString,
  scanJson,
  TAPE_COUNT,
  TAPE_END,
  TAPE_NEXT,
  TAPE_STRIDE,
  type Scan,
  type ScanOptions,
} from './scan';

export { DEFAULT_MAX_DEPTH, JsonNestingError, JsonSyntaxError } from './scan';

export interface ParsedJson {
  root: JsonValue;
  duplicates: DuplicateMember[];
  source: SourceText;
}

export type ParseOptions = ScanOptions;

export function parseJson(text: string | SourceText, options: ParseOptions = {}): ParsedJson {
  const source = typeof text === 'string' ? new SourceText(text) : text;
  return treeOf(scanJson(source, 0, source.text.length, options));
}

/** Parses a slice of a larger text (one JSON Lines record) with positions in the whole text. */
export function parseJsonSlice(source: SourceText, start: number, end: number): ParsedJson {
  return treeOf(scanJson(source, start, end));
}

/** The tree of a text that was scanned before (a JSON Lines record checked by detection). */
export function parseScanned(scan: Scan): ParsedJson {
  return treeOf(scan);
}

/** A scanned text, shared by every node of its tree. */
class JsonText {
  readonly text: string;
  readonly tape: ArrayLike<number>;
  /** Some string or member name of the text has an escape. */
  readonly escapes: boolean;
  root!: JsonValue;
  constructor(readonly scan: Scan) {
    this.text = scan.source.text;
    this.tape = scan.tape;
    this.escapes = scan.escapes;
  }
}

function treeOf(scan: Scan): ParsedJson {
  const doc = new JsonText(scan);
  const root = nodeOf(doc, scan.start, scan.tape.length > 0 ? 0 : -1, undefined, undefined, -1);
  doc.root = root;
  if (scan.plain && root.type === 'string') PLAIN_TEXT_ROOTS.add(root);
  const duplicates =
    scan.duplicates.length === 0
      ? []
      : scan.duplicates.map(
          (d): DuplicateMember => new Duplicate(doc, d.objectStart, d.name, d.nameStart),
        );
  return { root, duplicates, source: scan.source };
}

/** A repeated member name; the node of the object holding it is made when asked for. */
class Duplicate implements DuplicateMember {
  constructor(
    private readonly doc: JsonText,
    private readonly objectStart: number,
    readonly name: string,
    readonly nameStart: number,
  ) {}

  get object(): JsonObject {
    return nodeAtOffset(this.doc.root, this.objectStart) as JsonObject;
  }
}

/**
 * The node of the value at `offset` inside `root` (the value that starts there), found by
 * descending through the nodes that hold it, which are made and kept.
 */
function nodeAtOffset(root: JsonValue, offset: number): JsonValue {
  let node = root;
  while (node.start !== offset) {
    const children =
      node.type === 'object' ? node.memberValues : node.type === 'array' ? node.items : [];
    let low = 0;
    let high = children.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (children[mid]!.start <= offset) low = mid;
      else high = mid - 1;
    }
    const child = children[low];
    if (!child || child.start > offset || child.end <= offset)
      throw new Error(`no value starts at offset ${offset}`);
    node = child;
  }
  return node;
}

/**
 * String roots of documents (a JSON text that is one string) whose string is printable ASCII
 * written without a \b, \f or \u escape. Objects and arrays know it from their text, and a
 * number, true, false or null holds no string at all.
 */
const PLAIN_TEXT_ROOTS = new WeakSet<JsonValue>();

/**
 * Whether every string and member name inside `node` is known to be printable ASCII written
 * without a \b, \f or \u escape (false when unknown: a node not made by this reader). Then no
 * bidi control, invisible character, control or lone surrogate can be in it, so the
 * hidden-character rules need not walk it.
 */
export function isPlainText(node: JsonValue): boolean {
  if (node.type === 'number' || node.type === 'boolean' || node.type === 'null') return true;
  for (let n: JsonValue | undefined = node; n; n = n.parent) {
    if (n instanceof ObjectNode || n instanceof ArrayNode) return n.doc.scan.plain;
    if (PLAIN_TEXT_ROOTS.has(n)) return true;
  }
  return false;
}

/* Reading values from the text the scan accepted (no checks needed). */

/** Offset just past the closing quote of the string literal that opens at `open`. */
function stringEnd(text: string, open: number): number {
  for (let q = text.indexOf('"', open + 1); ; q = text.indexOf('"', q + 1)) {
    // The quote closes the string unless an odd number of backslashes runs up to it.
    let backslashes = 0;
    while (text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
  }
}

/** Offset just past the number lexeme that starts at `start`. */
function numberEnd(text: string, start: number): number {
  let p = start + 1;
  for (;;) {
    const c = text.charCodeAt(p);
    if (
      (c >= 0x30 && c <= 0x39) ||
      c === 0x2e ||
      c === 0x65 ||
      c === 0x45 ||
      c === 0x2b ||
      c === 0x2d
    )
      p++;
    else return p;
  }
}

function skipWhitespace(text: string, p: number): number {
  for (;;) {
    const c = text.charCodeAt(p);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
    else return p;
  }
}

/** The string a literal spells: sliced when the text has no escape at all. */
function stringValue(doc: JsonText, start: number, end: number): string {
  return doc.escapes ? decodeJsonString(doc.text, start, end) : doc.text.slice(start + 1, end - 1);
}

/**
 * The value of the number lexeme text[start, end): a short plain integer from its digits (no
 * string made), anything else through Number(), as JSON.parse reads it.
 */
function numberValue(text: string, start: number, end: number): number {
  let p = start;
  const negative = text.charCodeAt(p) === 0x2d;
  if (negative) p++;
  if (end - p <= 15) {
    let value = 0;
    for (; p < end; p++) {
      const c = text.charCodeAt(p);
      if (c < 0x30 || c > 0x39) return Number(text.slice(start, end));
      value = value * 10 + (c - 0x30);
    }
    return negative ? -value : value;
  }
  return Number(text.slice(start, end));
}

/**
 * Steps over values in the text the scan accepted, for reading a container's members or items
 * in order: where the one just read starts and ends, and its tape entry when it is an object
 * or array that is not empty (-1 otherwise).
 */
class Cursor {
  /** At the next member's name (objects) or item (arrays). */
  pos = 0;
  /** The tape index of the next non-empty container at or after `pos`. */
  next = 0;
  /** How many members or items have been read. */
  index = 0;
  nameStart = -1;
  nameEnd = -1;
  valueStart = 0;
  valueEnd = 0;
  valueEntry = -1;

  constructor(readonly doc: JsonText) {}

  /** Before the first member or item of the container `entry` that opens at `start`. */
  reset(start: number, entry: number): this {
    this.pos = skipWhitespace(this.doc.text, start + 1);
    this.next = entry / TAPE_STRIDE + 1;
    this.index = 0;
    return this;
  }

  /** Reads the next member (with its name) or item. */
  read(inObject: boolean): void {
    const text = this.doc.text;
    let p = this.pos;
    if (inObject) {
      this.nameStart = p;
      p = stringEnd(text, p);
      this.nameEnd = p;
      p = skipWhitespace(text, skipWhitespace(text, p) + 1); // the colon
    }
    this.valueStart = p;
    this.valueEntry = -1;
    const c = text.charCodeAt(p);
    if (c === 0x7b || c === 0x5b) {
      const inside = skipWhitespace(text, p + 1);
      if (text.charCodeAt(inside) === c + 2)
        p = inside + 1; // } is { + 2, ] is [ + 2
      else {
        const entry = this.next * TAPE_STRIDE;
        this.valueEntry = entry;
        p = this.doc.tape[entry + TAPE_END]!;
        this.next = this.doc.tape[entry + TAPE_NEXT]!;
      }
    } else if (c === 0x22) p = stringEnd(text, p);
    else if (c === 0x74 || c === 0x6e) p += 4;
    else if (c === 0x66) p += 5;
    else p = numberEnd(text, p);
    this.valueEnd = p;
    p = skipWhitespace(text, p);
    if (text.charCodeAt(p) === 0x2c) p = skipWhitespace(text, p + 1);
    this.pos = p;
    this.index++;
  }

  /** The node of the value just read. */
  node(parent: ObjectNode | ArrayNode, key: string | number, nameStart: number): JsonValue {
    return nodeOf(
      this.doc,
      this.valueStart,
      this.valueEntry,
      parent,
      key,
      nameStart,
      this.valueEnd,
    );
  }

  /** The value just read when it is a scalar, COMPOUND when it is an object or array. */
  scalar(): JsonScalar | typeof COMPOUND {
    return scalarValue(this.doc, this.valueStart, this.valueEnd);
  }
}

/** The value text[start, end) when it is a scalar, COMPOUND when it is an object or array. */
function scalarValue(doc: JsonText, start: number, end: number): JsonScalar | typeof COMPOUND {
  switch (doc.text.charCodeAt(start)) {
    case 0x7b:
    case 0x5b:
      return COMPOUND;
    case 0x22:
      return stringValue(doc, start, end);
    case 0x74:
      return true;
    case 0x66:
      return false;
    case 0x6e:
      return null;
    default:
      return numberValue(doc.text, start, end);
  }
}

/** The node of the value that starts at `start` (for an object or array, tape entry `entry`). */
function nodeOf(
  doc: JsonText,
  start: number,
  entry: number,
  parent: ObjectNode | ArrayNode | undefined,
  key: string | number | undefined,
  nameStart: number,
  end?: number,
): JsonValue {
  const text = doc.text;
  switch (text.charCodeAt(start)) {
    case 0x7b:
    case 0x5b: {
      const close = entry < 0 ? skipWhitespace(text, start + 1) + 1 : doc.tape[entry + TAPE_END]!;
      return text.charCodeAt(start) === 0x7b
        ? new ObjectNode(doc, entry, start, close, parent, key, nameStart)
        : new ArrayNode(doc, entry, start, close, parent, key, nameStart);
    }
    case 0x22: {
      const close = end ?? stringEnd(text, start);
      return new StringNode(stringValue(doc, start, close), start, close, parent, key, nameStart);
    }
    case 0x74:
      return new BooleanNode(true, start, start + 4, parent, key, nameStart);
    case 0x66:
      return new BooleanNode(false, start, start + 5, parent, key, nameStart);
    case 0x6e:
      return new NullNode(start, start + 4, parent, key, nameStart);
    default: {
      const close = end ?? numberEnd(text, start);
      const raw = text.slice(start, close);
      return new NumberNode(raw, Number(raw), start, close, parent, key, nameStart);
    }
  }
}

/*
 * Node classes: each kind of node is built by one constructor, with its fields always in the
 * same order, so the rules that read them see one shape per kind.
 */
class StringNode implements JsonString {
  declare readonly type: 'string';
  constructor(
    public value: string,
    public start: number,
    public end: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {}
}

class NumberNode implements JsonNumber {
  declare readonly type: 'number';
  constructor(
    public raw: string,
    public value: number,
    public start: number,
    public end: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {}
}

class BooleanNode implements JsonBoolean {
  declare readonly type: 'boolean';
  constructor(
    public value: boolean,
    public start: number,
    public end: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {}
}

class NullNode implements JsonNull {
  declare readonly type: 'null';
  constructor(
    public start: number,
    public end: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {}
}

/** An array: its item nodes are made, and kept, when `items` is first read. */
class ArrayNode implements JsonArray {
  declare readonly type: 'array';
  private made: JsonValue[] | undefined;
  /** Where itemAt() and scalarAt() read (they read forwards, item after item). */
  private cursor: Cursor | undefined;
  constructor(
    readonly doc: JsonText,
    /** Tape index of this array; -1 when it is empty. */
    readonly entry: number,
    public start: number,
    public end: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {}

  get length(): number {
    return this.entry < 0 ? 0 : this.doc.tape[this.entry + TAPE_COUNT]!;
  }

  get items(): JsonValue[] {
    if (!this.made) {
      const made = new Array<JsonValue>(this.length);
      const cursor = new Cursor(this.doc).reset(this.start, this.entry);
      for (let i = 0; i < made.length; i++) {
        cursor.read(false);
        made[i] = cursor.node(this, i, -1);
      }
      this.made = made;
      this.cursor = undefined;
    }
    return this.made;
  }

  /** The cursor standing on item i just read; undefined past the end. */
  private readTo(i: number): Cursor | undefined {
    if (i < 0 || i >= this.length) return undefined;
    let cursor = this.cursor;
    if (!cursor || cursor.index > i + 1)
      cursor = this.cursor = new Cursor(this.doc).reset(this.start, this.entry);
    if (cursor.index === i + 1) return cursor;
    while (cursor.index <= i) cursor.read(false);
    return cursor;
  }

  /** Item i's node: the one kept, or a node of its own (not kept) while none are. */
  itemAt(i: number): JsonValue | undefined {
    if (this.made) return this.made[i];
    return this.readTo(i)?.node(this, i, -1);
  }

  /**
   * The cursor standing on item i just read, while the item nodes are not made (then an item
   * is read from the text); undefined once they are, or past the end.
   */
  cursorAt(i: number): Cursor | undefined {
    return this.made ? undefined : this.readTo(i);
  }

  /** Item i's plain value when it is a scalar, COMPOUND when an object or array. */
  scalarAt(i: number): JsonScalar | typeof COMPOUND | undefined {
    if (this.made) return nodeScalar(this.made[i]);
    return this.readTo(i)?.scalar();
  }
}

/** How many items an array has, without making their nodes. */
export function arrayLength(array: JsonArray): number {
  return array instanceof ArrayNode ? array.length : array.items.length;
}

/** Item i of an array as a node (see ArrayNode.itemAt), without making its siblings' nodes. */
export function arrayItem(array: JsonArray, i: number): JsonValue | undefined {
  return array instanceof ArrayNode ? array.itemAt(i) : array.items[i];
}

/**
 * Item i of an array as a plain value when it is a scalar, COMPOUND when it is an object or
 * an array, undefined past the end: for rules that run once per item of a large array.
 */
export function scalarItem(array: JsonArray, i: number): JsonScalar | typeof COMPOUND | undefined {
  return array instanceof ArrayNode ? array.scalarAt(i) : nodeScalar(array.items[i]);
}

/** An object: its member nodes are made, and kept, when `memberValues` is first read. */
class ObjectNode implements JsonObject {
  declare readonly type: 'object';
  private made: JsonValue[] | undefined;
  private derived: { index?: Map<string, JsonValue>; members?: JsonMember[] } | undefined;

  constructor(
    readonly doc: JsonText,
    /** Tape index of this object; -1 when it is empty. */
    readonly entry: number,
    public start: number,
    public end: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {}

  /** The members' values in source order, duplicates included. */
  get memberValues(): JsonValue[] {
    if (!this.made) {
      const count = this.entry < 0 ? 0 : this.doc.tape[this.entry + TAPE_COUNT]!;
      const made = new Array<JsonValue>(count);
      const cursor = new Cursor(this.doc).reset(this.start, this.entry);
      for (let i = 0; i < count; i++) {
        cursor.read(true);
        const name = stringValue(this.doc, cursor.nameStart, cursor.nameEnd);
        made[i] = cursor.node(this, name, cursor.nameStart);
      }
      this.made = made;
    }
    return this.made;
  }

  /** Members in source order, duplicates included (built on first use). */
  get members(): readonly JsonMember[] {
    const derived = (this.derived ??= {});
    derived.members ??= this.memberValues.map((value) => ({
      name: value.key as string,
      nameStart: value.nameStart,
      value,
    }));
    return derived.members;
  }

  /** Name -> value; with duplicate names the last one wins, as with JSON.parse. */
  get byName(): Map<string, JsonValue> {
    const derived = (this.derived ??= {});
    if (!derived.index) {
      derived.index = new Map();
      for (const value of this.memberValues) derived.index.set(value.key as string, value);
    }
    return derived.index;
  }

  /** See someMemberName(): names read from the text when the member nodes are not made. */
  someMemberName(visit: (name: string) => boolean): boolean {
    if (this.made) return this.made.some((value) => visit(value.key as string));
    const count = this.entry < 0 ? 0 : this.doc.tape[this.entry + TAPE_COUNT]!;
    const cursor = new Cursor(this.doc).reset(this.start, this.entry);
    for (let i = 0; i < count; i++) {
      cursor.read(true);
      if (visit(stringValue(this.doc, cursor.nameStart, cursor.nameEnd))) return true;
    }
    return false;
  }

  /** Whether its member nodes are not made (its members are read from the text). */
  get compact(): boolean {
    return this.made === undefined;
  }

  has(name: string): boolean {
    if (this.made) return member(this, name) !== undefined;
    return MEMBERS.read(this).find(name) !== -1;
  }

  /** The value of the last member of that name when it is a scalar (see scalarMember). */
  scalar(name: string): JsonScalar | typeof COMPOUND | undefined {
    if (this.made) return nodeScalar(member(this, name));
    return MEMBERS.read(this).scalar(name);
  }

  /** The number lexeme of the last member of that name when it is a number. */
  numberLexeme(name: string): string | undefined {
    if (this.made) {
      const node = member(this, name);
      return node?.type === 'number' ? node.raw : undefined;
    }
    return MEMBERS.read(this).numberLexeme(name);
  }
}

/**
 * The members of the object read last by scalarMember() and the like: where each one's name
 * and value are, in arrays reused from object to object, so the many small objects of a large
 * document (its workflow steps, its timeline entries) are read without a node or an array each.
 */
class MemberTable {
  private object: ObjectNode | undefined;
  private doc: JsonText | undefined;
  private count = 0;
  private offsets = new Int32Array(4 * 16);

  read(object: ObjectNode): this {
    if (this.object === object) return this;
    const doc = object.doc;
    const count = object.entry < 0 ? 0 : doc.tape[object.entry + TAPE_COUNT]!;
    if (this.offsets.length < 4 * count) this.offsets = new Int32Array(4 * count);
    const offsets = this.offsets;
    const cursor = this.cursorFor(doc).reset(object.start, object.entry);
    for (let i = 0; i < count; i++) {
      cursor.read(true);
      offsets[4 * i] = cursor.nameStart;
      offsets[4 * i + 1] = cursor.nameEnd;
      offsets[4 * i + 2] = cursor.valueStart;
      offsets[4 * i + 3] = cursor.valueEnd;
    }
    this.object = object;
    this.doc = doc;
    this.count = count;
    return this;
  }

  private cursor: Cursor | undefined;
  private cursorFor(doc: JsonText): Cursor {
    if (this.cursor?.doc !== doc) this.cursor = new Cursor(doc);
    return this.cursor;
  }

  /** Index of the last member of that name; -1 when there is none. */
  find(name: string): number {
    const text = this.doc!.text;
    const offsets = this.offsets;
    for (let i = this.count - 1; i >= 0; i--) {
      const start = offsets[4 * i]!;
      const length = offsets[4 * i + 1]! - start - 2;
      if (length === name.length) {
        if (text.startsWith(name, start + 1)) return i;
      } else if (length > name.length && this.doc!.escapes) {
        if (decodeJsonString(text, start, start + length + 2) === name) return i;
      }
    }
    return -1;
  }

  scalar(name: string): JsonScalar | typeof COMPOUND | undefined {
    const i = this.find(name);
    if (i === -1) return undefined;
    return scalarValue(this.doc!, this.offsets[4 * i + 2]!, this.offsets[4 * i + 3]!);
  }

  numberLexeme(name: string): string | undefined {
    const i = this.find(name);
    if (i === -1) return undefined;
    const text = this.doc!.text;
    const start = this.offsets[4 * i + 2]!;
    const c = text.charCodeAt(start);
    return c === 0x2d || (c >= 0x30 && c <= 0x39)
      ? text.slice(start, this.offsets[4 * i + 3])
      : undefined;
  }
}

const MEMBERS = new MemberTable();

/** A JSON scalar as a plain value. */
export type JsonScalar = string | number | boolean | null;

/** What scalarMember() gives for a member that is an object or an array. */
export const COMPOUND: unique symbol = Symbol('object or array');

/**
 * The value of an object's member when it is a string, number, boolean or null; COMPOUND when it
 * is an object or array; undefined when it is missing (with duplicate names, the last one, as
 * member()). For the rules that run once per item of a large array: it reads the value without
 * making the object's member nodes; a failure's place still comes from member().
 */
export function scalarMember(
  object: JsonObject,
  name: string,
): JsonScalar | typeof COMPOUND | undefined {
  if (object instanceof ObjectNode) return object.scalar(name);
  return nodeScalar(member(object, name));
}

function nodeScalar(node: JsonValue | undefined): JsonScalar | typeof COMPOUND | undefined {
  if (!node) return undefined;
  if (node.type === 'object' || node.type === 'array') return COMPOUND;
  return node.type === 'null' ? null : node.value;
}

/**
 * The objects in `root` (itself included) that have both a canonical_bytes and an output_hash
 * member, in document order: the scan noted them, so finding them walks nothing.
 */
export function objectsWithCommitments(root: JsonValue): JsonObject[] {
  if (root instanceof ObjectNode || root instanceof ArrayNode) {
    const found: JsonObject[] = [];
    for (const offset of root.doc.scan.commitments)
      if (offset >= root.start && offset < root.end)
        found.push(nodeAtOffset(root, offset) as JsonObject);
    return found;
  }
  // A value made elsewhere (the records of JSON Lines as one array): its parts' own.
  if (root.type === 'array') return root.items.flatMap(objectsWithCommitments);
  if (root.type !== 'object') return [];
  const inside = root.memberValues.flatMap(objectsWithCommitments);
  return root.has('canonical_bytes') && root.has('output_hash') ? [root, ...inside] : inside;
}

/**
 * Calls `visit` with each member name of the object in source order (duplicates included),
 * without making the member nodes of an object the parser kept compact; stops when it returns
 * true, and says whether it did.
 */
export function someMemberName(object: JsonObject, visit: (name: string) => boolean): boolean {
  if (object instanceof ObjectNode) return object.someMemberName(visit);
  return object.memberValues.some((value) => visit(value.key as string));
}

/** Where a string is spelled in a text: text[start, end). */
export interface TextSpan {
  text: string;
  start: number;
  end: number;
}

/** The one span NamedMembers.stringSpan() gives out, overwritten by its next call. */
const SPAN: TextSpan = { text: '', start: 0, end: 0 };

/**
 * The members of the given names of one object at a time, each the last of its name (as
 * member() gives it), found in one pass over the object's members: for the rules that read
 * several members of each object of a large array. A member is asked for by its index in
 * `names`; read() moves the reader to another object.
 */
export class NamedMembers {
  /** Per name: where its value is written (start, end), -1 when it is missing. */
  private readonly spans: Int32Array;
  /** Per name: its node, for an object whose member nodes are made (see read). */
  private readonly nodes: (JsonValue | undefined)[];
  /** Names by their length, to find a member's name among them without making its string. */
  private readonly byLength: number[][] = [];
  private readonly byName: Map<string, number>;
  private doc: JsonText | undefined;
  private cursor: Cursor | undefined;
  /** Per name: the string sharedString() gave last. */
  private readonly lastStrings: (string | undefined)[];

  constructor(readonly names: readonly string[]) {
    this.lastStrings = new Array<string | undefined>(names.length);
    this.spans = new Int32Array(2 * names.length);
    this.nodes = new Array<JsonValue | undefined>(names.length);
    this.byName = new Map(names.map((name, k) => [name, k]));
    names.forEach((name, k) => (this.byLength[name.length] ??= []).push(k));
  }

  read(object: JsonObject): this {
    if (!(object instanceof ObjectNode && object.compact)) {
      this.spans.fill(-1);
      this.doc = undefined;
      for (let k = 0; k < this.names.length; k++) this.nodes[k] = member(object, this.names[k]!);
      return this;
    }
    return this.readText(object.doc, object.start, object.entry);
  }

  /**
   * Reads item i of `array` when it is an object, as read() does, without making its node (a
   * large array's many objects each cost a node otherwise); false when the item is not an
   * object.
   */
  readItem(array: JsonArray, i: number): boolean {
    const cursor = array instanceof ArrayNode ? array.cursorAt(i) : undefined;
    if (!cursor) {
      const item = arrayItem(array, i);
      if (item?.type !== 'object') return false;
      this.read(item);
      return true;
    }
    if (cursor.doc.text.charCodeAt(cursor.valueStart) !== 0x7b) return false;
    this.readText(cursor.doc, cursor.valueStart, cursor.valueEntry);
    return true;
  }

  /** Reads the object written at `start` in the text (tape entry `entry`). */
  private readText(doc: JsonText, start: number, entry: number): this {
    this.spans.fill(-1);
    this.doc = doc;
    if (this.cursor?.doc !== doc) this.cursor = new Cursor(doc);
    const cursor = this.cursor.reset(start, entry);
    const count = entry < 0 ? 0 : doc.tape[entry + TAPE_COUNT]!;
    for (let i = 0; i < count; i++) {
      cursor.read(true);
      const k = this.nameIndex(doc, cursor.nameStart, cursor.nameEnd);
      if (k === -1) continue;
      this.spans[2 * k] = cursor.valueStart;
      this.spans[2 * k + 1] = cursor.valueEnd;
    }
    return this;
  }

  /** The index in `names` of the name literal text[start, end); -1 when it is none of them. */
  private nameIndex(doc: JsonText, start: number, end: number): number {
    const candidates = this.byLength[end - start - 2];
    if (candidates)
      for (const k of candidates) if (doc.text.startsWith(this.names[k]!, start + 1)) return k;
    // A name written with an escape is longer in the text than the name it spells.
    if (!doc.escapes) return -1;
    for (let p = start + 1; p < end - 1; p++)
      if (doc.text.charCodeAt(p) === 0x5c)
        return this.byName.get(decodeJsonString(doc.text, start, end)) ?? -1;
    return -1;
  }

  has(k: number): boolean {
    return this.doc ? this.spans[2 * k]! !== -1 : this.nodes[k] !== undefined;
  }

  /** The member's value when it is a scalar, as scalarMember() gives it. */
  scalar(k: number): JsonScalar | typeof COMPOUND | undefined {
    if (!this.doc) return nodeScalar(this.nodes[k]);
    const start = this.spans[2 * k]!;
    return start === -1 ? undefined : scalarValue(this.doc, start, this.spans[2 * k + 1]!);
  }

  /**
   * The member's value when it is a string; the string given last for this name when the text
   * spells the same one (the many objects that share a value then hold one string).
   */
  sharedString(k: number): string | undefined {
    const start = this.doc ? this.spans[2 * k]! : -1;
    if (start === -1 || this.doc!.escapes || this.doc!.text.charCodeAt(start) !== 0x22) {
      const value = this.scalar(k);
      return typeof value === 'string' ? value : undefined;
    }
    const text = this.doc!.text;
    const end = this.spans[2 * k + 1]!;
    const last = this.lastStrings[k];
    if (last !== undefined && last.length === end - start - 2 && text.startsWith(last, start + 1))
      return last;
    const value = text.slice(start + 1, end - 1);
    this.lastStrings[k] = value;
    return value;
  }

  /** The member's number lexeme as written, undefined when it is not a number. */
  numberLexeme(k: number): string | undefined {
    if (!this.doc) {
      const node = this.nodes[k];
      return node?.type === 'number' ? node.raw : undefined;
    }
    const start = this.spans[2 * k]!;
    const c = this.doc.text.charCodeAt(start);
    return start !== -1 && (c === 0x2d || (c >= 0x30 && c <= 0x39))
      ? this.doc.text.slice(start, this.spans[2 * k + 1])
      : undefined;
  }

  /** Whether the member is a string of at least one character, read without making it. */
  isNonEmptyString(k: number): boolean {
    if (!this.doc) {
      const node = this.nodes[k];
      return node?.type === 'string' && node.value.length > 0;
    }
    const start = this.spans[2 * k]!;
    // Every character and escape of a literal spells at least one character of the string.
    return (
      start !== -1 && this.doc.text.charCodeAt(start) === 0x22 && this.spans[2 * k + 1]! - start > 2
    );
  }

  /**
   * Where a string member's value is written in the document's text, when the text spells it
   * as it is (the text has no escape at all), to read it without making its string; undefined
   * otherwise (then scalar() reads it). The span is reused by the next call: read it before.
   */
  stringSpan(k: number): TextSpan | undefined {
    const doc = this.doc;
    if (!doc || doc.escapes) return undefined;
    const start = this.spans[2 * k]!;
    if (start === -1 || doc.text.charCodeAt(start) !== 0x22) return undefined;
    SPAN.text = doc.text;
    SPAN.start = start + 1;
    SPAN.end = this.spans[2 * k + 1]! - 1;
    return SPAN;
  }
}

/** A number member's lexeme as written ("1", "1.0"), undefined when it is not a number. */
export function numberLexeme(object: JsonObject, name: string): string | undefined {
  if (object instanceof ObjectNode) return object.numberLexeme(name);
  const node = member(object, name);
  return node?.type === 'number' ? node.raw : undefined;
}

// Each kind's `type` sits on its prototype, not in every node: one field less per value.
for (const [kind, type] of [
  [StringNode, 'string'],
  [NumberNode, 'number'],
  [BooleanNode, 'boolean'],
  [NullNode, 'null'],
  [ArrayNode, 'array'],
  [ObjectNode, 'object'],
] as const)
  Object.defineProperty(kind.prototype, 'type', { value: type, enumerable: true });
