/**
 * The strict pass over a JSON text (RFC 8259): grammar, escapes, nesting depth and duplicate
 * member names, with the error a reader gives in its own words at its own place. It makes no
 * value: the tree (parse.ts) is read from the text afterwards, only where a rule asks, with
 * the help of the tape this pass writes — where each non-empty object and array ends.
 */
import { JSON_MAX_DEPTH } from '../bounds';
import { LINE_STEP, SourceText, type Position } from './position';

/** The reader's nesting bound unless a caller asks for less (bounds.ts declares it). */
export const DEFAULT_MAX_DEPTH = JSON_MAX_DEPTH;

export interface ScanOptions {
  maxDepth?: number;
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

/**
 * The tape: three numbers per object or array that is not empty, in the order they open —
 * the offset just past its closing bracket, the tape index after everything inside it, and
 * how many members or items it has. An empty one has no entry: its end is a bracket away.
 */
export const TAPE_STRIDE = 3;
export const TAPE_END = 0;
export const TAPE_NEXT = 1;
export const TAPE_COUNT = 2;

/** A repeated member name, as the scan found it. */
export interface ScannedDuplicate {
  /** Offset of the `{` of the object holding it. */
  objectStart: number;
  name: string;
  /** Offset of the opening quote of the repeated name. */
  nameStart: number;
}

export interface Scan {
  source: SourceText;
  /** Where the value is: its first character and just past its last. */
  start: number;
  end: number;
  /** See TAPE_STRIDE; its length is `TAPE_STRIDE ×` the number of entries. */
  tape: ArrayLike<number>;
  duplicates: ScannedDuplicate[];
  /**
   * Every string and member name is printable ASCII written without a \b, \f or \u escape: no
   * bidi control, invisible character, control or lone surrogate can be in the text's values.
   */
  plain: boolean;
  /** Some string or member name has an escape (when none has, a literal's value is its inside). */
  escapes: boolean;
  /** Offsets of the objects that have both a canonical_bytes and an output_hash member, in order. */
  commitments: readonly number[];
}

/** The run of string characters that need no attention: not a quote, backslash or control. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it stops at
const PLAIN_STRING_RUN = /[^"\\\u0000-\u001f]*/y;
/** The same run while the text seen so far is printable ASCII: U+0020..U+007E, no quote or backslash. */
const ASCII_STRING_RUN = /[\x20\x21\x23-\x5b\x5d-\x7e]*/y;

/** Up to this many members, duplicate names are found by comparing each with every earlier one. */
const SMALL_OBJECT = 16;

const HAS_CANONICAL_BYTES = 1;
const HAS_OUTPUT_HASH = 2;

/** Scans `source.text[start, end)` as one JSON value; throws JsonSyntaxError where it is not. */
export function scanJson(
  source: SourceText,
  start = 0,
  end = source.text.length,
  options: ScanOptions = {},
): Scan {
  const scanner = new Scanner(source, start, end, options);
  const scan = scanner.document();
  if (start === 0 && end === source.text.length) scanner.handOverLines();
  return scan;
}

const NO_TAPE: readonly number[] = [];
const NONE: readonly number[] = [];
const NO_DUPLICATES: ScannedDuplicate[] = [];

/**
 * The names of the objects being read and the tape being written, shared by every scan (one
 * runs at a time in a thread): a JSON Lines record and its payload, scanned by the thousand,
 * allocate none for them. A names array that grew large for a large document is let go of
 * after it; a tape that outgrew its scratch array is the scan's own (see Scanner.tapeOut).
 */
const SCRATCH = {
  names: new Int32Array(4 * 256),
  tape: new Int32Array(TAPE_STRIDE * 256),
  keep(names: Int32Array<ArrayBuffer>): void {
    if (names.length <= 1 << 16) this.names = names;
  },
};

class Scanner {
  private readonly text: string;
  private pos: number;
  private readonly limit: number;
  private readonly maxDepth: number;
  private readonly midFile: boolean;
  private depth = 0;
  private plain = true;
  /** The string literal just read had an escape. */
  private escaped = false;
  private escapes = false;
  /** The tape being written: the scratch one until it is outgrown, then one of its own. */
  private tape = SCRATCH.tape;
  private tapeLength = 0;
  private duplicates: ScannedDuplicate[] | undefined;
  private commitments: number[] | undefined;
  /**
   * The member names of the objects being read, innermost object last: for each, where its
   * literal starts and ends, the hash of what it spells, and whether it has an escape.
   */
  private names = SCRATCH.names;
  private nameCount = 0;
  /** Per depth: a hash table of the names of a large object being read (see addName). */
  private tables: (Int32Array | undefined)[] | undefined;
  /** Line feeds met, and every LINE_STEP-th line's start (see SourceText). */
  private lineFeeds = 0;
  private marks: number[] | undefined;

  constructor(
    private readonly source: SourceText,
    start: number,
    end: number,
    options: ScanOptions,
  ) {
    this.text = source.text;
    this.pos = start;
    this.limit = end;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.midFile = options.midFile === true;
  }

  document(): Scan {
    // A UTF-8 byte order mark is tolerated at the very start of a file.
    if (this.pos === 0 && !this.midFile && this.text.charCodeAt(0) === 0xfeff) this.pos = 1;
    this.skipWhitespace();
    if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
    const start = this.pos;
    this.value();
    const end = this.pos;
    this.skipWhitespace();
    if (this.pos < this.limit) {
      this.fail(`Unexpected ${this.describeHere()} after the JSON value: expected end of input`);
    }
    SCRATCH.keep(this.names);
    return {
      source: this.source,
      start,
      end,
      tape: this.tapeOut(),
      duplicates: this.duplicates ?? NO_DUPLICATES,
      plain: this.plain,
      escapes: this.escapes,
      // Noted as each object closed: in document order once sorted by where they open.
      commitments: this.commitments?.sort((a, b) => a - b) ?? NONE,
    };
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
   * Steps over space, tab, line feed and carriage return (RFC 8259 whitespace), and nothing else.
   * A string holds no raw line feed, so every line feed of valid JSON is counted here.
   */
  private skipWhitespace(): void {
    const text = this.text;
    let p = this.pos;
    while (p < this.limit) {
      const c = text.charCodeAt(p);
      if (c === 0x20 || c === 0x0d || c === 0x09) p++;
      else if (c === 0x0a) {
        p++;
        if (++this.lineFeeds % LINE_STEP === 0) (this.marks ??= [0]).push(p);
      } else break;
    }
    this.pos = p;
  }

  /** After a scan of the whole text: where its lines start, for its positions. */
  handOverLines(): void {
    this.source.adoptMarks(this.marks ?? [0], this.lineFeeds);
  }

  private value(): void {
    const ch = this.text.charCodeAt(this.pos);
    switch (ch) {
      case 0x7b /* { */:
        return this.object();
      case 0x5b /* [ */:
        return this.array();
      case 0x22 /* " */:
        return this.string();
      case 0x74 /* t */:
        return this.word('true');
      case 0x66 /* f */:
        return this.word('false');
      case 0x6e /* n */:
        return this.word('null');
      default:
        if (ch === 0x2d || (ch >= 0x30 && ch <= 0x39)) return this.number();
        return this.fail(`Unexpected ${this.describeHere()}: expected a JSON value`);
    }
  }

  /** Steps over `true`, `false` or `null`, or fails. */
  private word(word: string): void {
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

  /** A tape entry for the container being opened (written when it closes); returns its index. */
  private openEntry(): number {
    const entry = this.tapeLength;
    this.tapeLength += TAPE_STRIDE;
    if (this.tapeLength > this.tape.length) {
      const grown = new Int32Array(this.tape.length * 2);
      grown.set(this.tape);
      this.tape = grown;
    }
    return entry;
  }

  /**
   * The written tape, for the scan's result: a copy in an array of numbers while it fits the
   * scratch tape (allocating a typed array costs more than reading the short documents that are
   * most of what is read: a JSON Lines record, a payload); the grown tape itself otherwise (an
   * array of numbers grown, entry by entry, to a large document's size costs more than a typed
   * array doubled).
   */
  private tapeOut(): ArrayLike<number> {
    const length = this.tapeLength;
    if (this.tape !== SCRATCH.tape) return this.tape.subarray(0, length);
    if (length === 0) return NO_TAPE;
    const tape: number[] = [];
    for (let i = 0; i < length; i++) tape.push(this.tape[i]!);
    return tape;
  }

  private closeEntry(entry: number, count: number): void {
    const tape = this.tape;
    tape[entry + TAPE_END] = this.pos;
    tape[entry + TAPE_NEXT] = this.tapeLength / TAPE_STRIDE;
    tape[entry + TAPE_COUNT] = count;
  }

  private object(): void {
    this.enter();
    const objectStart = this.pos;
    this.pos++; // {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      this.depth--;
      return;
    }
    const entry = this.openEntry();
    const base = this.nameCount;
    let found = 0;
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== 0x22 || this.pos >= this.limit) {
        this.fail(`Unexpected ${this.describeHere()}: expected a member name in double quotes`);
      }
      const nameStart = this.pos;
      this.escaped = false;
      this.string();
      const nameEnd = this.pos;
      const nameEscaped = this.escaped;
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x3a || this.pos >= this.limit) {
        this.fail(`Unexpected ${this.describeHere()}: expected ':' after member name`);
      }
      this.pos++;
      this.skipWhitespace();
      if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
      this.value();
      if (this.addName(base, nameStart, nameEnd, nameEscaped)) {
        const name = decodeJsonString(this.text, nameStart, nameEnd);
        (this.duplicates ??= []).push({ objectStart, name, nameStart });
      }
      found |= commitmentMember(this.text, nameStart, nameEnd, nameEscaped);
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
    if (found === (HAS_CANONICAL_BYTES | HAS_OUTPUT_HASH))
      (this.commitments ??= []).push(objectStart);
    this.closeEntry(entry, this.nameCount - base);
    this.nameCount = base;
    if (this.tables) this.tables[this.depth] = undefined;
    this.depth--;
  }

  /**
   * Adds a member name to the object whose names start at `base`; true when an earlier member
   * of that object has the same name. A small object compares it with each earlier name; a
   * large one keeps a hash table, so a hostile object with many members stays linear.
   */
  private addName(base: number, start: number, end: number, escaped: boolean): boolean {
    if (this.names.length < 4 * (this.nameCount + 1)) {
      const grown = new Int32Array(this.names.length * 2);
      grown.set(this.names);
      this.names = grown;
    }
    const index = this.nameCount++;
    const names = this.names;
    names[4 * index] = start;
    names[4 * index + 1] = end;
    names[4 * index + 2] = escaped ? 1 : 0;
    const count = index - base;
    if (count < SMALL_OBJECT) {
      // Names written without escapes are the same when their literals are (length first).
      const length = end - start;
      for (let i = base; i < index; i++) {
        if (names[4 * i + 2] === 0 && !escaped) {
          if (
            names[4 * i + 1]! - names[4 * i]! === length &&
            this.sameText(names[4 * i]!, start, length)
          )
            return true;
        } else if (this.sameName(i, index)) return true;
      }
      return false;
    }
    const tables = (this.tables ??= []);
    let table = tables[this.depth];
    if (!table || table.length < 2 * (count + 1)) {
      // (Re)build the table of this object's names: slot -> name index + 1, 0 when free; a
      // power of two at least four times the names, so a probe soon finds a free slot.
      let size = 64;
      while (size < 4 * (count + 1)) size *= 2;
      table = new Int32Array(size);
      tables[this.depth] = table;
      for (let i = base; i < index; i++) this.insert(table, i);
    }
    return this.insert(table, index);
  }

  /** Puts name `index` in `table` (its hash beside it), unless a name equal to it is there: then true. */
  private insert(table: Int32Array, index: number): boolean {
    const names = this.names;
    const hash = nameHash(
      this.text,
      names[4 * index]!,
      names[4 * index + 1]!,
      names[4 * index + 2] === 1,
    );
    names[4 * index + 3] = hash;
    const mask = table.length - 1;
    for (let slot = (hash ^ (hash >>> 15)) & mask; ; slot = (slot + 1) & mask) {
      const held = table[slot]!;
      if (held === 0) {
        table[slot] = index + 1;
        return false;
      }
      if (names[4 * (held - 1) + 3] === hash && this.sameName(held - 1, index)) return true;
    }
  }

  /** Whether text[a, a + length) and text[b, b + length) are the same. */
  private sameText(a: number, b: number, length: number): boolean {
    const text = this.text;
    for (let k = 1; k < length - 1; k++)
      if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
    return true;
  }

  /** Whether names i and j spell the same string (either may have escapes). */
  private sameName(i: number, j: number): boolean {
    const names = this.names;
    const a = names[4 * i]!;
    const b = names[4 * j]!;
    const length = names[4 * i + 1]! - a;
    if (names[4 * i + 2] === 0 && names[4 * j + 2] === 0)
      return names[4 * j + 1]! - b === length && this.sameText(a, b, length);
    return (
      decodeJsonString(this.text, a, names[4 * i + 1]!) ===
      decodeJsonString(this.text, b, names[4 * j + 1]!)
    );
  }

  private array(): void {
    this.enter();
    this.pos++; // [
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      this.depth--;
      return;
    }
    const entry = this.openEntry();
    let count = 0;
    for (;;) {
      if (this.pos >= this.limit) this.fail('Unexpected end of input: expected a JSON value');
      this.value();
      count++;
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
    this.closeEntry(entry, count);
    this.depth--;
  }

  /** Steps over a string literal starting at its opening quote; sets `escaped` on an escape. */
  private string(): void {
    const open = this.pos;
    const text = this.text;
    this.pos++;
    for (;;) {
      // The plain characters in one step (a sticky regular expression is faster than a loop).
      const run = this.plain ? ASCII_STRING_RUN : PLAIN_STRING_RUN;
      run.lastIndex = this.pos;
      run.test(text);
      this.pos = run.lastIndex;
      if (this.pos >= this.limit) this.fail("Unterminated string: expected '\"'", open);
      const code = text.charCodeAt(this.pos);
      if (code === 0x22) {
        this.pos++;
        return;
      }
      if (code === 0x5c) {
        this.escaped = true;
        this.escapes = true;
        this.escape();
        continue;
      }
      if (code < 0x20) this.fail(`Unescaped control character U+${hex4(code)} in string`);
      // Past the end of the ASCII run: from here on the text is not plain.
      this.plain = false;
      this.pos++;
    }
  }

  private escape(): void {
    const at = this.pos;
    const esc = this.text[this.pos + 1];
    this.pos += 2;
    switch (esc) {
      case '"':
      case '\\':
      case '/':
      case 'n':
      case 'r':
      case 't':
        return;
      case 'b':
      case 'f':
        this.plain = false;
        return;
      case 'u': {
        const digits = this.text.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(digits) || this.pos + 4 > this.limit) {
          this.fail('Invalid \\u escape: expected four hex digits', at);
        }
        this.pos += 4;
        this.plain = false;
        return;
      }
      default:
        this.fail(
          `Invalid escape '\\${esc ?? ''}': expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`,
          at,
        );
    }
  }

  /** Steps over a number lexeme (RFC 8259 grammar), or fails. */
  private number(): void {
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
  }
}

/** FNV-1a over the UTF-16 units a name literal spells (its escapes decoded). */
function nameHash(text: string, start: number, end: number, escaped: boolean): number {
  let hash = 0x811c9dc5 | 0;
  if (!escaped) {
    for (let i = start + 1; i < end - 1; i++)
      hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return hash;
  }
  const name = decodeJsonString(text, start, end);
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash;
}

/** Which of the two members of a carried commitment the name literal spells, as a bit. */
function commitmentMember(text: string, start: number, end: number, escaped: boolean): number {
  const length = end - start - 2;
  if (!escaped) {
    if (length === 15 && text.startsWith('canonical_bytes', start + 1)) return HAS_CANONICAL_BYTES;
    if (length === 11 && text.startsWith('output_hash', start + 1)) return HAS_OUTPUT_HASH;
    return 0;
  }
  const name = decodeJsonString(text, start, end);
  if (name === 'canonical_bytes') return HAS_CANONICAL_BYTES;
  return name === 'output_hash' ? HAS_OUTPUT_HASH : 0;
}

/**
 * The string a valid string literal `text[start, end)` (quotes included) spells. Lone
 * surrogates written as \u escapes are kept as they are: JSON allows them, the rules decide.
 */
export function decodeJsonString(text: string, start: number, end: number): string {
  let from = start + 1;
  let escape = text.indexOf('\\', from);
  if (escape === -1 || escape >= end) return text.slice(from, end - 1);
  let out = '';
  while (escape !== -1 && escape < end) {
    out += text.slice(from, escape);
    const esc = text.charCodeAt(escape + 1);
    if (esc === 0x75 /* u */) {
      out += String.fromCharCode(parseInt(text.slice(escape + 2, escape + 6), 16));
      from = escape + 6;
    } else {
      out += ESCAPED[esc]!;
      from = escape + 2;
    }
    escape = text.indexOf('\\', from);
  }
  return out + text.slice(from, end - 1);
}

/** What each one-character escape stands for, by the character's code. */
const ESCAPED: string[] = [];
ESCAPED[0x22] = '"';
ESCAPED[0x5c] = '\\';
ESCAPED[0x2f] = '/';
ESCAPED[0x62] = '\b';
ESCAPED[0x66] = '\f';
ESCAPED[0x6e] = '\n';
ESCAPED[0x72] = '\r';
ESCAPED[0x74] = '\t';

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function hex4(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0');
}
