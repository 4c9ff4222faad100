/**
 * Pages written for MDX 1 (Docusaurus 2) with config `markdown.mdx1`: a page MDX 3 rejects is read as Docusaurus 2
 * read it (a warning at its line), an `.mdx` page included, instead of failing the build. Cases from
 * Sensing-Dev/doc (Docusaurus 2.4.1).
 */
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';
import { blankEsm, repairMdx1 } from '../../../../src/node/markdown/mdx1.js';

const processor = createMarkdownProcessor();

async function compileMdx1(source: string, mdx1 = true) {
  const page = await compileMarkdown({
    processor,
    source,
    frontMatter: {},
    ctx: {
      file: '/site/content/docs/page.mdx',
      relPath: 'docs/page.mdx',
      route: '/docs/page',
      routeByRelPath: new Map([['docs/page.mdx', '/docs/page']]),
      staticFiles: new Set(),
      href: (p) => p,
      mdx: true,
      mdx1,
    },
  });
  return { ...page, html: toHtml(page.hast) };
}

describe('repairMdx1', () => {
  it('keeps an import/export line inside a JSX block as text, and the ESM lines of the page as ESM', () => {
    const source =
      "import x from './x.js'\nimport y from './y.js'\n\n<div>\n<b>Set</b>\nexport PATH=/opt/bin\n</div>\n";
    expect(repairMdx1(source)).toBe(
      "import x from './x.js'\nimport y from './y.js'\n\n<div>\n<b>Set</b>\n{''}export PATH=/opt/bin\n</div>\n",
    );
  });

  it('escapes bare < { } in text, links autolinks, closes void elements; leaves tags, code and fences alone', () => {
    expect(repairMdx1('a <= b and {x} see <https://e.com>\n')).toBe(
      'a \\<= b and \\{x\\} see [https://e.com](https://e.com)\n',
    );
    expect(repairMdx1('<img src="a.png"> and `{code}` <a href={x}>y</a>\n')).toBe(
      '<img src="a.png" /> and `{code}` <a href={x}>y</a>\n',
    );
    expect(repairMdx1('```\na < b {c}\n```\n')).toBe('```\na < b {c}\n```\n');
    expect(repairMdx1('<div>\n{props.x} <br>\n</div>\n')).toBe('<div>\n{props.x} <br />\n</div>\n');
  });

  it('puts a <pre> block on its first line, keeping its line breaks and expressions, the line count unchanged', () => {
    expect(repairMdx1('<pre>\n<code>\nwget {v.url} *x*\n</code>\n</pre>\n\nafter\n')).toBe(
      '<pre>{"\\n"}<code>{"\\n"}wget {v.url} \\*x\\*{"\\n"}</code>{"\\n"}</pre>\n\n\n\n\n\nafter\n',
    );
  });

  it('blanks the ESM lines of a page read as CommonMark, keeping its line count', () => {
    expect(blankEsm("import a from 'a'\nimport b from 'b'\n\n# T\n")).toBe('\n\n\n# T\n');
  });
});

describe('an MDX 1 page compiled with markdown.mdx1', () => {
  const page = [
    "import v from '@site/v.js'",
    '',
    '# Install',
    '',
    '<pre>',
    '<code class="language-bash">',
    'export LD_LIBRARY_PATH=/opt/lib',
    '</code>',
    '</pre>',
    '',
    'Sizes are {width} x {height} and a < b, see <https://example.com>.',
    '',
  ].join('\n');

  it('fails without it (MDX 3 takes the export line as ESM)', async () => {
    const compiled = await compileMdx1(page, false);
    expect(compiled.errors.some((e) => e.code === 'MarkdownSyntax' && e.severity !== 'warning')).toBe(true);
  });

  it('builds with a warning at the line MDX 3 stopped at, its text as Docusaurus 2 showed it', async () => {
    const compiled = await compileMdx1(page);
    const errors = compiled.errors.filter((e) => e.severity !== 'warning');
    expect(errors).toEqual([]);
    const warning = compiled.errors.find((e) => e.code === 'MarkdownSyntax');
    expect(warning?.message).toMatch(/MDX 1 \(Docusaurus 2\)/);
    expect(warning?.line).toBe(7);
    expect(compiled.html).toContain('export LD_LIBRARY_PATH=/opt/lib');
    expect(compiled.html).toContain('Sizes are {width} x {height} and a &#x3C; b');
    expect(compiled.html).toMatch(/<a href="https:\/\/example.com"/);
  });

  it('reads a page even MDX 1 rules cannot repair as CommonMark, without printing its import lines', async () => {
    const compiled = await compileMdx1("import v from '@site/v.js'\n\n# T\n\n<div>\n\ntext\n");
    expect(compiled.errors.filter((e) => e.severity !== 'warning')).toEqual([]);
    expect(compiled.html).toContain('text');
    expect(compiled.html).not.toContain('import');
  });
});
