/**
 * A report as one line of JSON in the compact form (output.ts, CheckForm): the text
 * JSON.stringify(cliReportJson(report, 'compact')) gives, written straight from the report.
 *
 * Records of one stream mostly differ only in their name: a receipt's line repeats its
 * dimensions, checks, passes, limits and profiles from the record before. So a line is written
 * as its name and its tail — everything after the name but its children — and the tail is said
 * as a sequence of pieces (member names and punctuation, the report's strings and numbers); the
 * text of a sequence seen a moment ago is reused (RecentTails) rather than made again.
 */
import { REPORT_VERSION, type Check, type Report } from '../core';

/** JSON text that is the same in every line: punctuation and member names. */
class Literal {
  constructor(readonly text: string) {}
}

/** A piece of a tail: fixed text, or a value written as JSON. */
type Piece = Literal | string | number;

const lit = (text: string) => new Literal(text);
const KIND = lit(',"kind":');
const VERDICT = lit(',"verdict":');
const DIMENSIONS_OPEN = lit(',"dimensions":{');
const DIMENSION_STATUS = lit(':{"status":');
const DIMENSION_SUMMARY = lit(',"summary":');
const CLOSE_OBJECT = lit('}');
const COMMA = lit(',');
const CHECKS_OPEN = lit(',"checks":[');
const CHECKS_AFTER_DIMENSIONS = lit('},"checks":[');
const CHECK_RULE = lit('{"rule":');
const CHECK_DIMENSION = lit(',"dimension":');
const CHECK_STATUS = lit(',"status":');
const CHECK_MESSAGE = lit(',"message":');
const CHECK_PATH = lit(',"path":');
const CHECK_LINE = lit(',"line":');
const CHECK_COLUMN = lit(',"column":');
const CHECK_EXPECTED = lit(',"expected":');
const CHECK_FOUND = lit(',"found":');
const CHECK_SUBJECT = lit(',"subject":');
const CLOSE_LIST = lit(']');
const PASSED_OPEN = lit('],"passed":{');
const PASSED_LIST = lit(':[');
const LIMITS_OPEN = lit('},"limits":[');
const PROFILES_OPEN = lit('],"profiles":[');
const PROFILE_ID = lit('{"id":');
const PROFILE_LABEL = lit(',"label":');
const PROFILE_STATUS = lit(',"status":');
const PROFILE_OWN_CHECKS = lit(',"own_checks":');
const PROFILE_REASONS = lit(',"reasons":[');
const CLOSE_LIST_OBJECT = lit(']}');

const HEAD = `{"report_version":${JSON.stringify(REPORT_VERSION)},"file":`;

const encoder = new TextEncoder();
const HEAD_BYTES = encoder.encode(HEAD);
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/** A tail's text, and its UTF-8 once it has been written as bytes a second time. */
interface Tail {
  pieces: Piece[];
  text: string;
  bytes?: Uint8Array;
  /** Times it was written as bytes. */
  written: number;
}

/**
 * The tails of the last few lines, each with its text: a tail whose pieces are those of one of
 * them, the same strings and numbers in the same order, has its text. A few, not every tail
 * seen: a stream of mostly new values then costs a few comparisons a line, each ending at the
 * first piece that differs, and the memory held stays a few lines' worth.
 */
class RecentTails {
  /**
   * The pieces of the tail begun: the first `count`, kept from tail to tail. While they are
   * those of the most recent tail (`following`), they are only compared with its pieces, not
   * stored: most lines repeat the tail of the line before.
   */
  private readonly pieces: Piece[] = [];
  private count = 0;
  private following: Tail | undefined;
  /** Most recently used first. */
  private readonly recent: Tail[] = [];

  constructor(private readonly size: number) {}

  /** Starts a tail (the one before it is done: tails do not nest). */
  begin(): void {
    this.count = 0;
    this.following = this.recent[0];
  }

  add(piece: Piece): void {
    const following = this.following;
    if (following !== undefined) {
      if (following.pieces[this.count] === piece) {
        this.count++;
        return;
      }
      // The tail parts from the one before here: the pieces so far are its pieces.
      this.stopFollowing(following);
    }
    this.pieces[this.count++] = piece;
  }

  /** The pieces so far, which matched the most recent tail's, are stored as this tail's own. */
  private stopFollowing(following: Tail): void {
    this.following = undefined;
    for (let i = 0; i < this.count; i++) this.pieces[i] = following.pieces[i]!;
  }

  /** The tail begun, with its text. */
  end(): Tail {
    const count = this.count;
    const recent = this.recent;
    const following = this.following;
    if (following !== undefined && following.pieces.length === count) return following;
    // The most recent tail with more pieces than this one: the pieces are its first ones.
    if (following !== undefined) this.stopFollowing(following);
    const pieces = this.pieces;
    for (let e = 1; e < recent.length; e++) {
      const entry = recent[e]!;
      if (samePieces(entry.pieces, pieces, count)) {
        recent.unshift(...recent.splice(e, 1));
        return entry;
      }
    }
    // Joined, the text is one flat string: a line is then three strings to copy, not a hundred.
    const own = pieces.slice(0, count);
    const entry: Tail = { pieces: own, text: own.map(pieceText).join(''), written: 0 };
    recent.unshift(entry);
    if (recent.length > this.size) recent.pop();
    return entry;
  }
}

/** Whether `a` is the first `count` pieces of `b`. */
function samePieces(a: readonly Piece[], b: readonly Piece[], count: number): boolean {
  if (a.length !== count) return false;
  for (let i = 0; i < count; i++) if (a[i] !== b[i]) return false;
  return true;
}

function pieceText(piece: Piece): string {
  if (piece instanceof Literal) return piece.text;
  return typeof piece === 'string' ? quoted(piece) : JSON.stringify(piece);
}

/** JSON text of strings seen before (a new tail still repeats most of its strings). */
const quotedText = new Map<string, string>();
/**
 * Strings remembered at most (past it the memo starts over: a file of ever-new values), and
 * their longest: a long value (a found value quoting a document) is rarely met twice.
 */
const QUOTED_MAX = 4096;
const QUOTED_LENGTH_MAX = 512;

function quoted(s: string): string {
  if (s.length > QUOTED_LENGTH_MAX) return JSON.stringify(s);
  let text = quotedText.get(s);
  if (text === undefined) {
    text = JSON.stringify(s);
    if (quotedText.size >= QUOTED_MAX) quotedText.clear();
    quotedText.set(s, text);
  }
  return text;
}

/** A stream's records mostly fall into a few kinds of outcome, each its own tail. */
const tails = new RecentTails(8);

/** The compact line of a report (and its children, nested). */
export function compactLine(report: Report): string {
  let line = HEAD + JSON.stringify(report.source) + tailOf(report).text;
  if (report.children) line += childrenText(report.children);
  return line + '}';
}

function childrenText(children: readonly Report[]): string {
  return ',"children":[' + children.map(compactLine).join(',') + ']';
}

/**
 * Lines written as UTF-8 into one buffer that grows as needed: a block's output, handed to
 * the writing thread as it is. A repeated tail is copied as bytes encoded once, not encoded
 * again for every line.
 */
export class Utf8Lines {
  private bytes: Uint8Array<ArrayBuffer>;
  private at = 0;

  /** Writes into `buffer` (from its start) or into a new one of `capacity` bytes. */
  constructor(buffer: ArrayBuffer | number) {
    this.bytes =
      typeof buffer === 'number' ? new Uint8Array(Math.max(buffer, 1024)) : new Uint8Array(buffer);
  }

  /** Appends the compact line of a report, and a newline. */
  compactLine(report: Report): void {
    this.raw(HEAD_BYTES);
    this.quoted(report.source);
    const tail = tailOf(report);
    // A tail is encoded once it has been met twice: most are met thousands of times, some once.
    if (tail.bytes) this.raw(tail.bytes);
    else if (++tail.written === 2) this.raw((tail.bytes = encoder.encode(tail.text)));
    else this.text(tail.text);
    if (report.children) this.text(childrenText(report.children));
    this.byte(CLOSE_BRACE);
    this.byte(NEWLINE);
  }

  /** Appends a line of text, and a newline. */
  line(text: string): void {
    this.text(text);
    this.byte(NEWLINE);
  }

  /** The lines written: a view of the buffer, which is theirs alone. */
  done(): Uint8Array<ArrayBuffer> {
    return this.bytes.subarray(0, this.at);
  }

  private text(text: string): void {
    // UTF-8 takes at most three bytes for each UTF-16 code unit.
    this.room(text.length * 3);
    this.at += encoder.encodeInto(text, this.bytes.subarray(this.at)).written;
  }

  /**
   * A string as JSON: a name of printable ASCII (the usual one) byte by byte, without a string
   * and a view of the buffer made for it; any other name as JSON.stringify writes it.
   */
  private quoted(text: string): void {
    const n = text.length;
    this.room(n + 2);
    const bytes = this.bytes;
    let at = this.at;
    bytes[at++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code === QUOTE || code === BACKSLASH || code > 0x7e) {
        this.text(JSON.stringify(text));
        return;
      }
      bytes[at++] = code;
    }
    bytes[at++] = QUOTE;
    this.at = at;
  }

  private raw(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }

  private byte(value: number): void {
    this.room(1);
    this.bytes[this.at++] = value;
  }

  private room(length: number): void {
    if (this.at + length <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + length));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }
}

/** A line's passes, gathered in the walk over its checks (kept from line to line). */
const PASS_RULES: string[] = [];
const PASS_PATHS: string[] = [];

/** The line after `"file":…`, without its children and the closing brace. */
function tailOf(report: Report): Tail {
  tails.begin();
  tails.add(KIND);
  tails.add(report.kind);
  tails.add(VERDICT);
  tails.add(report.verdict);
  // A record of no known kind gets the short entry (output.ts, cliReportJson).
  const short = report.kind === 'unknown' && !report.children;
  if (short) tails.add(CHECKS_OPEN);
  else {
    tails.add(DIMENSIONS_OPEN);
    const dimensions = report.dimensions;
    let first = true;
    for (const name of Object.keys(dimensions) as (keyof Report['dimensions'])[]) {
      if (!first) tails.add(COMMA);
      first = false;
      const dimension = dimensions[name];
      tails.add(name);
      tails.add(DIMENSION_STATUS);
      tails.add(dimension.status);
      tails.add(DIMENSION_SUMMARY);
      tails.add(dimension.summary);
      tails.add(CLOSE_OBJECT);
    }
    tails.add(CHECKS_AFTER_DIMENSIONS);
  }
  // The passes are gathered in the one walk over the checks (a lazy pass makes its pointer each
  // time it is read).
  const checks = report.checks;
  const passRules = PASS_RULES;
  const passPaths = PASS_PATHS;
  passRules.length = 0;
  passPaths.length = 0;
  let shown = 0;
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i]!;
    if (check.status === 'pass') {
      passRules.push(check.rule);
      passPaths.push(check.path);
    } else {
      if (shown++ > 0) tails.add(COMMA);
      addCheck(check);
    }
  }
  if (short && passRules.length === 0) {
    tails.add(CLOSE_LIST);
    return tails.end();
  }
  tails.add(PASSED_OPEN);
  addPassed(passRules, passPaths);
  if (short) {
    tails.add(CLOSE_OBJECT);
    return tails.end();
  }
  tails.add(LIMITS_OPEN);
  addStrings(report.limits);
  if (report.profiles) {
    tails.add(PROFILES_OPEN);
    const profiles = report.profiles;
    for (let i = 0; i < profiles.length; i++) {
      const p = profiles[i]!;
      if (i > 0) tails.add(COMMA);
      tails.add(PROFILE_ID);
      tails.add(p.id);
      tails.add(PROFILE_LABEL);
      tails.add(p.label);
      tails.add(PROFILE_STATUS);
      tails.add(p.status);
      if (p.ownChecks !== undefined) {
        tails.add(PROFILE_OWN_CHECKS);
        tails.add(p.ownChecks);
      }
      tails.add(PROFILE_REASONS);
      for (let r = 0; r < p.reasons.length; r++) {
        if (r > 0) tails.add(COMMA);
        tails.add(p.reasons[r]!.message);
      }
      tails.add(CLOSE_LIST_OBJECT);
    }
  }
  tails.add(CLOSE_LIST);
  return tails.end();
}

/** A check as the core renders it (toCliJson): the members it has, in that order. */
function addCheck(check: Check): void {
  tails.add(CHECK_RULE);
  tails.add(check.rule);
  tails.add(CHECK_DIMENSION);
  tails.add(check.dimension);
  tails.add(CHECK_STATUS);
  tails.add(check.status);
  tails.add(CHECK_MESSAGE);
  tails.add(check.message);
  tails.add(CHECK_PATH);
  tails.add(check.path);
  const range = check.range;
  if (range) {
    tails.add(CHECK_LINE);
    tails.add(range.line);
    tails.add(CHECK_COLUMN);
    tails.add(range.column);
  }
  if (check.expected !== undefined) {
    tails.add(CHECK_EXPECTED);
    tails.add(check.expected);
  }
  if (check.found !== undefined) {
    tails.add(CHECK_FOUND);
    tails.add(check.found);
  }
  if (check.subject !== undefined) {
    tails.add(CHECK_SUBJECT);
    tails.add(check.subject);
  }
  tails.add(CLOSE_OBJECT);
}

/** Rule id → the pointers it passed at, rules in the order they first passed. */
function addPassed(rules: readonly string[], paths: readonly string[]): void {
  // Compared in loops, not found with indexOf: a line has a dozen or two passes.
  const n = rules.length;
  for (let i = 0; i < n; i++) {
    const rule = rules[i]!;
    let before = false;
    for (let k = 0; k < i && !before; k++) before = rules[k] === rule;
    if (before) continue;
    if (i > 0) tails.add(COMMA);
    tails.add(rule);
    tails.add(PASSED_LIST);
    tails.add(paths[i]!);
    for (let j = i + 1; j < n; j++) {
      if (rules[j] !== rule) continue;
      tails.add(COMMA);
      tails.add(paths[j]!);
    }
    tails.add(CLOSE_LIST);
  }
}

function addStrings(items: readonly string[]): void {
  for (let i = 0; i < items.length; i++) {
    if (i > 0) tails.add(COMMA);
    tails.add(items[i]!);
  }
}
