/** Promise API over the verification Worker; cancel() ends the Worker and starts a fresh one. */
import type { InputDocument, Report, UnplacedDocument, WorkflowStepRow } from '../core';
import type { DecodeResult } from '../share/share-link';
import { RepeatedIdIndex } from '../ui/selectors/repeated-ids';
import { workerFailureText } from './failure-text';
import type {
  ResultRow,
  VerifiedGroup,
  VerifyRequest,
  WireDocument,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

export type { ResultRow, VerifiedGroup } from './protocol';

export interface VerifyOutcome {
  results: VerifiedGroup[];
  unplaced: UnplacedDocument[];
  elapsedMs: number;
  /** Which verification it was: a member's details are asked for by it (VerifierClient.detail). */
  runId?: number;
}

interface Pending {
  resolve: (outcome: VerifyOutcome) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
  /** Compact rows received so far (a large batch). */
  rows: ResultRow[];
  /** Their repeated ids, indexed message by message (see RepeatedIdIndex). */
  ids?: RepeatedIdIndex;
  /** Step rows of a large workflow, by result group, received ahead of the result. */
  steps?: Map<number, WorkflowStepRow[]>;
}

interface PendingDetail {
  resolve: (report: Report) => void;
  reject: (error: Error) => void;
}

interface PendingShare {
  resolve: (result: DecodeResult) => void;
  reject: (error: Error) => void;
}

export class CancelledError extends Error {
  constructor() {
    super('Verification cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * Documents read from files carry their File (read-files.ts): the Worker is sent the File handle,
 * not a copy of its bytes, and reads (or streams) it itself.
 */
const files = new WeakMap<InputDocument, File>();

export function rememberFile(doc: InputDocument, file: File): void {
  files.set(doc, file);
}

/** The File a document was read from, if it was read from one. */
export function rememberedFile(doc: InputDocument): File | undefined {
  return files.get(doc);
}

function toWire(doc: InputDocument): WireDocument {
  const file = files.get(doc);
  if (!file) return doc;
  return { name: doc.name, file, ...(doc.role !== undefined ? { role: doc.role } : {}) };
}

/** A workflow's details with the step rows that came ahead of its result put back. */
export function withStepsAhead(
  group: VerifiedGroup,
  steps: WorkflowStepRow[] | undefined,
): VerifiedGroup {
  const details = group.report.details;
  if (!group.stepsAhead || details?.type !== 'workflow') return group;
  const restored: VerifiedGroup = {
    ...group,
    report: { ...group.report, details: { ...details, steps: steps ?? [] } },
  };
  delete restored.stepsAhead;
  return restored;
}

export class VerifierClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly details = new Map<number, PendingDetail>();
  private readonly shares = new Map<number, PendingShare>();

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
    const request: VerifyRequest = {
      type: 'verify',
      id,
      inputs: inputs.map(toWire),
      wantRaw: options.wantRaw ?? true,
    };
    if (options.expectedReceiptId !== undefined)
      request.expectedReceiptId = options.expectedReceiptId;
    if (options.verifyOptions) request.options = options.verifyOptions;
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject, rows: [] };
      if (options.onProgress) pending.onProgress = options.onProgress;
      this.pending.set(id, pending);
      this.post(worker, request);
    });
  }

  /** The full report of row `index` of a large batch's result (kept in the Worker). */
  detail(runId: number, index: number): Promise<Report> {
    const worker = this.getWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.details.set(id, { resolve, reject });
      this.post(worker, { type: 'detail', id, of: runId, index });
    });
  }

  /** A share link's documents (or why there are none), decoded in the Worker. */
  decodeShareLink(value: string): Promise<DecodeResult> {
    const worker = this.getWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.shares.set(id, { resolve, reject });
      this.post(worker, { type: 'share', id, value });
    });
  }

  /** Stops whatever runs now; pending verifications reject with CancelledError. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const pending of this.allPending()) pending.reject(new CancelledError());
    this.clearPending();
  }

  private allPending(): { reject: (error: Error) => void }[] {
    return [...this.pending.values(), ...this.details.values(), ...this.shares.values()];
  }

  private clearPending(): void {
    this.pending.clear();
    this.details.clear();
    this.shares.clear();
  }

  private post(worker: Worker, request: WorkerRequest): void {
    worker.postMessage(request);
  }

  private getWorker(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.onMessage(event.data);
      this.worker.onerror = (event) => {
        const error = new Error(
          workerFailureText(`The verification worker failed: ${event.message || 'unknown error'}`),
        );
        for (const pending of this.allPending()) pending.reject(error);
        this.clearPending();
        this.worker = undefined;
      };
    }
    return this.worker;
  }

  private onMessage(message: WorkerResponse): void {
    const share = this.shares.get(message.id);
    if (share) {
      this.shares.delete(message.id);
      if (message.type === 'share') share.resolve(message.result);
      else if (message.type === 'error')
        share.reject(new Error(workerFailureText(message.message)));
      return;
    }
    const detail = this.details.get(message.id);
    if (detail) {
      this.details.delete(message.id);
      if (message.type === 'detail') detail.resolve(message.report);
      else if (message.type === 'error') detail.reject(new Error(message.message));
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.done, message.total);
      return;
    }
    if (message.type === 'rows') {
      for (const row of message.rows) pending.rows.push(row);
      (pending.ids ??= new RepeatedIdIndex()).add(message.rows);
      return;
    }
    if (message.type === 'steps') {
      const steps = (pending.steps ??= new Map()).get(message.group) ?? [];
      for (const step of message.steps) steps.push(step);
      pending.steps.set(message.group, steps);
      return;
    }
    if (message.type === 'detail' || message.type === 'share') return;
    this.pending.delete(message.id);
    if (message.type === 'error') pending.reject(new Error(workerFailureText(message.message)));
    else
      pending.resolve({
        // The rows that came ahead of the result belong to its one batch.
        results: message.results.map((group, index) =>
          withStepsAhead(
            group.rows !== undefined
              ? {
                  ...group,
                  rows: pending.rows,
                  repeatedIds: pending.ids?.repeated() ?? [],
                  runId: message.id,
                }
              : group,
            pending.steps?.get(index),
          ),
        ),
        unplaced: message.unplaced,
        elapsedMs: message.elapsedMs,
        runId: message.id,
      });
  }
}
