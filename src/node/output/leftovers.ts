/**
 * Names of what a build leaves beside the output folder while it runs, and the crash-test hook (atomic.ts; an
 * undo folder is what an earlier docgen's incremental build left, incremental/rollback.ts).
 */
import path from 'node:path';

/** What killed builds leave beside the output folder, by kind (the name goes on `-<name>-<pid>-<time>`). */
export const LEFTOVERS = {
  staging: '.docgen-tmp',
  ready: '.docgen-ready',
  old: '.docgen-old',
  undo: '.docgen-undo',
  link: '.docgen-link',
} as const;

/**
 * The prefix of a complete site's folder beside the output (`.docgen-site-<name>-<pid>-<time>`): the output folder
 * is a symbolic link to the current one (atomic.ts swapIntoPlace); the others are removed.
 */
export const SITE_PREFIX = '.docgen-site';

/**
 * A new folder name beside `outPath` for one kind of leftover of this process.
 * @returns its absolute path (not created)
 */
export function leftoverPath(outPath: string, kind: keyof typeof LEFTOVERS | 'site'): string {
  return path.join(
    path.dirname(outPath),
    `${kind === 'site' ? SITE_PREFIX : LEFTOVERS[kind]}-${path.basename(outPath)}-${process.pid}-${Date.now()}`,
  );
}

/**
 * Test hook for the crash-safety tests: `DOCGEN_FAULT_AT=<point>` kills the process with SIGKILL when it
 * reaches that point, as `kill -9` at that exact moment would.
 */
export function faultPoint(point: string): void {
  if (process.env.DOCGEN_FAULT_AT === point) process.kill(process.pid, 'SIGKILL');
}
