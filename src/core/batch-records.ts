/**
 * The records of a batch (JSON Lines, or a JSON array), read one at a time. Detection checks
 * every record's syntax first (batch-syntax.ts) and keeps only where each record starts and
 * ends: a JSON Lines line that does not parse makes the whole text "not valid JSON Lines", and
 * no member may be reported before that is known. Verification then parses one record,
 * verifies it and lets go of its tree before the next. Holding every record's tree until the
 * batch ended got them all promoted to the collector's old generation, where collecting them
 * took a large share of a batch's time and its peak memory grew with the whole batch; one tree
 * at a time keeps both bounded by the largest record.
 */
import type { DuplicateMember, JsonArray, JsonValue } from './json/ast';
import { parseJsonSlice, type ParsedJson } from './json/parse';
import type { SourceText } from './json/position';

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
    const parsed = parseJsonSlice(this.source, this.spans[2 * index]!, this.spans[2 * index + 1]!);
    parsed.root.parent = this.root;
    parsed.root.key = index;
    return parsed;
  }
}

const NONE: ReadonlySet<number> = new Set();

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
