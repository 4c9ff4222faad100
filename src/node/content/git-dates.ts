/**
 * Last-updated dates of content files from git (Docusaurus `showLastUpdateTime`). One `git log`
 * for the whole content folder, not one per page: it lists every commit touching the folder, newest first, with
 * the files it changed, and a file's date is that of the first commit naming it. The answer is kept per content
 * folder and HEAD commit for the life of the process, so `docgen dev` asks git again only after a commit.
 */
import { execFile } from 'node:child_process';

/** Dates by content-relative POSIX path, 'YYYY-MM-DD' (UTC, the commit's author date). */
export type GitDates = Map<string, string>;

const cache = new Map<string, { head: string; dates: Promise<GitDates> }>();

/**
 * The last-updated date of every file git tracks under a folder.
 * @param contentPath absolute content folder
 * @returns dates by content-relative path; an empty map when git is missing or the folder is in no repository
 *   (never throws: a site without git shows no dates). Untracked files have no entry.
 */
export async function loadGitDates(contentPath: string): Promise<GitDates> {
  const head = await run(contentPath, ['rev-parse', 'HEAD']).catch(() => null);
  if (head === null) return new Map();
  const cached = cache.get(contentPath);
  if (cached && cached.head === head) return cached.dates;
  const dates = run(contentPath, [
    'log',
    '--relative',
    '--no-renames',
    '--name-only',
    '--format=%x00%at',
    '--',
    '.',
  ]).then(parseLog, () => new Map<string, string>());
  cache.set(contentPath, { head, dates });
  return dates;
}

/** Parses `git log --name-only --format=%x00%at` output: a NUL and a Unix time, then the commit's file names. */
function parseLog(output: string): GitDates {
  const dates: GitDates = new Map();
  for (const commit of output.split('\0')) {
    const lines = commit.split('\n');
    const seconds = Number(lines[0]);
    if (!Number.isFinite(seconds) || lines[0] === '') continue;
    const date = new Date(seconds * 1000).toISOString().slice(0, 10);
    for (const file of lines.slice(1)) if (file && !dates.has(file)) dates.set(file, date);
  }
  return dates;
}

function run(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // core.quotepath=false: names with Japanese characters are printed as they are, not as octal escapes.
    execFile(
      'git',
      ['-c', 'core.quotepath=false', ...args],
      { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
    );
  });
}
