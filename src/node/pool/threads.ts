/**
 * Worker threads that run batches of jobs under a per-job budget. Each thread has a heap limit
 * (`resourceLimits.maxOldGenerationSizeMb`) and reports which job it is on, and since when, in a few bytes of shared
 * memory; a watchdog on the main thread terminates a thread whose job has run longer than the time budget. When
 * a thread stops in the middle of a job (terminated, or out of its heap), that job's result is an overrun, every
 * other job the thread held is run again on a new thread that takes its place, and the build goes on.
 * Node's Worker does the work; tinypool, used before, can abort a task but not tell which job of a batch was
 * running, and does not share a thread between several batches that may be aborted.
 */
import { Worker } from 'node:worker_threads';
import { DocgenError } from '../diagnostics/error.js';

/** What one job may cost. */
export interface JobBudget {
  /** Wall-clock milliseconds of one job. */
  timeMs: number;
  /** MiB of a thread's V8 heap (old generation) while it runs a job: the job's own memory plus the thread's. */
  memoryMb: number;
}

/** One job's outcome: the worker's result, or the budget it went over (and after how long, in ms). */
type JobOutcome<R> = { value: R } | { overrun: 'time' | 'memory'; ms: number };

/** A batch the worker runs: whatever it is, it has a list of jobs and answers one result per job. */
export interface BatchTask {
  jobs: unknown[];
}

/** Messages: main -> worker `{ id, task }`; worker -> main `{ id, results }` or `{ id, error }` (a docgen bug). */
export type ThreadRequest<T> = { id: number; task: T };
export type ThreadReply<R> = { id: number; results: R[] } | { id: number; error: { message: string; stack?: string } };

/** Slot layout (Float64Array): the batch id, the job's index in it (-1 between jobs) and its start (Date.now()). */
const SLOT_LENGTH = 3;

interface Pending<T extends BatchTask, R> {
  id: number;
  task: T;
  resolve(outcomes: JobOutcome<R>[]): void;
  reject(error: unknown): void;
}

interface Thread<T extends BatchTask, R> {
  worker: Worker;
  slot: Float64Array;
  pending: Map<number, Pending<T, R>>;
  stop?: { kind: 'time' | 'memory' } | { kind: 'crash'; error: unknown };
}

export interface ThreadPool<T extends BatchTask, R> {
  /** Runs a batch. @returns one outcome per job, in job order; rejects when the worker throws (a docgen bug) */
  run(task: T): Promise<JobOutcome<R>[]>;
  /** Terminates the threads (waits for them); calling it again does nothing. */
  destroy(): Promise<void>;
}

/** Threads that stop outside any job before the pool gives up (a thread that cannot even start). */
const MAX_STRAY_STOPS = 3;

/**
 * Starts the threads.
 * @param options.file the compiled worker entry (pool/worker.ts), which answers ThreadRequests
 * @param options.threads how many; @param options.perThread batches handed to a thread at once (the others wait)
 * @param options.budget the per-job limits
 */
export function createThreadPool<T extends BatchTask, R>(options: {
  file: string;
  threads: number;
  perThread: number;
  budget: JobBudget;
}): ThreadPool<T, R> {
  const { budget } = options;
  const threads = new Set<Thread<T, R>>();
  const queue: Pending<T, R>[] = [];
  let ids = 0;
  let strayStops = 0;
  let destroyed: Promise<void> | undefined;

  const start = () => {
    const slot = new Float64Array(new SharedArrayBuffer(SLOT_LENGTH * Float64Array.BYTES_PER_ELEMENT)).fill(-1);
    const worker = new Worker(options.file, {
      workerData: { slot: slot.buffer },
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb },
    });
    const thread: Thread<T, R> = { worker, slot, pending: new Map() };
    worker.on('message', (reply: ThreadReply<R>) => {
      const pending = thread.pending.get(reply.id);
      if (!pending) return;
      thread.pending.delete(reply.id);
      if ('error' in reply) pending.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      else pending.resolve(reply.results.map((value) => ({ value })));
      dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      thread.stop ??= error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'memory' } : { kind: 'crash', error };
    });
    worker.on('exit', (code) => {
      threads.delete(thread);
      if (destroyed) {
        for (const pending of thread.pending.values()) pending.reject(new Error('The build pool was stopped'));
        return;
      }
      recover(thread, code);
    });
    threads.add(thread);
  };

  const post = (thread: Thread<T, R>, pending: Pending<T, R>) => {
    thread.pending.set(pending.id, pending);
    thread.worker.postMessage({ id: pending.id, task: pending.task } satisfies ThreadRequest<T>);
  };

  /** Hands waiting batches to the least busy threads that have room. */
  const dispatch = () => {
    while (queue.length > 0) {
      let best: Thread<T, R> | undefined;
      for (const thread of threads)
        if (
          !thread.stop &&
          thread.pending.size < options.perThread &&
          (!best || thread.pending.size < best.pending.size)
        )
          best = thread;
      if (!best) return;
      post(best, queue.shift()!);
    }
  };

  const enqueue = (task: T): Promise<JobOutcome<R>[]> => {
    if (task.jobs.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      queue.push({ id: ++ids, task, resolve, reject });
      dispatch();
    });
  };

  /** A thread stopped: the job it was on is an overrun, the rest of its batches go to the thread replacing it. */
  const recover = (thread: Thread<T, R>, code: number) => {
    const [batchId, index, startedAt] = thread.slot as unknown as [number, number, number];
    const stop = thread.stop ?? {
      kind: 'crash' as const,
      error: new Error(`A build worker thread exited with code ${code}`),
    };
    const onJob = index >= 0 && stop.kind !== 'crash';
    if (!onJob && ++strayStops > MAX_STRAY_STOPS) {
      const error =
        stop.kind === 'crash'
          ? stop.error
          : new DocgenError({
              code: 'PageBudgetExceeded',
              message: `A build worker thread went over its budget (${stop.kind === 'memory' ? `${budget.memoryMb} MiB of heap` : `${budget.timeMs / 1000} s`}) before it could compile any page.`,
              hint: 'Raise markdown.budget in site.config.ts.',
            });
      for (const pending of [...thread.pending.values(), ...queue.splice(0)]) pending.reject(error);
      return;
    }
    start();
    for (const pending of thread.pending.values()) {
      if (!onJob || pending.id !== batchId) {
        enqueue(pending.task).then(pending.resolve, pending.reject);
        continue;
      }
      const jobs = pending.task.jobs;
      const overrun: JobOutcome<R> = { overrun: stop.kind as 'time' | 'memory', ms: Date.now() - startedAt };
      Promise.all([
        enqueue({ ...pending.task, jobs: jobs.slice(0, index) }),
        enqueue({ ...pending.task, jobs: jobs.slice(index + 1) }),
      ]).then(([before, after]) => pending.resolve([...before, overrun, ...after]), pending.reject);
    }
    dispatch();
  };

  for (let i = 0; i < options.threads; i++) start();
  // The watchdog: a few checks per budget, at most one a second; it never keeps the process alive.
  const watchdog = setInterval(
    () => {
      const now = Date.now();
      for (const thread of threads) {
        if (!thread.stop && thread.slot[1]! >= 0 && now - thread.slot[2]! > budget.timeMs) {
          thread.stop = { kind: 'time' };
          void thread.worker.terminate();
        }
      }
    },
    Math.min(1000, Math.max(20, budget.timeMs / 5)),
  );
  watchdog.unref();
  return {
    run: enqueue,
    destroy: () =>
      (destroyed ??= (async () => {
        clearInterval(watchdog);
        for (const pending of queue.splice(0)) pending.reject(new Error('The build pool was stopped'));
        await Promise.all([...threads].map((thread) => thread.worker.terminate()));
      })()),
  };
}
