/**
 * The syntax pass over a batch, before any of it is verified (batch-records.ts): is every
 * record one JSON value as the JSON reader reads it, where is each, and could the records be a
 * job timeline. It builds no tree of the reader's.
 *
 * JSON.parse judges first and the reader decides whatever JSON.parse does not accept (a byte
 * order mark opening a JSON Lines file, and every error, which is reported in the reader's
 * words at the reader's place) or cannot judge (nesting past the reader's limit). So a record passes here
 * exactly when the reader reads it: both follow RFC 8259, and batch-syntax.test.ts holds them
 * to it on every input of the reader's own tests.
 *
 * Why JSON.parse and not the reader itself: parsing each record with the reader and dropping
 * its tree is about as fast, and a hand-written validator was slower than either, but
 * JSON.parse builds less and allocates apart from the reader's code, so what V8 learns about
 * the reader's allocations from one large document cannot slow the syntax pass of the next.
 */
import { JSON_MAX_DEPTH } from './bounds';
import { parseJsonSlice } from './json/parse';
import type { SourceText } from './json/position';
import {
  timelineItemOf,
  timelineItemOfPlain,
  timelineShape,
  type TimelineItem,
  type TimelineShape,
} from './kinds/timeline';

/**
 * Checks that `source.text[start, end)` is one JSON value as the reader reads it, and says how
 * it counts toward the timeline test. Throws the reader's JsonSyntaxError when it is not.
 */
export function checkRecord(source: SourceText, start: number, end: number): TimelineItem {
  const text = source.text.slice(start, end);
  if (!mayNestPastLimit(text)) {
    try {
      return timelineItemOfPlain(JSON.parse(text));
    } catch {
      // The reader decides, and says where and why.
    }
  }
  return timelineItemOf(parseJsonSlice(source, start, end).root);
}

/**
 * How the JSON Lines record `source.text[start, end)` counts toward its text being a job
 * timeline: the one rule for a text verified whole (detect.ts) and a file streamed record by
 * record (json-lines.ts), so both take the same bytes for the same kind. A record too long to
 * read counts as an object that is no entry. Throws the reader's JsonSyntaxError when the
 * record is not one JSON value.
 */
export function recordTimelineItem(
  source: SourceText,
  start: number,
  end: number,
  tooLong: boolean,
): TimelineItem {
  return tooLong ? 'object' : checkRecord(source, start, end);
}

/** Whether `text` has more `{` and `[` than the reader's nesting limit (inside strings too). */
function mayNestPastLimit(text: string): boolean {
  let count = 0;
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1))
    if (++count > JSON_MAX_DEPTH) return true;
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1))
    if (++count > JSON_MAX_DEPTH) return true;
  return false;
}

/** Where a batch array and its items are in the text: item start and end offsets in pairs. */
export interface ArrayItems {
  start: number;
  end: number;
  spans: number[];
}

/**
 * The items of a JSON array batch, when the whole text is an array of one or more values that
 * JSON.parse accepts, that nests no deeper than the reader allows and that is not a job
 * timeline (whose entries are verified together, from one tree). Otherwise undefined: the text
 * is then read whole, as any other document.
 */
export function arrayBatchItems(text: string, midFile = false): ArrayItems | undefined {
  // The reader tolerates a byte order mark at the very start of a file (not at the start of a
  // JSON Lines record further in: ParseOptions.midFile); JSON.parse never does.
  const from = text.charCodeAt(0) === 0xfeff && !midFile ? 1 : 0;
  let value: unknown;
  try {
    value = JSON.parse(from === 0 ? text : text.slice(from));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0) return undefined;
  let shape: TimelineShape = 'no-object';
  for (const item of value) shape = timelineShape(shape, timelineItemOfPlain(item));
  if (shape === 'timeline') return undefined;
  const { start, end, spans, depth } = arrayLayout(text, from);
  // (The count check is a guard: on text JSON.parse accepted the scan finds every item.)
  if (depth > JSON_MAX_DEPTH || spans.length !== 2 * value.length) return undefined;
  return { start, end, spans };
}

/**
 * Where the array that `text` holds from `from` on (valid JSON, an array) and its items are,
 * and how deep it nests: one scan that steps over strings and counts brackets. An item runs from its first
 * character to its last, as the reader's node does.
 */
function arrayLayout(text: string, from: number): ArrayItems & { depth: number } {
  const spans: number[] = [];
  let start = 0;
  let end = text.length;
  let depth = 0;
  let deepest = 0;
  let itemStart = -1;
  /** Just past the last character of a value seen. */
  let valueEnd = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (depth === 1 && itemStart === -1 && c !== 0x2c && c !== 0x5d) itemStart = i;
    if (c === 0x22 /* " */) {
      i = closingQuote(text, i);
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (depth === 0) start = i;
      deepest = Math.max(deepest, ++depth);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (--depth === 0) {
        if (itemStart !== -1) spans.push(itemStart, valueEnd);
        end = i + 1;
        break;
      }
    } else if (c === 0x2c /* , */ && depth === 1) {
      spans.push(itemStart, valueEnd);
      itemStart = -1;
      continue;
    }
    valueEnd = i + 1;
  }
  return { start, end, spans, depth: deepest };
}

/** The offset of the quote that closes the string opening at `open`. */
function closingQuote(text: string, open: number): number {
  for (let i = text.indexOf('"', open + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    // Escaped when an odd number of backslashes runs up to it.
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return text.length;
}
