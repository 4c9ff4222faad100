/**
 * Rolling back an incremental build of an earlier docgen killed while moving its files into a real output folder
 * under a journal (this docgen patches a hard-linked copy instead: output/atomic.ts patchIntoPlace), so that
 * recoverOutput still puts the last complete site back after such a build.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** The journal's file name in the undo folder. */
const JOURNAL = 'journal.json';

/** What the journal records: the files moved in (and which of them replaced a file) and the files removed. */
interface Journal {
  moved: string[];
  replaced: string[];
  removed: string[];
}

/**
 * Rolls an output folder back to the site before an incremental build that was killed while moving its files, and
 * removes the undo folder. An undo folder without a journal belongs to a build that committed: it is only removed.
 * @param undo the undo folder a killed build left
 */
export async function rollBackIncremental(undo: string, outPath: string): Promise<void> {
  let journal: Journal | null = null;
  try {
    journal = JSON.parse(await readFile(path.join(undo, JOURNAL), 'utf8')) as Journal;
  } catch {
    // no journal: the build committed, or died before writing it (nothing was moved)
  }
  if (journal && existsSync(outPath)) {
    const kept = (file: string) => path.join(undo, 'files', file);
    const replaced = new Set(journal.replaced);
    for (const file of journal.moved) {
      if (replaced.has(file)) {
        if (existsSync(kept(file))) renameSync(kept(file), path.join(outPath, file)); // else: not moved yet
      } else {
        rmSync(path.join(outPath, file), { force: true });
      }
    }
    for (const file of journal.removed) if (existsSync(kept(file))) renameSync(kept(file), path.join(outPath, file));
  }
  await rm(undo, { recursive: true, force: true });
}
