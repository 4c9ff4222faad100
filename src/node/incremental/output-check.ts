/**
 * The output folder check of an incremental build, on the second core (issue #8). An incremental build keeps
 * every file it does not rebuild, so the folder must hold exactly what the last build left; at 10,000 pages that
 * is some 20,000 stat calls, about 0.1 s, a tenth of the one-page budget. A worker thread does them while the
 * main thread compiles the changed pages and patches the search index.
 */
import { Worker } from 'node:worker_threads';

/**
 * The walk, as source for an eval'd worker (it must not depend on the bundle's module layout). It yields the same
 * entries as cache/build-fingerprint.ts outputEntries; tests/unit/node/incremental/output-check.test.ts compares
 * them.
 */
const WALK = `
const { parentPort, workerData } = require('node:worker_threads');
const { readdirSync, statSync } = require('node:fs');
const path = require('node:path');
const entries = [];
try {
  for (const entry of readdirSync(workerData, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = statSync(file);
    entries.push([path.relative(workerData, file), info.size + '\\0' + info.mtimeMs]);
  }
  parentPort.postMessage({ entries });
} catch (error) {
  parentPort.postMessage({ error: String(error) });
}
`;

/**
 * Starts listing the output folder's entries in a worker thread.
 * @param outPath absolute output folder
 * @returns output-relative path -> `size\0mtimeMs` (build-fingerprint.ts outputEntries)
 * @throws Error (rejects) when the folder cannot be read
 */
export function outputEntriesInWorker(outPath: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WALK, { eval: true, workerData: outPath });
    worker.once('message', (message: { entries?: [string, string][]; error?: string }) => {
      void worker.terminate();
      if (message.entries) resolve(new Map(message.entries));
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}
