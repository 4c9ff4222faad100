/**
 * MDX raw imports (`!!raw-loader!./file`, `./file?raw`: how Docusaurus sites show a source file in <CodeBlock>) read
 * a file of the project: the page shows its text, and editing the file rebuilds the page (its content is in the page
 * cache key, as a snippet import's is). A file outside the project is never read (SECURITY.md: Markdown reads no
 * file outside the project): a raw import of one stays empty with a SnippetOutsideProject warning, a partial from
 * outside fails the build. Real builds of the docusaurus fixture through the CLI.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const dir = copyFixture('docusaurus');
const secretDir = path.join(tmpdir(), `docgen-outside-${process.pid}`);
afterAll(() => {
  removeDir(dir);
  removeDir(secretDir);
});

const source = path.join(dir, 'snippets/greet.ts'); // in the project, outside content/
mkdirSync(path.dirname(source), { recursive: true });
writeFileSync(source, "export const greeting = 'first';\n");
mkdirSync(secretDir, { recursive: true });
const secret = path.join(secretDir, 'secret.txt');
writeFileSync(secret, 'TOP-SECRET-VALUE\n');
const page = path.join(dir, 'content/docs/02-guides/03-source.mdx');
const fromPage = (file: string) => path.relative(path.dirname(page), file).split(path.sep).join('/');
writeFileSync(
  page,
  [
    '---',
    'title: Source',
    '---',
    '',
    "import CodeBlock from '@theme/CodeBlock';",
    `import Greet from '!!raw-loader!${fromPage(source)}';`,
    `import Secret from '${fromPage(secret)}?raw';`,
    '',
    '<CodeBlock language="ts">{Greet}</CodeBlock>',
    '',
    '<CodeBlock language="text">{Secret}</CodeBlock>',
    '',
  ].join('\n'),
);

const codeOf = () =>
  parse(readFileSync(path.join(dir, 'dist/docs/guides/source.html'), 'utf8'), { blockTextElements: {} })
    .querySelectorAll('main pre code')
    .map((code) => code.text);

describe('MDX raw imports', () => {
  it("show a project file's text, and never read one outside the project", () => {
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const code = codeOf().join('\n');
    expect(code).toContain("export const greeting = 'first';");
    expect(readFileSync(path.join(dir, 'dist/docs/guides/source.html'), 'utf8')).not.toContain('TOP-SECRET-VALUE');
    expect(result.stderr).toMatch(
      /\[SnippetOutsideProject\] warning: The import of .*secret\.txt\?raw names a file outside the project/,
    );
    expect(result.stderr).toMatch(/content\/docs\/02-guides\/03-source\.mdx:7:1/);
  });

  it('build the page again when the imported file changes (its content is in the page cache key)', () => {
    writeFileSync(source, "export const greeting = 'second';\n");
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(codeOf().join('\n')).toContain("export const greeting = 'second';");
  });

  it('fail the build on a partial imported from outside the project', () => {
    const other = copyFixture('docusaurus');
    try {
      writeFileSync(path.join(secretDir, 'outside.md'), 'OUTSIDE-PARTIAL\n');
      const file = path.join(other, 'content/docs/02-guides/03-partial.mdx');
      writeFileSync(
        file,
        `---\ntitle: Partial\n---\n\nimport Outside from '${path.relative(path.dirname(file), path.join(secretDir, 'outside.md')).split(path.sep).join('/')}';\n\n<Outside />\n`,
      );
      const result = runDocgen(['build'], other);
      expect(result.status).not.toBe(0);
      expect(result.stdout + result.stderr).toMatch(
        /\[SnippetOutsideProject\] <Outside> is imported from .*outside\.md, outside the project/,
      );
    } finally {
      removeDir(other);
    }
  });
});
