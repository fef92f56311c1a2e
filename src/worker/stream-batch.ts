/**
 * A large JSON Lines file verified as a stream, in bounded memory: records are read from
 * `File.stream()` and verified in chunks through the core's `verifyRecords` (each record exactly
 * as a member of the same file verified as a batch: same name, same verdict); the page gets a
 * compact row per record as it goes and the batch's summary at the end. Nothing of a record is
 * kept but where it stands in the file: its details are produced again, from that slice, when
 * the page opens it.
 */
import {
  BatchSummary,
  createSha256Stream,
  jsonLinesMayBeTimeline,
  jsonLinesRecords,
  MAX_RECORD_BYTES,
  memberOutcome,
  MIN_JSON_LINES_RECORDS,
  opensJsonLines,
  recordDocument,
  streamedTooLongReport,
  verifyRecords,
  type InputDocument,
  type JsonLinesRecord,
  type MemberOutcome,
  type Report,
  type ReportDetails,
  type Sha256Stream,
  WHOLE_FILE_MAX_BYTES,
} from '../core';
import { toResultRow, type ResultRow } from './result-rows';
import { ROWS_PER_MESSAGE, type VerifiedGroup, type VerifyRequest } from './protocol';

/** Records verified per call into the core (and per progress step). */
const RECORDS_PER_CHUNK = 500;

/** What the summary and the table need of one record's report (the rest is asked on demand). */
export interface VerifiedRecord {
  row: ResultRow;
  summary: MemberOutcome;
}

/** Verifies records through the core, each given with its 0-based row number. */
export type ChunkVerifier = (
  inputs: InputDocument[],
  rows: number[],
  policy: RecordPolicy,
) => Promise<VerifiedRecord[]>;

export type RecordPolicy = NonNullable<Parameters<typeof verifyRecords>[1]>;

export function lighten(report: Report, row: number): VerifiedRecord {
  // A record's offsets count from its own first byte, and the editor never holds a streamed
  // file: its rows carry no place for an editor marker (their line is the file's).
  const compact = toResultRow(report, row);
  delete compact.failRange;
  return { row: compact, summary: memberOutcome(report) };
}

/** A chunk verified in this thread (a pool's Workers run the same). */
export async function verifyChunkHere(
  inputs: InputDocument[],
  rows: number[],
  policy: RecordPolicy,
): Promise<VerifiedRecord[]> {
  const reports = await verifyRecords(inputs, policy);
  return reports.map((report, i) => lighten(report, rows[i] ?? i));
}

/** The one file of a request that is streamed: a large `.jsonl`/`.ndjson` dropped alone. */
export { streamableFile } from './protocol';

export interface StreamedOutcome {
  group: VerifiedGroup;
  detail: (index: number) => Promise<Report>;
  /** SHA-256 of the file's bytes, hashed as they were read. */
  sha256: string;
}

/** The chunks of a byte stream (ReadableStream is not async-iterable in every browser yet). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The chunks as they come, each hashed on its way (the file's digest, never held whole). */
async function* hashed(
  chunks: AsyncGenerator<Uint8Array>,
  digest: Sha256Stream,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    digest.update(chunk);
    yield chunk;
  }
}

/** Why JSON Lines that may be a job timeline, too large to be read whole, are not verified. */
export function timelineTooLargeMessage(name: string, bytes: number): string {
  const mib = (n: number) => Math.round(n / 1024 / 1024);
  return `${name} (${mib(bytes)} MiB) reads as a job timeline (its first object carries prev_digest), and a timeline is verified as a whole: this page reads a file whole up to ${mib(WHOLE_FILE_MAX_BYTES)} MiB. Nothing was verified; use the command line for it.`;
}

/**
 * Verifies the file record by record. Returns undefined, having read only its first records,
 * when the file is to be verified whole: it is not JSON Lines (its first line is not a JSON
 * value), or it may be a job timeline (jsonLinesMayBeTimeline), and it is small enough.
 */
export async function verifyStreamed(
  input: { name: string; file: File },
  request: VerifyRequest,
  callbacks: {
    /** Bytes read of the file's size, and the records verified so far. */
    onProgress: (bytesRead: number, size: number, more: { records: number }) => void;
    onRows: (rows: ResultRow[]) => void;
    /** Verifies a chunk of records (a pool of Workers); in this thread when absent. */
    verifyChunk?: ChunkVerifier;
    /** How many chunks may be verified at once (the pool's size × 2). */
    parallelChunks?: number;
  },
): Promise<StreamedOutcome | undefined> {
  const { file, name } = input;
  const { now = Date.now(), maxFutureMs, maxAgeMs } = request.options ?? {};
  const policy: RecordPolicy = {
    now,
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  };
  const summary = new BatchSummary<ReportDetails>();
  // Where each record stands, for its details on demand (three numbers per record).
  const offsets: number[] = [];
  const lengths: number[] = [];
  const lines: number[] = [];
  let pendingRows: ResultRow[] = [];
  let chunk: JsonLinesRecord[] = [];
  let bytesRead = 0;
  let recordsVerified = 0;

  const verifyChunk = callbacks.verifyChunk ?? verifyChunkHere;
  /** Chunks being verified (by the pool, in parallel), applied strictly in file order. */
  const inFlight: { records: JsonLinesRecord[]; verified: Promise<VerifiedRecord[]> }[] = [];

  const apply = async (): Promise<void> => {
    const next = inFlight.shift();
    if (!next) return;
    const verified = await next.verified;
    let at = 0;
    for (const record of next.records) {
      const result = record.oversized
        ? lighten(streamedTooLongReport(name, record), record.index - 1)
        : verified[at++];
      if (!result) throw new Error(`no report for ${name} line record ${record.index}`);
      summary.add(result.summary);
      pendingRows.push(result.row);
      recordsVerified++;
      bytesRead = record.offset + record.length;
    }
    if (pendingRows.length >= ROWS_PER_MESSAGE) {
      callbacks.onRows(pendingRows);
      pendingRows = [];
    }
    callbacks.onProgress(bytesRead, file.size, { records: recordsVerified });
  };

  const dispatch = async (): Promise<void> => {
    const records = chunk;
    chunk = [];
    const readable = records.filter((r) => !r.oversized);
    inFlight.push({
      records,
      verified: verifyChunk(
        readable.map((r) => recordDocument(name, r)),
        readable.map((r) => r.index - 1),
        policy,
      ),
    });
    // Bounded: a few chunks per pool worker in flight, whatever the size of the file.
    while (inFlight.length > (callbacks.parallelChunks ?? 1) - 1) await apply();
  };

  const stream = file.stream();
  const digest = await createSha256Stream();
  let first = true;
  for await (const record of jsonLinesRecords(hashed(chunksOf(stream), digest))) {
    if (first) {
      first = false;
      if (!opensJsonLines(record) && file.size <= WHOLE_FILE_MAX_BYTES) return undefined;
      // Records are verified as batch members only when detection would take the file for a
      // batch: JSON Lines that may be a job timeline are verified whole, as the command line
      // verifies them (same bytes, same verdict).
      if (await jsonLinesMayBeTimeline(jsonLinesRecords(chunksOf(file.stream())))) {
        if (file.size <= WHOLE_FILE_MAX_BYTES) return undefined;
        throw new Error(timelineTooLargeMessage(name, file.size));
      }
    }
    offsets.push(record.offset);
    lengths.push(record.length);
    lines.push(record.line);
    chunk.push(record);
    if (chunk.length >= RECORDS_PER_CHUNK) await dispatch();
  }
  // Too few records to be JSON Lines: a one-line array or receipt is verified whole, as it is
  // below the streaming size.
  if (offsets.length < MIN_JSON_LINES_RECORDS && file.size <= WHOLE_FILE_MAX_BYTES)
    return undefined;
  if (chunk.length > 0) await dispatch();
  while (inFlight.length > 0) await apply();
  if (pendingRows.length > 0) callbacks.onRows(pendingRows);
  callbacks.onProgress(file.size, file.size, { records: recordsVerified });

  const detail = async (index: number): Promise<Report> => {
    const offset = offsets[index];
    const length = lengths[index];
    const line = lines[index];
    if (offset === undefined || length === undefined || line === undefined)
      throw new Error(`no record ${index + 1}`);
    if (length > MAX_RECORD_BYTES) return streamedTooLongReport(name, { index: index + 1, line });
    const bytes = new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
    const [report] = await verifyRecords(
      [recordDocument(name, { index: index + 1, line, offset, bytes })],
      policy,
    );
    if (!report) throw new Error(`no report for record ${index + 1}`);
    return report;
  };
  return {
    group: {
      report: summary.report({ kind: 'batch', source: name, total: recordsVerified }),
      suppliedNames: [],
      rows: [],
      streamedBytes: file.size,
    },
    detail,
    sha256: digest.hex(),
  };
}
