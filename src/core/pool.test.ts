import { describe, expect, it } from 'vitest';
import { TaskPool, type PoolReply } from './pool';

/** Threads that answer when told to, recording what each was sent. */
function fakeThreads() {
  const threads: {
    sent: { id: number; task: string }[];
    deliver: (r: PoolReply<string>) => void;
    fail: (e: Error) => void;
    stopped: boolean;
  }[] = [];
  const pool = new TaskPool<string, string>(3, (deliver, fail) => {
    const thread = { sent: [] as { id: number; task: string }[], deliver, fail, stopped: false };
    threads.push(thread);
    return {
      post: (id, task) => thread.sent.push({ id, task }),
      stop: () => (thread.stopped = true),
    };
  });
  return { pool, threads };
}

describe('the task pool', () => {
  it('starts a thread only when every started one has work, and gives each task to the least busy', () => {
    const { pool, threads } = fakeThreads();
    void pool.run('a');
    expect(threads).toHaveLength(1);
    void pool.run('b');
    void pool.run('c');
    expect(threads).toHaveLength(3);
    void pool.run('d');
    expect(threads).toHaveLength(3);
    expect(threads.map((t) => t.sent.map((s) => s.task))).toEqual([['a', 'd'], ['b'], ['c']]);
    expect(pool.hasRoom(2)).toBe(true);
    void pool.run('e');
    void pool.run('f');
    expect(pool.hasRoom(2)).toBe(false);
  });

  it('matches answers to tasks by id, in any order', async () => {
    const { pool, threads } = fakeThreads();
    const first = pool.run('a');
    const second = pool.run('b');
    const [a, b] = [threads[0]!.sent[0]!, threads[1]!.sent[0]!];
    threads[1]!.deliver({ id: b.id, result: 'B' });
    threads[0]!.deliver({ id: a.id, result: 'A' });
    expect(await Promise.all([first, second])).toEqual(['A', 'B']);
    // Answered, the first thread is the least busy again.
    void pool.run('c');
    expect(threads[0]!.sent.map((s) => s.task)).toEqual(['a', 'c']);
  });

  it('fails a task its thread reports as failed, and every waiting task when a thread fails', async () => {
    const { pool, threads } = fakeThreads();
    const one = pool.run('a');
    threads[0]!.deliver({ id: threads[0]!.sent[0]!.id, error: 'bad record' });
    await expect(one).rejects.toThrow('bad record');
    const two = pool.run('b');
    const three = pool.run('c');
    threads[0]!.fail(new Error('worker crashed'));
    await expect(two).rejects.toThrow('worker crashed');
    await expect(three).rejects.toThrow('worker crashed');
  });

  it('stops every thread on close, failing what still waits', async () => {
    const { pool, threads } = fakeThreads();
    const waiting = pool.run('a');
    await pool.close();
    expect(threads.every((t) => t.stopped)).toBe(true);
    await expect(waiting).rejects.toThrow('stopped');
  });
});
