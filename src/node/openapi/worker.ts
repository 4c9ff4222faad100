/**
 * Runs a step of a large OpenAPI document in a worker thread (worker-entry.ts), so that the main thread can build
 * the view model meanwhile (validating and rendering the descriptions of GitHub's document take
 * about a second each).
 */
import { runWorkerJob } from '../pool/worker-job.js';

/** Sources at least this large (characters) have their heavy steps run in worker threads. */
export const WORKER_MIN_CHARS = 1_000_000;

/**
 * Starts a job in a new worker thread.
 * @param job what worker-entry.ts does: `{ task: 'validate', source, json }` or `{ task: 'markdown', texts }`
 * @returns the worker's answer, or undefined when the worker failed; null when there is no compiled worker
 *   (docgen run from its sources): do the step in the thread then
 */
export function runInWorker<T>(job: Record<string, unknown>): Promise<T | undefined> | null {
  const answer = runWorkerJob<T>('openapi-worker.js', job);
  return answer ? answer.catch(() => undefined) : null;
}
