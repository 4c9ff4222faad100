/**
 * Twoslash blocks (rehype-twoslash.ts): the markup twoslash's notations reference describes
 * (twoslashes/twoslash `docs/refs/notations.md`) is removed, as VitePress' and Docusaurus' twoslash integrations
 * show the code; blocks without the `twoslash` meta word keep their text.
 */
import { parse as parseHtml } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { applyTwoslash, isTwoslashMeta } from '../../../../src/node/markdown/rehype-twoslash.js';
import { compile } from '../../../helpers/markdown.js';

const parse = (html: string) => parseHtml(html, { blockTextElements: { script: true, style: true } });
const text = (lines: string[]) => `${lines.join('\n')}\n`;

describe('applyTwoslash', () => {
  it('hides the setup above `// ---cut---` and the query lines', () => {
    const code = text([
      "import { Hono } from 'hono'",
      'const app = new Hono()',
      '// ---cut---',
      "app.get('/hello', (c) => {",
      "  const userAgent = c.req.header('User-Agent')",
      '  //    ^?',
      '  return c.text(userAgent)',
      '})',
    ]);
    expect(applyTwoslash(code)).toBe(
      text([
        "app.get('/hello', (c) => {",
        "  const userAgent = c.req.header('User-Agent')",
        '  return c.text(userAgent)',
        '})',
      ]),
    );
  });

  it('keeps only what follows the last cut-before and precedes the cut-after', () => {
    const code = text([
      'declare const a: number',
      '// ---cut-before---',
      'declare const b: string',
      '// ---cut---',
      'const c = a + b',
      '// ---cut-after---',
      'export {}',
    ]);
    expect(applyTwoslash(code)).toBe(text(['const c = a + b']));
  });

  it('removes cut-start ... cut-end ranges, nested ones too', () => {
    const code = text([
      'const shown = 1',
      '// ---cut-start---',
      'const hidden = 2',
      '// ---cut-start---',
      'const deeper = 3',
      '// ---cut-end---',
      '// ---cut-end---',
      'const alsoShown = 4',
    ]);
    expect(applyTwoslash(code)).toBe(text(['const shown = 1', 'const alsoShown = 4']));
  });

  it('removes flag lines but keeps `// @filename:` lines and ordinary comments', () => {
    const kept = [
      '// @filename: a.ts',
      'export const hello = "hi"',
      '// @filename: b.ts',
      "import { hello } from './a'",
      '// @ts-expect-error a TypeScript directive, not a twoslash flag',
      'const n: number = hello',
      '// a comment @mentioning a flag stays',
      'n.toFixed()',
    ];
    const code = text(['// @errors: 2322 2588', '// @noErrors', '// @strict: false', ...kept, '// ^^^^^^^', '//  ^|']);
    expect(applyTwoslash(code)).toBe(text(kept));
  });

  it("removes @shikijs/vitepress-twoslash's inline cache line", () => {
    const kept = ["import { codeToHtml } from 'shiki'", "const html = await codeToHtml('a', { lang: 'js' })"];
    const cache = '// @twoslash-cache: {"v":1,"hash":"b4362697","data":"N4Igdg9gJgpgziAXAbVAFwJ4AcZJACwgDcYA"}';
    expect(applyTwoslash(text([cache, ...kept]))).toBe(text(kept));
  });

  it('leaves a block without markup unchanged, and an unpaired cut marker hides nothing', () => {
    const plain = text(['const a = 1 // ^? not alone on its line', '// ---cut--- with words after']);
    expect(applyTwoslash(plain)).toBe(plain);
    expect(applyTwoslash(text(['// ---cut-start---', 'const a = 1']))).toBe(text(['const a = 1']));
    expect(applyTwoslash(text(['const a = 1', '// ---cut-end---']))).toBe(text(['const a = 1']));
  });

  it('recognises the meta word', () => {
    expect(isTwoslashMeta('twoslash')).toBe(true);
    expect(isTwoslashMeta('title="app.ts" twoslash {2}')).toBe(true);
    expect(isTwoslashMeta('title="twoslash.ts"')).toBe(false);
    expect(isTwoslashMeta('')).toBe(false);
  });
});

describe('a page with twoslash blocks', () => {
  const page = [
    '# Context',
    '',
    '```ts twoslash',
    "import { Hono } from 'hono'",
    'const app = new Hono()',
    '// ---cut---',
    "app.get('/welcome', (c) => {",
    '  c.header(\'X-Message\', "Hello!") // [!code highlight]',
    "  return c.body('Thank you for coming')",
    '})',
    '```',
    '',
    '```ts',
    '// ---cut---',
    'const untouched = true',
    '```',
    '',
  ].join('\n');

  it.each([false, true])(
    'shows the code without markup; other blocks keep theirs; notations apply (mdx: %s)',
    async (mdx) => {
      const { html } = await compile(page, undefined, { mdx });
      const blocks = parse(html).querySelectorAll('pre');
      expect(blocks[0]!.text).not.toMatch(/---cut---|new Hono\(\)|\[!code/);
      expect(blocks[0]!.text).toContain("app.get('/welcome'");
      expect(parse(html).querySelector('.dg-line--highlighted')!.text).toContain("c.header('X-Message'");
      expect(blocks[1]!.text).toContain('// ---cut---');
    },
  );
});
