/**
 * How many worker threads --jsonl --jobs N starts (issue 30 item 5): never more than the cores,
 * and none beyond the blocks of records there are. Worker is wrapped to count the threads
 * started; each is a real thread running a stand-in worker script.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { streamJsonLines, threadsFor } from './json-lines';

const started = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class CountedWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      started.count++;
    }
  }
  return { ...real, Worker: CountedWorker };
});

const NOW = Date.parse('2026-11-01T00:00:00Z');
const encoder = new TextEncoder();

/** A worker that answers each block at once with a line naming it. */
const script = join(mkdtempSync(join(tmpdir(), 'aer1-jobs-count-')), 'worker.mjs');
writeFileSync(
  script,
  `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, block }) => parentPort.postMessage({
  id,
  result: { output: 'worker line ' + block.firstLine, counts: { verified: 1, failed: 0, incomplete: 0 } },
}));`,
);

async function* records(n: number): AsyncGenerator<Uint8Array> {
  // One record per chunk, so one block per record.
  for (let i = 1; i <= n; i++) yield encoder.encode(`${i}\n`);
}

async function workersStarted(n: number, jobs: number): Promise<number> {
  started.count = 0;
  const lines: string[] = [];
  const counts = await streamJsonLines(
    records(n),
    { fileName: 'n.jsonl', now: NOW, jobs, poolAfterBytes: 0, workerScript: script },
    (text) => lines.push(...text.split('\n')),
  );
  expect(lines).toHaveLength(n);
  expect(counts.verified + counts.failed + counts.incomplete).toBe(n);
  return started.count;
}

describe('--jsonl --jobs N', () => {
  it('caps the threads at the cores', () => {
    expect(threadsFor(200, 2)).toBe(2);
    expect(threadsFor(3, 8)).toBe(3);
    expect(threadsFor(1, 8)).toBe(1);
  });

  it('starts no more than one worker for one record, whatever N', async () => {
    expect(await workersStarted(1, 200)).toBeLessThanOrEqual(1);
  });

  it('starts no more workers than the cores leave beside this thread on many records', async () => {
    const workers = await workersStarted(60, 200);
    expect(workers).toBeLessThanOrEqual(Math.max(0, availableParallelism() - 1));
    // --jobs 2 still uses its worker.
    expect(await workersStarted(60, 2)).toBe(availableParallelism() > 1 ? 1 : 0);
  });
});
