/**
 * MDX imports of Markdown files (`import Part from './_part.md'`, as Docusaurus sites share text between pages): a
 * page's page cache key covers the files it imports, however deep (markdown/snippet-imports.ts importedFilesOf), so
 * an edit of a partial compiles the pages that import it again and no other, incrementally, and an edit of a page
 * another page imports updates both; `docgen dev` too. Real builds of the docusaurus fixture through the CLI, each
 * compared with a `--force` build.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputEntries } from '../../src/node/cache/output-entries.js';
import { mainOf } from '../helpers/differential.js';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

const dir = copyFixture('docusaurus');
afterAll(() => removeDir(dir));

const guides = path.join(dir, 'content/docs/02-guides');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const inner = path.join(dir, 'content/docs/_parts/_inner.mdx');
const shared = path.join(guides, '06-shared.mdx');
write(inner, 'Inner text INNER-ONE.\n');
write(
  path.join(dir, 'content/docs/_parts/_outer.mdx'),
  "import Inner from './_inner.mdx';\n\nOuter text.\n\n<Inner />\n",
);
write(
  path.join(guides, '04-parts.mdx'),
  "---\ntitle: Parts\n---\n\nimport Outer from '../_parts/_outer.mdx';\n\n<Outer />\n",
);
write(shared, '---\ntitle: Shared\n---\n\nShared text SHARED-ONE.\n');
write(
  path.join(guides, '05-host.mdx'),
  "---\ntitle: Host\n---\n\nimport Shared from './06-shared.mdx';\n\n<Shared />\n",
);

const html = (route: string, out = 'dist') => readFileSync(path.join(dir, out, `${route}.html`), 'utf8');

/** Builds, then a `--force` build into another folder: both succeed and write the same files. */
function buildAndCompare(): string {
  const result = runDocgen(['build'], dir);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const cold = runDocgen(['build', '--force', '--out-dir', 'dist-cold'], dir);
  expect(cold.status, cold.stdout + cold.stderr).toBe(0);
  const contents = (out: string) =>
    [...outputEntries(path.join(dir, out)).keys()]
      .sort()
      .map((file) => [file, readFileSync(path.join(dir, out, file), 'utf8')]);
  expect(contents('dist')).toEqual(contents('dist-cold'));
  return result.stdout;
}

describe('MDX imports of Markdown files', () => {
  it('show the partial, however deep, and a page imported by another', () => {
    buildAndCompare();
    expect(html('docs/guides/parts')).toContain('INNER-ONE');
    expect(html('docs/guides/host')).toContain('SHARED-ONE');
  });

  it('an edit of a partial another partial imports compiles only the page that imports them', () => {
    write(inner, 'Inner text INNER-TWO.\n');
    const stdout = buildAndCompare();
    expect(stdout).toMatch(/rebuilt 1 changed page of \d+ routes/);
    expect(html('docs/guides/parts')).toContain('INNER-TWO');
  });

  it('an edit of a page another page imports updates both', () => {
    write(shared, '---\ntitle: Shared\n---\n\nShared text SHARED-TWO.\n');
    buildAndCompare();
    expect(html('docs/guides/shared')).toContain('SHARED-TWO');
    expect(html('docs/guides/host')).toContain('SHARED-TWO');
  });

  it('a full build takes an unchanged page from the page cache, and compiles a page whose partial changed', () => {
    write(inner, 'Inner text INNER-THREE.\n');
    // Another output folder: no saved build state there, so this is a full build reading the page cache.
    const result = runDocgen(['build', '--out-dir', 'dist-full'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(html('docs/guides/parts', 'dist-full')).toContain('INNER-THREE');
    expect(html('docs/guides/host', 'dist-full')).toContain('SHARED-TWO');
  });

  it('docgen dev shows an edited partial on the page that imports it, as the build does', async () => {
    const dev = await startDev(dir);
    try {
      const parts = () => fetch(`${dev.url}/docs/guides/parts`).then((r) => r.text());
      expect(await parts()).toContain('INNER-THREE');
      write(inner, 'Inner text INNER-FOUR.\n');
      let main = '';
      for (let i = 0; i < 100 && !main.includes('INNER-FOUR'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        main = mainOf(await parts());
      }
      expect(main).toContain('INNER-FOUR');
      const built = runDocgen(['build'], dir);
      expect(built.status, built.stderr).toBe(0);
      expect(main).toBe(mainOf(html('docs/guides/parts')));
    } finally {
      await dev.close();
    }
  });
});
