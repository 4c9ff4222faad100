import { DEFAULT_POLICIES } from '../../../../src/node/markdown/context.js';
import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';

const processor = createMarkdownProcessor();

async function compile(
  source: string,
  relPath = 'docs/a/page.md',
  onDroppedHtml: 'throw' | 'warn' | 'ignore' = 'warn',
) {
  return compileMarkdown({
    processor,
    source,
    frontMatter: {},
    ctx: {
      file: `/site/content/${relPath}`,
      relPath,
      route: '/' + relPath.replace(/\.md$/, ''),
      routeByRelPath: new Map([
        ['docs/a/page.md', '/docs/a/page'],
        ['docs/a/other.md', '/docs/a/other'],
        ['docs/b/index.md', '/docs/b/'],
      ]),
      staticFiles: new Set(['img/logo.svg']),
      href: (p) => '/base' + p,
      policies: { ...DEFAULT_POLICIES, onDroppedHtml },
      iframeOrigins: [],
    },
  });
}

describe('compileMarkdown', () => {
  it('gives headings GitHub-style ids that keep Japanese, and honours {#custom} ids', async () => {
    const page = await compile('## デバイス ID の発行\n\n### Custom {#my-id}\n\n## デバイス ID の発行\n');
    expect(page.ids).toEqual(['デバイス-id-の発行', 'my-id', 'デバイス-id-の発行-1']);
    expect(toHtml(page.hast)).toContain(
      '<h3 id="my-id">Custom<a class="dg-heading-anchor" href="#my-id" data-aria-message="heading.permalink"',
    );
  });

  it('ends h2-h4 with a text-free permalink labelled by message, and leaves the TOC text alone', async () => {
    const page = await compile('## 概要 A\n\n#### 詳細\n\n##### 深い\n');
    const html = toHtml(page.hast);
    expect(html).toContain(
      '<a class="dg-heading-anchor" href="#%E6%A6%82%E8%A6%81-a" data-aria-message="heading.permalink" data-message-params="{&#x22;heading&#x22;:&#x22;概要 A&#x22;}"></a></h2>',
    );
    expect(html).toContain('href="#%E8%A9%B3%E7%B4%B0"');
    expect(html).not.toContain('href="#深い"');
    expect(html).not.toContain('href="#%E6%B7%B1%E3%81%84"');
    expect(page.toc.map((t) => t.text)).toEqual(['概要 A']);
  });

  it('builds a TOC of h2-h3 by default', async () => {
    const page = await compile('## A\n\n### B\n\n#### C\n');
    expect(page.toc.map((t) => [t.text, t.level])).toEqual([
      ['A', 2],
      ['B', 3],
    ]);
  });

  it('removes a leading h1 and returns its text', async () => {
    const page = await compile('# タイトル\n\n本文\n');
    expect(page.h1).toBe('タイトル');
    expect(toHtml(page.hast)).not.toContain('<h1');
  });

  it('resolves relative .md links to routes with the base URL and records them', async () => {
    const page = await compile('[x](./other.md#sec) [y](../b/index.md) [z](/docs/a/other)');
    const html = toHtml(page.hast);
    expect(html).toContain('href="/base/docs/a/other#sec"');
    expect(html).toContain('href="/base/docs/b/"');
    expect(page.links.map((l) => [l.route, l.hash])).toEqual([
      ['/docs/a/other', 'sec'],
      ['/docs/b/', ''],
      ['/docs/a/other', ''],
    ]);
  });

  it("leaves the ids a site's Vue component rendered (migrate's component mark) as rendered, however often", async () => {
    // The same icon twice, as a component renders it; an author's own repeated id is still made unique.
    const page = await compile(
      '<p><span data-dg-component id="grad">a</span> <span data-dg-component id="grad">b</span></p>\n\n## Setup {#setup}\n\n## Again {#setup}\n',
    );
    const html = toHtml(page.hast);
    expect(html.match(/id="grad"/g)).toHaveLength(2);
    expect(html).toContain('id="setup-1"');
    expect(page.errors.map((error) => error.message)).toEqual([expect.stringContaining("The id 'setup'")]);
  });

  it('checks only the path of a link with a query string and keeps the query and hash as written', async () => {
    // vrm-c/vrm.dev docs/vrm/vrm_about.md: [showcase](/showcase/?flags=8)
    const page = await compile(
      '[a](/docs/a/other?tab=2) [b](./other.md?x=1#sec) [c](../b/?q#h) [d](/img/logo.svg?v=3)',
    );
    const html = toHtml(page.hast);
    expect(page.errors).toEqual([]);
    expect(html).toContain('href="/base/docs/a/other?tab=2"');
    expect(html).toContain('href="/base/docs/a/other?x=1#sec"');
    expect(html).toContain('href="/base/docs/b/?q#h"');
    expect(page.links.map((l) => [l.route, l.hash])).toEqual([
      ['/docs/a/other', ''],
      ['/docs/a/other', 'sec'],
      ['/docs/b/', 'h'],
      ['/img/logo.svg', ''],
    ]);
  });

  it('resolves a link from the site folder to a page of docs migrated to the content root, as Docusaurus does', async () => {
    // 0glabs/0g-doc (routeBasePath '/'), docs/node-sale/faq/faq.md: [here](docs/node-sale/details/purchasing-nodes.md)
    const page = await compileMarkdown({
      processor,
      source: 'See the step by step guide [here](docs/node-sale/details/purchasing-nodes.md).\n',
      frontMatter: {},
      ctx: {
        file: '/site/content/node-sale/faq/faq.md',
        relPath: 'node-sale/faq/faq.md',
        route: '/node-sale/faq/faq',
        routeByRelPath: new Map([
          ['node-sale/faq/faq.md', '/node-sale/faq/faq'],
          ['node-sale/details/purchasing-nodes.md', '/node-sale/details/purchasing-nodes'],
        ]),
        staticFiles: new Set(),
        href: (p) => '/base' + p,
        policies: DEFAULT_POLICIES,
        iframeOrigins: [],
      },
    });
    expect(page.errors).toEqual([]);
    expect(toHtml(page.hast)).toContain('href="/base/node-sale/details/purchasing-nodes"');
  });

  it('reports a link to a missing file at its line and column with a suggestion', async () => {
    const page = await compile('本文\n\nSee [x](./othr.md).\n');
    expect(page.errors).toHaveLength(1);
    const [error] = page.errors;
    expect(error!.code).toBe('DeadLink');
    expect([error!.line, error!.column]).toEqual([3, 5]);
    expect(error!.message).toContain('Did you mean ./other.md?');
    expect(error!.frame).toContain('> 3 | See [x](./othr.md).');
  });

  it('never lets a javascript: URL through', async () => {
    const page = await compile('[x](javascript:alert(1))');
    expect(toHtml(page.hast)).not.toContain('javascript:');
    expect(page.errors[0]!.code).toBe('MarkdownSyntax');
  });

  it('highlights code at build time with classes, not inline styles', async () => {
    const page = await compile('```ts\nconst a = 1;\n```\n');
    const html = toHtml(page.hast);
    expect(html).toContain('class="hljs-keyword"');
    expect(html).not.toContain('style=');
  });

  it('drops the raw HTML its allow-list refuses, and reports it at its line and column (onDroppedHtml: throw)', async () => {
    const page = await compile(
      'text\n\n<script>alert(1)</script>\n\nA <img src=x onerror=alert(1)> B\n',
      undefined,
      'throw',
    );
    const html = toHtml(page.hast);
    expect(html).not.toMatch(/<script|onerror|alert/);
    expect(html).toContain('<p>A <img src="x"> B</p>');
    expect(page.errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['DroppedHtml', 3, 1],
      ['DroppedHtml', 5, 3],
    ]);
    expect(page.errors[1]!.message).toContain('onerror="alert(1)" on <img>');
    expect(page.errors[1]!.frame).toContain('> 5 | A <img src=x onerror=alert(1)> B');
  });

  it("renders allowed raw HTML with Markdown inside it, and leaves docgen's own elements on the page untouched", async () => {
    const source =
      '<details>\n<summary>More <kbd>Ctrl</kbd></summary>\n\n**bold** and `code`\n\n</details>\n\n::::tabs\n:::tab[a]\nx\n:::\n::::\n\n- [x] done\n';
    const page = await compile(source, undefined, 'throw');
    const html = toHtml(page.hast);
    expect(page.errors).toEqual([]);
    expect(html).toContain(
      '<details>\n<summary>More <kbd>Ctrl</kbd></summary>\n<p><strong>bold</strong> and <code>code</code></p>\n</details>',
    );
    // properties of docgen's elements come back exactly (a re-parse would turn defaultChecked=true into '')
    expect(html).toContain('name="dg-tabs-1" id="dg-tabs-1-1" defaultChecked>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(html).not.toContain('data-dg-trusted');
  });

  it('keeps a raw HTML table whole', async () => {
    const page = await compile(
      '<table>\n<tr><th colspan="2">Head</th></tr>\n<tr><td>a</td><td>b</td></tr>\n</table>\n',
      undefined,
      'throw',
    );
    expect(page.errors).toEqual([]);
    // rehype-tables adds its wrapper and cell classes afterwards: compare the table without them.
    const html = toHtml(page.hast).replace(/ class="[^"]*"/g, '');
    expect(html).toContain(
      '<table>\n<tbody><tr><th colspan="2">Head</th></tr>\n<tr><td>a</td><td>b</td></tr>\n</tbody></table>',
    );
  });

  it('drops HTML comments silently', async () => {
    const page = await compile('a\n\n<!-- note -->\n\nb\n', undefined, 'throw');
    expect(toHtml(page.hast)).not.toContain('note');
    expect(page.errors).toEqual([]);
  });
});
