/// <reference lib="webworker" />
/**
 * Runs the pure core off the main thread: sniffing, grouping, parsing, hashing and every check
 * happen here, so the page stays responsive on 100,000-step workflows and 10,000-receipt batches.
 * Cancelling terminates the Worker (see client.ts), which stops even a single long check.
 */
import type { VerifyContext } from '../core/context';
import { loadHashing } from '../core/hash/sha256';
import { groupDocuments } from '../core/ingest';
import { detectDocument } from '../core/detect';
import { toPlain } from '../core/json/ast';
import { verifyDetected } from '../core/verify';
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

self.onmessage = async (event: MessageEvent<VerifyRequest>) => {
  const request = event.data;
  if (request.type !== 'verify') return;
  const started = performance.now();
  try {
    const hashing = await loadHashing();
    const { groups, unplaced } = groupDocuments(request.inputs.map(detectDocument), hashing);
    const results: VerifiedGroup[] = [];
    const now = Date.now();
    let lastProgress = 0;
    for (const [index, group] of groups.entries()) {
      const onProgress =
        groups.length === 1
          ? (done: number, total: number) => post({ type: 'progress', id: request.id, done, total })
          : undefined;
      const ctx: VerifyContext = { hashing, now, supplied: group.supplied };
      if (request.expectedReceiptId !== undefined)
        ctx.expectedReceiptId = request.expectedReceiptId;
      const report = verifyDetected(group.main, ctx, onProgress ? { onProgress } : {});
      const result: VerifiedGroup = { report, suppliedNames: group.supplied.map((d) => d.name) };
      if (request.wantRaw && groups.length === 1 && group.main.root) {
        if (group.main.source.text.length <= RAW_VIEW_LIMIT) result.raw = toPlain(group.main.root);
        else {
          result.rawOmitted = `The document is ${(group.main.source.text.length / 1e6).toFixed(1)} MB; the raw tree is shown only up to ${RAW_VIEW_LIMIT / 1e6} MB.`;
        }
      }
      results.push(result);
      if (groups.length > 1 && performance.now() - lastProgress > 50) {
        lastProgress = performance.now();
        post({ type: 'progress', id: request.id, done: index + 1, total: groups.length });
      }
    }
    post({
      type: 'result',
      id: request.id,
      results,
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
