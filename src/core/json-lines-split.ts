/**
 * The JSON Lines rules, and the one splitter that applies them to a text (detect.ts, a text
 * verified whole) and to bytes (json-lines.ts: the app's streamed files and the command line's
 * `--jsonl`), so both cut and count records the same way: a line ends at LF (a CR before it stays
 * in the line); a line is blank when String.prototype.trim() leaves nothing of it; a line longer
 * than MAX_RECORD_BYTES (in UTF-8) is a record that is not read. Kept apart from the stream
 * reader (json-lines.ts): detection is in the Worker's first chunk, the stream reader only in the
 * streamed files' chunk.
 */

import { MAX_RECORD_BYTES } from './bounds';
import { utf8Length } from './encoding/utf8';

/**
 * The core's rule for what is JSON Lines (detect.ts): at least this many non-blank lines, the
 * first of which is a JSON value alone (opensJsonLines). Fewer, and the text is one document.
 */
export const MIN_JSON_LINES_RECORDS = 2;

/** One line, as the splitter hands it over. */
export interface JsonLine {
  /** Where the line is, without its LF: UTF-16 offsets in a text, byte offsets in bytes. */
  start: number;
  end: number;
  /** Longer than MAX_RECORD_BYTES in UTF-8: a record, never read. */
  tooLong: boolean;
  /** Nothing but what trim() removes; never said of a line too long to read. */
  blank: boolean;
}

/** How lines are found and judged in one kind of input: its units are UTF-16 or bytes. */
interface LineRules<T> {
  lineFeed: (input: T, from: number) => number;
  tooLong: (input: T, start: number, end: number) => boolean;
  blank: (input: T, start: number, end: number) => boolean;
}

/**
 * Cuts `input[from, to)` into lines by `rules`. One object is handed over for every line, changed
 * in place: read it before asking for the next line.
 */
function* splitLines<T extends string | Uint8Array>(
  input: T,
  rules: LineRules<T>,
  from: number,
  to: number,
): Generator<Readonly<JsonLine>> {
  const line: JsonLine = { start: 0, end: 0, tooLong: false, blank: false };
  for (let start = from; start < to; start = line.end + 1) {
    let end = rules.lineFeed(input, start);
    if (end === -1 || end > to) end = to;
    line.start = start;
    line.end = end;
    line.tooLong = rules.tooLong(input, start, end);
    line.blank = !line.tooLong && rules.blank(input, start, end);
    yield line;
  }
}

const TEXT_RULES: LineRules<string> = {
  lineFeed: (text, from) => text.indexOf('\n', from),
  tooLong: (text, start, end) => textTooLong(text, start, end),
  blank: (text, start, end) => isBlankText(text, start, end),
};

const BYTE_RULES: LineRules<Uint8Array> = {
  lineFeed: (bytes, from) => bytes.indexOf(0x0a, from),
  tooLong: (_bytes, start, end) => end - start > MAX_RECORD_BYTES,
  blank: (bytes, start, end) => isBlankBytes(bytes, start, end),
};

/** A text cut into lines (see the rules above): a text verified whole (detect.ts). */
export function splitTextLines(
  text: string,
  from = 0,
  to = text.length,
): Generator<Readonly<JsonLine>> {
  return splitLines(text, TEXT_RULES, from, to);
}

/** Bytes cut into lines by the same rules: the streaming readers (json-lines.ts). */
export function splitByteLines(
  bytes: Uint8Array,
  from = 0,
  to = bytes.length,
): Generator<Readonly<JsonLine>> {
  return splitLines(bytes, BYTE_RULES, from, to);
}

/**
 * Whether `text[start, end)` takes more than MAX_RECORD_BYTES in UTF-8, as a stream's line is
 * measured. Counted only for a slice long enough to be in doubt.
 */
function textTooLong(text: string, start: number, end: number): boolean {
  if (end - start > MAX_RECORD_BYTES) return true;
  if (3 * (end - start) <= MAX_RECORD_BYTES) return false;
  return utf8Length(text, start, end) > MAX_RECORD_BYTES;
}

/**
 * Whether `text[start, end)` is blank. A line opening with printable ASCII other than a space is
 * not (most open with `{`): only the others are sliced and trimmed.
 */
export function isBlankText(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (start < end && first > 0x20 && first < 0x7f) return false;
  return text.slice(start, end).trim().length === 0;
}

/** JSON whitespace and the other ASCII bytes String.prototype.trim() removes. */
function isAsciiSpace(byte: number): boolean {
  return (
    byte === 0x20 ||
    byte === 0x0a ||
    byte === 0x0d ||
    byte === 0x09 ||
    byte === 0x0b ||
    byte === 0x0c
  );
}

let utf8: TextDecoder | undefined;

/**
 * Whether `bytes[start, end)` is blank as trim() says of its text. Decides from the first byte
 * that is not ASCII space when it can: a JSON record starts with one.
 */
function isBlankBytes(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i < end && isAsciiSpace(bytes[i]!)) i++;
  if (i === end) return true;
  if (bytes[i]! < 0x80) return false;
  // Non-ASCII (e.g. U+00A0, U+FEFF, which trim() removes): decide on the text itself.
  try {
    utf8 ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return utf8.decode(bytes.subarray(i, end)).trim() === '';
  } catch {
    return false;
  }
}
