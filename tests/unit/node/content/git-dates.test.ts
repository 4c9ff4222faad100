import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGitDates } from '../../../../src/node/content/git-dates.js';
import { removeDir } from '../../../helpers/site.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-git-dates-'));
  dirs.push(dir);
  return dir;
}

describe('loadGitDates', () => {
  it('is empty, without an error, for a folder in no repository', async () => {
    expect(await loadGitDates(folder())).toEqual(new Map());
  });

  it('gives each tracked file the date of the last commit touching it, by content-relative path, in one log', async () => {
    const root = folder();
    const content = path.join(root, 'content');
    mkdirSync(path.join(content, 'docs/日本語'), { recursive: true });
    const git = (date: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
        cwd: root,
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
    git('2024-01-01T00:00:00Z', 'init', '-q');
    writeFileSync(path.join(content, 'a.md'), 'a');
    writeFileSync(path.join(content, 'docs/日本語/b.md'), 'b');
    git('2024-01-01T00:00:00Z', 'add', '.');
    git('2024-01-01T00:00:00Z', 'commit', '-q', '-m', 'one');
    writeFileSync(path.join(content, 'a.md'), 'a2');
    writeFileSync(path.join(content, 'untracked.md'), 'u');
    git('2024-02-03T23:30:00Z', 'commit', '-q', '-am', 'two');
    expect(await loadGitDates(content)).toEqual(
      new Map([
        ['a.md', '2024-02-03'],
        ['docs/日本語/b.md', '2024-01-01'],
      ]),
    );
  });
});
