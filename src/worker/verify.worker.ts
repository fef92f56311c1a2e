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
  fileInput,
  toPlain,
  verifyAll,
  type DetectedDocument,
  type InputDocument,
  type Report,
} from '../core';
import { EDITOR_MAX_CHARS } from '../ui/features/verify/editor-text';
import { toResultRow } from '../ui/selectors/results';
import {
  FULL_REPORTS_MAX,
  RAW_VIEW_LIMIT,
  ROWS_PER_MESSAGE,
  STEPS_PER_MESSAGE,
  type VerifiedGroup,
  type VerifyRequest,
  type WireDocument,
  type WorkerRequest,
  type WorkerResponse,
  streamableFile,
} from './protocol';

declare const self: DedicatedWorkerGlobalScope;

function post(message: WorkerResponse): void {
  self.postMessage(message);
}

/** Progress messages at most every 50 ms, and always the last one. */
function throttledProgress(id: number): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    const now = performance.now();
    if (done < total && now - last < 50) return;
    last = now;
    post({ type: 'progress', id, done, total });
  };
}

/** The parsed document as plain JSON for the raw view, for one document of a sensible size. */
function rawView(main: DetectedDocument): Pick<VerifiedGroup, 'raw' | 'rawOmitted'> {
  if (!main.root) return {};
  if (main.source.text.length <= RAW_VIEW_LIMIT) return { raw: toPlain(main.root) };
  return {
    rawOmitted: `The document is ${(main.source.text.length / 1e6).toFixed(1)} MB; the raw tree is shown only up to ${RAW_VIEW_LIMIT / 1e6} MB.`,
  };
}

/**
 * Workers a large JSON Lines file is verified on: one per core the browser reports, from three
 * cores up. On two cores the pool lost to this one thread: 100,000 receipts (48 MB) took 17.1 s
 * and 23.2 s with a pool of two against 8.5 s and 15.0 s here, measured alternately in one run
 * of bench/browser.ts on a 2-core machine shared with other work (load average 16).
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
 * A large workflow's step rows go ahead of its result in messages of STEPS_PER_MESSAGE, and the
 * result's details carry none: the page copies them in short tasks, never all in one.
 */
function postStepsAhead(id: number, group: VerifiedGroup, index: number): void {
  const details = group.report.details;
  if (details?.type !== 'workflow' || details.steps.length <= STEPS_PER_MESSAGE) return;
  for (let start = 0; start < details.steps.length; start += STEPS_PER_MESSAGE)
    post({
      type: 'steps',
      id,
      group: index,
      steps: details.steps.slice(start, start + STEPS_PER_MESSAGE),
    });
  group.report = { ...group.report, details: { ...details, steps: [] } };
  group.stepsAhead = true;
}

/**
 * Full member reports kept for the page's "open this row": the first DETAIL_FIRST_MEMBERS and up
 * to DETAIL_PROBLEM_MEMBERS more that did not verify. A million-member batch must not hold a
 * million reports (issue 13 item 1); a member past both bounds says so when opened.
 */
const DETAIL_FIRST_MEMBERS = 10_000;
const DETAIL_PROBLEM_MEMBERS = 10_000;

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
        `Member ${index + 1}'s full report was not kept: a batch this large keeps the first ${DETAIL_FIRST_MEMBERS.toLocaleString('en-US')} members' reports and ${DETAIL_PROBLEM_MEMBERS.toLocaleString('en-US')} more that did not verify. Its row shows its verdict and first reason; verify it on its own to see every check.`,
      ),
    );
  }
}

const utf8 = new TextEncoder();

/**
 * A share link's text too long for the editor goes to the page as its UTF-8 bytes, transferred:
 * megabytes of text are slow to copy into the page and to measure there (its size in bytes, its
 * lines), where bytes move without a copy and are counted at once. The core verifies the bytes
 * of a document exactly as its text, which is their strict UTF-8 decoding.
 */
function asBytesIfLarge(doc: InputDocument, transfer: ArrayBuffer[]): InputDocument {
  if (doc.text === undefined || doc.text.length <= EDITOR_MAX_CHARS) return doc;
  const bytes = utf8.encode(doc.text);
  transfer.push(bytes.buffer);
  return { name: doc.name, bytes, ...(doc.role !== undefined ? { role: doc.role } : {}) };
}

/** A File's content, read here (the page sent only its handle), as the CLI reads a file. */
async function materialise(doc: WireDocument): Promise<InputDocument> {
  if (!('file' in doc)) return doc;
  const input = fileInput(doc.name, new Uint8Array(await doc.file.arrayBuffer()));
  return doc.role !== undefined ? { ...input, role: doc.role } : input;
}

async function verifyRequest(request: VerifyRequest): Promise<void> {
  const started = performance.now();
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
      });
      return;
    }
    // Not JSON Lines after all: verified whole below, as any other file.
  }
  const inputs = await Promise.all(request.inputs.map(materialise));
  // A batch's members arrive one at a time (the core keeps only the failing few of a large
  // batch): every member becomes a row, and a bounded number keep their full report.
  let members = new BatchMembers();
  const { results, unplaced } = await verifyAll(inputs, {
    ...options,
    ...(supplied ? { group: false, supplied } : {}),
    onProgress,
    onMember: (report, index) => {
      if (index === 0) members = new BatchMembers();
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
  groups.forEach((group, index) => postStepsAhead(request.id, group, index));
  post({
    type: 'result',
    id: request.id,
    results: groups,
    unplaced,
    elapsedMs: performance.now() - started,
  });
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'detail') {
      if (retained?.id !== request.of)
        throw new Error('These details are no longer available: verify the input again.');
      post({ type: 'detail', id: request.id, report: await retained.detail(request.index) });
      return;
    }
    if (request.type === 'share') {
      // Loaded with the first link: fflate's inflater is not in the script a file waits for.
      const { decodeSharePayload } = await import('../share/share-link');
      const result = decodeSharePayload(request.value);
      const transfer: ArrayBuffer[] = [];
      if (result.ok) {
        const { main, supplied } = result.input;
        result.input = {
          main: asBytesIfLarge(main, transfer),
          supplied: supplied.map((doc) => asBytesIfLarge(doc, transfer)),
        };
      }
      self.postMessage(
        { type: 'share', id: request.id, result } satisfies WorkerResponse,
        transfer,
      );
      return;
    }
    if (request.type !== 'verify') return;
    retained = undefined;
    await verifyRequest(request);
  } catch (error) {
    post({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
