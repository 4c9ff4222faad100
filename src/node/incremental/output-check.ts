/**
 * The output folder check of an incremental build, on the second core. An incremental build keeps
 * every file it does not rebuild, so the folder must hold exactly what the last build left; at 10,000 pages that
 * is some 20,000 stat calls, about 0.1 s, a tenth of the one-page budget. A worker thread
 * (output-entries-worker.ts) does them while the main thread compiles the changed pages and patches the search
 * index, as openapi/worker.ts does for large OpenAPI documents.
 */
import { outputEntries } from '../cache/output-entries.js';
import { runWorkerJob } from '../pool/worker-job.js';

/**
 * Lists the output folder's entries in a worker thread, or on this thread when docgen runs from its sources
 * (no compiled worker).
 * @param outPath absolute output folder
 * @returns output-relative path -> `size\0mtimeMs` (cache/output-entries.ts outputEntries)
 * @throws Error (rejects) when the folder cannot be read
 */
export async function outputEntriesInWorker(outPath: string): Promise<Map<string, string>> {
  const answer = runWorkerJob<{ entries?: [string, string][]; error?: string }>('output-entries-worker.js', outPath);
  if (!answer) return outputEntries(outPath);
  const { entries, error } = await answer;
  if (!entries) throw new Error(error);
  return new Map(entries);
}
