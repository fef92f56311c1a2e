/**
 * A pool of Workers (up to `navigator.hardwareConcurrency`) that verify chunks of a streamed
 * JSON Lines file in parallel, started by the verification Worker for large files. Each chunk
 * goes to the least busy Worker; answers are matched to chunks by id (stream-batch.ts applies
 * them in file order). Ended with the verification: terminate() stops every one.
 */
import type { InputDocument } from '../core';
import type { ChunkRequest, ChunkResponse } from './records.worker';
import type { ChunkVerifier, RecordPolicy, VerifiedRecord } from './stream-batch';

interface Member {
  worker: Worker;
  busy: number;
}

export class RecordsPool {
  private readonly members: Member[] = [];
  private readonly waiting = new Map<
    number,
    { resolve: (records: VerifiedRecord[]) => void; reject: (error: Error) => void; member: Member }
  >();
  private nextId = 1;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./records.worker.ts', import.meta.url), {
        type: 'module',
      });
      const member: Member = { worker, busy: 0 };
      worker.onmessage = (event: MessageEvent<ChunkResponse>) => this.answer(event.data);
      worker.onerror = (event) => this.failAll(new Error(event.message || 'a pool worker failed'));
      this.members.push(member);
    }
  }

  /** How many Workers a pool gets here: the cores the browser reports, at least one. */
  static sizeHere(): number {
    return Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1));
  }

  readonly verify: ChunkVerifier = (
    inputs: InputDocument[],
    rows: number[],
    policy: RecordPolicy,
  ): Promise<VerifiedRecord[]> => {
    const member = this.members.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    member.busy++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, member });
      const request: ChunkRequest = { id, inputs, rows, policy };
      member.worker.postMessage(request);
    });
  };

  terminate(): void {
    for (const member of this.members) member.worker.terminate();
    this.failAll(new Error('the pool was stopped'));
  }

  private answer(response: ChunkResponse): void {
    const waiting = this.waiting.get(response.id);
    if (!waiting) return;
    this.waiting.delete(response.id);
    waiting.member.busy--;
    if ('error' in response) waiting.reject(new Error(response.error));
    else waiting.resolve(response.records);
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
