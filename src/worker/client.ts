/** Promise API over the verification Worker; cancel() ends the Worker and starts a fresh one. */
import type { InputDocument } from '../core';
import type { UnplacedDocument } from '../core';
import { workerFailureText } from './failure-text';
import type { VerifiedGroup, VerifyRequest, WorkerResponse } from './protocol';

export type { VerifiedGroup } from './protocol';

export interface VerifyOutcome {
  results: VerifiedGroup[];
  unplaced: UnplacedDocument[];
  elapsedMs: number;
}

interface Pending {
  resolve: (outcome: VerifyOutcome) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
}

export class CancelledError extends Error {
  constructor() {
    super('Verification cancelled');
    this.name = 'CancelledError';
  }
}

export class VerifierClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Verifies everything that arrived together (grouped in the Worker). */
  verify(
    inputs: InputDocument[],
    options: {
      wantRaw?: boolean;
      expectedReceiptId?: string;
      onProgress?: (done: number, total: number) => void;
      /** A fixed clock, a consumer policy, supplied documents (the self-test). */
      verifyOptions?: VerifyRequest['options'];
    } = {},
  ): Promise<VerifyOutcome> {
    const worker = this.getWorker();
    const id = this.nextId++;
    const request: VerifyRequest = { type: 'verify', id, inputs, wantRaw: options.wantRaw ?? true };
    if (options.expectedReceiptId !== undefined)
      request.expectedReceiptId = options.expectedReceiptId;
    if (options.verifyOptions) request.options = options.verifyOptions;
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject };
      if (options.onProgress) pending.onProgress = options.onProgress;
      this.pending.set(id, pending);
      worker.postMessage(request);
    });
  }

  /** Stops whatever runs now; pending verifications reject with CancelledError. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const pending of this.pending.values()) pending.reject(new CancelledError());
    this.pending.clear();
  }

  private getWorker(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.onMessage(event.data);
      this.worker.onerror = (event) => {
        const error = new Error(
          workerFailureText(`The verification worker failed: ${event.message || 'unknown error'}`),
        );
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
        this.worker = undefined;
      };
    }
    return this.worker;
  }

  private onMessage(message: WorkerResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.done, message.total);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'error') pending.reject(new Error(workerFailureText(message.message)));
    else
      pending.resolve({
        results: message.results,
        unplaced: message.unplaced,
        elapsedMs: message.elapsedMs,
      });
  }
}
