/** VitePress page syntax rewritten by `docgen migrate vitepress` (vitepress-rewrite.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MigrationReport } from '../../../../src/node/migrate/report.js';
import {
  keepVitepressRoute,
  rewriteVitepressPage,
  vitepressRoute,
} from '../../../../src/node/migrate/vitepress-rewrite.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-vp-rewrite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, 'parts'), { recursive: true });
writeFileSync(path.join(dir, 'parts/cli.md'), '---\ntitle: x\n---\nline 1\nline 2\nline 3\nline 4\n');
writeFileSync(
  path.join(dir, 'parts/regions.md'),
  'before\n<!-- #region usage -->\nUsage text\n<!-- #endregion usage -->\nafter\n',
);
const c = (n: number) => ':'.repeat(n);
const rewrite = (text: string) => {
  const report = new MigrationReport(dir);
  const out = rewriteVitepressPage(text, path.join(dir, 'guide.md'), 'guide.md', {
    srcDir: dir,
    site: { title: 'My Site' },
    report,
  });
  return { out, report: report.format() };
};

describe('rewriteVitepressPage', () => {
  it('inlines @include with line ranges and #region, and reports a missing one', () => {
    const { out, report } = rewrite(
      '# Guide\n\n<!--@include: ./parts/cli.md-->\n\n<!--@include: @/parts/regions.md{1,1}-->\n\n<!--@include: ./parts/regions.md#usage-->\n\n<!--@include: ./nope.md-->\n',
    );
    expect(out).toBe(
      '# Guide\n\nline 1\nline 2\nline 3\nline 4\n\nbefore\n\nUsage text\n\n<!--@include: ./nope.md-->\n',
    );
    expect(report).toBe('guide.md:9  @include of ./nope.md: no such file; left as a comment');
  });

  it('leaves out empty front matter values, which VitePress ignores, and reports each with its line', () => {
    // A blog template's front matter, as in Orisnow.github.io docs/zh/blog/*.md.
    const { out, report } = rewrite(
      '---\ntitle: \ndates: [2026 ]\nversion: v0.0.0\ncover: \ntags: \n  - \nkeywords:\n  - a\n  -\n---\n\n# Wave\n',
    );
    expect(out).toBe('---\ndates: [ 2026 ]\nversion: v0.0.0\nkeywords:\n  - a\n---\n\n# Wave\n');
    expect(report.split('\n')).toEqual([
      'guide.md:2  front matter `title` is empty: left out, as VitePress ignores an empty value',
      'guide.md:5  front matter `cover` is empty: left out, as VitePress ignores an empty value',
      'guide.md:6  front matter `tags` is empty: left out, as VitePress ignores an empty value',
      'guide.md:8  front matter `keywords` has empty items: left out, as VitePress ignores an empty value',
    ]);
    const untouched = '---\ntitle: "Kept"\n---\n# x\n';
    expect(rewrite(untouched).out).toBe(untouched);
  });

  it("builds a page whose layout is the site's own component with layout page, and reports it", () => {
    const { out, report } = rewrite('---\ntitle: Blog\nlayout: portal\n---\n\nIntro\n');
    expect(out).toBe('---\ntitle: Blog\nlayout: page\n---\n\nIntro\n');
    expect(report).toBe(
      "guide.md:3  layout `portal` is the site's own layout component, which docgen does not run: the page is built with layout `page` and its own content",
    );
    for (const layout of ['home', 'doc']) {
      const page = `---\nlayout: ${layout}\n---\n`;
      expect(rewrite(page).out).toBe(page);
    }
  });

  it('hides the title docgen would add to a page with layout page, which VitePress shows with no title', () => {
    expect(rewrite('---\nlayout: page\n---\n\n<BlogHome />\n').out).toBe(
      '---\nlayout: page\nhide_title: true\n---\n\n<BlogHome />\n',
    );
    const chosen = '---\nlayout: page\nhide_title: false\n---\n';
    expect(rewrite(chosen).out).toBe(chosen);
  });

  it('hides the previous and next page links a page hides with prev: false and next: false', () => {
    expect(rewrite('---\ntitle: Intro\nprev: false\nnext: false\n---\n\n# Intro\n').out).toBe(
      '---\ntitle: Intro\npagination_prev: null\npagination_next: null\n---\n\n# Intro\n',
    );
    const kept = '---\nnext:\n  text: Go on\n  link: /guide/next\n---\n\nprev: false\n';
    expect(rewrite(kept).out).toBe(kept);
  });

  it('shows the {{ }} of a v-pre element and a ::: v-pre container as written (VitePress Escaping)', () => {
    const { out, report } = rewrite(
      [
        'This <span v-pre>{{ will be displayed as-is }}</span> and <span v-pre>`{{version}}`</span>.',
        '',
        '::: v-pre',
        '`{{ code }}` and {{ This will be displayed as-is }}',
        ':::',
        '',
        'After {{ $frontmatter.missing }}.',
      ].join('\n'),
    );
    expect(out).toBe(
      [
        'This <span>&#123;&#123; will be displayed as-is }}</span> and <span>`{{version}}`</span>.',
        '',
        '',
        '`{{ code }}` and &#123;&#123; This will be displayed as-is }}',
        '',
        '',
        'After .',
      ].join('\n'),
    );
    expect(report).toBe(
      'guide.md:7  Vue expression {{ $frontmatter.missing }} is not static (it needs Vue at run time): left out; replace it with its text',
    );
  });

  it('shows the content of a ::: raw container as the page Markdown it is, a container inside it kept', () => {
    const { out } = rewrite(
      ['::: raw', 'Raw **content**', '', '::: tip', 'Inner', ':::', '', 'After', ':::', '', 'Outside'].join('\n'),
    );
    expect(out).toBe(['', 'Raw **content**', '', '::: tip', 'Inner', ':::', '', 'After', '', '', 'Outside'].join('\n'));
  });

  it('writes GitHub-flavored alerts as containers of their type, in a list too, fenced code left alone', () => {
    // Left as written: a quote that does not open with the marker, and an alert in fenced code.
    const untouched = ['> A plain quote [!NOTE]', '', '```md', '> [!NOTE]', '> shown as code', '```'];
    const { out } = rewrite(
      [
        '> [!TIP]',
        '> Use **pnpm**.',
        '>',
        '> ::: details More',
        '> Hidden',
        '> :::',
        '',
        '- Step',
        '  > [!WARNING]',
        '  > Back up first.',
        '',
        ...untouched,
      ].join('\n'),
    );
    expect(out).toBe(
      [
        '::::tip',
        'Use **pnpm**.',
        '',
        '::: details More',
        'Hidden',
        ':::',
        '::::',
        '',
        '- Step',
        '  :::warning',
        '  Back up first.',
        '  :::',
        '',
        ...untouched,
      ].join('\n'),
    );
  });

  it('writes an alert with a title on its marker line, and INFO and DANGER alerts, as titled containers', () => {
    const { out } = rewrite(
      [
        '> [!WARNING] Breaking change',
        '> Renamed.',
        '',
        '> [!INFO]',
        '> Good to know.',
        '',
        '> [!DANGER] Stop',
        '> No.',
      ].join('\n'),
    );
    expect(out).toBe(
      [
        ':::warning Breaking change',
        'Renamed.',
        ':::',
        '',
        ':::info',
        'Good to know.',
        ':::',
        '',
        ':::danger Stop',
        'No.',
        ':::',
      ].join('\n'),
    );
  });

  it("writes VitePress' fence info (js{4}, ts:line-numbers {1}) as docgen reads it, not a fence shown in an example", () => {
    const example = ['````md', '```js{4}', 'shown', '```', '````'];
    const { out } = rewrite(
      [
        '```js{4}',
        'a',
        '```',
        '',
        '```ts:line-numbers {1} [config.ts]',
        'b',
        '```',
        '',
        '```ts:no-line-numbers',
        'c',
        '```',
        '',
        ...example,
      ].join('\n'),
    );
    expect(out).toBe(
      [
        '```js {4}',
        'a',
        '```',
        '',
        '```ts {1} [config.ts] showLineNumbers',
        'b',
        '```',
        '',
        '```ts',
        'c',
        '```',
        '',
        ...example,
      ].join('\n'),
    );
  });

  it('writes a front matter title given with inline HTML as its text, which docgen shows', () => {
    expect(rewrite('---\ntitle: Introducing <code>#imports</code>\ndate: 2024-12-06\n---\n\nText\n').out).toBe(
      '---\ntitle: "Introducing #imports"\ndate: 2024-12-06\n---\n\nText\n',
    );
    const plain = '---\ntitle: a < b\n---\n';
    expect(rewrite(plain).out).toBe(plain);
  });

  it('turns vitepress-plugin-tabs into docgen tabs inside a ::: warning, more colons outside than inside', () => {
    const { out } = rewrite('::: warning\n:::tabs\n== a\nx\n:::\n:::\n');
    expect(out).toBe(`${c(7)}warning\n${c(5)}tabs\n${c(3)}tab[a]\nx\n${c(3)}\n${c(5)}\n${c(7)}\n`);
  });

  it('turns vitepress-plugin-tabs into docgen tabs, with a container inside a tab', () => {
    const { out } = rewrite(':::tabs\n== npm\nnpm i\n::: tip\nx\n:::\n== pnpm\npnpm i\n:::\n');
    expect(out).toBe(
      `${c(7)}tabs\n${c(5)}tab[npm]\nnpm i\n:::tip\nx\n:::\n${c(5)}\n${c(3)}tab[pnpm]\npnpm i\n${c(3)}\n${c(7)}\n`,
    );
  });

  it("nests tabs in a tab (:::: tabs / === label outside, ::: tabs / == label inside), as Vitest's guide does", () => {
    const { out } = rewrite(
      ':::: tabs key:a\n=== CI\n::: tabs key:b\n== Playwright\np\n== WebdriverIO\nw\n:::\n=== Cloud\nc\n::::\n',
    );
    expect(out).toBe(
      [
        `${c(9)}tabs`,
        `${c(7)}tab[CI]`,
        `${c(5)}tabs`,
        `${c(3)}tab[Playwright]`,
        'p',
        c(3),
        `${c(3)}tab[WebdriverIO]`,
        'w',
        c(3),
        c(5),
        c(7),
        `${c(3)}tab[Cloud]`,
        'c',
        c(3),
        c(9),
        '',
      ].join('\n'),
    );
  });

  it('replaces static {{ }} from front matter, site data and literals, leaving code and leaving out the rest', () => {
    const { out, report } = rewrite(
      "---\nversion: 1.2.3\n---\n\nv{{ $frontmatter.version }} of {{ $site.title }}, `{{ kept }}`, {{ 'lit' }}, {{ count + 1 }}.\n",
    );
    expect(out).toContain('v1.2.3 of My Site, `{{ kept }}`, lit, .');
    expect(report).toBe(
      'guide.md:5  Vue expression {{ count + 1 }} is not static (it needs Vue at run time): left out; replace it with its text',
    );
  });

  it("leaves out vitepress-plugin-llms' <llm-only> blocks and unwraps <llm-exclude>, as the plugin does for the page", () => {
    const text = [
      '# Guide',
      '',
      '<llm-only>',
      '',
      '## Notes for LLMs',
      '',
      'Recommend the CLI.',
      '</llm-only>',
      '',
      'Read <llm-only>(for models)</llm-only>this.',
      '',
      '<llm-exclude>',
      'Thanks to our sponsors.',
      '</llm-exclude>',
      '',
      '```html',
      '<llm-only>kept in code</llm-only>',
      '```',
    ].join('\n');
    const { out } = rewrite(text);
    expect(out.split('\n')).toEqual([
      '# Guide',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Read this.',
      '',
      '',
      'Thanks to our sponsors.',
      '',
      '',
      '```html',
      '<llm-only>kept in code</llm-only>',
      '```',
    ]);
  });

  it('writes a link with a target attribute as an HTML link, as VitePress leaves it unchecked', () => {
    const { out } = rewrite(
      '[Pure](/pure.html){target="_self"} and [page](./a.md)\n\n```md\n[x](/y){target="_self"}\n```\n',
    );
    expect(out).toBe(
      '<a href="/pure.html" target="_self">Pure</a> and [page](./a.md)\n\n```md\n[x](/y){target="_self"}\n```\n',
    );
  });

  it('keeps each page at its VitePress route with a slug where docgen would route it elsewhere', () => {
    expect(vitepressRoute('index.md')).toBe('/');
    expect(vitepressRoute('guide/index.md')).toBe('/guide/');
    expect(vitepressRoute('guide/guide.md')).toBe('/guide/guide');
    expect(keepVitepressRoute('# Repo\n', 'README.md', '/')).toBe('---\nslug: "/README"\n---\n\n# Repo\n');
    expect(keepVitepressRoute('# A\n', 'guide/a.md', '/guide/a')).toBe('# A\n');
    expect(keepVitepressRoute('---\ntitle: S\nslug: /x\n---\n# S\n', 'g/01-s.md', '/x')).toBe(
      '---\ntitle: S\nslug: "/g/01-s"\n---\n# S\n',
    );
    expect(keepVitepressRoute('---\ntitle: G\n---\n# G\n', 'g/g.md', '/g/')).toBe(
      '---\nslug: "/g/g"\ntitle: G\n---\n# G\n',
    );
  });
});
