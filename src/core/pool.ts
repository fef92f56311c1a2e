/**
 * Work handed to several threads, for the command line's worker threads (--jobs) and the app's
 * pool of Workers alike: which thread gets the next task, replies matched to tasks by id, every
 * waiting task failed when a thread fails. Pure scheduling: how a thread is started and spoken
 * to is the shell's (a Node Worker, a Web Worker), given as `startThread`.
 */

/** What a thread answers to a task. */
export interface PoolReply<Result> {
  id: number;
  result?: Result;
  error?: string;
}

/** One started thread, as the pool speaks to it. */
export interface PoolThread<Request> {
  post(id: number, request: Request): void;
  stop(): unknown;
}

interface Waiting<Result> {
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  thread: number;
}

export class TaskPool<Request, Result> {
  private readonly threads: PoolThread<Request>[] = [];
  /** Tasks sent to each thread and not yet answered. */
  private readonly pending: number[] = [];
  private readonly waiting = new Map<number, Waiting<Result>>();
  private nextId = 1;

  constructor(
    /** At most this many threads; each is started only when a task arrives and every one is busy. */
    readonly size: number,
    private readonly startThread: (
      deliver: (reply: PoolReply<Result>) => void,
      fail: (error: Error) => void,
    ) => PoolThread<Request>,
  ) {}

  /** Whether a thread can be started, or some thread has fewer than `perThread` tasks in hand. */
  hasRoom(perThread: number): boolean {
    return this.threads.length < this.size || this.pending.some((n) => n < perThread);
  }

  /** Runs the task on the thread with the fewest in hand, starting one when every one has some. */
  run(request: Request): Promise<Result> {
    if (this.threads.length < this.size && this.pending.every((n) => n > 0)) this.start();
    let thread = 0;
    for (let i = 1; i < this.pending.length; i++)
      if (this.pending[i]! < this.pending[thread]!) thread = i;
    const id = this.nextId++;
    this.pending[thread]!++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, thread });
      this.threads[thread]!.post(id, request);
    });
  }

  /** Stops every thread; tasks still waiting fail. */
  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.stop()));
    this.failAll(new Error('the pool was stopped'));
  }

  private start(): void {
    this.pending.push(0);
    this.threads.push(
      this.startThread(
        (reply) => this.answer(reply),
        (error) => this.failAll(error),
      ),
    );
  }

  private answer(reply: PoolReply<Result>): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    this.pending[waiting.thread]!--;
    if (reply.result !== undefined) waiting.resolve(reply.result);
    else waiting.reject(new Error(reply.error ?? 'a pool thread failed'));
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
