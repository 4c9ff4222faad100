/**
 * Line annotations inside code blocks (code-annotations.ts): Docusaurus magic comments and VitePress notations, on
 * the real pages that use them (Jest's and typescript-eslint's Docusaurus docs, Vite's VitePress docs; vendored in
 * tests/fixtures/real-docs) and on the cases their documentation describes.
 */
import { readFileSync } from 'node:fs';
import { parse as parseHtml } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { applyCodeAnnotations } from '../../../../src/node/markdown/code-annotations.js';
import { compile } from '../../../helpers/markdown.js';

/** node-html-parser reads `<pre>` as text unless told otherwise. */
const parse = (html: string) => parseHtml(html, { blockTextElements: { script: true, style: true } });
const fixture = (file: string) =>
  readFileSync(new URL(`../../../fixtures/real-docs/${file}`, import.meta.url), 'utf8').replace(
    /^---\n[\s\S]*?\n---\n/,
    '',
  );

/** Each rendered code line's text and marks (`dg-line--<mark>` classes), of every block of a page. */
async function lines(markdown: string): Promise<{ text: string; marks: string[] }[]> {
  const { html } = await compile(markdown);
  return parse(html)
    .querySelectorAll('.dg-line')
    .map((line) => ({
      text: line.text.replace(/\n$/, ''),
      marks: line.classList.value.filter((c) => c.startsWith('dg-line--')).map((c) => c.slice(9)),
    }));
}

describe('Docusaurus magic comments', () => {
  it("highlight the next line of Jest's Getting Started and leave no comment in the page", async () => {
    const page = await lines(fixture('jest/docs/GettingStarted.md'));
    expect(page.find((l) => l.text.includes("'@babel/preset-typescript'"))!.marks).toEqual(['highlighted']);
    expect(page.some((l) => l.text.includes('highlight-next-line'))).toBe(false);
  });

  it("do so in typescript-eslint's MDX page too", async () => {
    const { html } = await compile(fixture('typescript-eslint/docs/packages/TypeScript_ESLint.mdx'), undefined, {
      mdx: true,
    });
    expect(html).not.toContain('highlight-next-line');
    const marked = parse(html)
      .querySelectorAll('.dg-line--highlighted')
      .map((l) => l.text.trim());
    expect(marked).toEqual(
      expect.arrayContaining(["'@typescript-eslint': tseslint.plugin,", 'parser: tseslint.parser,']),
    );
  });

  it('highlight a block between highlight-start and highlight-end, in the comment syntax of the language', () => {
    const python = applyCodeAnnotations('a = 1\n# highlight-start\nb = 2\nc = 3\n# highlight-end\nd = 4\n', {
      language: 'python',
      metaRanges: false,
    });
    expect(python.code).toBe('a = 1\nb = 2\nc = 3\nd = 4\n');
    expect([...python.marks.keys()]).toEqual([2, 3]);
    const html = applyCodeAnnotations('<div>\n  <!-- highlight-next-line -->\n  <p>x</p>\n</div>', {
      language: 'html',
      metaRanges: false,
    });
    expect(html.code).toBe('<div>\n  <p>x</p>\n</div>');
    expect([...html.marks.keys()]).toEqual([2]);
    const jsx = applyCodeAnnotations('<A>\n  {/* highlight-next-line */}\n  <B />\n</A>', {
      language: 'jsx',
      metaRanges: false,
    });
    expect(jsx.code).toBe('<A>\n  <B />\n</A>');
  });

  it('are left as written where Docusaurus leaves them: no language, line ranges in the meta, a comment of another language', () => {
    const code = 'a\n// highlight-next-line\nb\n';
    for (const options of [
      { language: '', metaRanges: false },
      { language: 'js', metaRanges: true },
      { language: 'python', metaRanges: false },
    ]) {
      expect(applyCodeAnnotations(code, options), JSON.stringify(options)).toEqual({ code, marks: new Map() });
    }
  });
});

describe('VitePress notations', () => {
  it("mark the added and removed lines of Vite's migration guide and leave no notation in the page", async () => {
    const page = await lines(fixture('vite/docs/guide/migration.md'));
    expect(page.find((l) => l.text.includes('"vite": "npm:rolldown-vite@7.2.2"'))!.marks).toEqual(['removed']);
    expect(page.find((l) => l.text.includes('"vite": "^8.0.0"'))!.marks).toEqual(['added']);
    expect(page.find((l) => l.text.includes("moduleType: 'js',"))!.marks).toEqual(['added']);
    expect(page.some((l) => l.text.includes('[!code'))).toBe(false);
  });

  it('remove the notation and an emptied comment, keep a comment that says more, and count lines', () => {
    const { code, marks } = applyCodeAnnotations(
      [
        'a() // [!code focus]',
        'b() // keep me [!code hl]',
        'c() # [!code error:2]',
        'd()',
        '<!-- [!code warning] -->',
        'e()',
        'f() /* [!code --] */',
      ].join('\n'),
      { language: 'js', metaRanges: false },
    );
    expect(code).toBe(['a()', 'b() // keep me', 'c()', 'd()', 'e()', 'f()'].join('\n'));
    expect(Object.fromEntries([...marks].map(([line, set]) => [line, [...set]]))).toEqual({
      1: ['focused'],
      2: ['highlighted'],
      3: ['error'],
      4: ['error'],
      5: ['warning'],
      6: ['removed'],
    });
  });

  it('keep a notation written out as [!!code ...] as [!code ...]', () => {
    expect(applyCodeAnnotations("msg: 'Removed' // [!!code --]\n", { language: 'js', metaRanges: false })).toEqual({
      code: "msg: 'Removed' // [!code --]\n",
      marks: new Map(),
    });
  });

  it('dim the other lines of a block with a focused line', async () => {
    const { html } = await compile('```js\na()\nb() // [!code focus]\n```\n');
    expect(html).toContain('<pre class="dg-code--focus">');
    expect(parse(html).querySelector('.dg-line--focused')!.text.trim()).toBe('b()');
  });
});
