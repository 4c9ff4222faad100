/** VitePress heading ids (`markdown.headingIds: 'vitepress'`) beside GitHub's, the default. */
import { describe, expect, it } from 'vitest';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';

const processor = createMarkdownProcessor();
const ids = async (source: string, headingIds?: 'github' | 'vitepress') =>
  (
    await compileMarkdown({
      processor,
      source,
      frontMatter: {},
      ctx: {
        file: '/site/content/docs/a.md',
        relPath: 'docs/a.md',
        route: '/docs/a',
        routeByRelPath: new Map(),
        staticFiles: new Set(),
        href: (p) => p,
        headingIds,
      },
    })
  ).ids;

describe('heading ids', () => {
  const page = '## build.target\n\n## Server Options (HMR)\n\n## build.target\n\n## 設定 ファイル\n';
  it('are GitHub slugs by default', async () => {
    expect(await ids(page)).toEqual(['buildtarget', 'server-options-hmr', 'buildtarget-1', '設定-ファイル']);
  });
  it("are VitePress' slugs when the site asks", async () => {
    expect(await ids(page, 'vitepress')).toEqual([
      'build-target',
      'server-options-hmr',
      'build-target-1',
      '設定-ファイル',
    ]);
  });
});

describe('a repeated explicit id (Docusaurus builds the page)', () => {
  it('is made unique with -1, -2 and warned about at its line and column', async () => {
    const page = await compileMarkdown({
      processor,
      source: '## A {#same}\n\ntext\n\n## B {#same}\n\n<h4 id="same">C</h4>\n',
      frontMatter: {},
      ctx: {
        file: '/site/content/docs/a.md',
        relPath: 'docs/a.md',
        route: '/docs/a',
        routeByRelPath: new Map(),
        staticFiles: new Set(),
        href: (p) => p,
      },
    });
    expect(page.ids).toEqual(['same', 'same-1', 'same-2']);
    expect(page.errors.map((e) => [e.code, e.severity, e.line, e.column])).toEqual([
      ['DuplicateId', 'warning', 5, 1],
      ['DuplicateId', 'warning', 7, 1],
    ]);
  });
});
