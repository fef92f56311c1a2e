/// <reference lib="webworker" />
/**
 * Message plumbing around the core's one pipeline (verifyAll): requests in, progress and
 * results out. Sniffing, grouping, parsing, hashing and every check happen in the core, here off
 * the main thread, so the page stays responsive on 100,000-step workflows and large batches.
 * Cancelling terminates the Worker (see client.ts), which stops even a single long check.
 */
import { toPlain, verifyAll, type DetectedDocument } from '../core';
import {
  RAW_VIEW_LIMIT,
  type VerifiedGroup,
  type VerifyRequest,
  type WorkerResponse,
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

self.onmessage = async (event: MessageEvent<VerifyRequest>) => {
  const request = event.data;
  if (request.type !== 'verify') return;
  const started = performance.now();
  try {
    const { supplied, ...options } = request.options ?? {};
    const { results, unplaced } = await verifyAll(request.inputs, {
      ...options,
      ...(supplied ? { group: false, supplied } : {}),
      onProgress: throttledProgress(request.id),
      ...(request.expectedReceiptId !== undefined
        ? { expectedReceiptId: request.expectedReceiptId }
        : {}),
    });
    post({
      type: 'result',
      id: request.id,
      results: results.map(({ report, main, supplied }) => ({
        report,
        suppliedNames: supplied.map((d) => d.name),
        ...(request.wantRaw && results.length === 1 ? rawView(main) : {}),
      })),
      unplaced,
      elapsedMs: performance.now() - started,
    });
  } catch (error) {
    post({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
