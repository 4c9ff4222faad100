/**
 * Docusaurus content builds unchanged. The fixture (tests/fixtures/sites/docusaurus)
 * holds the constructs real Docusaurus and VitePress sets use: MDX imports of @theme components, Tabs with a
 * groupId, partials, MDX comments, HTML in MDX, admonition title forms, number prefixes, front matter `id`, `.mdx`
 * pages, `_category_.json`, absolute file links. Mistakes are reported all at once, each at its file:line, as the
 * site's strictness settings say.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRoutes, copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
const html = (file: string) => parse(readFileSync(path.join(dir, 'dist', file), 'utf8'));
const main = (file: string) => html(file).querySelector('main')!;

beforeAll(() => {
  dir = copyFixture('docusaurus');
  const result = runDocgen(['build'], dir);
  expect(result.stderr).toBe(''); // no error and no warning: unknown front matter is accepted, as in Docusaurus
  expect(result.status).toBe(0);
});
afterAll(() => removeDir(dir));

describe('a Docusaurus site builds as it is', () => {
  it('front matter hide_title hides the title the theme adds (not a # heading of the page); keywords are a meta tag', () => {
    const config = html('docs/reference/config.html');
    // The theme's CSS hides the title of an article holding the mark (no script: the doc page's JS is unchanged).
    expect(config.querySelectorAll('.dg-doc__article .dg-title-hidden')).toHaveLength(1);
    expect(
      readFileSync(
        path.join(dir, 'dist', config.querySelector('link[rel="stylesheet"]')!.getAttribute('href')!),
        'utf8',
      ),
    ).toContain('.dg-doc__article:has(.dg-title-hidden)>.dg-doc__title{display:none}');
    expect(config.querySelector('title')!.text).toMatch(/^Config \| /); // <title> and the TOC keep the page
    expect(config.querySelectorAll('.dg-toc a').map((a) => a.text.trim())).toContain('Options');
    expect(config.querySelector('meta[name="keywords"]')!.getAttribute('content')).toBe(
      'configuration, site.config.ts',
    );
    // Docusaurus renders a page's own `# Title` whatever hide_title says: it is in the content, and the theme's
    // title (the front matter's) is the one hidden.
    const cli = main('docs/reference/cli.html');
    expect(
      cli
        .querySelectorAll('.dg-doc__article h1')
        .filter((h) => !h.classList.contains('dg-doc__title'))
        .map((h) => h.text.trim()),
    ).toEqual(['CLI']);
    expect(cli.querySelectorAll('.dg-title-hidden')).toHaveLength(1);
    expect(html('docs/reference/cli.html').querySelector('meta[name="keywords"]')).toBeNull();
  });

  it("shows a page's own # heading rather than its front matter title, which names it in <title> (Docusaurus)", () => {
    const other = copyFixture('docusaurus');
    try {
      writeFileSync(
        path.join(other, 'content/docs/04-reference/cli.md'),
        '---\ntitle: Command line\n---\n\n# The `docgen` CLI\n\nThe command line.\n',
      );
      const result = runDocgen(['build'], other);
      expect(result.status, result.stdout + result.stderr).toBe(0);
      const page = parse(readFileSync(path.join(other, 'dist/docs/reference/cli.html'), 'utf8'));
      expect(page.querySelector('title')!.text).toMatch(/^Command line \| /);
      const article = page.querySelector('.dg-doc__article')!;
      expect(article.querySelector('.dg-doc__title')!.text.trim()).toBe('Command line'); // hidden by the theme's CSS
      expect(article.querySelectorAll('.dg-title-hidden')).toHaveLength(1);
      const own = article.querySelectorAll('h1').filter((h) => !h.classList.contains('dg-doc__title'));
      expect(own.map((h) => h.text.trim())).toEqual(['The docgen CLI']);
      expect(own[0]!.querySelector('code')!.text).toBe('docgen'); // as written, inline code and all
    } finally {
      removeDir(other);
    }
  });

  it('routes pages the Docusaurus way: number prefixes dropped, front matter id, .mdx pages, partials never pages', () => {
    expect(builtRoutes(path.join(dir, 'dist')).sort()).toEqual([
      '/',
      '/docs/category/reference',
      '/docs/guides/overview',
      '/docs/guides/tabs',
      '/docs/intro',
      '/docs/reference/cli',
      '/docs/reference/config',
      '/docs/renamed',
    ]);
    expect(existsSync(path.join(dir, 'dist/docs/02-guides/01-tabs.mdx'))).toBe(false); // never copied as a static file
    expect(existsSync(path.join(dir, 'dist/docs/02-guides/_shared.md'))).toBe(false);
  });

  it('prints nothing literally that Docusaurus renders', () => {
    for (const file of ['docs/intro.html', 'docs/guides/tabs.html']) {
      const text = main(file).textContent;
      expect(text).not.toMatch(/:::|import |export |<Tabs|<TabItem|\{\/\*|toc=\{/);
    }
  });

  it('renders every admonition form: :::tip Title, :::important, VitePress ::: warning and ::: details, nesting', () => {
    const page = main('docs/intro.html');
    const titles = page
      .querySelectorAll('.dg-admonition')
      .map((a) => [a.classNames.split(' ')[1], a.querySelector('.dg-admonition__title')!.textContent]);
    expect(titles).toEqual([
      ['dg-admonition--tip', 'Old title syntax'],
      ['dg-admonition--important', 'Important'],
      ['dg-admonition--warning', 'VitePress title'],
      ['dg-admonition--note', 'Outer'],
      ['dg-admonition--danger', 'Inner'],
    ]);
    expect(page.querySelector('.dg-admonition--note .dg-admonition--danger')).not.toBeNull();
    const details = page.querySelector('details.dg-details')!;
    expect(details.querySelector('summary')!.textContent).toBe('Click to open');
    expect(details.textContent).toContain('Hidden until opened.');
  });

  it('renders a VitePress ::: code-group as tabs labelled by each fence', () => {
    const tabs = main('docs/intro.html').querySelector('.dg-tabs')!;
    expect(tabs.querySelectorAll('.dg-tabs__label').map((l) => l.textContent)).toEqual(['npm', 'Yarn']);
    expect(
      tabs.querySelectorAll('.dg-tabs__panel pre').map((c) => c.textContent.replace(/<[^>]*>/g, '').trim()),
    ).toEqual(['npm create vite@latest', 'yarn create vite']);
  });

  it('maps @theme components: Tabs with groupId and default, Admonition, CodeBlock, TOCInline; HTML in MDX', () => {
    const page = main('docs/guides/tabs.html');
    const tabs = page.querySelectorAll('.dg-tabs');
    expect(tabs.map((t) => t.getAttribute('data-group-id'))).toEqual(['package-manager', 'package-manager']);
    expect(tabs[0]!.getAttribute('data-query-string')).toBe('package-manager');
    expect(tabs[0]!.querySelectorAll('.dg-tabs__label').map((l) => l.textContent)).toEqual(['npm', 'Yarn']);
    expect(tabs[0]!.querySelector('input[checked]')!.getAttribute('data-value')).toBe('npm');
    expect(page.querySelector('.dg-admonition--caution .dg-admonition__title')!.textContent).toBe('Careful');
    expect(page.querySelector('.dg-code__title')!.textContent).toBe('example.js');
    expect(page.querySelectorAll('nav.dg-toc-inline a').map((a) => a.getAttribute('href'))).toEqual([
      '#install',
      '#details-and-keys',
      '#shared-part',
      '#run',
    ]);
    expect(page.querySelector('.dg-markdown details > summary')!.textContent).toBe('Show more'); // not wrapped in a <p>
    expect(page.querySelectorAll('kbd').map((k) => k.textContent)).toEqual(['Ctrl', 'C']);
    expect(page.querySelector('br')).not.toBeNull();
    expect(page.querySelector('img[alt="A diagram"]')!.getAttribute('src')).toBe('/img/diagram.svg'); // a void element alone on its line
  });

  // The partial starts with an HTML comment (jellyfin/jellyfin.org's partials do), which MDX rejects: Docusaurus 3
  // turns comments into MDX comments in partials as in pages.
  it('inlines a partial where its component is used, its links resolved from its own file', () => {
    const page = main('docs/guides/tabs.html');
    const paragraph = page.querySelectorAll('p').find((p) => p.textContent.includes('comes from a partial'))!;
    expect(paragraph.querySelector('a')!.getAttribute('href')).toBe('/docs/intro');
  });

  it('resolves /abs/path.md links, links to number-prefixed files, to a page renamed by its id and to its file path', () => {
    const hrefs = main('docs/intro.html')
      .querySelectorAll('p a')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/docs/guides/tabs', '/docs/renamed', '/docs/category/reference', '/docs/renamed']);
  });

  it('builds the sidebar from Docusaurus doc ids, a category doc link and _category_.json', () => {
    const links = html('docs/intro.html')
      .querySelectorAll('.dg-sidebar a')
      .map((a) => [a.textContent.trim(), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Introduction', '/docs/intro'],
      ['Guides', '/docs/guides/tabs'],
      ['Tabs guide', '/docs/guides/tabs'],
      ['Overview', '/docs/guides/overview'],
      ['Renamed page', '/docs/renamed'],
      ['Reference', '/docs/category/reference'],
      ['CLI', '/docs/reference/cli'],
      ['Config', '/docs/reference/config'],
    ]);
  });

  it('lists the pages of its sidebar category where <DocCardList /> stands', () => {
    const links = main('docs/guides/overview.html')
      .querySelectorAll('ul.dg-doc-card-list a')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['Tabs guide', '/docs/guides/tabs']]);
  });

  it('generates the index page of a category linked to { type: "generated-index" }', () => {
    const page = main('docs/category/reference.html');
    expect(page.querySelector('h1')!.textContent).toBe('Reference');
    expect(page.textContent).toContain('Every reference page.');
    expect(page.querySelectorAll('.dg-markdown li a').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['CLI', '/docs/reference/cli'],
      ['Config', '/docs/reference/config'],
    ]);
  });

  it('reads a .md page that is not valid MDX as CommonMark, with one warning at its line', () => {
    const site = copyFixture('docusaurus');
    try {
      writeFileSync(
        path.join(site, 'content/docs/legacy.md'),
        [
          '# Legacy',
          '',
          '<!-- an HTML comment, fine in MDX 1 -->',
          '',
          'See <https://example.com> for {details}.',
          '',
        ].join('\n'),
      );
      const result = runDocgen(['build'], site);
      expect(result.status).toBe(0);
      expect(result.stderr).toMatch(
        /\[MarkdownSyntax\] warning: This page is not valid MDX[\s\S]*content\/docs\/legacy\.md:5:/,
      );
      const page = parse(readFileSync(path.join(site, 'dist/docs/legacy.html'), 'utf8')).querySelector('main')!;
      expect(page.querySelector('a[href="https://example.com"]')).not.toBeNull();
      expect(page.textContent).toContain('for {details}.');
      expect(page.innerHTML).not.toContain('<!--');
    } finally {
      removeDir(site);
    }
  });

  it('renders the same pages under docgen dev: MDX components, partials, admonitions, links, a generated index', async () => {
    const dev = await startDev(dir);
    try {
      const page = parse(await (await fetch(`${dev.url}/docs/guides/tabs`)).text()).querySelector('main')!;
      expect(page.querySelectorAll('.dg-tabs').length).toBe(2);
      expect(page.textContent).toContain('comes from a partial');
      expect(page.textContent).not.toMatch(/import |\{\/\*/);
      const intro = parse(await (await fetch(`${dev.url}/docs/intro`)).text()).querySelector('main')!;
      expect(intro.querySelectorAll('.dg-admonition').length).toBe(5); // every title form, VitePress' too, nesting
      expect(intro.querySelector('details.dg-details summary')!.textContent).toBe('Click to open');
      expect(intro.querySelectorAll('p a').map((a) => a.getAttribute('href'))).toEqual([
        '/docs/guides/tabs',
        '/docs/renamed',
        '/docs/category/reference',
        '/docs/renamed',
      ]);
      const index = parse(await (await fetch(`${dev.url}/docs/category/reference`)).text()).querySelector('main')!;
      expect(index.querySelectorAll('.dg-markdown li a').length).toBe(2); // the generated index page
      // An edit of the partial shows in the page that imports it (the watcher is ready once dev printed its URL).
      writeFileSync(
        path.join(dir, 'content/docs/02-guides/_shared.md'),
        'This paragraph comes from an edited partial.\n',
      );
      let text = '';
      for (let i = 0; i < 100 && !text.includes('edited partial'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        text = await (await fetch(`${dev.url}/docs/guides/tabs`)).text();
      }
      expect(text, dev.output()).toContain('comes from an edited partial');
    } finally {
      await dev.close();
    }
  });
});

describe('every problem of a Docusaurus site at once, as its strictness says', () => {
  let bad: string;
  beforeAll(() => {
    bad = copyFixture('docusaurus');
    writeFileSync(
      path.join(bad, 'content/docs/broken.mdx'),
      [
        '---',
        'title: Broken',
        'sidebar_positon: 2',
        '---',
        '',
        'import Shared from "./_broken-partial.md";',
        '',
        '<Unknown prop="x" />',
        '',
        '[dead](#nowhere)',
        '',
        '<Shared />',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(bad, 'content/docs/_broken-partial.md'),
      ['Line one.', '', ':::nonsense', 'x', ':::', ''].join('\n'),
    );
  });
  afterAll(() => removeDir(bad));

  it('fails once with every error sorted by file and line, and the warnings beside them (--json lists both)', () => {
    const result = runDocgen(['build', '--json'], bad);
    expect(result.status).toBe(1);
    const { errors, warnings } = JSON.parse(result.stdout) as {
      errors: { code: string; file: string; line: number }[];
      warnings: { code: string; file: string; line: number }[];
    };
    expect(errors.map((e) => [e.code, e.file, e.line])).toEqual([
      ['MarkdownSyntax', 'content/docs/_broken-partial.md', 3], // in the partial, at its own line
      ['UnknownComponent', 'content/docs/broken.mdx', 8],
    ]);
    // Docusaurus' defaults: a broken anchor is a warning; an unknown front matter key is accepted.
    expect(warnings.map((w) => [w.code, w.file, w.line])).toEqual([['DeadAnchor', 'content/docs/broken.mdx', 10]]);
  });

  it('prints code frames and a count; stricter settings turn the warning into an error, unknown keys too', () => {
    const config = path.join(bad, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "buildDate: '2025-10-13',",
        "buildDate: '2025-10-13',\n  onBrokenAnchors: 'throw',\n  onUnknownFrontMatter: 'warn',",
      ),
    );
    const result = runDocgen(['build'], bad);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('>  8 | <Unknown prop="x" />');
    expect(result.stderr).toContain("Unknown front matter key 'sidebar_positon'. Did you mean 'sidebar_position'?");
    expect(result.stderr).toContain('docgen build failed with 3 errors and 2 warnings');
  });
});
