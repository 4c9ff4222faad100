/**
 * A one-off job in a worker thread of its own, for steps that run beside the main thread rather than in the build
 * pool: a large OpenAPI document's validation and descriptions (openapi/worker.ts), the output folder walk of an
 * incremental build (incremental/output-check.ts). The thread runs one of docgen's compiled worker entries
 * (scripts/build-cli.mjs), gets the job as its workerData and answers with one message.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { docgenRoot } from '../paths.js';

/**
 * Starts the job.
 * @param entry the compiled entry's file name under `lib/node/`, e.g. `openapi-worker.js`
 * @param data the job (structured-cloned)
 * @returns the worker's answer; null when there is no compiled entry (docgen run from its sources): the caller
 *   does the job on its own thread then
 * @throws (rejects) when the worker fails or exits without answering
 */
export function runWorkerJob<T>(entry: string, data: unknown): Promise<T> | null {
  const file = path.join(docgenRoot(), 'lib', 'node', entry);
  if (!existsSync(file)) return null;
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: data });
    worker.once('message', (message: T) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${entry} stopped with exit code ${code} without answering`))); // no effect once settled
  });
}
