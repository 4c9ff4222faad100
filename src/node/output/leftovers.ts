/**
 * Names of what a build leaves beside the output folder while it runs, and the crash-test hook (issue 21): shared by
 * the full build's swap (atomic.ts) and the incremental build's journal (incremental/journal.ts).
 */
import path from 'node:path';

/** What killed builds leave beside the output folder, by kind (the name goes on `-<name>-<pid>-<time>`). */
export const LEFTOVERS = { staging: '.docgen-tmp', ready: '.docgen-ready', old: '.docgen-old', undo: '.docgen-undo' } as const;

/**
 * A new folder name beside `outPath` for one kind of leftover of this process.
 * @returns its absolute path (not created)
 */
export function leftoverPath(outPath: string, kind: keyof typeof LEFTOVERS): string {
  return path.join(path.dirname(outPath), `${LEFTOVERS[kind]}-${path.basename(outPath)}-${process.pid}-${Date.now()}`);
}

/**
 * Test hook for the crash-safety tests (issue 21): `DOCGEN_FAULT_AT=<point>` kills the process with SIGKILL when it
 * reaches that point, as `kill -9` at that exact moment would.
 */
export function faultPoint(point: string): void {
  if (process.env.DOCGEN_FAULT_AT === point) process.kill(process.pid, 'SIGKILL');
}

