/**
 * A huge page runs through the plugins piece by piece (markdown/piecewise.ts) and compiles exactly
 * as it would whole: heading ids stay unique across pieces, a table cut between rows is one table again, the table
 * of contents, ids, links and diagnostics are the same. A page with something that reaches across pieces
 * (definitions, footnotes, explicit ids, raw HTML, tabs, MDX imports, the site's plugins) is compiled whole, and so also
 * gives what a small page gives.
 */
import { describe, expect, it } from 'vitest';
import { cutPage } from '../../../../src/node/markdown/chunked-parse.js';
import { DEFAULT_POLICIES, type MarkdownContext } from '../../../../src/node/markdown/context.js';
import { runsInPieces } from '../../../../src/node/markdown/piecewise.js';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';

const processor = createMarkdownProcessor();
const routeByRelPath = new Map([['docs/other.md', '/docs/other']]);

function compile(source: string, chunkBytes: number) {
  const ctx = {
    file: '/site/content/docs/big.md',
    relPath: 'docs/big.md',
    route: '/docs/big',
    routeByRelPath,
    staticFiles: new Set<string>(),
    href: (p: string) => p,
  };
  return compileMarkdown({ processor, source, frontMatter: {}, ctx, chunkBytes });
}

async function expectSameAsWhole(source: string, chunkBytes: number) {
  const [whole, pieces] = [await compile(source, 1e9), await compile(source, chunkBytes)];
  expect(pieces.hast).toEqual(whole.hast);
  expect(pieces.toc).toEqual(whole.toc);
  expect(pieces.ids).toEqual(whole.ids);
  expect(pieces.links).toEqual(whole.links);
  expect(pieces.errors.map((e) => `${e.line}:${e.column}:${e.message}`)).toEqual(
    whole.errors.map((e) => `${e.line}:${e.column}:${e.message}`),
  );
  return pieces;
}

const inPieces = (source: string, chunkBytes: number, ctx: Partial<MarkdownContext> = {}) =>
  runsInPieces({
    cut: cutPage(source, chunkBytes)!,
    ctx: { mdx: false, policies: DEFAULT_POLICIES, ...ctx } as MarkdownContext,
    source,
    sitePlugins: false,
  });

/** A page of `n` sections: repeated heading texts, prose with links to anchors (one broken), a list, code and a table. */
function bigPage(n: number): string {
  const sections = Array.from({ length: n }, (_, i) =>
    [
      `## 設定 ${i % 5}`,
      '',
      `節 ${i} の本文です。**強調**と\`code${i}\`、[前の節](#設定-${(i + 4) % 5})、[他のページ](./other.md)、[ない節](#ない-${i === 7 ? 'x' : '設定-0'})。`,
      '',
      `- 項目 ${i}`,
      '  - 入れ子',
      '',
      ...(i % 3 === 0 ? ['```ts', `const x${i} = ${i};`, '```', ''] : []),
      ...(i % 4 === 0 ? ['| 名前 | 値 |', '| --- | :-: |', `| a${i} | ${i} |`, ''] : []),
      `節 ${i} の最後の段落です。`,
      '',
    ].join('\n'),
  );
  return `# 大きなページ\n\n前書きです。\n\n${sections.join('\n')}`;
}

describe('compiling a huge page in pieces', () => {
  it('gives the hast, TOC, ids, links and diagnostics of the whole page, with heading ids unique across pieces', async () => {
    const source = bigPage(60);
    expect(inPieces(source, 1500)).toBe(true);
    const pieces = await expectSameAsWhole(source, 1500);
    expect(pieces.h1).toBe('大きなページ');
    expect(pieces.toc.map((t) => t.id).slice(0, 7)).toEqual([
      '設定-0',
      '設定-1',
      '設定-2',
      '設定-3',
      '設定-4',
      '設定-0-1',
      '設定-1-1',
    ]);
    expect(new Set(pieces.ids).size).toBe(pieces.ids.length);
    // Each section's three links, at their lines in the file (the link checker reads these).
    expect(pieces.links).toHaveLength(180);
    expect(pieces.links.find((l) => l.hash === 'ない-x')).toMatchObject({
      route: null,
      line: source.split('\n').findIndex((l) => l.includes('(#ない-x)')) + 1,
    });
    expect(JSON.stringify(pieces.hast)).toContain('節 59 の最後の段落です。');
  });

  it('joins a table cut between its rows into one table, the rows after it included', async () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) => `| ${i} | 行 ${i} の説明、\`v_${i}\` | ${i % 2 ? 'はい' : 'いいえ'} |`,
    );
    const source = [
      '# 表',
      '',
      '| ID | 説明 | 可否 |',
      '| ---: | :--- | :-: |',
      ...rows,
      '',
      '## 後の節',
      '',
      '後の段落。',
      '',
    ].join('\n');
    expect(inPieces(source, 2000)).toBe(true);
    const pieces = await expectSameAsWhole(source, 2000);
    const html = JSON.stringify(pieces.hast);
    expect(html.match(/"tagName":"table"/g)).toHaveLength(1);
    expect(html.match(/"tagName":"tr"/g)).toHaveLength(401);
  });

  it.each([
    ['link reference definitions', '[参照][ref]\n\n[ref]: https://example.com\n'],
    ['footnotes', '脚注[^n]。\n\n[^n]: 注です。\n'],
    ['explicit heading ids', '## 明示 {#設定-0}\n\n本文。\n'],
    ['raw HTML', '<details>\n<summary>詳細</summary>\n\n## 中の見出し\n\n</details>\n'],
    ['tabs', ':::tabs\n\n::tab[A]\n\nA の本文\n\n::tab[B]\n\nB の本文\n\n:::\n'],
  ])('compiles a page with %s whole, as a small page', async (_, extra) => {
    const source = `${bigPage(20)}\n## 最後\n\n${extra}`;
    expect(inPieces(source, 1500)).toBe(false);
    await expectSameAsWhole(source, 1500);
  });

  it('compiles an MDX page in pieces, but whole when it imports or exports, and a site with its own plugins whole', async () => {
    const source = bigPage(40);
    expect(inPieces(source, 1500, { mdx: true })).toBe(true);
    const mdx = (chunkBytes: number) =>
      compileMarkdown({
        processor,
        source,
        frontMatter: {},
        ctx: {
          file: '/site/content/docs/big.mdx',
          relPath: 'docs/big.mdx',
          route: '/docs/big',
          routeByRelPath,
          staticFiles: new Set<string>(),
          href: (p: string) => p,
          mdx: true,
        },
        chunkBytes,
      });
    expect((await mdx(1500)).hast).toEqual((await mdx(1e9)).hast);
    const esm = `export const x = 1;\n\n${source}`;
    expect(inPieces(esm, 1500, { mdx: true })).toBe(false);
    expect(inPieces(esm, 1500)).toBe(true);
    expect(
      runsInPieces({ cut: cutPage(source, 1500)!, ctx: { mdx: false } as MarkdownContext, source, sitePlugins: true }),
    ).toBe(false);
  });

  it('compiles a huge MDX page that is not valid MDX as CommonMark with the same warning as a small page', async () => {
    const source = `${bigPage(20)}\n## 最後\n\n括弧 { がひとつ。\n\n${bigPage(5)}`;
    const md = (chunkBytes: number) =>
      compileMarkdown({
        processor,
        source,
        frontMatter: {},
        ctx: {
          file: '/site/content/docs/big.md',
          relPath: 'docs/big.md',
          route: '/docs/big',
          routeByRelPath,
          staticFiles: new Set<string>(),
          href: (p: string) => p,
          mdx: true,
        },
        chunkBytes,
      });
    const [whole, pieces] = [await md(1e9), await md(1500)];
    expect(whole.errors.map((e) => e.message)[0]).toContain('read as CommonMark');
    // The line differs: a page parsed in pieces (chunked-parse.ts) reports the
    // unclosed brace at the end of its piece, a page parsed whole at the end of the file.
    expect(pieces.errors.map((e) => e.message)).toEqual(whole.errors.map((e) => e.message));
    expect(pieces.hast).toEqual(whole.hast);
  });
});
