/**
 * VitePress code snippet imports (markdown/remark-snippet-imports.ts, snippet-imports.ts): `<<< path` lines become
 * code blocks holding the file or its region, in CommonMark and MDX pages, in lists and code groups; a missing file
 * or region and a path outside the project are errors at the line. Vite's static-deploy.md (tests/fixtures/real-docs)
 * imports the region of a YAML file this way; it was printed as text.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { formatError } from '../../../../src/node/diagnostics/format.js';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';
import { parseSnippetReference, importedFilesOf } from '../../../../src/node/markdown/snippet-imports.js';
import { removeDir } from '../../../helpers/site.js';

const processor = createMarkdownProcessor();
const project = mkdtempSync(path.join(tmpdir(), 'docgen-snippets-'));
const content = path.join(project, 'content');
afterAll(() => removeDir(project));

mkdirSync(path.join(content, 'guide'), { recursive: true });
mkdirSync(path.join(content, 'snippets'), { recursive: true });
const vite = path.join(import.meta.dirname, '../../../fixtures/real-docs/vite/docs/guide');
writeFileSync(
  path.join(content, 'guide/static-deploy-github-pages.yaml'),
  readFileSync(path.join(vite, 'static-deploy-github-pages.yaml')),
);
writeFileSync(
  path.join(content, 'snippets/snippet.ts'),
  [
    'import { a } from "a";',
    '',
    'export function setup() {',
    '  // #region body',
    '  const x = 1;',
    '  return x;',
    '  // #endregion body',
    '}',
    '',
  ].join('\n'),
);
writeFileSync(path.join(project, 'outside-content.js'), 'console.log("root");\n');
writeFileSync(path.join(tmpdir(), 'docgen-secret.txt'), 'secret\n');
symlinkSync(path.join(tmpdir(), 'docgen-secret.txt'), path.join(content, 'snippets/link.txt'));

async function compile(source: string, options: { mdx?: boolean; relPath?: string } = {}) {
  const relPath = options.relPath ?? 'guide/page.md';
  const page = await compileMarkdown({
    processor,
    source,
    frontMatter: {},
    ctx: {
      file: path.join(content, relPath),
      relPath,
      route: '/guide/page',
      routeByRelPath: new Map([[relPath, '/guide/page']]),
      staticFiles: new Set(),
      href: (p) => p,
      contentRoot: content,
      projectRoot: project,
      ...(options.mdx ? { mdx: true } : {}),
    },
  });
  // `pre` parsed as elements, not text (node-html-parser's default), to read the code's lines.
  return { ...page, html: toHtml(page.hast), root: parse(toHtml(page.hast), { blockTextElements: {} }) };
}

describe('snippet imports', () => {
  it("import the region of Vite's GitHub Pages workflow in a list item, as Vite's static-deploy.md does", async () => {
    const source = readFileSync(path.join(vite, 'static-deploy.md'), 'utf8');
    const { errors, root, html } = await compile(source);
    expect(errors.filter((e) => e.code.startsWith('Snippet'))).toEqual([]); // its links name pages this one-page site lacks
    expect(html).not.toContain('&#x3C;&#x3C;&#x3C;');
    const block = root
      .querySelectorAll('li .dg-code')
      .find((code) => code.text.includes('name: Deploy static content to Pages'))!;
    expect(block.getAttribute('data-language')).toBe('yaml');
    const text = block.querySelector('code')!.text;
    // The region only: not the comments above `#region content`, nor the markers, and not indented.
    expect(text.startsWith('# Simple workflow for deploying static content to GitHub Pages\nname: Deploy')).toBe(true);
    expect(text).not.toContain('#region');
    expect(text).not.toContain('#endregion');
    expect(text.trimEnd().endsWith('uses: actions/deploy-pages@cd2ce8fcbc39b97be8ca5fce6e763baed58fa128 # v5')).toBe(
      true,
    );
  });

  it('import from @/, a relative path and the project root, with lines, language and line numbers', async () => {
    const { errors, root } = await compile(
      [
        '<<< @/snippets/snippet.ts{3,5-6 js:line-numbers}',
        '',
        '<<< ../../outside-content.js',
        '',
        '<<< ../snippets/snippet.ts#body',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    const [whole, rooted, region] = root.querySelectorAll('.dg-code');
    expect(whole!.getAttribute('data-language')).toBe('js');
    expect(whole!.querySelector('pre')!.classList.contains('dg-code--numbered')).toBe(true);
    const lines = whole!.querySelectorAll('.dg-line');
    expect(lines.map((line) => line.classList.contains('dg-line--highlighted'))).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(whole!.querySelector('code')!.text).toContain('// #region body'); // a whole file keeps its markers, as in VitePress
    // As in a fence, the code ends with one line break (mdast-util-to-hast), whatever the file ends with.
    expect(rooted!.querySelector('code')!.text).toBe('console.log("root");\n');
    expect(region!.querySelector('code')!.text).toBe('const x = 1;\nreturn x;\n');
    expect(region!.getAttribute('data-language')).toBe('ts');
  });

  it('are tabs of a code group, labelled by [label] or the file name, also in MDX', async () => {
    const source = [
      '::: code-group',
      '<<< @/snippets/snippet.ts#body [setup]',
      '<<< ../../outside-content.js',
      ':::',
      '',
    ].join('\n');
    for (const mdx of [false, true]) {
      const { errors, root } = await compile(source, { mdx });
      expect(errors).toEqual([]);
      expect(root.querySelectorAll('.dg-tabs__label').map((label) => label.text)).toEqual([
        'setup',
        'outside-content.js',
      ]);
      expect(root.querySelectorAll('.dg-tabs__panel code').map((code) => code.text)).toEqual([
        'const x = 1;\nreturn x;\n',
        'console.log("root");\n',
      ]);
    }
  });

  it('do not interrupt a paragraph, and stay text in code and after four spaces', async () => {
    const { errors, root } = await compile(
      [
        'Text',
        '<<< @/snippets/snippet.ts',
        '',
        '```md',
        '<<< @/snippets/snippet.ts',
        '```',
        '',
        '    <<< @/snippets/snippet.ts',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(root.querySelector('p')!.text).toBe('Text\n<<< @/snippets/snippet.ts');
    expect(root.querySelectorAll('code').map((code) => code.text.trim())).toEqual([
      '<<< @/snippets/snippet.ts',
      '<<< @/snippets/snippet.ts',
    ]);
  });

  it('report a missing file or region at the line, with a code frame', async () => {
    const { errors } = await compile(
      ['# Page', '', '- item', '', '  <<< @/snippets/nope.ts', '', '<<< @/snippets/snippet.ts#nope'].join('\n'),
    );
    expect(errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['SnippetNotFound', 5, 3],
      ['SnippetNotFound', 7, 1],
    ]);
    expect(errors[0]!.message).toContain(path.join(content, 'snippets/nope.ts'));
    expect(errors[1]!.message).toContain("region 'nope'");
    expect(formatError(errors[0]!, project)).toContain('> 5 |   <<< @/snippets/nope.ts');
  });

  it('refuse a path outside the project, also through a symbolic link, without reading it', async () => {
    const { errors, html } = await compile(
      ['<<< ../../../docgen-secret.txt', '', '<<< @/snippets/link.txt', '', '<<< /etc/hostname'].join('\n'),
    );
    expect(errors.map((e) => [e.code, e.line])).toEqual([
      ['SnippetOutsideProject', 1],
      ['SnippetOutsideProject', 3],
      ['SnippetOutsideProject', 5],
    ]);
    expect(html).not.toContain('secret');
  });
});

describe('importedFilesOf', () => {
  it('lists the files a page imports, inside the project only', () => {
    const roots = { file: path.join(content, 'guide/page.md'), contentRoot: content, projectRoot: project };
    const source = [
      '<<< @/snippets/snippet.ts#body{1}',
      '- <<< ../../outside-content.js [x]',
      '> <<< ./missing.ts',
      '<<< ../../../docgen-secret.txt',
      'text',
    ].join('\n');
    expect(importedFilesOf(source, roots)).toEqual(
      [
        path.join(content, 'guide/missing.ts'),
        path.join(content, 'snippets/snippet.ts'),
        path.join(project, 'outside-content.js'),
      ].sort(),
    );
    expect(importedFilesOf('no imports', roots)).toEqual([]);
  });

  it('lists the partials an MDX page imports, and what they import in turn', () => {
    const partials = path.join(content, '_partials');
    mkdirSync(partials, { recursive: true });
    writeFileSync(
      path.join(partials, '_outer.mdx'),
      "import Inner from './_inner.md';\nimport Code from '!!raw-loader!./code.ts';\nimport Gone from './_gone.mdx';\n\n<Inner />\n",
    );
    writeFileSync(path.join(partials, '_inner.md'), "import Outer from './_outer.mdx';\n\nA cycle, listed once.\n");
    writeFileSync(path.join(partials, '_site.md'), 'From the site root.\n');
    const roots = { file: path.join(content, 'guide/page.mdx'), contentRoot: content, projectRoot: project };
    const source = [
      "import Outer from '../_partials/_outer.mdx';",
      "import Site from '@site/content/_partials/_site.md';",
      "import Tabs from '@theme/Tabs';",
      "import Secret from '../../../docgen-secret.md';",
      '',
      '<Outer />',
    ].join('\n');
    expect(importedFilesOf(source, roots)).toEqual(
      [
        path.join(partials, '_gone.mdx'),
        path.join(partials, '_inner.md'),
        path.join(partials, '_outer.mdx'),
        path.join(partials, '_site.md'),
        path.join(partials, 'code.ts'),
      ].sort(),
    );
  });

  it('parses references as VitePress does', () => {
    expect(
      parseSnippetReference(' ./static-deploy-github-pages.yaml#content [.github/workflows/deploy.yml]'),
    ).toMatchObject({
      filepath: './static-deploy-github-pages.yaml',
      region: 'content',
      title: '.github/workflows/deploy.yml',
      extension: 'yaml',
    });
    expect(parseSnippetReference('@/snippets/snippet.cs{1,2,4-6 c#:line-numbers}')).toMatchObject({
      filepath: '@/snippets/snippet.cs',
      lines: '1,2,4-6',
      lang: 'c#:line-numbers',
      title: 'snippet.cs',
    });
  });
});
