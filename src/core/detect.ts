/**
 * Which kind of document is this (spec §1)? Content is sniffed, never trusted by file name:
 * OpenTimestamps magic, a bare 80-byte block header in hex, JSON, or JSON Lines.
 */
import { BatchRecords, RecordScans } from './batch-records';
import { recordTimelineItem, scannedTimelineItem, scanRecord } from './batch-syntax';
import { decodeUtf8Strict } from './encoding/utf8';
import { isBlankText, MIN_JSON_LINES_RECORDS, splitTextLines } from './json-lines-split';
import {
  isInside,
  type DuplicateMember,
  type JsonArray,
  type JsonObject,
  type JsonValue,
} from './json/ast';
import {
  arrayItem,
  arrayLength,
  JsonSyntaxError,
  parseJson,
  someMemberName,
  type ParsedJson,
} from './json/parse';
import { SourceText } from './json/position';
import { batchReason } from './kinds/batch';
import { isReceiptKind } from './receipt/node';
import { BYTE_RECOGNISERS, JSON_RECOGNISERS, KINDS, TEXT_RECOGNISERS } from './kinds/registry';
import { isTimelineArray, timelineShape, type TimelineShape } from './kinds/timeline';
import type { DocumentKind, ParseFailure } from './model/report';
import type { DetectedDocument, DocumentRole, InputDocument, RelayAnswer } from './model/document';
import type { ObjectReading } from './kinds/kind';

/**
 * A document read from a file, as the shells hand it over: valid UTF-8 as its text, so the
 * caller can let the bytes go (detection decodes them to text first in any case), anything
 * else as its bytes. Strict UTF-8 (the BOM kept) decodes and encodes one to one, so where a
 * text document's bytes are read (evidence, a final answer) they are encoded back to exactly
 * the file's bytes. It holds a file as one or the other, never both: that would double its
 * share of memory.
 */
export function fileInput(name: string, bytes: Uint8Array): InputDocument {
  const decoded = decodeUtf8Strict(bytes);
  return decoded.ok ? { name, text: decoded.text } : { name, bytes };
}

const encoder = new TextEncoder();

/**
 * How much of a text input the byte recognisers see: the UTF-8 of its first characters, at
 * least this many bytes when the text is that long (encodeInto writes whole characters only, so
 * at least SNIFFED_BYTES - 3). Their magic numbers are a few dozen bytes at most
 * (kinds/kind.ts `recogniseBytes`).
 */
const SNIFFED_BYTES = 64;
const SNIFFED = new Uint8Array(SNIFFED_BYTES);

export function detectDocument(input: InputDocument): DetectedDocument {
  if (input.bytes !== undefined) return detectInput(input, input.bytes, input.bytes, true);
  // Only the start is encoded, into one buffer reused for every text (the recognisers keep
  // nothing of what they are shown). The whole text is encoded only if its bytes are read
  // (Detected's `bytes`).
  const { written } = encoder.encodeInto(input.text ?? '', SNIFFED);
  return detectInput(input, SNIFFED.subarray(0, written), undefined, true);
}

/**
 * A record of a JSON Lines file verified alone (a stream's): read as JSON and nothing else, as
 * a member of the same file verified whole is. Sniffed, a line that is a block header in hex or
 * starts with the OpenTimestamps magic would be verified as that kind, where the whole file
 * fails to parse at that line.
 */
export function detectRecord(input: InputDocument): DetectedDocument {
  // `sniffed` is read only as the bytes of an input given as bytes.
  return detectInput(input, input.bytes ?? NOTHING, input.bytes, false);
}

const NOTHING = new Uint8Array(0);

/**
 * A document as detected. One class, so every detected document has one shape: the object
 * spreads of optional members it replaced made many shapes, which V8 handles slowly, and this
 * runs for every JSON Lines record. A document given as text gets its UTF-8 bytes encoded only
 * when they are read: only material (evidence, a final answer, an .ots proof) is ever hashed or
 * read as bytes, and encoding a large workflow given as text was work nobody used. A batch read
 * one record at a time reads every record for its duplicates only when they are asked for.
 */
class Detected implements DetectedDocument {
  readonly name: string;
  declare role?: DocumentRole;
  declare fromRelay?: RelayAnswer;
  declare root?: JsonValue;
  jsonLines = false;
  declare parseError?: ParseFailure;
  declare records?: BatchRecords;
  declare recognisedBy?: number;
  #duplicates: DuplicateMember[] | undefined;
  #bytes: Uint8Array | undefined;
  readonly #text: string | undefined;

  constructor(
    input: InputDocument,
    /** The input's bytes, or undefined to encode its text when they are read. */
    bytes: Uint8Array | undefined,
    public kind: DocumentKind,
    public reason: string,
    public source: SourceText,
  ) {
    this.name = input.name;
    if (input.role !== undefined) this.role = input.role;
    if (input.fromRelay !== undefined) this.fromRelay = input.fromRelay;
    this.#bytes = bytes;
    this.#text = bytes === undefined ? input.text : undefined;
  }

  get bytes(): Uint8Array {
    return (this.#bytes ??= encoder.encode(this.#text ?? ''));
  }
  set bytes(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  get duplicates(): DuplicateMember[] {
    return (this.#duplicates ??= this.records ? this.records.root.duplicates() : []);
  }
  set duplicates(duplicates: DuplicateMember[]) {
    this.#duplicates = duplicates;
  }
}

/**
 * Where the first byte that is not UTF-8 stands, as an editor counts: its line (of the file,
 * for a JSON Lines record) and column, and for a whole input its byte offset too.
 */
function invalidBytePlace(input: InputDocument, bytes: Uint8Array, offset: number): string {
  const before = decodeUtf8Strict(bytes.subarray(0, offset));
  const text = before.ok ? before.text : '';
  const { line, column } = new SourceText(text, input.line ?? 1).positionAt(text.length);
  const value = `0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')}`;
  const whole = input.line === undefined && !input.midFile;
  return `invalid byte ${value} at line ${line}, column ${column}${whole ? `, byte offset ${offset}` : ''}`;
}

/**
 * Detection proper. `sniffed` are the input's bytes, or the first bytes of its text for the
 * byte recognisers; `bytes` the input's bytes, undefined when they are its text's, encoded
 * only if read.
 */
function detectInput(
  input: InputDocument,
  sniffed: Uint8Array,
  bytes: Uint8Array | undefined,
  /** Whether the byte and text recognisers are asked (not for a JSON Lines record). */
  sniff: boolean,
): DetectedDocument {
  const found = (kind: DocumentKind, reason: string, source: SourceText): Detected =>
    new Detected(input, bytes, kind, reason, source);
  if (sniff)
    for (const descriptor of BYTE_RECOGNISERS) {
      const reason = descriptor.recogniseBytes?.(sniffed);
      if (reason !== undefined) return found(descriptor.kind, reason, new SourceText(''));
    }
  let text = input.text;
  if (text === undefined) {
    // No text: the input came as bytes, and `sniffed` is all of them.
    const decoded = decodeUtf8Strict(sniffed);
    if (!decoded.ok) {
      const notProof = sniff ? ' and not an OpenTimestamps proof' : '';
      return found(
        'unknown',
        `not UTF-8 text (${invalidBytePlace(input, sniffed, decoded.offset)})${notProof}`,
        new SourceText(''),
      );
    }
    text = decoded.text;
  }
  const source = new SourceText(text, input.line ?? 1);
  const trimmed = text.trim();
  if (sniff)
    for (const descriptor of TEXT_RECOGNISERS) {
      const reason = descriptor.recogniseText?.(trimmed);
      if (reason !== undefined) return found(descriptor.kind, reason, source);
    }
  if (trimmed.length === 0) {
    const doc = found('unknown', 'the input is empty', source);
    doc.parseError = {
      message: 'Unexpected end of input: expected a JSON value',
      line: 1,
      column: 1,
      offset: 0,
    };
    return doc;
  }

  let parsed: ParsedJson;
  try {
    parsed = parseJson(source, { midFile: input.midFile === true });
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const lines = scanJsonLines(source);
    if (lines && 'spans' in lines) return detectJsonLines(found, source, lines);
    // When the text looks like JSON Lines (its first line is a whole JSON value), the broken
    // line's own error points at the real place; otherwise the whole-text error does.
    const reported = lines?.error ?? error;
    const doc = found('unknown', lines ? 'not valid JSON Lines' : 'not valid JSON', source);
    doc.parseError = {
      message: reported.message,
      line: reported.position.line,
      column: reported.position.column,
      offset: reported.offset,
    };
    return doc;
  }
  const root = parsed.root;
  // A batch array is read one item at a time as it is verified (batch-records.ts): only where
  // each item is, is kept of this reading.
  if (root.type === 'array' && arrayLength(root) > 0 && !isTimelineArray(root)) {
    const spans: number[] = [];
    for (let i = 0, n = arrayLength(root); i < n; i++) {
      const item = arrayItem(root, i)!;
      spans.push(item.start, item.end);
    }
    const records = new BatchRecords(source, spans, root.start, root.end);
    return ofRecords(found('batch', batchReason(records.count), source), records);
  }
  const { kind, reason, recognisedBy } = classifyValue(root);
  const doc = found(kind, reason, source);
  doc.root = root;
  if (recognisedBy !== undefined) doc.recognisedBy = recognisedBy;
  doc.duplicates = parsed.duplicates;
  return doc;
}

/** A batch whose records are read one at a time: its root and duplicates read them all if asked. */
function ofRecords(doc: Detected, records: BatchRecords): Detected {
  doc.root = records.root;
  doc.records = records;
  return doc;
}

/**
 * Reads text as JSON Lines when its first non-blank line parses alone and it has two or more
 * non-blank lines: each line's syntax is checked (batch-syntax.ts), keeping where the line is,
 * what its scan found and whether the lines so far could be a job timeline. A later line that
 * does not parse is a record that fails on its own in a batch, as the streaming readers (the
 * app's streamed files, --jsonl) report it; in what may still be a job timeline, verified as
 * one chain, the text is taken as broken JSON Lines and that line's error is returned. Lines
 * are cut by the splitter the streaming readers use (json-lines-split.ts).
 */
function scanJsonLines(source: SourceText): JsonLinesScan | { error: JsonSyntaxError } | undefined {
  const text = source.text;
  const spans: number[] = [];
  const tooLong = new Set<number>();
  const broken = new Set<number>();
  const scans = new RecordScans();
  let timeline: TimelineShape = 'no-object';
  for (const { start, end, tooLong: long, blank } of splitTextLines(text)) {
    if (spans.length > 0 && long) {
      // A later record too long to read is not read here either, as the streaming readers
      // (the app's streamed files, --jsonl) do not read it: it is reported as too long, and
      // it can be no timeline entry. (The first decides whether the text is JSON Lines.)
      tooLong.add(spans.length / 2);
      timeline = timelineShape(timeline, recordTimelineItem(source, start, end, true));
      scans.skip();
      spans.push(start, end);
      continue;
    }
    // (The splitter calls no line too long to read blank; before the first record, one is.)
    if (long ? isBlankText(text, start, end) : blank) continue;
    try {
      if (long) {
        // The first record is read even when too long: it decides whether the text is JSON
        // Lines at all. It is then reported as too long all the same.
        scanRecord(source, start, end);
        timeline = timelineShape(timeline, recordTimelineItem(source, start, end, true));
        tooLong.add(0);
        scans.skip();
      } else {
        const scan = scanRecord(source, start, end);
        // Past the first object without prev_digest the text is no timeline whatever follows.
        if (timeline !== 'not-timeline')
          timeline = timelineShape(timeline, scannedTimelineItem(scan));
        scans.add(scan);
      }
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      // The first line not parsing means the text is not JSON Lines at all. A later one, in a
      // batch (past an object that is no timeline entry), is a record that fails; in what may
      // still be a timeline, broken JSON Lines (two non-blank lines at least).
      if (spans.length === 0) return undefined;
      if (timeline !== 'not-timeline') return { error };
      broken.add(spans.length / 2);
      scans.skip();
    }
    spans.push(start, end);
  }
  return spans.length < 2 * MIN_JSON_LINES_RECORDS
    ? undefined
    : { spans, timeline, tooLong, broken, scans };
}

/** A text read as JSON Lines: where each record is, its scan, and the timeline test's answer. */
interface JsonLinesScan {
  spans: number[];
  timeline: TimelineShape;
  tooLong: Set<number>;
  /** Records that are no JSON value (in a batch only). */
  broken: Set<number>;
  scans: RecordScans;
}

/**
 * The kind of JSON Lines, as the kind of the array of its records: a job timeline when its
 * objects all carry prev_digest (kinds/timeline.ts), otherwise a batch (kinds/batch.ts), the
 * only other kind a non-empty array is. A timeline is verified as a whole, so its records'
 * trees are made and kept; a batch's are made one at a time as they are verified.
 */
function detectJsonLines(
  found: (kind: DocumentKind, reason: string, source: SourceText) => Detected,
  source: SourceText,
  lines: JsonLinesScan,
): DetectedDocument {
  const { spans } = lines;
  if (lines.timeline === 'timeline') {
    const parsed: ParsedJson[] = [];
    for (let i = 0; i < spans.length; i += 2)
      parsed.push(lines.scans.tree(i / 2, source, spans[i]!, spans[i + 1]!));
    return classifyJsonLines(found, source, parsed);
  }
  const records = new BatchRecords(
    source,
    spans,
    0,
    source.text.length,
    lines.tooLong,
    lines.scans,
    lines.broken,
  );
  const reason = `JSON Lines (${records.count} records): ${batchReason(records.count)}`;
  const doc = ofRecords(found('batch', reason, source), records);
  doc.jsonLines = true;
  return doc;
}

function classifyJsonLines(
  found: (kind: DocumentKind, reason: string, source: SourceText) => Detected,
  source: SourceText,
  lines: ParsedJson[],
): DetectedDocument {
  // The lines become the items of one synthetic array, so each record has a pointer /i.
  const array: JsonArray = {
    type: 'array',
    items: [],
    start: 0,
    end: source.text.length,
    parent: undefined,
    key: undefined,
    nameStart: -1,
  };
  const duplicates: DuplicateMember[] = [];
  lines.forEach((line, index) => {
    line.root.parent = array;
    line.root.key = index;
    array.items.push(line.root);
    // (A loop, not push(...): one line can hold a million duplicates.)
    for (const duplicate of line.duplicates) duplicates.push(duplicate);
  });
  const { kind, reason } = classifyValue(array);
  const doc = found(kind, `JSON Lines (${lines.length} records): ${reason}`, source);
  doc.root = array;
  doc.duplicates = duplicates;
  doc.jsonLines = true;
  return doc;
}

/** The kind of a parsed JSON value: the most specific recogniser of the registry that matches. */
export function classifyValue(value: JsonValue): {
  kind: DocumentKind;
  reason: string;
  /** The index in JSON_RECOGNISERS of the recogniser that matched (DetectedDocument.recognisedBy). */
  recognisedBy?: number;
} {
  if (value.type === 'object' || value.type === 'array') {
    for (let i = 0; i < JSON_RECOGNISERS.length; i++) {
      const recogniser = JSON_RECOGNISERS[i]!;
      const reason = recogniser.test(value);
      if (reason !== undefined) return { kind: recogniser.kind, reason, recognisedBy: i };
    }
    return {
      kind: 'unknown',
      reason: value.type === 'object' ? 'a JSON object of no AER-1 kind' : 'an empty JSON array',
    };
  }
  return { kind: 'unknown', reason: `a JSON ${value.type}, not an object or array` };
}

/** A kind an object is recognised as, with why and the members that make it so. */
export interface KindMatch {
  kind: DocumentKind;
  reason: string;
  /**
   * The kind's identifying members the object carries (those its recognisers read, fallbacks
   * aside): first the ones of the recogniser that matched, then the others in rank order.
   */
  members: readonly string[];
}

type Recogniser = (typeof JSON_RECOGNISERS)[number];

/** The members each kind is recognised by, fallbacks aside, in rank order. */
const IDENTIFYING_MEMBERS = new Map<DocumentKind, string[]>();
for (const recogniser of JSON_RECOGNISERS) {
  if (recogniser.fallback) continue;
  const names = IDENTIFYING_MEMBERS.get(recogniser.kind) ?? [];
  for (const name of recogniser.members) if (!names.includes(name)) names.push(name);
  IDENTIFYING_MEMBERS.set(recogniser.kind, names);
}

/**
 * The recognisers that would read an object under a reading as something else, in rank order,
 * and by each member name the ones that read it (a recogniser matches no object that carries
 * none of its members): made once per reading.
 */
interface OtherRecognisers {
  list: Recogniser[];
  /** Each one's index in JSON_RECOGNISERS. */
  at: number[];
  /** Member name -> a bit for each recogniser of `list` that reads it. */
  byName: Map<string, number>;
}

/**
 * By the members a reading owns (readings that own some are declared once), then by its kind:
 * a reading is often made per object checked (every member of a batch), so it is no key.
 */
const owningNone = new Map<DocumentKind | undefined, OtherRecognisers>();
const owningSome = new WeakMap<
  readonly string[],
  Map<DocumentKind | undefined, OtherRecognisers>
>();

function recognisersByKind(
  owns: readonly string[] | undefined,
): Map<DocumentKind | undefined, OtherRecognisers> {
  if (!owns) return owningNone;
  let byKind = owningSome.get(owns);
  if (!byKind) owningSome.set(owns, (byKind = new Map()));
  return byKind;
}

function recognisersBesides(reading: Pick<ObjectReading, 'kind' | 'owns'>): OtherRecognisers {
  const { kind, owns } = reading;
  const byKind = recognisersByKind(owns);
  let others = byKind.get(kind);
  if (!others) {
    const wrapped = kind !== undefined ? KINDS[kind].wraps : undefined;
    const at = JSON_RECOGNISERS.flatMap((r, i) =>
      !r.fallback &&
      r.kind !== kind &&
      r.kind !== wrapped &&
      // A recogniser that reads no member (an array's) reads no object either.
      r.members.length > 0 &&
      !(owns && r.members.every((name) => owns.includes(name)))
        ? [i]
        : [],
    );
    const list = at.map((i) => JSON_RECOGNISERS[i]!);
    // (One bit a recogniser: there are a dozen or so.)
    if (list.length > 30) throw new Error('too many JSON recognisers for a bit set');
    const byName = new Map<string, number>();
    list.forEach((r, i) => {
      for (const name of r.members) byName.set(name, (byName.get(name) ?? 0) | (1 << i));
    });
    others = { list, at, byName };
    byKind.set(kind, others);
  }
  return others;
}

/**
 * Every kind other than the one an object is read as that the object would be recognised as,
 * each by its most specific recogniser, fallbacks aside: an object carrying the members of two
 * kinds has two readings, and verifying only the first would leave the other's commitments
 * unchecked. Only the recognisers of the members the object carries are tried (its names are
 * read without making the nodes of a compact object: a timeline's million entries are each
 * looked at this way).
 */
export function otherKindsOf(
  object: JsonObject,
  reading: Pick<ObjectReading, 'kind' | 'owns' | 'recognisedBy'>,
): KindMatch[] {
  const { list, at, byName } = recognisersBesides(reading);
  let tried = 0;
  const recognised = reading.recognisedBy;
  if (recognised !== undefined && JSON_RECOGNISERS[recognised]?.kind === reading.kind) {
    // Detection tried the recognisers before `recognised` on this object and they missed: only
    // the later ones are tried, each by its test (fewer than a lookup of each member name).
    for (let i = 0; i < list.length; i++) if (at[i]! > recognised) tried |= 1 << i;
  } else
    someMemberName(object, (name) => {
      tried |= byName.get(name) ?? 0;
      return false;
    });
  if (tried === 0) return [];
  const matches: KindMatch[] = [];
  for (let i = 0; i < list.length; i++) {
    const recogniser = list[i]!;
    if ((tried & (1 << i)) === 0) continue;
    if (matches.some((match) => match.kind === recogniser.kind)) continue;
    const reason = recogniser.test(object);
    if (reason === undefined) continue;
    const members = recogniser.members.filter((name) => object.has(name));
    for (const name of IDENTIFYING_MEMBERS.get(recogniser.kind) ?? [])
      if (!members.includes(name) && object.has(name)) members.push(name);
    matches.push({ kind: recogniser.kind, reason, members });
  }
  return matches;
}

/**
 * The per-call receipt kind (bare or wrapped) a document is read as: its own kind, or the first
 * other kind it is also recognised as. A document refused as two kinds still links where its
 * receipt reading links (a workflow's step, ingest.ts and workflow/linkage.ts), so dressing a
 * step receipt as another kind cannot keep its failure from the step.
 */
export function receiptReadingOf(doc: DetectedDocument): DocumentKind | undefined {
  if (isReceiptKind(doc.kind)) return doc.kind;
  const root = doc.root;
  if (root?.type !== 'object') return undefined;
  return otherKindsOf(root, { kind: doc.kind }).find((other) => isReceiptKind(other.kind))?.kind;
}

/**
 * A value inside a container (a batch member) as a document of its own: its own kind and name,
 * and only the duplicate members inside it, so it is verified exactly as if it had come alone.
 */
export function detectMember(
  container: DetectedDocument,
  value: JsonValue,
  name: string,
  /** The duplicate member names inside `value`, when it was parsed on its own. */
  duplicates?: DuplicateMember[],
): DetectedDocument {
  return new MemberDocument(container, value, name, duplicates);
}

/**
 * A batch member as a document. Its bytes are its container's, read through (a container
 * given as text is encoded only if they are read: withLazyBytes); one class so every member
 * has one shape and costs no property definition.
 */
class MemberDocument implements DetectedDocument {
  kind: DocumentKind;
  name: string;
  declare role?: DocumentRole;
  reason: string;
  source: SourceText;
  root: JsonValue;
  duplicates: DuplicateMember[];
  jsonLines = false;
  declare parseError?: ParseFailure;
  declare recognisedBy?: number;
  readonly #container: DetectedDocument;

  constructor(
    container: DetectedDocument,
    value: JsonValue,
    name: string,
    duplicates: DuplicateMember[] | undefined,
  ) {
    const { kind, reason, recognisedBy } = classifyValue(value);
    this.kind = kind;
    if (recognisedBy !== undefined) this.recognisedBy = recognisedBy;
    this.name = name;
    if (container.role !== undefined) this.role = container.role;
    this.reason = reason;
    this.source = container.source;
    this.root = value;
    this.duplicates = duplicates ?? duplicatesInside(container, value);
    if (container.parseError !== undefined) this.parseError = container.parseError;
    this.#container = container;
  }

  get bytes(): Uint8Array {
    return this.#container.bytes;
  }
}

/**
 * A container's duplicate members by the item of its root they are inside, made once per
 * container: filtering every duplicate for every member was n × m work (a million members
 * with a million duplicates between them).
 */
const duplicatesByItem = new WeakMap<DetectedDocument, Map<JsonValue, DuplicateMember[]>>();

function duplicatesInside(container: DetectedDocument, value: JsonValue): DuplicateMember[] {
  if (container.duplicates.length === 0) return [];
  const root = container.root;
  if (!root || value.parent !== root)
    return container.duplicates.filter((d) => isInside(d.object, value));
  let index = duplicatesByItem.get(container);
  if (!index) {
    index = new Map();
    for (const duplicate of container.duplicates) {
      let item: JsonValue = duplicate.object;
      while (item.parent && item.parent !== root) item = item.parent;
      if (item.parent !== root) continue;
      const list = index.get(item);
      if (list) list.push(duplicate);
      else index.set(item, [duplicate]);
    }
    duplicatesByItem.set(container, index);
  }
  return index.get(value) ?? [];
}
