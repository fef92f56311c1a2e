/**
 * Streamed JSON Lines for the command line (`--jsonl`): records are read as they arrive, each
 * is verified on its own through the core's one pipeline — exactly as a member of the same file
 * verified as a batch — and its report is written as one line as soon as it is made. Memory stays
 * bounded whatever the size of the input: a few chunks of records are in flight at a time.
 * With --jobs above 1, chunks go to a pool of worker threads once the input proves large.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  DIMENSIONS,
  verdictUnderProfile,
  verifyRecords,
  type CliJsonReport,
  type ProfileId,
  type Verdict,
} from '../core';
import { cliReportJson } from './output';

/** One record of a JSON Lines input: its content and where it stands. */
export interface JsonLinesRecord {
  /** 1-based number of the record among the non-blank lines ("line record 3"). */
  index: number;
  /** 1-based line number in the input. */
  line: number;
  /** The record as text, or its bytes when they are not UTF-8 (the core says so). */
  text?: string;
  bytes?: Uint8Array;
  /** Set instead of the content when the record is longer than MAX_RECORD_BYTES. */
  oversized?: true;
}

/** What verifying one record gives: the report line to write and the verdict to count. */
export interface RecordResult {
  json: string;
  /** The verdict under the chosen profile and the consumer policy (what the exit code counts). */
  verdict: Verdict;
}

/** What every record of one run is verified with. */
export interface RecordSettings {
  /** The input's name: records are reported as "<fileName> line record N". */
  fileName: string;
  now: number;
  /** The profile that decides the verdict counted (--profile; default core). */
  profile?: ProfileId;
  /** Consumer policy (--max-future, --max-age), in ms; off when absent. */
  maxFutureMs?: number;
  maxAgeMs?: number;
}

/** A record longer than this is reported as failed without being read further. */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;
/** Records per chunk handed to a worker; also how often the running count moves. */
const CHUNK_RECORDS = 500;
/** Chunks in flight per worker: enough to keep each busy, few enough to bound memory. */
const CHUNKS_PER_WORKER = 2;
/** Workers start only once this many records have been read: small inputs stay in-process. */
const POOL_AFTER_RECORDS = 4 * CHUNK_RECORDS;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Splits a byte stream into JSON Lines records (blank lines skipped). A record that is not
 * UTF-8 comes through as bytes, one longer than MAX_RECORD_BYTES as `oversized`: each gets a
 * failed report of its own and the stream goes on.
 */
export async function* jsonLinesRecords(
  stream: AsyncIterable<Uint8Array>,
): AsyncGenerator<JsonLinesRecord> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let oversized = false;
  let line = 0;
  let index = 0;
  const finish = (tail: Uint8Array): JsonLinesRecord | undefined => {
    line++;
    const parts = pendingBytes > 0 ? [...pending, tail] : [tail];
    const length = pendingBytes + tail.length;
    pending = [];
    pendingBytes = 0;
    if (oversized) {
      oversized = false;
      index++;
      return { index, line, oversized: true };
    }
    const bytes = parts.length === 1 ? tail : Buffer.concat(parts, length);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      index++;
      return { index, line, bytes: Uint8Array.from(bytes) };
    }
    if (text.trim() === '') return undefined;
    index++;
    return { index, line, text };
  };
  for await (const chunk of stream) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const record = finish(chunk.subarray(start, nl));
      if (record) yield record;
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (oversized || pendingBytes + rest.length > MAX_RECORD_BYTES) {
        oversized = true;
        pending = [];
        pendingBytes = 0;
      } else {
        // Copied: a stream may reuse its chunk buffers.
        pending.push(Uint8Array.from(rest));
        pendingBytes += rest.length;
      }
    }
  }
  if (pendingBytes > 0 || oversized) {
    const record = finish(new Uint8Array());
    if (record) yield record;
  }
}

/**
 * Verifies one record alone, as the batch path verifies a member: its report names it
 * "<file> line record N" and its places carry the record's line in the input.
 */
export async function verifyRecord(
  record: JsonLinesRecord,
  settings: RecordSettings,
): Promise<RecordResult> {
  const name = `${settings.fileName} line record ${record.index}`;
  if (record.oversized) return oversizedResult(name);
  const input =
    record.text !== undefined ? { name, text: record.text } : { name, bytes: record.bytes };
  const { now, maxFutureMs, maxAgeMs } = settings;
  const [report] = await verifyRecords([input], {
    now,
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  });
  if (!report) throw new Error(`no report for ${name}`);
  return {
    json: JSON.stringify(onLine(cliReportJson(report), record.line)),
    verdict: verdictUnderProfile(report, settings.profile ?? 'core'),
  };
}

/** A record too long to read: failed, saying why, without holding it in memory. */
function oversizedResult(name: string): RecordResult {
  const message = `record is longer than ${MAX_RECORD_BYTES} bytes; it was not read`;
  const report: CliJsonReport = {
    file: name,
    kind: 'unknown',
    verdict: 'failed',
    dimensions: Object.fromEntries(
      DIMENSIONS.map((d) => [
        d,
        d === 'schema_validity'
          ? { status: 'fail', summary: message }
          : { status: 'not_checked', summary: 'the record was not read' },
      ]),
    ),
    checks: [
      { rule: 'cli.record.size', dimension: 'schema_validity', status: 'fail', message, path: '' },
    ],
    limits: [],
  };
  return { json: JSON.stringify(report), verdict: 'failed' };
}

/** Moves a one-line record's positions to the line it stands on in the whole input. */
function onLine(report: CliJsonReport, line: number): CliJsonReport {
  for (const check of report.checks) if (check.line !== undefined) check.line += line - 1;
  report.children?.forEach((child) => onLine(child, line));
  return report;
}

export interface StreamOptions extends RecordSettings {
  /** Worker threads to use for large inputs (1: all in this thread). */
  jobs: number;
  /** Path of the script that runs a record worker (the built aer1-verify.mjs). */
  workerScript?: string;
  /** Called with the running count (the CLI shows it on a terminal). */
  onCount?: (records: number) => void;
  /** Resolves when the output can take more (backpressure from a slow reader). */
  drained?: () => Promise<void>;
}

export type VerdictCounts = Record<Verdict, number>;

/** Verifies every record of a stream, writing one report line per record in input order. */
export async function streamJsonLines(
  stream: AsyncIterable<Uint8Array>,
  options: StreamOptions,
  write: (line: string) => void,
): Promise<VerdictCounts> {
  const counts: VerdictCounts = { verified: 0, failed: 0, incomplete: 0 };
  const emit = async (results: RecordResult[]) => {
    for (const result of results) counts[result.verdict]++;
    // One write per chunk; then wait while the reader is behind, so output cannot pile up.
    write(results.map((result) => result.json).join('\n'));
    options.onCount?.(counts.verified + counts.failed + counts.incomplete);
    await options.drained?.();
  };
  let pool: RecordPool | undefined;
  const inFlight: Promise<RecordResult[]>[] = [];
  let chunk: JsonLinesRecord[] = [];
  let read = 0;
  const dispatch = async (records: JsonLinesRecord[]) => {
    if (!pool && options.jobs > 1 && options.workerScript && read >= POOL_AFTER_RECORDS)
      pool = new RecordPool(options.workerScript, options.jobs);
    inFlight.push(
      pool ? pool.verify(records, settingsOf(options)) : verifyChunk(records, settingsOf(options)),
    );
    // Bounded: wait for the oldest chunk before reading further once enough are in flight.
    const limit = pool ? options.jobs * CHUNKS_PER_WORKER : 1;
    while (inFlight.length >= limit) await emit(await inFlight.shift()!);
  };
  try {
    for await (const record of jsonLinesRecords(stream)) {
      chunk.push(record);
      read++;
      if (chunk.length === CHUNK_RECORDS) {
        await dispatch(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) await dispatch(chunk);
    while (inFlight.length > 0) await emit(await inFlight.shift()!);
  } finally {
    await pool?.close();
  }
  return counts;
}

/** The record settings among the stream options (what a worker is sent). */
function settingsOf(options: StreamOptions): RecordSettings {
  const { fileName, now, profile, maxFutureMs, maxAgeMs } = options;
  return {
    fileName,
    now,
    ...(profile !== undefined ? { profile } : {}),
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  };
}

async function verifyChunk(
  records: JsonLinesRecord[],
  settings: RecordSettings,
): Promise<RecordResult[]> {
  const out: RecordResult[] = [];
  for (const record of records) out.push(await verifyRecord(record, settings));
  return out;
}

/** The default number of worker threads: the machine's cores. */
export function defaultJobs(): number {
  return availableParallelism();
}

/** Marks a worker thread started by RecordPool, for the script's entry point. */
export const RECORD_WORKER = 'aer1-verify record worker';

interface ChunkRequest {
  id: number;
  records: JsonLinesRecord[];
  settings: RecordSettings;
}

interface ChunkReply {
  id: number;
  results?: RecordResult[];
  error?: string;
}

/** Worker threads that verify chunks of records; replies are matched by chunk id. */
class RecordPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<
    number,
    { resolve: (r: RecordResult[]) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;

  constructor(script: string, size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script, { workerData: { role: RECORD_WORKER } });
      worker.on('message', (reply: ChunkReply) => {
        const waiter = this.waiting.get(reply.id);
        if (!waiter) return;
        this.waiting.delete(reply.id);
        if (reply.results) waiter.resolve(reply.results);
        else waiter.reject(new Error(reply.error ?? 'record worker failed'));
      });
      worker.on('error', (error) => {
        for (const waiter of this.waiting.values()) waiter.reject(error);
        this.waiting.clear();
      });
      this.workers.push(worker);
    }
  }

  verify(records: JsonLinesRecord[], settings: RecordSettings): Promise<RecordResult[]> {
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const request: ChunkRequest = { id, records, settings };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The body of a record worker thread: verify each chunk it is sent, reply with the results. */
export function serveRecordChunks(port: {
  on(event: 'message', listener: (request: ChunkRequest) => void): void;
  postMessage(reply: ChunkReply): void;
}): void {
  port.on('message', (request) => {
    verifyChunk(request.records, request.settings).then(
      (results) => port.postMessage({ id: request.id, results }),
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
    );
  });
}
