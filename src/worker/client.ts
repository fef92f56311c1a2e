/** Promise API over the verification Worker; cancel() ends the Worker and starts a fresh one. */
import type { InputDocument, Report, UnplacedDocument } from '../core';
import type { DecodeResult } from '../share/share-link';
import { RepeatedIdIndex } from './repeated-ids';
import { workerFailureText } from './failure-text';
import { withListAhead } from './list-ahead';
import {
  INPUTS_PER_MESSAGE,
  type AheadItem,
  type InputDigest,
  type ResultRow,
  type VerifiedGroup,
  type VerifyRequest,
  type WireDocument,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol';

export type { InputDigest, ResultRow, VerifiedGroup } from './protocol';

export interface VerifyOutcome {
  results: VerifiedGroup[];
  unplaced: UnplacedDocument[];
  elapsedMs: number;
  /** Every input as verified: its name, size and SHA-256 (absent from a stand-in client's). */
  inputs?: InputDigest[];
  /** The clock the checks ran against (ms since the epoch). */
  checkedAt?: number;
  /** Which verification it was: a member's details are asked for by it (VerifierClient.detail). */
  runId?: number;
}

/**
 * Progress of a run: `done` of `total` records or documents; for a file streamed record by
 * record, bytes read of its size, with the records verified so far in `streamed`.
 */
export type ProgressListener = (
  done: number,
  total: number,
  more?: { records?: number; phase?: 'reading' },
) => void;

interface Pending {
  resolve: (outcome: VerifyOutcome) => void;
  reject: (error: Error) => void;
  onProgress?: ProgressListener;
  /** Compact rows received so far (a large batch). */
  rows: ResultRow[];
  /** Their repeated ids, indexed message by message (see RepeatedIdIndex). */
  ids?: RepeatedIdIndex;
  /** Result groups received ahead of the result (a verification of many records). */
  results?: VerifiedGroup[];
  /** The long lists of results' details, by result group, received ahead of the result. */
  lists?: Map<number, AheadItem[]>;
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

/** Resolves in a later task, after the page has had the chance to render and take input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class VerifierClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly details = new Map<number, PendingDetail>();
  private readonly shares = new Map<number, PendingShare>();

  /**
   * Starts the Worker now, if it is not running: its script loads and compiles while the input
   * is still on its way (a sample's chunk), not after it has arrived.
   */
  start(): void {
    this.getWorker();
  }

  /** Verifies everything that arrived together (grouped in the Worker). */
  verify(
    inputs: InputDocument[],
    options: {
      wantRaw?: boolean;
      expectedReceiptId?: string;
      onProgress?: ProgressListener;
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
    // A large drop goes in parts, each copied into its message in a task of its own.
    const parts: WireDocument[][] = [];
    for (let at = INPUTS_PER_MESSAGE; at < request.inputs.length; at += INPUTS_PER_MESSAGE)
      parts.push(request.inputs.slice(at, at + INPUTS_PER_MESSAGE));
    if (parts.length > 0) {
      request.inputs = request.inputs.slice(0, INPUTS_PER_MESSAGE);
      request.partsToFollow = parts.length;
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject, rows: [] };
      if (options.onProgress) pending.onProgress = options.onProgress;
      this.pending.set(id, pending);
      this.post(worker, request);
      void this.postParts(worker, id, parts);
    });
  }

  /** The further inputs of verification `of`, one message a task, until it ends or is cancelled. */
  private async postParts(worker: Worker, of: number, parts: WireDocument[][]): Promise<void> {
    for (const inputs of parts) {
      await nextTask();
      if (this.worker !== worker || !this.pending.has(of)) return;
      this.post(worker, { type: 'inputs', id: this.nextId++, of, inputs });
    }
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
      pending.onProgress?.(message.done, message.total, {
        ...(message.records !== undefined ? { records: message.records } : {}),
        ...(message.phase !== undefined ? { phase: message.phase } : {}),
      });
      return;
    }
    if (message.type === 'rows') {
      for (const row of message.rows) pending.rows.push(row);
      (pending.ids ??= new RepeatedIdIndex()).add(message.rows);
      return;
    }
    if (message.type === 'list-ahead') {
      const list = (pending.lists ??= new Map()).get(message.group) ?? [];
      for (const item of message.items) list.push(item);
      pending.lists.set(message.group, list);
      return;
    }
    if (message.type === 'results-ahead') {
      for (const group of message.results) (pending.results ??= []).push(group);
      return;
    }
    if (message.type === 'detail' || message.type === 'share') return;
    this.pending.delete(message.id);
    if (message.type === 'error') pending.reject(new Error(workerFailureText(message.message)));
    else
      pending.resolve({
        // The rows that came ahead of the result belong to its one batch.
        results: [...(pending.results ?? []), ...message.results].map((group, index) =>
          withListAhead(
            group.rows !== undefined
              ? {
                  ...group,
                  rows: pending.rows,
                  repeatedIds: pending.ids?.repeated() ?? [],
                  runId: message.id,
                }
              : group,
            pending.lists?.get(index),
          ),
        ),
        unplaced: message.unplaced,
        elapsedMs: message.elapsedMs,
        inputs: message.inputs,
        checkedAt: message.checkedAt,
        runId: message.id,
      });
  }
}
