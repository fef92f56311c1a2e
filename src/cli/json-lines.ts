/**
 * Streamed JSON Lines for the command line (`--jsonl`): records are read as they arrive, each
 * is verified on its own through the core's one pipeline — exactly as a member of the same file
 * verified as a batch — and its report is written as one line as soon as it is made. Memory stays
 * bounded whatever the size of the input: a few chunks of records are in flight at a time.
 * With --jobs N above 1, blocks of records are verified on N threads — this one and N - 1
 * workers — from the start when --jobs was given, otherwise once the input proves large
 * (POOL_AFTER_BYTES). A block goes to the worker with the fewest in hand; this thread takes
 * it itself when every worker has BLOCKS_PER_WORKER.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  blockRecords,
  DEFAULT_BLOCK_LIMITS,
  POOL_AFTER_BYTES,
  jsonLinesBlocks,
  recordDocument,
  streamedTooLongReport,
  TaskPool,
  verdictUnderProfile,
  verifyEachRecord,
  type InputDocument,
  type JsonLinesRecord,
  type LineBlock,
  type PoolReply,
  type ProfileId,
  type Report,
  type Verdict,
} from '../core';
import { cliReportJson, type CheckForm } from './output';
import { compactLine, Utf8Lines } from './report-line';

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
  /** How checks are written (output.ts, CheckForm); default compact. */
  checks?: CheckForm;
}

/**
 * Blocks handed on by the reading thread (the core's splitter, jsonLinesBlocks): small enough
 * to keep memory bounded and workers evenly fed, large enough that a block's hand-over costs
 * little next to verifying it.
 */
const BLOCK_LIMITS = DEFAULT_BLOCK_LIMITS;
/**
 * Blocks queued per worker: enough to keep each busy while this thread verifies one of its
 * own (with two queued, a worker sat idle waiting for its next block).
 */
const BLOCKS_PER_WORKER = 4;
/**
 * Blocks verified and not yet written, per thread, before this thread waits for the oldest:
 * room to go on verifying while a worker is behind, few enough to bound memory.
 */
const BLOCKS_IN_FLIGHT_PER_THREAD = 8;

/**
 * Verifies records, each alone, as the batch path verifies a member: each report names its
 * record "<file> line record N" and its places carry the record's line in the input. One call
 * of the core for a block's records: one call per record cost a run's set-up and its awaits
 * for every record. Each report is handed to `each` as it is made, in input order, with the
 * verdict counted under the chosen profile and the consumer policy. Records are read from the
 * block as they are verified: a block's texts held until its end outlived the young generation
 * of the garbage collector, which copied them.
 */
async function verifyRecordList(
  records: Iterable<JsonLinesRecord>,
  settings: RecordSettings,
  each: (report: Report, verdict: Verdict) => void,
): Promise<void> {
  const { now, maxFutureMs, maxAgeMs } = settings;
  // A record too long to read: failed, saying why, without holding it in memory. Reported as it
  // is met: the core has reported every record before it when it asks for the next.
  const tooLong = (record: JsonLinesRecord) =>
    each(streamedTooLongReport(settings.fileName, record), 'failed');
  let verified = 0;
  let reported = 0;
  function* documents(): Generator<InputDocument> {
    for (const record of records) {
      if (record.oversized) tooLong(record);
      else {
        verified++;
        yield recordDocument(settings.fileName, record);
      }
    }
  }
  await verifyEachRecord(
    documents(),
    {
      now,
      // Each report is written at once and let go: its passes need only what the line says.
      lazyPasses: true,
      ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
      ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
    },
    (report) => {
      reported++;
      each(report, verdictUnderProfile(report, settings.profile ?? 'core'));
    },
  );
  if (reported !== verified) throw new Error('a record was not reported');
}

/** A report's line in the chosen form. */
function lineOf(report: Report, form: CheckForm): string {
  return form === 'compact' ? compactLine(report) : JSON.stringify(cliReportJson(report, form));
}

export interface StreamOptions extends RecordSettings {
  /** Threads to verify large inputs on: this one and jobs - 1 workers (1: all in this one). */
  jobs: number;
  /**
   * Input read before the workers start (default POOL_AFTER_BYTES; 0 when the user asked for
   * --jobs: then they start with the first block).
   */
  poolAfterBytes?: number;
  /** The input's size when known (a file): a large one starts the workers at once. */
  sizeHint?: number;
  /** Path of the script that runs a record worker (the built aer1-verify.mjs). */
  workerScript?: string;
  /** Called with the running count (the CLI shows it on a terminal). */
  onCount?: (records: number) => void;
  /** Resolves when the output can take more (backpressure from a slow reader). */
  drained?: () => Promise<void>;
  /**
   * Writes report lines already encoded as UTF-8, each ending in a newline: workers then hand
   * their output over as bytes, which the reading thread writes without touching it. The writer
   * calls `release` once it is done with the bytes (written out, or copied): their buffer is
   * then filled again with a later block's lines.
   */
  writeBytes?: (bytes: Uint8Array, release: () => void) => void;
}

export type VerdictCounts = Record<Verdict, number>;

/** What verifying a block gives: its report lines (one per record) and their verdicts. */
interface BlockResult {
  /** The report lines joined by newlines (no newline at the end), or as UTF-8 bytes ending in one. */
  output: string | Uint8Array;
  counts: VerdictCounts;
}

/** Verifies every record of a stream, writing one report line per record in input order. */
export async function streamJsonLines(
  stream: AsyncIterable<Uint8Array>,
  options: StreamOptions,
  write: (line: string) => void,
): Promise<VerdictCounts> {
  const counts: VerdictCounts = { verified: 0, failed: 0, incomplete: 0 };
  const settings = settingsOf(options);
  // Lines go out as bytes where the shell takes them, whichever thread made them.
  const asBytes = options.writeBytes !== undefined;
  const emit = async (result: BlockResult) => {
    for (const verdict of ['verified', 'failed', 'incomplete'] as const)
      counts[verdict] += result.counts[verdict];
    // One write per block; then wait while the reader is behind, so output cannot pile up.
    if (typeof result.output === 'string') {
      if (result.output !== '') write(result.output);
    } else if (result.output.length > 0) {
      const buffer = result.output.buffer as ArrayBuffer;
      if (options.writeBytes) options.writeBytes(result.output, () => outputBuffers.give(buffer));
      else write(new TextDecoder().decode(result.output.subarray(0, -1)));
    }
    options.onCount?.(counts.verified + counts.failed + counts.incomplete);
    await options.drained?.();
  };
  let pool: TaskPool<BlockTask, BlockResult> | undefined;
  /** Blocks handed out and not yet written, oldest first; `result` is set once verified. */
  const inFlight: { result?: BlockResult; verified: Promise<BlockResult> }[] = [];
  const track = (verified: Promise<BlockResult>) => {
    const entry: (typeof inFlight)[number] = { verified };
    verified.then(
      (result) => (entry.result = result),
      () => {},
    );
    inFlight.push(entry);
  };
  /** Writes the oldest block, waiting for it. */
  const emitOldest = async () => emit(await inFlight.shift()!.verified);
  const poolAfter = options.poolAfterBytes ?? POOL_AFTER_BYTES;
  let read = 0;
  try {
    for await (const block of jsonLinesBlocks(stream, BLOCK_LIMITS)) {
      if (block.records === 0) continue;
      read += block.bytes.length;
      // Workers start once the input proves large. This thread is one of the --jobs threads:
      // it verifies every block the workers have no room for, so N threads verify with N - 1
      // workers (one isolate fewer to start, warm up and hold in memory).
      if (
        !pool &&
        threadsFor(options.jobs) > 1 &&
        options.workerScript &&
        (read >= poolAfter || (options.sizeHint ?? 0) >= poolAfter)
      )
        pool = recordPool(options.workerScript, threadsFor(options.jobs) - 1);
      if (!pool) {
        track(verifyBlock(block, settings, asBytes, outputBuffers.take()));
        await emitOldest();
        continue;
      }
      if (pool.hasRoom(BLOCKS_PER_WORKER)) {
        const output = outputBuffers.take();
        track(pool.run({ block, settings, asBytes, ...(output ? { output } : {}) }));
      } else {
        track(verifyBlock(block, settings, asBytes, outputBuffers.take()));
        // Let the workers' replies in (they free room) before the next block is placed:
        // verifying here runs to the end without giving them a turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Whatever is done at the head of the line is written now, without waiting; only a
      // full window (memory stays bounded) waits for the oldest block. Waiting at four blocks
      // in flight left this thread idle while a worker was behind (warming up).
      while (inFlight[0]?.result) await emit(inFlight.shift()!.result!);
      while (inFlight.length >= options.jobs * BLOCKS_IN_FLIGHT_PER_THREAD) await emitOldest();
    }
    while (inFlight.length > 0) await emitOldest();
  } finally {
    await pool?.close();
  }
  return counts;
}

/** The record settings among the stream options (what a worker is sent). */
function settingsOf(options: StreamOptions): RecordSettings {
  const { fileName, now, profile, maxFutureMs, maxAgeMs, checks } = options;
  return {
    fileName,
    now,
    ...(checks !== undefined ? { checks } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(maxFutureMs !== undefined ? { maxFutureMs } : {}),
    ...(maxAgeMs !== undefined ? { maxAgeMs } : {}),
  };
}

/**
 * Buffers whose lines were written, to write later blocks' lines into: memory the process has
 * already touched, where a new buffer of a block's size cost more to fill than the lines cost
 * to make. Held in the thread that writes; workers are lent one with each block.
 */
class OutputBuffers {
  private readonly free: ArrayBuffer[] = [];
  /** The output of the last block verified as bytes, in this thread (lines of a stream are much alike). */
  lastOutputBytes = 0;

  take(): ArrayBuffer | undefined {
    return this.free.pop();
  }

  give(buffer: ArrayBuffer): void {
    if (this.free.length < MAX_FREE_OUTPUT_BUFFERS && buffer.byteLength <= MAX_KEPT_OUTPUT_BYTES)
      this.free.push(buffer);
  }
}

/** Buffers held for reuse at most: as many as blocks may be in flight on two threads. */
const MAX_FREE_OUTPUT_BUFFERS = 2 * BLOCKS_IN_FLIGHT_PER_THREAD;
/** A buffer grown past this (a block of long failure reports) is let go of, not kept. */
const MAX_KEPT_OUTPUT_BYTES = 8 << 20;

const outputBuffers = new OutputBuffers();

async function verifyBlock(
  block: LineBlock,
  settings: RecordSettings,
  asBytes: boolean,
  output?: ArrayBuffer,
): Promise<BlockResult> {
  const counts: VerdictCounts = { verified: 0, failed: 0, incomplete: 0 };
  const form = settings.checks ?? 'compact';
  const records = blockRecords(block);
  if (!asBytes) {
    const lines: string[] = [];
    await verifyRecordList(records, settings, (report, verdict) => {
      counts[verdict]++;
      lines.push(lineOf(report, form));
    });
    return { output: lines.join('\n'), counts };
  }
  // Each line is encoded into its place as its report is made: joining them into one string
  // first, then encoding that, cost several times as much.
  const expected = outputBuffers.lastOutputBytes;
  const lines = new Utf8Lines(
    output && output.byteLength >= expected ? output : expected + (expected >> 3),
  );
  await verifyRecordList(records, settings, (report, verdict) => {
    counts[verdict]++;
    if (form === 'compact') lines.compactLine(report);
    else lines.line(lineOf(report, form));
  });
  const bytes = lines.done();
  outputBuffers.lastOutputBytes = bytes.length;
  return { output: bytes, counts };
}

/** The default number of worker threads: the machine's cores. */
export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * The threads --jobs N verifies on: N, but no more than the machine's cores (more threads than
 * cores only share them, each with its own isolate to start and hold in memory). Workers then
 * start one at a time as blocks of records arrive (recordPool), so a short input never starts
 * more than it has blocks.
 */
export function threadsFor(jobs: number, cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(jobs, cores));
}

/** Marks a worker thread started by recordPool, for the script's entry point. */
export const RECORD_WORKER = 'aer1-verify record worker';

/** A block for a record worker thread to verify. */
interface BlockTask {
  block: LineBlock;
  settings: RecordSettings;
  asBytes: boolean;
  /** A buffer to write the lines into (lent, moved with the task). */
  output?: ArrayBuffer;
}

type BlockRequest = BlockTask & { id: number };

/**
 * Up to `size` worker threads that verify blocks of records (the core's TaskPool schedules
 * them): a worker is started only when a block arrives and every worker has blocks in hand.
 */
function recordPool(script: string, size: number): TaskPool<BlockTask, BlockResult> {
  return new TaskPool(size, (deliver, fail) => {
    const worker = new Worker(script, { workerData: { role: RECORD_WORKER } });
    worker.on('message', deliver);
    worker.on('error', fail);
    return {
      // The block's bytes are its own copy (jsonLinesBlocks): moved, not copied again.
      post: (id, task) =>
        worker.postMessage({ id, ...task }, [
          task.block.bytes.buffer as ArrayBuffer,
          ...(task.output ? [task.output] : []),
        ]),
      stop: () => worker.terminate(),
    };
  });
}

/** The body of a record worker thread: verify each block it is sent, reply with the results. */
export function serveRecordChunks(port: {
  on(event: 'message', listener: (request: BlockRequest) => void): void;
  postMessage(reply: PoolReply<BlockResult>, transfer?: ArrayBuffer[]): void;
}): void {
  port.on('message', (request) => {
    verifyBlock(request.block, request.settings, request.asBytes, request.output).then(
      (result) =>
        port.postMessage(
          { id: request.id, result },
          typeof result.output === 'string' ? [] : [result.output.buffer as ArrayBuffer],
        ),
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
    );
  });
}
