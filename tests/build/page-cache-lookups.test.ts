/**
 * The page cache keeps, with each page, the answers its compile got from the route table and the static files
 * (cache/site-lookups.ts) instead of putting the whole table in every page's key: adding a page leaves the other
 * pages' entries as they were (only its neighbours, whose previous/next links name it, compile again), while a
 * page whose link target is removed compiles again and reports the dead link, as a cold build does. Real builds
 * of the docusaurus fixture through the CLI, with their own cache folder.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureWithOwnCache, runDocgen } from '../helpers/site.js';

const site = fixtureWithOwnCache('docusaurus');
const guides = () => path.join(site.dir(), 'content/docs/02-guides');

/** The page cache's entry files (one per page key). */
function entries(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else found.add(entry.name);
  };
  walk(path.join(site.cacheDir(), 'pages'));
  return found;
}

function build(...args: string[]) {
  return runDocgen(['build', ...args], site.dir());
}

beforeAll(() => {
  writeFileSync(path.join(guides(), '07-target.md'), '---\ntitle: Target\n---\n\nThe target.\n');
  writeFileSync(path.join(guides(), '08-linker.md'), '---\ntitle: Linker\n---\n\nSee [the target](./07-target.md).\n');
  const first = build();
  expect(first.status, first.stdout + first.stderr).toBe(0);
});

describe('page cache entries and the route table', () => {
  it('adding a page compiles it and its neighbours, not every page', () => {
    const before = entries();
    writeFileSync(path.join(site.dir(), 'content/docs/04-reference/zz-added.md'), '---\ntitle: Added\n---\n\nNew.\n');
    const result = build();
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const after = entries();
    const kept = [...before].filter((name) => after.has(name));
    // The added page, and the page before it whose "next" link names it, are new; the rest kept their keys.
    expect(after.size).toBe(before.size + 1);
    expect(kept.length).toBeGreaterThanOrEqual(before.size - 2);
  });

  it('removing a page another links to fails the warm build as it fails a cold one, and adding it back mends it', () => {
    rmSync(path.join(guides(), '07-target.md'));
    const warm = build();
    const cold = build('--force', '--out-dir', 'dist-cold');
    expect(warm.status).not.toBe(0);
    expect(cold.status).not.toBe(0);
    for (const run of [warm, cold])
      expect(run.stderr + run.stdout).toMatch(/08-linker\.md:\d+:\d+[\s\S]*07-target\.md/);
    writeFileSync(path.join(guides(), '07-target.md'), '---\ntitle: Target\n---\n\nThe target.\n');
    const mended = build();
    expect(mended.status, mended.stdout + mended.stderr).toBe(0);
  });

  it('a link to a page that does not exist yet (a warning) points to it once it is added', () => {
    // In another category: the linking page's previous/next links (part of its key) stay as they are.
    const config = path.join(site.dir(), 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("product: 'Porting',", "product: 'Porting',\n  onBrokenLinks: 'warn',"),
    );
    writeFileSync(
      path.join(guides(), '09-early.md'),
      '---\ntitle: Early\n---\n\nSee [later](../04-reference/zz-later.md).\n',
    );
    const first = build();
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout + first.stderr).toMatch(/09-early\.md:\d+:\d+/);
    writeFileSync(path.join(site.dir(), 'content/docs/04-reference/zz-later.md'), '---\ntitle: Later\n---\n\nLater.\n');
    const second = build();
    expect(second.status, second.stdout + second.stderr).toBe(0);
    const href = () =>
      /<a href="([^"]*)">later<\/a>/.exec(
        readFileSync(path.join(site.dir(), 'dist/docs/guides/early.html'), 'utf8'),
      )?.[1];
    expect(href()).toBe('/docs/reference/zz-later');
  });
});
