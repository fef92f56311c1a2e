/**
 * The records of a batch (JSON Lines, or a JSON array), read one at a time. Detection checks
 * every record's syntax first (batch-syntax.ts) and keeps where each record starts and ends and,
 * for JSON Lines, what its scan found (RecordScans): a JSON Lines line that does not parse makes
 * the whole text "not valid JSON Lines", and no member may be reported before that is known.
 * Verification then makes one record's tree, verifies it and lets go of it before the next. Holding every record's tree until the
 * batch ended got them all promoted to the collector's old generation, where collecting them
 * took a large share of a batch's time and its peak memory grew with the whole batch; one tree
 * at a time keeps both bounded by the largest record.
 */
import type { DuplicateMember, JsonArray, JsonValue } from './json/ast';
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
  ) {
    this.root = new RecordsArray(this, start, end);
  }

  /** Whether record `index` is too long to read (json-lines-split.ts). */
  isTooLong(index: number): boolean {
    return this.tooLong.has(index);
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
    const scan = this.scans?.scan(index, this.source);
    const parsed = scan
      ? parseScanned(scan)
      : parseJsonSlice(this.source, this.spans[2 * index]!, this.spans[2 * index + 1]!);
    parsed.root.parent = this.root;
    parsed.root.key = index;
    return parsed;
  }
}

const NONE: ReadonlySet<number> = new Set();

/** Per record in RecordScans.records: where the value is, its tape and commitments, its flags. */
const VALUE_START = 0;
const VALUE_END = 1;
const TAPE_FROM = 2;
const TAPE_TO = 3;
const COMMITMENTS_FROM = 4;
const COMMITMENTS_TO = 5;
const FLAGS = 6;
const STRIDE = 7;
const PLAIN = 1;
const ESCAPES = 2;

/**
 * The scans of a batch's records, in order, kept in a few flat arrays (a few dozen numbers a
 * record, not an object and arrays each) so that the tree of each record is made from its scan
 * when it is verified, without scanning the record a second time.
 */
export class RecordScans {
  private readonly records: number[] = [];
  /** Every record's tape, one after another (a tape's entries point within its own). */
  private readonly tapes: number[] = [];
  private readonly commitments: number[] = [];
  /** A record's duplicate member names, by index: few records have any. */
  private readonly duplicates = new Map<number, ScannedDuplicate[]>();

  /** Keeps the scan of the next record. */
  add(scan: Scan): void {
    const index = this.records.length / STRIDE;
    const { tapes, commitments } = this;
    this.records.push(scan.start, scan.end, tapes.length);
    for (let i = 0; i < scan.tape.length; i++) tapes.push(scan.tape[i]!);
    this.records.push(tapes.length, commitments.length);
    for (let i = 0; i < scan.commitments.length; i++) commitments.push(scan.commitments[i]!);
    this.records.push(commitments.length, (scan.plain ? PLAIN : 0) | (scan.escapes ? ESCAPES : 0));
    if (scan.duplicates.length > 0) this.duplicates.set(index, scan.duplicates);
  }

  /** Notes that the next record was not scanned (too long to read). */
  skip(): void {
    this.records.push(-1, -1, 0, 0, 0, 0, 0);
  }

  /** The scan of record `index` as it was made; undefined for a record not scanned. */
  scan(index: number, source: SourceText): Scan | undefined {
    const at = index * STRIDE;
    const records = this.records;
    if (records[at + VALUE_START] === -1) return undefined;
    const flags = records[at + FLAGS]!;
    return {
      source,
      start: records[at + VALUE_START]!,
      end: records[at + VALUE_END]!,
      tape: this.tapes.slice(records[at + TAPE_FROM], records[at + TAPE_TO]),
      duplicates: this.duplicates.get(index) ?? [],
      plain: (flags & PLAIN) !== 0,
      escapes: (flags & ESCAPES) !== 0,
      commitments: this.commitments.slice(
        records[at + COMMITMENTS_FROM],
        records[at + COMMITMENTS_TO],
      ),
    };
  }
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
