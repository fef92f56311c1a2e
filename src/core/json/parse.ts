/**
 * A strict RFC 8259 JSON reader that keeps positions, raw number lexemes and duplicate names.
 * Hand-written because no maintained parser keeps all three (JSON.parse keeps none;
 * jsonc-parser and json-source-map drop number lexemes or duplicates).
 *
 * Speed (bench workflow, 100,000 steps, 35.8 MB; 2026-12-01, 2-core machine; the session's
 * starting reader (745d217) and this one interleaved in one process, medians of 9, two
 * processes): wall 1,049–1,052 ms → 696–820 ms, CPU with the collector's threads 1,489–1,566 →
 * 1,043–1,180 ms; JSON.parse 193–221 ms wall. About half of the reader's time is the
 * collector copying the tree it keeps, so what went is objects: a member record per member
 * (objects keep their values, whose key is the name), arrays grown by push (member values are
 * gathered on a stack and stored at their exact length), a `type` field per node (it is on the
 * prototype), and a string per repeated member name and short value (readsAs reuses the
 * previous sibling's). jsonc-parser's visitor (the issue measured 0.17–0.21 s on a 26 MB
 * workflow) reports offsets but builds nothing, and the rules need the tree; it is not a
 * dependency here, so it was not measured in this run. What would remove the rest is a tree
 * that is not made of objects (offsets in typed arrays, nodes made when a rule reads them).
 * Tried and dropped: a string cache shared across the whole document (no gain on the
 * workflow, slower on JSON Lines); a larger young generation (no gain).
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
import { SourceText, type Position } from './position';

export const DEFAULT_MAX_DEPTH = 256;

export interface ParsedJson {
  root: JsonValue;
  duplicates: DuplicateMember[];
  source: SourceText;
}

export interface ParseOptions {
  maxDepth?: number;
  /** Offset added to every position, for JSON Lines: each line is parsed separately. */
  baseOffset?: number;
  /**
   * The text is a part of its file that does not start it (a later JSON Lines record verified
   * alone): a byte order mark, tolerated only at a file's very start, is then a syntax error.
   */
  midFile?: boolean;
}

export class JsonSyntaxError extends Error {
  readonly offset: number;
  readonly position: Position;
  constructor(message: string, offset: number, source: SourceText) {
    const position = source.positionAt(offset);
    super(`${message} at line ${position.line}, column ${position.column}`);
    this.name = 'JsonSyntaxError';
    this.offset = offset;
    this.position = position;
  }
}

/** The document is well-formed so far but nests deeper than the limit. */
export class JsonNestingError extends JsonSyntaxError {
  constructor(message: string, offset: number, source: SourceText) {
    super(message, offset, source);
    this.name = 'JsonNestingError';
  }
}

/** The run of string characters that need no attention: not a quote, backslash or control. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it stops at
const PLAIN_STRING_RUN = /[^"\\\u0000-\u001f]*/y;
/** The same run while the text seen so far is printable ASCII: U+0020..U+007E, no quote or backslash. */
const ASCII_STRING_RUN = /[\x20\x21\x23-\x5b\x5d-\x7e]*/y;

/**
 * Roots of documents whose every string and member name is printable ASCII written without a
 * \b, \f or \u escape: no bidi control, invisible character, control or lone surrogate can be
 * in them, so the hidden-character rules need not walk them (measured: 8 % of the time of a
 * 100,000-step workflow went to that walk).
 */
const PLAIN_TEXT_ROOTS = new WeakSet<JsonValue>();

/**
 * Whether every string and member name inside `node` is known to be printable ASCII written
 * without a \b, \f or \u escape (false when unknown: a node not made by this parser).
 */
export function isPlainText(node: JsonValue): boolean {
  for (let n: JsonValue | undefined = node; n; n = n.parent) {
    if (n instanceof ObjectNode || n instanceof ArrayNode) {
      if (n.plainRoot) return true;
    } else if (PLAIN_TEXT_ROOTS.has(n)) return true;
  }
  return false;
}

/** Marks a parsed root as plain text (see isPlainText). */
function markPlainText(root: JsonValue): void {
  // A flag on objects and arrays: a WeakSet entry per parse (two per receipt of a batch: the
  // record and its payload) cost measurable time in the set and in the collector.
  if (root instanceof ObjectNode || root instanceof ArrayNode) root.plainRoot = true;
  else PLAIN_TEXT_ROOTS.add(root);
}

export function parseJson(text: string | SourceText, options: ParseOptions = {}): ParsedJson {
  const source = typeof text === 'string' ? new SourceText(text) : text;
  const parser = new Parser(source, options);
  return parser.parseDocument();
}

/** Parses a slice of a larger text (one JSON Lines record) with positions in the whole text. */
export function parseJsonSlice(source: SourceText, start: number, end: number): ParsedJson {
  const parser = new Parser(source, { baseOffset: start }, end);
  return parser.parseDocument();
}

class Parser {
  private readonly text: string;
  private pos: number;
  private readonly limit: number;
  private readonly maxDepth: number;
  private depth = 0;
  private readonly midFile: boolean;
  private readonly duplicates: DuplicateMember[] = [];
  /** No string so far held anything but printable ASCII (see isPlainText). */
  private plain = true;
  /** The string literal just read had an escape (set by parseStringLiteral, reset by callers). */
  private escaped = false;
  /** Values of the members of the objects being read, innermost object last (parseObject). */
  private readonly memberStack: JsonValue[] = [];
  /**
   * Where each line starts, gathered while skipping whitespace when the whole text is parsed,
   * and handed to the SourceText: positions then need no second pass over the text.
   */
  private readonly lineStarts: number[] | undefined;

  constructor(
    private readonly source: SourceText,
    options: ParseOptions,
    end?: number,
  ) {
    this.text = source.text;
    this.pos = options.baseOffset ?? 0;
    this.limit = end ?? source.text.length;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.midFile = options.midFile === true;
    this.lineStarts =
      this.pos === 0 && this.limit === source.text.length && !source.hasLineStarts()
        ? [0]
        : undefined;
  }

  parseDocument(): ParsedJson {
    // A UTF-8 byte order mark is tolerated at the very start of a file.
    if (this.pos === 0 && !this.midFile && this.text.charCodeAt(0) === 0xfeff) this.pos = 1;
    this.skipWhitespace();
    if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
    const root = this.parseValue(undefined, undefined, -1, undefined);
    this.skipWhitespace();
    if (this.pos < this.limit) {
      this.fail(`Unexpected ${this.describeHere()} after the JSON value: expected end of input`);
    }
    if (this.lineStarts) this.source.adoptLineStarts(this.lineStarts);
    if (this.plain) markPlainText(root);
    return { root, duplicates: this.duplicates, source: this.source };
  }

  private fail(message: string, at: number = this.pos): never {
    throw new JsonSyntaxError(message, at, this.source);
  }

  private describeHere(): string {
    if (this.pos >= this.limit) return 'end of input';
    const ch = this.text[this.pos] as string;
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return `control character U+${hex4(code)}`;
    return `character '${ch}'`;
  }

  private skipWhitespace(): void {
    const text = this.text;
    const limit = this.limit;
    let p = this.pos;
    for (;;) {
      const c = text.charCodeAt(p);
      // Space, tab, line feed, carriage return (RFC 8259 whitespace), and nothing else.
      if (p >= limit) break;
      if (c === 0x20 || c === 0x0d || c === 0x09) p++;
      else if (c === 0x0a) {
        p++;
        // A string cannot hold a raw line feed, so every line break of valid JSON is seen here.
        this.lineStarts?.push(p);
      } else break;
    }
    this.pos = p;
  }

  /**
   * `template` is the value at the same place in the previous sibling (the previous item of the
   * enclosing array, or the same member of the previous item): most large documents are arrays
   * of like objects (workflow steps, batch receipts, timeline entries), so their member names
   * and many short values repeat, and reusing the string already made for them spares the
   * allocation and the collector's work (see readsAs).
   */
  private parseValue(
    parent: JsonObject | JsonArray | undefined,
    key: string | number | undefined,
    nameStart: number,
    template: JsonValue | undefined,
  ): JsonValue {
    const ch = this.text.charCodeAt(this.pos);
    switch (ch) {
      case 0x7b /* { */:
        return this.parseObject(
          parent,
          key,
          nameStart,
          template instanceof ObjectNode && template.rawNames ? template : undefined,
        );
      case 0x5b /* [ */:
        return this.parseArray(parent, key, nameStart);
      case 0x22 /* " */: {
        const start = this.pos;
        let value: string;
        // A template string written without escapes (its literal is two quotes longer than
        // its value) is reused when the text here spells it out exactly.
        if (
          template instanceof StringNode &&
          template.end - template.start === template.value.length + 2 &&
          this.readsAs(template.value)
        )
          value = template.value;
        else value = this.parseStringLiteral();
        return new StringNode(value, start, this.pos, parent, key, nameStart);
      }
      case 0x74 /* t */:
        this.expectWord('true');
        return new BooleanNode(true, this.pos - 4, this.pos, parent, key, nameStart);
      case 0x66 /* f */:
        this.expectWord('false');
        return new BooleanNode(false, this.pos - 5, this.pos, parent, key, nameStart);
      case 0x6e /* n */:
        this.expectWord('null');
        return new NullNode(this.pos - 4, this.pos, parent, key, nameStart);
      default:
        if (ch === 0x2d || (ch >= 0x30 && ch <= 0x39))
          return this.parseNumber(parent, key, nameStart);
        return this.fail(`Unexpected ${this.describeHere()}: expected a JSON value`);
    }
  }

  /**
   * Whether the text at the current quote is exactly the string literal `"value"`; if so, steps
   * past it. Only for a value known to hold no quote, backslash or control character (it came
   * from a literal written without escapes), so the literal here means exactly that value and
   * is valid JSON, as a full read would find; the plain-text flag needs no update either, since
   * the value was read by this same parse before.
   */
  private readsAs(value: string): boolean {
    const after = this.pos + 1 + value.length;
    if (
      after < this.limit &&
      this.text.charCodeAt(after) === 0x22 &&
      this.text.startsWith(value, this.pos + 1)
    ) {
      this.pos = after + 1;
      return true;
    }
    return false;
  }

  /** Steps over `true`, `false` or `null`, or fails. */
  private expectWord(word: string): void {
    if (this.text.startsWith(word, this.pos) && this.pos + word.length <= this.limit) {
      this.pos += word.length;
      return;
    }
    this.fail(`Invalid literal: expected '${word}'`);
  }

  private enter(): void {
    this.depth++;
    if (this.depth > this.maxDepth) {
      throw new JsonNestingError(
        `Nesting deeper than ${this.maxDepth} levels`,
        this.pos,
        this.source,
      );
    }
  }

  private parseObject(
    parent: JsonObject | JsonArray | undefined,
    key: string | number | undefined,
    nameStart: number,
    template: ObjectNode | undefined,
  ): JsonObject {
    this.enter();
    const node = new ObjectNode(this.pos, parent, key, nameStart);
    // Member values go on the parser's stack and are copied into an array of their exact
    // length at the end: an array grown by push holds room for 16 (most objects have fewer
    // members), and every byte of the tree is copied by the collector as it survives.
    const stack = this.memberStack;
    const base = stack.length;
    let names: Set<string> | undefined;
    const predicted = template?.memberValues;
    this.pos++; // {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
    } else {
      for (;;) {
        if (this.text.charCodeAt(this.pos) !== 0x22 || this.pos >= this.limit) {
          this.fail(`Unexpected ${this.describeHere()}: expected a member name in double quotes`);
        }
        const memberNameStart = this.pos;
        // The template's names were all written without escapes (rawNames), so readsAs holds.
        const like = predicted?.[stack.length - base];
        let name: string;
        if (like !== undefined && this.readsAs(like.key as string)) name = like.key as string;
        else {
          this.escaped = false;
          name = this.parseStringLiteral();
          if (this.escaped) node.rawNames = false;
        }
        this.skipWhitespace();
        if (this.text.charCodeAt(this.pos) !== 0x3a || this.pos >= this.limit) {
          this.fail(`Unexpected ${this.describeHere()}: expected ':' after member name`);
        }
        this.pos++;
        this.skipWhitespace();
        if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
        const value = this.parseValue(
          node,
          name,
          memberNameStart,
          like !== undefined && like.key === name ? like : undefined,
        );
        // Duplicate names: a scan of the few members of a small object, a Set for a large one
        // (so a hostile object with many members stays linear).
        let duplicate = false;
        if (names) {
          duplicate = names.has(name);
          names.add(name);
        } else {
          for (let i = base; i < stack.length; i++)
            if (stack[i]!.key === name) {
              duplicate = true;
              break;
            }
          if (stack.length - base === SMALL_OBJECT)
            names = new Set(stack.slice(base).map((v) => v.key as string)).add(name);
        }
        if (duplicate) this.duplicates.push({ object: node, name, nameStart: memberNameStart });
        stack.push(value);
        this.skipWhitespace();
        const next = this.pos < this.limit ? this.text.charCodeAt(this.pos) : -1;
        if (next === 0x2c) {
          this.pos++;
          this.skipWhitespace();
          continue;
        }
        if (next === 0x7d) {
          this.pos++;
          break;
        }
        this.fail(`Unexpected ${this.describeHere()}: expected ',' or '}' in object`);
      }
    }
    node.memberValues = stack.slice(base);
    stack.length = base;
    node.end = this.pos;
    this.depth--;
    return node;
  }

  private parseArray(
    parent: JsonObject | JsonArray | undefined,
    key: string | number | undefined,
    nameStart: number,
  ): JsonArray {
    this.enter();
    const node = new ArrayNode(this.pos, parent, key, nameStart);
    const items = node.items;
    this.pos++; // [
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
    } else {
      for (;;) {
        if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
        items.push(this.parseValue(node, items.length, -1, items[items.length - 1]));
        this.skipWhitespace();
        const next = this.pos < this.limit ? this.text.charCodeAt(this.pos) : -1;
        if (next === 0x2c) {
          this.pos++;
          this.skipWhitespace();
          continue;
        }
        if (next === 0x5d) {
          this.pos++;
          break;
        }
        this.fail(`Unexpected ${this.describeHere()}: expected ',' or ']' in array`);
      }
    }
    node.end = this.pos;
    this.depth--;
    return node;
  }

  /** Reads a string literal starting at the opening quote; returns its value. */
  private parseStringLiteral(): string {
    const open = this.pos;
    this.pos++;
    let out = '';
    let chunkStart = this.pos;
    for (;;) {
      // Skip the plain characters in one step (measured: about twice as fast as char by char).
      const run = this.plain ? ASCII_STRING_RUN : PLAIN_STRING_RUN;
      run.lastIndex = this.pos;
      run.test(this.text);
      this.pos = run.lastIndex;
      if (this.pos >= this.limit) this.fail("Unterminated string: expected '\"'", open);
      const code = this.text.charCodeAt(this.pos);
      if (code === 0x22) {
        out += this.text.slice(chunkStart, this.pos);
        this.pos++;
        return out;
      }
      if (code === 0x5c) {
        this.escaped = true;
        out += this.text.slice(chunkStart, this.pos);
        out += this.parseEscape();
        chunkStart = this.pos;
        continue;
      }
      if (code < 0x20) {
        this.fail(`Unescaped control character U+${hex4(code)} in string`);
      }
      // Past the end of the ASCII run: from here on the text is not plain.
      this.plain = false;
      this.pos++;
    }
  }

  private parseEscape(): string {
    const at = this.pos;
    const esc = this.text[this.pos + 1];
    this.pos += 2;
    switch (esc) {
      case '"':
        return '"';
      case '\\':
        return '\\';
      case '/':
        return '/';
      case 'b':
        this.plain = false;
        return '\b';
      case 'f':
        this.plain = false;
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u': {
        const digits = this.text.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(digits) || this.pos + 4 > this.limit) {
          this.fail('Invalid \\u escape: expected four hex digits', at);
        }
        this.pos += 4;
        this.plain = false;
        // Lone surrogates are kept as they are: JSON allows them, the rules decide.
        return String.fromCharCode(parseInt(digits, 16));
      }
      default:
        return this.fail(
          `Invalid escape '\\${esc ?? ''}': expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`,
          at,
        );
    }
  }

  private parseNumber(
    parent: JsonObject | JsonArray | undefined,
    key: string | number | undefined,
    nameStart: number,
  ): JsonNumber {
    const start = this.pos;
    const text = this.text;
    let p = this.pos;
    if (text.charCodeAt(p) === 0x2d) p++;
    const firstDigit = text.charCodeAt(p);
    if (firstDigit === 0x30) {
      p++;
      if (isDigit(text.charCodeAt(p)))
        this.fail('Invalid number: leading zeros are not allowed', start);
    } else if (firstDigit >= 0x31 && firstDigit <= 0x39) {
      while (isDigit(text.charCodeAt(p))) p++;
    } else {
      this.pos = p;
      this.fail(`Invalid number: expected a digit after '-'`);
    }
    if (text.charCodeAt(p) === 0x2e) {
      p++;
      if (!isDigit(text.charCodeAt(p))) {
        this.pos = p;
        this.fail('Invalid number: expected a digit after the decimal point');
      }
      while (isDigit(text.charCodeAt(p))) p++;
    }
    const e = text.charCodeAt(p);
    if (e === 0x65 || e === 0x45) {
      p++;
      const sign = text.charCodeAt(p);
      if (sign === 0x2b || sign === 0x2d) p++;
      if (!isDigit(text.charCodeAt(p))) {
        this.pos = p;
        this.fail('Invalid number: expected a digit in the exponent');
      }
      while (isDigit(text.charCodeAt(p))) p++;
    }
    if (p > this.limit) {
      this.pos = this.limit;
      this.fail('Unexpected end of input inside a number');
    }
    const raw = text.slice(start, p);
    this.pos = p;
    return new NumberNode(raw, Number(raw), start, p, parent, key, nameStart);
  }
}

/*
 * Node classes: each kind of node is built by one constructor, with its fields always in the
 * same order, so the rules that read them see one shape per kind (object literals built in
 * several places, one by spreading, gave V8 several).
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

class ArrayNode implements JsonArray {
  declare readonly type: 'array';
  // Array.of, not a literal: a literal is an allocation site V8 may pretenure after one large
  // document, and then every later short-lived tree would be made in the old generation.
  readonly items: JsonValue[] = Array.of<JsonValue>();
  end: number;
  /** A root whose every string is plain text (isPlainText). */
  plainRoot = false;
  constructor(
    public start: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {
    this.end = start;
  }
}

/**
 * An object node whose name index and member records are built only when a rule asks for them:
 * most objects of a large document (100,000 workflow steps) are read through a handful of
 * lookups or none, and building a Map per object cost about a third of the parse (measured on
 * the bench workflow). The parser fills `memberValues` when the object is complete.
 */
class ObjectNode implements JsonObject {
  declare readonly type: 'object';
  memberValues: JsonValue[] = NO_VALUES;
  end: number;
  /** A root whose every string is plain text (isPlainText). */
  plainRoot = false;
  /** Every member name was written without escapes, so it may serve as a template (readsAs). */
  rawNames = true;
  private derived: { index?: Map<string, JsonValue>; members?: JsonMember[] } | undefined;

  constructor(
    public start: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {
    this.end = start;
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
}

// Each kind's `type` sits on its prototype, not in every node: one field less per value of a
// document, and the tree's size is what the collector pays for.
for (const [kind, type] of [
  [StringNode, 'string'],
  [NumberNode, 'number'],
  [BooleanNode, 'boolean'],
  [NullNode, 'null'],
  [ArrayNode, 'array'],
  [ObjectNode, 'object'],
] as const)
  Object.defineProperty(kind.prototype, 'type', { value: type, enumerable: true });

/** The member values of an object still being read (shared: it is never written to). */
const NO_VALUES: JsonValue[] = [];

/** Up to this many members, a linear scan finds duplicate names faster than a Set. */
const SMALL_OBJECT = 16;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function hex4(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0');
}
