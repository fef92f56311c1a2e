/**
 * A pool of Workers (up to `navigator.hardwareConcurrency`) that verify chunks of a streamed
 * JSON Lines file in parallel, started by the verification Worker for large files; the core's
 * TaskPool schedules them (the command line's worker threads use the same). Answers are applied
 * in file order by stream-batch.ts. Ended with the verification: terminate() stops every one.
 */
import { TaskPool, type InputDocument, type PoolReply } from '../core';
import type { ChunkRequest } from './records.worker';
import type { ChunkVerifier, RecordPolicy, VerifiedRecord } from './stream-batch';

type ChunkTask = Omit<ChunkRequest, 'id'>;

export class RecordsPool {
  private readonly pool: TaskPool<ChunkTask, VerifiedRecord[]>;

  constructor(readonly size: number) {
    this.pool = new TaskPool(size, (deliver, fail) => {
      const worker = new Worker(new URL('./records.worker.ts', import.meta.url), {
        type: 'module',
      });
      worker.onmessage = (event: MessageEvent<PoolReply<VerifiedRecord[]>>) => deliver(event.data);
      worker.onerror = (event) => fail(new Error(event.message || 'a pool worker failed'));
      return {
        post: (id, task) => worker.postMessage({ id, ...task } satisfies ChunkRequest),
        stop: () => worker.terminate(),
      };
    });
  }

  /** How many Workers a pool gets here: the cores the browser reports, at least one. */
  static sizeHere(): number {
    return Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1));
  }

  readonly verify: ChunkVerifier = (
    inputs: InputDocument[],
    rows: number[],
    policy: RecordPolicy,
  ): Promise<VerifiedRecord[]> => this.pool.run({ inputs, rows, policy });

  terminate(): void {
    void this.pool.close();
  }
}
