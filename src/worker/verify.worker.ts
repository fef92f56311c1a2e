/// <reference lib="webworker" />
/**
 * Runs the pure core off the main thread: parsing, hashing and every check happen here, so the
 * page stays responsive on 100,000-step workflows and 10,000-receipt batches.
 */
import { detectDocument } from '../core/detect';
import { toPlain } from '../core/json/ast';
import { loadHashing } from '../core/hash/sha256';
import { verifyDetected } from '../core/verify';
import { RAW_VIEW_LIMIT, type VerifyRequest, type WorkerResponse } from './protocol';

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
    const doc = detectDocument(request.input);
    const report = verifyDetected(
      doc,
      { hashing, now: Date.now(), supplied: request.supplied.map(detectDocument) },
      { onProgress: (done, total) => post({ type: 'progress', id: request.id, done, total }) },
    );
    const response: WorkerResponse = {
      type: 'result',
      id: request.id,
      report,
      elapsedMs: performance.now() - started,
    };
    if (request.wantRaw && doc.root) {
      if (doc.source.text.length <= RAW_VIEW_LIMIT) response.raw = toPlain(doc.root);
      else
        response.rawOmitted = `The document is ${(doc.source.text.length / 1e6).toFixed(1)} MB; the raw tree is not shown above ${RAW_VIEW_LIMIT / 1e6} MB.`;
    }
    post(response);
  } catch (error) {
    post({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
