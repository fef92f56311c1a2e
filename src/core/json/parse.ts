/**
 * A strict RFC 8259 JSON reader that keeps positions, raw number lexemes and duplicate names.
 * Hand-written: JSON.parse keeps none of the three, and jsonc-parser's visitor, which reports
 * enough to build them, is slower before it builds anything (measured below).
 *
 * Speed (bench workflow, 100,000 steps, 35.8 MB; 2026-12-01, 2-core machine; the session's
 * starting reader (745d217) and this one interleaved in one process, medians of 9, two
 * processes): wall 1,049–1,052 ms → 696–820 ms, CPU with the collector's threads 1,489–1,566 →
 * 1,043–1,180 ms; JSON.parse 193–221 ms wall. About half of the reader's time is the
 * collector copying the tree it keeps, so what went is objects: a member record per member
 * (objects keep their values, whose key is the name), arrays grown by push (member values are
 * gathered on a stack and stored at their exact length), a `type` field per node (it is on the
 * prototype), and a string per repeated member name and short value (readsAs reuses the
 * previous sibling's). Round 2 (same machine and day, HEAD 1476d9b and this reader
 * interleaved in one process, CPU time with the collector's threads, medians of 10): 487–648 →
 * 382–512 ms, JSON.parse 142–208 ms; the tree of the workflow 1,083 → 507 bytes a step.
 * What went: the nodes of small all-scalar objects (every step), kept compact until a rule
 * asks for them (see ObjectNode), their offsets in typed arrays, and the stacks' truncation by
 * `length =`.
 * Tried and dropped: a string cache shared across the whole document (no gain on the
 * workflow, slower on JSON Lines); a larger young generation (no gain).
 *
 * Why not build on Microsoft's jsonc-parser (issue 11 asked for the measurement;
 * bench/json-reader.ts repeats it): with comments and trailing commas refused it is as strict
 * as JSON.parse (20,034 random, damaged and classic non-RFC 8259 inputs, no disagreement), but
 * it is not faster. On the 100,000-step workflow, 2026-12-02, each reader in processes of its
 * own, medians of 5 and of 9 interleaved runs: JSON.parse 124 and 114 ms; this reader, building
 * the whole tree, 309 and 395 ms; jsonc-parser's visitor with empty callbacks, building
 * nothing, 452 and 415 ms; the visitor building the least tree the rules read (names,
 * duplicates, offsets, number lexemes) 879 and 853 ms; its parseTree 1,219 and 1,289 ms.
 * Building on it would about double the reader's time.
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
import { member, SCAN_MEMBERS } from './ast';
import { SourceText, type Position } from './position';
import { JSON_MAX_DEPTH } from '../bounds';

/** The reader's nesting bound unless a caller asks for less (bounds.ts declares it). */
export const DEFAULT_MAX_DEPTH = JSON_MAX_DEPTH;

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
 * String roots of documents (a JSON text that is one string) whose string is printable ASCII
 * written without a \b, \f or \u escape. Object and array roots carry a flag instead, and a
 * number, true, false or null holds no string at all.
 */
const PLAIN_TEXT_ROOTS = new WeakSet<JsonValue>();

/**
 * Whether every string and member name inside `node` is known to be printable ASCII written
 * without a \b, \f or \u escape (false when unknown: a node not made by this parser). Then no
 * bidi control, invisible character, control or lone surrogate can be in it, so the
 * hidden-character rules need not walk it (measured: 8 % of the time of a 100,000-step
 * workflow went to that walk).
 */
export function isPlainText(node: JsonValue): boolean {
  // No string inside: nothing hidden can be there (and no mark was needed: one WeakSet entry
  // per number record of a million-line JSON Lines file cost about 4 % of its run, with more
  // in the collector).
  if (node.type === 'number' || node.type === 'boolean' || node.type === 'null') return true;
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
  else if (root.type === 'string') PLAIN_TEXT_ROOTS.add(root);
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
  /**
   * The members of the objects being read, innermost object last (parseObject): their names,
   * their values (a node for an object or array, the plain value for a scalar), and three
   * offsets each (name, value start, value end).
   */
  private readonly nameStack: string[] = [];
  private readonly valueStack: (JsonValue | JsonScalar)[] = [];
  private readonly offsetStack: number[] = [];
  /**
   * How many members the stacks hold (entries past it are stale): kept apart from the arrays'
   * lengths because truncating an array by setting its length is a call into the runtime,
   * measured at a few per cent of the parse with three stacks per object.
   */
  private stackTop = 0;
  /** The value just read by parseMemberValue starts here (it ends at `pos`). */
  private valueStart = 0;
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

  /**
   * Whitespace after the current position. The hot call sites (inside objects and arrays) test
   * the next character first and call this only when it can be whitespace: in compact JSON it
   * almost never is, and the call was most of the cost. Measured 2026-12-02 with
   * bench/instructions.ts: 3.0 % fewer instructions for a batch of 2,000 receipts as JSON
   * Lines, 0.5 % for a 10,000-step workflow written with indentation. (Past the end the test
   * reads NaN, which is not whitespace; the callers then report the end of input.) The test is
   * written out at each site: a method holding it measured 0.5 % more instructions on that
   * batch (and 0.1 % fewer on the workflow), as counted again on 2026-12-02.
   */
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
    const length = value.length;
    const from = this.pos + 1;
    const after = from + length;
    const text = this.text;
    if (after >= this.limit || text.charCodeAt(after) !== 0x22) return false;
    // A loop over char codes: measured faster than text.startsWith for these short values.
    for (let i = 0; i < length; i++)
      if (text.charCodeAt(from + i) !== value.charCodeAt(i)) return false;
    this.pos = after + 1;
    return true;
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
    // Members go on the parser's stacks and are copied out at their exact length at the end:
    // an array grown by push holds room for 16 (most objects have fewer members), and every
    // byte of the tree is copied by the collector as it survives.
    const names = this.nameStack;
    const values = this.valueStack;
    const offsets = this.offsetStack;
    const base = this.stackTop;
    let nameSet: Set<string> | undefined;
    let compound = false;
    this.pos++; // {
    if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
    } else {
      for (;;) {
        if (this.text.charCodeAt(this.pos) !== 0x22 || this.pos >= this.limit) {
          this.fail(`Unexpected ${this.describeHere()}: expected a member name in double quotes`);
        }
        const memberNameStart = this.pos;
        const index = this.stackTop - base;
        // The template's names were all written without escapes (rawNames), so readsAs holds.
        const likeName = template?.nameAt(index);
        let name: string;
        if (likeName !== undefined && this.readsAs(likeName)) name = likeName;
        else {
          this.escaped = false;
          name = this.parseStringLiteral();
          if (this.escaped) node.rawNames = false;
        }
        if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
        if (this.text.charCodeAt(this.pos) !== 0x3a || this.pos >= this.limit) {
          this.fail(`Unexpected ${this.describeHere()}: expected ':' after member name`);
        }
        this.pos++;
        if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
        if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
        const like = likeName === name ? template : undefined;
        const value = this.parseMemberValue(node, name, memberNameStart, like, index);
        if (typeof value === 'object' && value !== null) compound = true;
        // Duplicate names: a scan of the few members of a small object, a Set for a large one
        // (so a hostile object with many members stays linear).
        let duplicate = false;
        if (nameSet) {
          duplicate = nameSet.has(name);
          nameSet.add(name);
        } else {
          const top = this.stackTop;
          for (let i = base; i < top; i++)
            if (names[i] === name) {
              duplicate = true;
              break;
            }
          if (top - base === SMALL_OBJECT) nameSet = new Set(names.slice(base, top)).add(name);
        }
        if (duplicate) this.duplicates.push({ object: node, name, nameStart: memberNameStart });
        const top = this.stackTop++;
        names[top] = name;
        values[top] = value;
        offsets[top * 3] = memberNameStart;
        offsets[top * 3 + 1] = this.valueStart;
        offsets[top * 3 + 2] = this.pos;
        if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
        const next = this.pos < this.limit ? this.text.charCodeAt(this.pos) : -1;
        if (next === 0x2c) {
          this.pos++;
          if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
          continue;
        }
        if (next === 0x7d) {
          this.pos++;
          break;
        }
        this.fail(`Unexpected ${this.describeHere()}: expected ',' or '}' in object`);
      }
    }
    const count = this.stackTop - base;
    if (count > 0 && !compound && count <= SCAN_MEMBERS) {
      // Every member is a scalar: kept compact (see ObjectNode), its nodes made when asked.
      node.compactNames =
        template?.sameNames(names, base, count) ?? names.slice(base, base + count);
      node.compactValues = values.slice(base, base + count) as JsonScalar[];
      node.text = this.text;
      storeOffsets(node, offsets, base * 3, count * 3);
    } else if (count === 0) {
      // An empty object shares one empty list: a large array of `{}` keeps no array per item.
      node.madeValues = NO_VALUES;
    } else {
      const made = new Array<JsonValue>(count);
      for (let i = 0; i < count; i++) {
        const value = values[base + i]!;
        const at = (base + i) * 3;
        made[i] =
          typeof value === 'object' && value !== null
            ? value
            : scalarNode(
                value,
                this.text,
                offsets[at + 1]!,
                offsets[at + 2]!,
                node,
                names[base + i],
                offsets[at]!,
              );
      }
      node.madeValues = made;
    }
    this.stackTop = base;
    node.end = this.pos;
    this.depth--;
    return node;
  }

  /**
   * A member's value: a node for an object or array, the plain value for a scalar (its node is
   * made only when asked, see ObjectNode). Sets `valueStart`; the value ends at `pos`.
   */
  private parseMemberValue(
    object: ObjectNode,
    name: string,
    nameStart: number,
    like: ObjectNode | undefined,
    index: number,
  ): JsonValue | JsonScalar {
    const start = this.pos;
    this.valueStart = start;
    const ch = this.text.charCodeAt(start);
    switch (ch) {
      case 0x7b /* { */:
        return this.parseObject(object, name, nameStart, like?.objectAt(index));
      case 0x5b /* [ */:
        return this.parseArray(object, name, nameStart);
      case 0x22 /* " */: {
        // A template string written without escapes is reused when the text here spells it out.
        const likeString = like?.rawStringAt(index);
        if (likeString !== undefined && this.readsAs(likeString)) return likeString;
        return this.parseStringLiteral();
      }
      case 0x74 /* t */:
        this.expectWord('true');
        return true;
      case 0x66 /* f */:
        this.expectWord('false');
        return false;
      case 0x6e /* n */:
        this.expectWord('null');
        return null;
      default:
        if (ch === 0x2d || (ch >= 0x30 && ch <= 0x39)) {
          const end = this.scanNumber();
          return numberValue(this.text, start, end);
        }
        return this.fail(`Unexpected ${this.describeHere()}: expected a JSON value`);
    }
  }

  private parseArray(
    parent: JsonObject | JsonArray | undefined,
    key: string | number | undefined,
    nameStart: number,
  ): JsonArray {
    this.enter();
    const node = new ArrayNode(this.pos, parent, key, nameStart);
    const items = Array.of<JsonValue>();
    // While every item is a scalar, the items are kept as plain values and offsets (see
    // ArrayNode); the first object or array among them turns them into nodes.
    let scalars: JsonScalar[] | undefined = Array.of<JsonScalar>();
    const offsets = Array.of<number>();
    let previous: JsonValue | undefined;
    /** Makes the nodes of the scalar items past those `items` holds (the first COMPACT_ITEMS). */
    const makeRest = (values: JsonScalar[]): void => {
      for (let i = items.length; i < values.length; i++)
        items.push(
          scalarNode(values[i]!, this.text, offsets[2 * i]!, offsets[2 * i + 1]!, node, i, -1),
        );
    };
    this.pos++; // [
    if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
    } else {
      for (;;) {
        if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
        const index = scalars ? scalars.length : items.length;
        const item = this.parseValue(node, index, -1, previous);
        previous = item;
        if (scalars && item.type !== 'object' && item.type !== 'array') {
          scalars.push(item.type === 'null' ? null : item.value);
          offsets.push(item.start, item.end);
          // The nodes of a short array are kept as made: most arrays stay short.
          if (index < COMPACT_ITEMS) items.push(item);
        } else {
          if (scalars) {
            makeRest(scalars);
            scalars = undefined;
          }
          items.push(item);
        }
        if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
        const next = this.pos < this.limit ? this.text.charCodeAt(this.pos) : -1;
        if (next === 0x2c) {
          this.pos++;
          if (this.text.charCodeAt(this.pos) <= 0x20) this.skipWhitespace();
          continue;
        }
        if (next === 0x5d) {
          this.pos++;
          break;
        }
        this.fail(`Unexpected ${this.describeHere()}: expected ',' or ']' in array`);
      }
    }
    if (scalars && scalars.length > COMPACT_ITEMS) {
      node.compactItems = scalars;
      node.text = this.text;
      storeOffsets(node, offsets, 0, offsets.length);
    } else node.madeItems = items;
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
    const end = this.scanNumber();
    const raw = this.text.slice(start, end);
    return new NumberNode(raw, Number(raw), start, end, parent, key, nameStart);
  }

  /** Steps over a number lexeme (RFC 8259 grammar) and returns where it ends, or fails. */
  private scanNumber(): number {
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
    this.pos = p;
    return p;
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

/**
 * An array node. An array of more than COMPACT_ITEMS items that are all scalars (a workflow's
 * `steps` of numbers, say) is kept compact: its plain values and their offsets, in a typed-array
 * chunk (storeOffsets), and its item nodes are made, once, when `items` is first read;
 * arrayLength() and scalarItem() read it without making them. A number item made of a node
 * took about 90 bytes; kept compact, about 16.
 */
class ArrayNode implements JsonArray {
  declare readonly type: 'array';
  end: number;
  /** A root whose every string is plain text (isPlainText). */
  plainRoot = false;
  /** The item nodes, made by the parser or, for a compact array, on first use. */
  madeItems: JsonValue[] | undefined = undefined;
  compactItems: JsonScalar[] | undefined = undefined;
  /** The document's text (a compact number item's lexeme is read from it). */
  text = '';
  /** Where the items' offsets are (see storeOffsets): start and end each. */
  offsetData: Int32Array = NO_OFFSETS;
  offsetSlot = 0;
  constructor(
    public start: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {
    this.end = start;
  }

  get items(): JsonValue[] {
    return (this.madeItems ??= this.makeCompactItems());
  }

  get length(): number {
    return this.madeItems ? this.madeItems.length : (this.compactItems?.length ?? 0);
  }

  /** Item i's node: the one made, or for a compact array a node of its own (not kept). */
  itemAt(i: number): JsonValue | undefined {
    if (this.madeItems) return this.madeItems[i];
    const values = this.compactItems;
    if (!values || i < 0 || i >= values.length) return undefined;
    const at = this.offsetSlot + 2 * i;
    return scalarNode(
      values[i]!,
      this.text,
      this.offsetData[at]!,
      this.offsetData[at + 1]!,
      this,
      i,
      -1,
    );
  }

  /** Item i's plain value when it is a scalar, COMPOUND when an object or array. */
  scalarAt(i: number): JsonScalar | typeof COMPOUND | undefined {
    if (this.madeItems) return nodeScalar(this.madeItems[i]);
    return this.compactItems?.[i];
  }

  private makeCompactItems(): JsonValue[] {
    const values = this.compactItems;
    if (!values) return Array.of<JsonValue>();
    const made = new Array<JsonValue>(values.length);
    for (let i = 0; i < values.length; i++) made[i] = this.itemAt(i)!;
    this.compactItems = undefined;
    return made;
  }
}

/** Arrays of up to this many scalar items are made of nodes at once (most are short). */
const COMPACT_ITEMS = 64;

/** How many items an array has, without making the nodes of a compact one. */
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

/**
 * An object node whose name index and member records are built only when a rule asks for them:
 * most objects of a large document (100,000 workflow steps) are read through a handful of
 * lookups or none, and building a Map per object cost about a third of the parse (measured on
 * the bench workflow).
 *
 * An object of up to SCAN_MEMBERS members that are all scalars (a workflow step, a receipt's
 * `tool`, a timeline entry) is kept compact: its names (shared with the previous sibling when
 * they are the same), its plain values, and its members' offsets in a typed-array chunk
 * (storeOffsets), which the collector does not copy member by member. Its member nodes are
 * made, once, when `memberValues` is first read; scalarMember() reads a value without making
 * them. A compact step is about half the bytes of
 * one made of nodes, and the collector copies every byte of the tree as it survives (see
 * bench/workflow.ts for what this changed).
 */
class ObjectNode implements JsonObject {
  declare readonly type: 'object';
  end: number;
  /** A root whose every string is plain text (isPlainText). */
  plainRoot = false;
  /** Every member name was written without escapes, so it may serve as a template (readsAs). */
  rawNames = true;
  /** The member nodes, made by the parser or, for a compact object, on first use. */
  madeValues: JsonValue[] | undefined = undefined;
  compactNames: string[] | undefined = undefined;
  compactValues: JsonScalar[] | undefined = undefined;
  /** The document's text (a compact number member's lexeme is read from it). */
  text = '';
  /** Where the members' offsets are (see storeOffsets): name, value start, value end each. */
  offsetData: Int32Array = NO_OFFSETS;
  offsetSlot = 0;
  private derived: { index?: Map<string, JsonValue>; members?: JsonMember[] } | undefined;

  constructor(
    public start: number,
    public parent: JsonObject | JsonArray | undefined,
    public key: string | number | undefined,
    public nameStart: number,
  ) {
    this.end = start;
  }

  /** The members' values in source order, duplicates included. */
  get memberValues(): JsonValue[] {
    return (this.madeValues ??= this.makeCompactValues());
  }

  private makeCompactValues(): JsonValue[] {
    const names = this.compactNames;
    const values = this.compactValues;
    if (!names || !values) return NO_VALUES;
    const data = this.offsetData;
    const made = new Array<JsonValue>(names.length);
    for (let i = 0; i < names.length; i++) {
      const at = this.offsetSlot + i * 3;
      made[i] = scalarNode(
        values[i]!,
        this.text,
        data[at + 1]!,
        data[at + 2]!,
        this,
        names[i],
        data[at]!,
      );
    }
    return made;
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

  /* Templates (see Parser.parseObject): what the next sibling may find written the same way. */

  nameAt(index: number): string | undefined {
    if (this.compactNames) return this.compactNames[index];
    return this.madeValues?.[index]?.key as string | undefined;
  }

  /** The names array itself when names[base, base + count) are the same strings, in order. */
  sameNames(names: readonly string[], base: number, count: number): string[] | undefined {
    const own = this.compactNames;
    if (!own || own.length !== count) return undefined;
    for (let i = 0; i < count; i++) if (own[i] !== names[base + i]) return undefined;
    return own;
  }

  /** The member's string value when its literal was written without escapes. */
  rawStringAt(index: number): string | undefined {
    const values = this.compactValues;
    if (values) {
      const value = values[index];
      if (typeof value !== 'string') return undefined;
      const at = this.offsetSlot + index * 3;
      const data = this.offsetData;
      return data[at + 2]! - data[at + 1]! === value.length + 2 ? value : undefined;
    }
    const node = this.madeValues?.[index];
    return node instanceof StringNode && node.end - node.start === node.value.length + 2
      ? node.value
      : undefined;
  }

  objectAt(index: number): ObjectNode | undefined {
    const node = this.madeValues?.[index];
    return node instanceof ObjectNode && node.rawNames ? node : undefined;
  }

  /**
   * Index of the last member of that name while the object is still compact (-1 when it has no
   * such member); undefined once its nodes exist, which are then read instead.
   */
  private compactIndex(name: string): number | undefined {
    const names = this.compactNames;
    if (!names || this.madeValues) return undefined;
    // A loop, not lastIndexOf: measured twice as fast on these few names.
    let i = names.length - 1;
    while (i >= 0 && names[i] !== name) i--;
    return i;
  }

  has(name: string): boolean {
    const i = this.compactIndex(name);
    return i === undefined ? member(this, name) !== undefined : i !== -1;
  }

  /** The value of the last member of that name when it is a scalar (see scalarMember). */
  scalar(name: string): JsonScalar | typeof COMPOUND | undefined {
    const i = this.compactIndex(name);
    if (i === undefined) return nodeScalar(member(this, name));
    return i === -1 ? undefined : this.compactValues![i];
  }

  /** The number lexeme of the last member of that name when it is a number. */
  numberLexeme(name: string): string | undefined {
    const i = this.compactIndex(name);
    if (i === undefined) {
      const node = member(this, name);
      return node?.type === 'number' ? node.raw : undefined;
    }
    if (i === -1 || typeof this.compactValues![i] !== 'number') return undefined;
    const at = this.offsetSlot + i * 3;
    return this.text.slice(this.offsetData[at + 1], this.offsetData[at + 2]);
  }
}

/** A JSON scalar as a plain value: what a compact object keeps of each member. */
export type JsonScalar = string | number | boolean | null;

/** What scalarMember() gives for a member that is an object or an array. */
export const COMPOUND: unique symbol = Symbol('object or array');

/**
 * The value of an object's member when it is a string, number, boolean or null; COMPOUND when it
 * is an object or array; undefined when it is missing (with duplicate names, the last one, as
 * member()). For the rules that run once per item of a large array: on an object the parser
 * kept compact it reads the value without making the member nodes; a failure's place still
 * comes from member().
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
 * Whether every member of the object is a scalar, known without making member nodes for an
 * object the parser kept compact (a walk over a large document skips its leaves this way).
 */
export function holdsOnlyScalars(object: JsonObject): boolean {
  if (object instanceof ObjectNode && object.compactNames && !object.madeValues) return true;
  for (const value of object.memberValues)
    if (value.type === 'object' || value.type === 'array') return false;
  return true;
}

/**
 * Calls `visit` with each member name of the object in source order (duplicates included),
 * without making the member nodes of an object the parser kept compact; stops when it returns
 * true, and says whether it did.
 */
export function someMemberName(object: JsonObject, visit: (name: string) => boolean): boolean {
  if (object instanceof ObjectNode && object.compactNames) {
    for (const name of object.compactNames) if (visit(name)) return true;
    return false;
  }
  for (const value of object.memberValues) if (visit(value.key as string)) return true;
  return false;
}

/** A number member's lexeme as written ("1", "1.0"), undefined when it is not a number. */
export function numberLexeme(object: JsonObject, name: string): string | undefined {
  if (object instanceof ObjectNode) return object.numberLexeme(name);
  const node = member(object, name);
  return node?.type === 'number' ? node.raw : undefined;
}

/**
 * The offsets of compact objects' members, three per member (name, value start, value end),
 * written into chunks shared by every parse in this thread (a JavaScript thread parses one text
 * at a time): numbers there are not objects the collector copies, and a small document (a JSON
 * Lines record, its payload) allocates no typed array of its own. A chunk lives as long as an
 * object whose offsets it holds.
 */
const OFFSET_CHUNK = 3 * 8192;
const NO_OFFSETS = new Int32Array(0);
let offsetChunk = NO_OFFSETS;
let offsetsUsed = 0;

function storeOffsets(
  node: ObjectNode | ArrayNode,
  source: readonly number[],
  from: number,
  count: number,
): void {
  if (offsetsUsed + count > offsetChunk.length) {
    offsetChunk = new Int32Array(Math.max(OFFSET_CHUNK, count));
    offsetsUsed = 0;
  }
  const chunk = offsetChunk;
  const at = offsetsUsed;
  for (let i = 0; i < count; i++) chunk[at + i] = source[from + i]!;
  offsetsUsed = at + count;
  node.offsetData = chunk;
  node.offsetSlot = at;
}

/** The node of a member the parser kept as a plain value. */
function scalarNode(
  value: JsonScalar,
  text: string,
  start: number,
  end: number,
  parent: JsonObject | JsonArray,
  key: string | number | undefined,
  nameStart: number,
): JsonValue {
  if (typeof value === 'string') return new StringNode(value, start, end, parent, key, nameStart);
  if (typeof value === 'number')
    return new NumberNode(text.slice(start, end), value, start, end, parent, key, nameStart);
  if (value === null) return new NullNode(start, end, parent, key, nameStart);
  return new BooleanNode(value, start, end, parent, key, nameStart);
}

/**
 * The value of the valid number lexeme text[start, end): a short plain integer from its digits
 * (no string made), anything else through Number(), as JSON.parse reads it.
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
