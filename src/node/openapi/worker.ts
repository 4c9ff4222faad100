/**
 * Runs a step of a large OpenAPI document in a worker thread (worker-entry.ts), so that the main thread can build
 * the view model meanwhile (issue #4 "Scale": validating and rendering the descriptions of GitHub's document take
 * about a second each).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { docgenRoot } from '../paths.js';

/** Sources at least this large (characters) have their heavy steps run in worker threads. */
export const WORKER_MIN_CHARS = 1_000_000;

/**
 * Starts a job in a new worker thread.
 * @param job what worker-entry.ts does: `{ task: 'validate', source, json }` or `{ task: 'markdown', texts }`
 * @returns the worker's answer, or undefined when the worker failed; null when there is no compiled worker
 *   (docgen run from its sources): do the step in the thread then
 */
export function runInWorker<T>(job: Record<string, unknown>): Promise<T | undefined> | null {
  const file = path.join(docgenRoot(), 'lib/node/openapi-worker.js');
  if (!existsSync(file)) return null;
  return new Promise((resolve) => {
    const worker = new Worker(file, { workerData: job });
    worker.once('message', (message: T) => resolve(message));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined)); // no effect once resolved
  });
}
