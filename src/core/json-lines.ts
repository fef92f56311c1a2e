/**
 * JSON Lines read as a stream of bytes, record by record: the reader behind the app's streamed
 * files (src/worker/stream-batch.ts) and the command line's `--jsonl` (src/cli/json-lines.ts),
 * so both cut, number and hand over records the same way, and each record is then verified alone
 * through the core as a member of the whole file would be.
 *
 * Lines are cut by the one splitter (json-lines-split.ts), as a text verified whole is: blank
 * lines are skipped but counted as lines; a line that is not UTF-8 comes through as bytes (the
 * core says so in its report); one longer than MAX_RECORD_BYTES comes through as `oversized`,
 * without its bytes; a byte order mark is kept
 * (only the file's very first byte may be one: recordDocument tells the core which records do
 * not start the file). Pure: no Node or browser built-ins beyond TextDecoder.
 */
import { recordTimelineItem } from './batch-syntax';
import { concatBytes } from './encoding/hex';
import { JsonSyntaxError, parseJson } from './json/parse';
import { SourceText } from './json/position';
import { MAX_RECORD_BYTES } from './bounds';
import { splitByteLines } from './json-lines-split';
import { timelineShape, type TimelineItem, type TimelineShape } from './kinds/timeline';
import type { VerifiedReport } from './report-details';
import { recordTooLongReport } from './verify';
import { recordName } from './json-lines-record';

export { recordDocument } from './json-lines-record';

export { MIN_JSON_LINES_RECORDS } from './json-lines-split';

/** One record of a JSON Lines input: its content and where it stands. */
export interface JsonLinesRecord {
  /** 1-based number of the record among the non-blank lines ("line record 3"). */
  index: number;
  /** 1-based line number in the input. */
  line: number;
  /** Where the record's bytes stand in the input (without the line break). */
  offset: number;
  length: number;
  /** The record as text, when its bytes are UTF-8. */
  text?: string;
  /** Its bytes, when they are not UTF-8 (the core then reports where). */
  bytes?: Uint8Array;
  /** Set instead of the content when the record is longer than MAX_RECORD_BYTES. */
  oversized?: true;
}

/**
 * Whole lines of the input, cut where a line ends, with what numbering their records needs:
 * finding line ends and counting records is cheap, so a reading thread can hand blocks to
 * workers that do the rest (decoding, parsing, verifying).
 */
export interface LineBlock {
  /** Its own copy of the bytes (it may be moved to another thread whole). */
  bytes: Uint8Array;
  /** 1-based line number of its first line. */
  firstLine: number;
  /** Byte offset in the input of its first byte. */
  firstOffset: number;
  /** Records (non-blank lines) before it in the input. */
  recordsBefore: number;
  /** Records (non-blank lines) in it. */
  records: number;
  /**
   * Set for a single line longer than MAX_RECORD_BYTES: its bytes are not kept, only its
   * length (in `oversizedLength`).
   */
  oversized?: true;
  oversizedLength?: number;
}

/** How large a block may grow: whichever limit is reached first ends it. */
export interface BlockLimits {
  lines: number;
  bytes: number;
}

/**
 * Default block size: small enough to keep memory bounded and workers evenly fed, large
 * enough that handing a block over costs little next to verifying it.
 */
export const DEFAULT_BLOCK_LIMITS: BlockLimits = { lines: 1000, bytes: 512 * 1024 };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A copy of the bytes in a buffer of their own: a stream may reuse its chunk buffers, and a
 * block may be moved to another thread. (Not `.slice()`: on a Node Buffer it copies nothing.)
 */
function copyOf(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/**
 * Splits a byte stream into blocks of whole lines (see LineBlock). A line longer than
 * MAX_RECORD_BYTES becomes an `oversized` block of its own and the stream goes on.
 */
export async function* jsonLinesBlocks(
  stream: AsyncIterable<Uint8Array>,
  limits: BlockLimits = DEFAULT_BLOCK_LIMITS,
): AsyncGenerator<LineBlock> {
  /** The start of a line not yet ended, copied. */
  let carry: Uint8Array[] = [];
  let carryBytes = 0;
  /** The line not yet ended is too long: it is counted (carryBytes), not kept. */
  let oversized = false;
  let line = 1;
  let records = 0;
  /** Offset in the input of the first byte not yet in a block. */
  let offset = 0;
  /** The block of one line too long to read, `length` bytes without its line break. */
  const oversizedBlock = (length: number): LineBlock => ({
    bytes: new Uint8Array(),
    firstLine: line,
    firstOffset: offset,
    recordsBefore: records,
    records: 1,
    oversized: true,
    oversizedLength: length,
  });
  /** Cuts `bytes` (whole lines, each ending in a newline but perhaps the last) into blocks. */
  function* cut(bytes: Uint8Array): Generator<LineBlock> {
    let blockStart = 0;
    let blockFirstLine = line;
    let blockRecords = 0;
    let lines = 0;
    for (const { end, tooLong, blank } of splitByteLines(bytes)) {
      // A line too long to read is a record whatever it holds (blockRecords reports it so).
      if (tooLong || !blank) blockRecords++;
      lines++;
      line++;
      const start = end + 1;
      if (lines === limits.lines || start - blockStart >= limits.bytes || start >= bytes.length) {
        const blockEnd = Math.min(start, bytes.length);
        yield {
          bytes: copyOf(bytes.subarray(blockStart, blockEnd)),
          firstLine: blockFirstLine,
          firstOffset: offset,
          recordsBefore: records,
          records: blockRecords,
        };
        records += blockRecords;
        offset += blockEnd - blockStart;
        blockStart = start;
        blockFirstLine = line;
        blockRecords = 0;
        lines = 0;
      }
    }
  }
  const join = (tail: Uint8Array): Uint8Array => {
    if (carryBytes === 0) return tail;
    const joined = concatBytes([...carry, tail], carryBytes + tail.length);
    carry = [];
    carryBytes = 0;
    return joined;
  };
  for await (const chunk of stream) {
    const lastNl = chunk.lastIndexOf(0x0a);
    if (lastNl === -1) {
      if (oversized || carryBytes + chunk.length > MAX_RECORD_BYTES) {
        oversized = true;
        carry = [];
      } else {
        carry.push(copyOf(chunk));
      }
      carryBytes += chunk.length;
      continue;
    }
    let from = 0;
    if (oversized) {
      // The rest of the long line ends here: it is one record, reported without its bytes.
      oversized = false;
      from = chunk.indexOf(0x0a);
      const length = carryBytes + from;
      carryBytes = 0;
      yield oversizedBlock(length);
      records++;
      line++;
      offset += length + 1;
      from++;
    }
    yield* cut(join(chunk.subarray(from, lastNl + 1)));
    const rest = chunk.subarray(lastNl + 1);
    if (rest.length > 0) {
      carry.push(copyOf(rest));
      carryBytes = rest.length;
    }
  }
  if (oversized) yield oversizedBlock(carryBytes);
  else if (carryBytes > 0) yield* cut(join(new Uint8Array()));
}

/** The records of one block, with their numbers and places in the whole input. */
export function* blockRecords(block: LineBlock): Generator<JsonLinesRecord> {
  let index = block.recordsBefore;
  if (block.oversized) {
    const length = block.oversizedLength ?? 0;
    yield {
      index: index + 1,
      line: block.firstLine,
      offset: block.firstOffset,
      length,
      oversized: true,
    };
    return;
  }
  const bytes = block.bytes;
  let line = block.firstLine;
  for (const { start, end, tooLong, blank } of splitByteLines(bytes)) {
    const place = { line: line++, offset: block.firstOffset + start, length: end - start };
    // Measured here too: a long line that arrived whole in one chunk was never carried.
    if (tooLong) {
      yield { index: ++index, ...place, oversized: true };
      continue;
    }
    if (blank) continue;
    const lineBytes = bytes.subarray(start, end);
    let text: string;
    try {
      text = utf8.decode(lineBytes);
    } catch {
      yield { index: ++index, ...place, bytes: copyOf(lineBytes) };
      continue;
    }
    yield { index: ++index, ...place, text };
  }
}

/** Splits a byte stream into JSON Lines records (see the rules at the top). */
export async function* jsonLinesRecords(
  stream: AsyncIterable<Uint8Array>,
): AsyncGenerator<JsonLinesRecord> {
  for await (const block of jsonLinesBlocks(stream)) yield* blockRecords(block);
}

/**
 * The report of a streamed record too long to read (MAX_RECORD_BYTES), named as recordDocument
 * names a record and placed at its line, column 1 (offsets count from the record's start, as in
 * the report of a record that was read).
 */
export function streamedTooLongReport(
  fileName: string,
  record: Pick<JsonLinesRecord, 'index' | 'line'>,
): VerifiedReport {
  return recordTooLongReport(recordName(fileName, record.index), {
    start: 0,
    end: 0,
    line: record.line,
    column: 1,
  });
}

/**
 * Whether a text whose first non-blank line is this record can be JSON Lines: the core's rule
 * (detect.ts) — that line is a JSON value alone. When it is not, the text is one document
 * (pretty-printed JSON, say), verified whole.
 */
export function opensJsonLines(record: JsonLinesRecord): boolean {
  if (record.text === undefined) return false;
  try {
    parseJson(record.text, { midFile: record.offset > 0 });
    return true;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return false;
    throw error;
  }
}

/** How a streamed record counts toward its file being a job timeline (recordTimelineItem). */
function streamedTimelineItem(record: JsonLinesRecord): TimelineItem {
  if (record.oversized) return recordTimelineItem(new SourceText(''), 0, 0, true);
  // Not UTF-8: the file verified whole is no JSON Lines at all; streamed, the record fails.
  if (record.text === undefined) return 'other';
  try {
    return recordTimelineItem(new SourceText(record.text), 0, record.text.length, false);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return 'other';
    throw error;
  }
}

/**
 * Whether JSON Lines with these records may be a job timeline, by the rule detection applies
 * to a text verified whole (detect.ts: a timeline when it holds an object and every object
 * carries prev_digest). Reads up to the first object record, which decides it: one without
 * prev_digest means a batch whatever follows; one with it means the file may be a timeline,
 * which only the whole file can tell, so it is to be verified whole, as the command line
 * verifies it. A streaming reader asks this before verifying any record as a batch member.
 */
export async function jsonLinesMayBeTimeline(
  records: AsyncIterable<JsonLinesRecord>,
): Promise<boolean> {
  let shape: TimelineShape = 'no-object';
  for await (const record of records) {
    shape = timelineShape(shape, streamedTimelineItem(record));
    if (shape !== 'no-object') return shape === 'timeline';
  }
  return false;
}
