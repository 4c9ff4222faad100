/**
 * The output folder check of an incremental build, on the second core (issue #8). An incremental build keeps
 * every file it does not rebuild, so the folder must hold exactly what the last build left; at 10,000 pages that
 * is some 20,000 stat calls, about 0.1 s, a tenth of the one-page budget. A worker thread
 * (output-entries-worker.ts) does them while the main thread compiles the changed pages and patches the search
 * index, as openapi/worker.ts does for large OpenAPI documents.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { outputEntries } from '../cache/output-entries.js';
import { docgenRoot } from '../paths.js';

/**
 * Lists the output folder's entries in a worker thread, or on this thread when docgen runs from its sources
 * (no compiled worker).
 * @param outPath absolute output folder
 * @returns output-relative path -> `size\0mtimeMs` (cache/output-entries.ts outputEntries)
 * @throws Error (rejects) when the folder cannot be read
 */
export function outputEntriesInWorker(outPath: string): Promise<Map<string, string>> {
  const file = path.join(docgenRoot(), 'lib/node/output-entries-worker.js');
  if (!existsSync(file)) return Promise.resolve().then(() => outputEntries(outPath));
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: outPath });
    worker.once('message', (message: { entries?: [string, string][]; error?: string }) => {
      if (message.entries) resolve(new Map(message.entries));
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the output walk stopped with exit code ${code}`))); // no effect once settled
  });
}
