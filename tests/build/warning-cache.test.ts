/**
 * Pages with warnings and the caches: a page whose compile only warns (DroppedHtml in tests/fixtures/sites/raw-html)
 * is page-cached with its warnings, which every later build replays exactly as a cold build prints them (text, code,
 * file:line:column, order), and an edit of such a page is rebuilt incrementally. Each build runs the real CLI with a
 * cache folder of its own (DOCGEN_CACHE_DIR).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureWithOwnCache, runDocgen } from '../helpers/site.js';

const site = fixtureWithOwnCache('raw-html');
const page = () => path.join(site.dir(), 'content/docs/dropped.md');

/** `docgen build` in the fixture copy: its exit status, what it printed on stdout, and its warnings as printed (stderr). */
function build(...args: string[]) {
  const result = runDocgen(['build', ...args], site.dir());
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return { stdout: result.stdout, warnings: result.stderr };
}

/** The page cache entries of every site in this test's cache folder (their JSON text). */
function cachedPages(): string[] {
  const pages = path.join(site.cacheDir(), 'pages');
  if (!existsSync(pages)) return [];
  return readdirSync(pages, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

describe('a page whose compile only warns', () => {
  let cold: string;

  beforeAll(() => {
    cold = build('--force').warnings;
  });

  it('warns in a cold build', () => {
    expect(cold).toContain('[DroppedHtml] warning');
    expect(cold).toContain('content/docs/dropped.md:14:1');
    expect(cold).toMatch(/5 warnings\s*$/);
  });

  it('is page-cached with its warnings', () => {
    const entries = cachedPages().filter((entry) => entry.includes('DroppedHtml'));
    expect(entries).toHaveLength(1);
  });

  it('prints the same warnings in a no-change rebuild', () => {
    const again = build();
    expect(again.stdout).toMatch(/up to date/);
    expect(again.warnings).toBe(cold);
  });

  it('prints the same warnings in a full build that takes the page from the page cache', () => {
    rmSync(path.join(site.dir(), 'dist'), { recursive: true, force: true });
    const warm = build();
    expect(warm.stdout).not.toMatch(/incremental|up to date/);
    expect(warm.warnings).toBe(cold);
  });

  it('is rebuilt alone when edited, with the warnings a cold build of the edit prints', () => {
    // A line more before every dropped element (their lines move) and one element fewer (the <font>).
    const source = readFileSync(page(), 'utf8');
    writeFileSync(
      page(),
      source
        .replace('Text before.', 'Text before.\n\nOne line more.')
        .replace('<font color="red">kept text</font>', 'kept text'),
    );
    const warm = build();
    expect(warm.stdout).toMatch(/rebuilt 1 changed page/);
    expect(warm.warnings).toContain('content/docs/dropped.md:10:1');
    expect(warm.warnings).not.toContain('<font>');
    expect(warm.warnings).toMatch(/4 warnings\s*$/);
    expect(build().warnings).toBe(warm.warnings); // up to date
    expect(build('--force').warnings).toBe(warm.warnings);
  });

  it('is compiled again when the cause of its warnings changes, and replays the new ones', () => {
    // The same source under another onDroppedHtml policy: the engine part of the key changes.
    const config = path.join(site.dir(), 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("onDroppedHtml: 'warn'", "onDroppedHtml: 'ignore'"));
    const ignored = build();
    expect(ignored.warnings).toBe('');
    writeFileSync(config, readFileSync(config, 'utf8').replace("onDroppedHtml: 'ignore'", "onDroppedHtml: 'warn'"));
    const warned = build();
    expect(warned.warnings).toContain('[DroppedHtml] warning');
    expect(warned.warnings).toBe(build('--force').warnings);
  });
});
