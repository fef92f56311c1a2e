/// <reference lib="webworker" />
/**
 * Message plumbing around the core's one pipeline (verifyAll): requests in, progress and
 * results out. Sniffing, grouping, parsing, hashing and every check happen in the core, here off
 * the main thread, so the page stays responsive on 100,000-step workflows and large batches.
 * Cancelling terminates the Worker (see client.ts), which stops even a single long check.
 *
 * What reaches the page is bounded whatever the input: a batch of more than FULL_REPORTS_MAX
 * members comes back as compact rows, in messages of ROWS_PER_MESSAGE, and a member's full
 * report is sent when the page opens it (a 'detail' request). A large JSON Lines file is read
 * from its File as a stream, record by record (stream-batch.ts), never whole.
 */
import {
  DETAIL_FIRST_MEMBERS,
  DETAIL_PROBLEM_MEMBERS,
  EDITOR_MAX_CHARS,
  FULL_REPORTS_MAX,
  RAW_VIEW_MAX_CHARS,
  loadHashing,
  toPlain,
  verifyAll,
  withThousands,
  type DetectedDocument,
  type InputDocument,
  type Report,
} from '../core';
import { toResultRow } from './result-rows';
import { readInputs } from './read-inputs';
import { takeListAhead } from './list-ahead';
import {
  RESULTS_PER_MESSAGE,
  ROWS_PER_MESSAGE,
  type InputsPart,
  type VerifiedGroup,
  type VerifyRequest,
  type WorkerRequest,
  type WorkerResponse,
  streamableFile,
} from './protocol';

declare const self: DedicatedWorkerGlobalScope;

// A link's input is posted the moment this Worker is started (src/boot.ts): the hashing's
// WebAssembly compiles while that first request is read, not after it.
void loadHashing();

function post(message: WorkerResponse): void {
  self.postMessage(message);
}

/** What a progress message may say besides its count (see the protocol's 'progress'). */
export interface ProgressMore {
  records?: number;
  phase?: 'reading';
}

/** Progress messages at most every 50 ms, and always the last one of each phase. */
function throttledProgress(id: number): (done: number, total: number, more?: ProgressMore) => void {
  let last = 0;
  return (done, total, more) => {
    const now = performance.now();
    if (done < total && now - last < 50) return;
    last = now;
    post({ type: 'progress', id, done, total, ...more });
  };
}

/** The parsed document as plain JSON for the raw view, for one document of a sensible size. */
function rawView(main: DetectedDocument): Pick<VerifiedGroup, 'raw' | 'rawOmitted'> {
  if (!main.root) return {};
  if (main.source.text.length <= RAW_VIEW_MAX_CHARS) return { raw: toPlain(main.root) };
  return {
    rawOmitted: `The document is ${(main.source.text.length / 1e6).toFixed(1)} MB; the raw tree is shown only up to ${RAW_VIEW_MAX_CHARS / 1e6} MB.`,
  };
}

/**
 * Workers a large JSON Lines file is verified on: one per core the browser reports, from three
 * cores up. On two cores a pool of two verified a large file more slowly than this one thread
 * (bench/browser.ts).
 */
function poolSize(sizeHere: number): number {
  return sizeHere >= 3 ? sizeHere : 1;
}

/** The last result whose members' details the page may still ask for. */
let retained: { id: number; detail: (index: number) => Promise<Report> } | undefined;

function postRows(id: number, rows: ReturnType<typeof toResultRow>[]): void {
  for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE)
    post({ type: 'rows', id, rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
}

/**
 * A large workflow's step rows, or a large timeline's entries, go ahead of its result in parts
 * (list-ahead.ts): the page copies them in short tasks, never all in one.
 */
function postListAhead(id: number, group: VerifiedGroup, index: number): VerifiedGroup {
  const ahead = takeListAhead(group);
  for (const items of ahead.parts) post({ type: 'list-ahead', id, group: index, items });
  return ahead.group;
}

/**
 * Full member reports kept for the page's "open this row": the first DETAIL_FIRST_MEMBERS and up
 * to DETAIL_PROBLEM_MEMBERS more that did not verify. A million-member batch must not hold a
 * million reports (issue 13 item 1); a member past both bounds says so when opened.
 */
class BatchMembers {
  readonly rows: ReturnType<typeof toResultRow>[] = [];
  private readonly reports = new Map<number, Report>();
  private problemsKept = 0;

  add(report: Report, index: number): void {
    this.rows.push(toResultRow(report, index));
    if (index < DETAIL_FIRST_MEMBERS) this.reports.set(index, report);
    else if (report.verdict !== 'verified' && this.problemsKept < DETAIL_PROBLEM_MEMBERS) {
      this.problemsKept++;
      this.reports.set(index, report);
    }
  }

  detail(index: number): Promise<Report> {
    const report = this.reports.get(index);
    if (report) return Promise.resolve(report);
    if (index < 0 || index >= this.rows.length)
      return Promise.reject(new Error(`This batch has no member ${index + 1}.`));
    return Promise.reject(
      new Error(
        `Member ${index + 1}'s full report was not kept: a batch this large keeps the first ${withThousands(DETAIL_FIRST_MEMBERS)} members' reports and ${withThousands(DETAIL_PROBLEM_MEMBERS)} more that did not verify. Its row shows its verdict and first reason; verify it on its own to see every check.`,
      ),
    );
  }
}

const utf8 = new TextEncoder();

/**
 * A share link's text longer than the editor takes (EDITOR_MAX_CHARS) goes to the page as its
 * UTF-8 bytes, transferred: megabytes of text are slow to copy into the page and to measure there
 * (its size in bytes, its lines), where bytes move without a copy and are counted at once. The
 * core verifies the bytes of a document exactly as its text, which is their strict UTF-8
 * decoding.
 */
function asBytesIfLarge(doc: InputDocument, transfer: ArrayBuffer[]): InputDocument {
  if (doc.text === undefined || doc.text.length <= EDITOR_MAX_CHARS) return doc;
  const bytes = utf8.encode(doc.text);
  transfer.push(bytes.buffer);
  return { name: doc.name, bytes, ...(doc.role !== undefined ? { role: doc.role } : {}) };
}

async function verifyRequest(received: VerifyRequest): Promise<void> {
  const started = performance.now();
  // One clock for every check of the request, reported with the result.
  const checkedAt = received.options?.now ?? Date.now();
  const request: VerifyRequest = { ...received, options: { ...received.options, now: checkedAt } };
  const { supplied, ...options } = request.options ?? {};
  const onProgress = throttledProgress(request.id);
  const streamed = streamableFile(request);
  if (streamed) {
    // The streaming code (and the pool) loads with the first large JSON Lines file: it is not
    // part of the Worker's script a single receipt's first verdict waits for.
    const [{ verifyStreamed }, { RecordsPool }] = await Promise.all([
      import('./stream-batch'),
      import('./pool'),
    ]);
    // Records are verified on every core: a pool of Workers, two chunks in flight for each.
    const size = poolSize(RecordsPool.sizeHere());
    const pool = size > 1 ? new RecordsPool(size) : undefined;
    let outcome;
    try {
      outcome = await verifyStreamed(streamed, request, {
        onProgress,
        onRows: (rows) => post({ type: 'rows', id: request.id, rows }),
        ...(pool ? { verifyChunk: pool.verify, parallelChunks: 2 * pool.size } : {}),
      });
    } finally {
      pool?.terminate();
    }
    if (outcome) {
      retained = { id: request.id, detail: outcome.detail };
      post({
        type: 'result',
        id: request.id,
        results: [outcome.group],
        unplaced: [],
        elapsedMs: performance.now() - started,
        inputs: [{ name: streamed.name, bytes: streamed.file.size, sha256: outcome.sha256 }],
        checkedAt,
      });
      return;
    }
    // Not JSON Lines after all: verified whole below, as any other file.
  }
  const read = await readInputs(request.inputs, onProgress);
  const inputs = read.map((r) => r.input);
  // A batch's members arrive one at a time (the core keeps only the failing few of a large
  // batch): every member becomes a row, and a bounded number keep their full report.
  let members = new BatchMembers();
  // Each batch's number of members, in the order the batches were verified (that of the results).
  const memberCounts: number[] = [];
  const { results, unplaced } = await verifyAll(inputs, {
    ...options,
    ...(supplied ? { group: false, supplied } : {}),
    onProgress,
    onMember: (report, index, total) => {
      if (index === 0) {
        members = new BatchMembers();
        memberCounts.push(total);
      }
      members.add(report, index);
    },
    ...(request.expectedReceiptId !== undefined
      ? { expectedReceiptId: request.expectedReceiptId }
      : {}),
  });
  const groups = results.map(({ report, main, supplied }): VerifiedGroup => {
    const group: VerifiedGroup = {
      report,
      suppliedNames: supplied.map((d) => d.name),
      ...(request.wantRaw && results.length === 1 ? rawView(main) : {}),
    };
    if (report.kind === 'batch' && report.children) {
      const count = memberCounts.shift();
      if (count !== undefined) group.members = count;
    }
    if (results.length === 1 && report.children && members.rows.length > FULL_REPORTS_MAX) {
      // Rows now, each member's report when it is opened.
      postRows(request.id, members.rows);
      const summary: Report = { ...report };
      delete summary.children;
      group.report = summary;
      group.rows = [];
      const kept = members;
      retained = { id: request.id, detail: (index) => kept.detail(index) };
    }
    return group;
  });
  const sent = groups.map((group, index) => postListAhead(request.id, group, index));
  // Many records: their results go in parts, the last part with the result message.
  let from = 0;
  for (; sent.length - from > RESULTS_PER_MESSAGE; from += RESULTS_PER_MESSAGE)
    post({
      type: 'results-ahead',
      id: request.id,
      results: sent.slice(from, from + RESULTS_PER_MESSAGE),
    });
  post({
    type: 'result',
    id: request.id,
    results: from === 0 ? sent : sent.slice(from),
    unplaced,
    elapsedMs: performance.now() - started,
    inputs: read.map((r) => r.digest),
    checkedAt,
  });
}

/** Verifications whose inputs are still arriving in parts, by id. */
const gathering = new Map<number, { request: VerifyRequest; partsLeft: number }>();

/** The request, once all its inputs are here; undefined while parts are still to come. */
function gather(request: VerifyRequest | InputsPart): VerifyRequest | undefined {
  if (request.type === 'verify') {
    if (!request.partsToFollow) return request;
    gathering.set(request.id, {
      request: { ...request, inputs: [...request.inputs] },
      partsLeft: request.partsToFollow,
    });
    return undefined;
  }
  const pending = gathering.get(request.of);
  if (!pending) return undefined;
  for (const input of request.inputs) pending.request.inputs.push(input);
  if (--pending.partsLeft > 0) return undefined;
  gathering.delete(request.of);
  return pending.request;
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  // Errors are answered to the request they belong to (an 'inputs' part's verification).
  const id = message.type === 'inputs' ? message.of : message.id;
  try {
    if (message.type === 'detail') {
      if (retained?.id !== message.of)
        throw new Error('These details are no longer available: verify the input again.');
      post({ type: 'detail', id, report: await retained.detail(message.index) });
      return;
    }
    if (message.type === 'share') {
      // Loaded with the first link: fflate's inflater is not in the script a file waits for.
      const { decodeSharePayload } = await import('../share/share-link');
      const result = decodeSharePayload(message.value);
      const transfer: ArrayBuffer[] = [];
      if (result.ok) {
        const { main, supplied } = result.input;
        result.input = {
          main: asBytesIfLarge(main, transfer),
          supplied: supplied.map((doc) => asBytesIfLarge(doc, transfer)),
        };
      }
      self.postMessage(
        { type: 'share', id: message.id, result } satisfies WorkerResponse,
        transfer,
      );
      return;
    }
    const request = gather(message);
    if (!request) return;
    retained = undefined;
    await verifyRequest(request);
  } catch (error) {
    post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
  }
};
