/**
 * The records of a batch (JSON Lines, or a JSON array), read one at a time. Detection checks
 * every record's syntax first (batch-syntax.ts) and keeps where each record starts and ends and,
 * for JSON Lines, what its scan found (RecordScans): a line of a batch that does not parse is a
 * record of its own that fails (as a streaming reader reports it), never read as a tree.
 * Verification then makes one record's tree, verifies it and lets go of it before the next.
 * Holding every record's tree until the batch ended got them all promoted to the collector's old
 * generation, where collecting them took a large share of a batch's time and its peak memory
 * grew with the whole batch; one tree at a time keeps both bounded by the largest record.
 */
import type { DuplicateMember, JsonArray, JsonValue } from './json/ast';
import type { SourceRange } from './model/report';
import { parseJsonSlice, parseScanned, type ParsedJson } from './json/parse';
import type { SourceText } from './json/position';
import type { Scan, ScannedDuplicate } from './json/scan';

/**
 * The records of a batch whose every record the caller has parsed once (a JSON Lines line, an
 * item of an array): `root` stands for the array of them, with pointers /0, /1, ….
 */
export class BatchRecords {
  readonly root: RecordsArray;

  /**
   * `spans` holds each record's start and end offset in `source`, in pairs, in order; `start`
   * and `end` are where the array of them is (the whole text for JSON Lines).
   */
  constructor(
    readonly source: SourceText,
    private readonly spans: readonly number[],
    start: number,
    end: number,
    /** Records longer than MAX_RECORD_BYTES, by index: never read (JSON Lines only). */
    private readonly tooLong: ReadonlySet<number> = NONE,
    /** What detection's scan found of each record (JSON Lines): read without scanning again. */
    private readonly scans?: RecordScans,
    /** Records that are not JSON, by index: never read (JSON Lines only). */
    private readonly broken: ReadonlySet<number> = NONE,
  ) {
    this.root = new RecordsArray(this, start, end);
  }

  /** Whether record `index` is too long to read (json-lines-split.ts). */
  isTooLong(index: number): boolean {
    return this.tooLong.has(index);
  }

  /**
   * The text of record `index` when it is no JSON value: verified alone as a streaming reader
   * verifies it (its report says where it breaks); undefined for a record that parses.
   */
  brokenText(index: number): string | undefined {
    if (!this.broken.has(index)) return undefined;
    return this.source.text.slice(this.spans[2 * index], this.spans[2 * index + 1]);
  }

  /** Where record `index` stands in the text: its span, and the line and column it starts at. */
  place(index: number): SourceRange {
    return this.source.rangeAt(this.spans[2 * index]!, this.spans[2 * index + 1]!);
  }

  get count(): number {
    return this.spans.length / 2;
  }

  /** The length of record `index` in the text, in UTF-16 units (without reading it). */
  textLength(index: number): number {
    return this.spans[2 * index + 1]! - this.spans[2 * index]!;
  }

  /**
   * Parses record `index` again: a tree of its own, the item `index` of `root`, with positions
   * in the whole text, and the duplicate member names inside it.
   */
  read(index: number): ParsedJson {
    const start = this.spans[2 * index]!;
    const end = this.spans[2 * index + 1]!;
    const parsed = this.scans
      ? this.scans.tree(index, this.source, start, end)
      : parseJsonSlice(this.source, start, end);
    parsed.root.parent = this.root;
    parsed.root.key = index;
    return parsed;
  }
}

const NONE: ReadonlySet<number> = new Set();

/** A record's flags in RecordScans. */
const PLAIN = 1;
const ESCAPES = 2;
const NOT_SCANNED = 4;

/**
 * The scans of a batch's records, in order, kept in a few flat typed arrays — twenty bytes a
 * record besides its tape, not an object and arrays each — so that the tree of each
 * record is made from its scan when it is verified, without scanning the record a second time.
 */
export class RecordScans {
  private count = 0;
  /** Per record: where its value starts and ends in the text. */
  private valueStarts = new Int32Array(256);
  private valueEnds = new Int32Array(256);
  /** Per record: where its tape and its commitments end (each starts where the last one's ended). */
  private tapeEnds = new Int32Array(256);
  private commitmentEnds = new Int32Array(256);
  private flags = new Int32Array(256);
  /** Every record's tape, one after another (a tape's entries point within its own). */
  private tapes = new Int32Array(1024);
  private tapeLength = 0;
  private commitments = new Int32Array(256);
  private commitmentLength = 0;
  /** A record's duplicate member names, by index: few records have any. */
  private readonly duplicates = new Map<number, ScannedDuplicate[]>();

  /** Keeps the scan of the next record. */
  add(scan: Scan): void {
    const index = this.next();
    this.valueStarts[index] = scan.start;
    this.valueEnds[index] = scan.end;
    const tape = scan.tape;
    if (this.tapeLength + tape.length > this.tapes.length)
      this.tapes = room(this.tapes, this.tapeLength + tape.length);
    const tapes = this.tapes;
    let tapeLength = this.tapeLength;
    for (let i = 0; i < tape.length; i++) tapes[tapeLength++] = tape[i]!;
    this.tapeLength = tapeLength;
    this.tapeEnds[index] = tapeLength;
    const commitments = scan.commitments;
    this.commitments = room(this.commitments, this.commitmentLength + commitments.length);
    for (let i = 0; i < commitments.length; i++)
      this.commitments[this.commitmentLength++] = commitments[i]!;
    this.commitmentEnds[index] = this.commitmentLength;
    this.flags[index] = (scan.plain ? PLAIN : 0) | (scan.escapes ? ESCAPES : 0);
    if (scan.duplicates.length > 0) this.duplicates.set(index, scan.duplicates);
  }

  /** Notes that the next record was not scanned (too long to read). */
  skip(): void {
    const index = this.next();
    this.tapeEnds[index] = this.tapeLength;
    this.commitmentEnds[index] = this.commitmentLength;
    this.flags[index] = NOT_SCANNED;
  }

  /**
   * The tree of record `index`, `source.text[start, end)`: made from its scan, or read from the
   * text when it was not scanned (a record too long to read, which only a timeline reads).
   */
  tree(index: number, source: SourceText, start: number, end: number): ParsedJson {
    const scan = this.scan(index, source);
    return scan ? parseScanned(scan) : parseJsonSlice(source, start, end);
  }

  /** The scan of record `index` as it was made; undefined for a record not scanned. */
  scan(index: number, source: SourceText): Scan | undefined {
    if (index >= this.count) return undefined;
    const flags = this.flags[index]!;
    if ((flags & NOT_SCANNED) !== 0) return undefined;
    const tapeStart = index === 0 ? 0 : this.tapeEnds[index - 1]!;
    const commitmentStart = index === 0 ? 0 : this.commitmentEnds[index - 1]!;
    return {
      source,
      start: this.valueStarts[index]!,
      end: this.valueEnds[index]!,
      tape: numbers(this.tapes, tapeStart, this.tapeEnds[index]!),
      duplicates: this.duplicates.get(index) ?? [],
      plain: (flags & PLAIN) !== 0,
      escapes: (flags & ESCAPES) !== 0,
      commitments: numbers(this.commitments, commitmentStart, this.commitmentEnds[index]!),
    };
  }

  /** The index of the next record, with room for it. */
  private next(): number {
    const index = this.count++;
    // The per-record arrays grow together: one test of their length for all five.
    if (this.count > this.flags.length) {
      this.valueStarts = room(this.valueStarts, this.count);
      this.valueEnds = room(this.valueEnds, this.count);
      this.tapeEnds = room(this.tapeEnds, this.count);
      this.commitmentEnds = room(this.commitmentEnds, this.count);
      this.flags = room(this.flags, this.count);
    }
    return index;
  }
}

/** `array[from, to)` as an array of numbers, as a scan writes them. */
function numbers(array: Int32Array, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(array[i]!);
  return out;
}

/** `array`, or a copy of it at least twice as long when it is shorter than `length`. */
function room(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array;
  const grown = new Int32Array(Math.max(length, 2 * array.length));
  grown.set(array);
  return grown;
}

/**
 * The synthetic array of a batch's records. Verification reads the records through
 * BatchRecords.read; `items` (and the batch's `duplicates`, detect.ts) are there for whoever
 * needs every record at once — grouping with a workflow's step receipts, the app's raw view
 * of a small file — and are read then, once, and kept.
 */
class RecordsArray implements JsonArray {
  readonly type = 'array';
  parent: JsonArray['parent'] = undefined;
  key: JsonArray['key'] = undefined;
  nameStart = -1;
  #all: { items: JsonValue[]; duplicates: DuplicateMember[] } | undefined;

  constructor(
    private readonly records: BatchRecords,
    public start: number,
    public end: number,
  ) {}

  get items(): JsonValue[] {
    return this.all().items;
  }

  /** Every record's duplicate member names, in order. */
  duplicates(): DuplicateMember[] {
    return this.all().duplicates;
  }

  private all(): { items: JsonValue[]; duplicates: DuplicateMember[] } {
    if (!this.#all) {
      const items: JsonValue[] = [];
      const duplicates: DuplicateMember[] = [];
      for (let i = 0; i < this.records.count; i++) {
        // A record that is no JSON value has no tree: it is reported on its own.
        if (this.records.brokenText(i) !== undefined) continue;
        const record = this.records.read(i);
        items.push(record.root);
        // (A loop, not push(...): one line can hold a million duplicates.)
        for (const duplicate of record.duplicates) duplicates.push(duplicate);
      }
      this.#all = { items, duplicates };
    }
    return this.#all;
  }
}
