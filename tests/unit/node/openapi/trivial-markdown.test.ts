/**
 * The fast path for trivial Markdown descriptions (trivial-markdown.ts) must produce exactly the HTML of the full
 * pipeline, or decline. Checked on real descriptions (tests/fixtures/openapi/real-descriptions, from the
 * corpus) and on cases made at the edges of each rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer, needsParser, renderWithParser } from '../../../../src/node/openapi/markdown.js';
import { renderHtmlParagraphs, renderTrivialMarkdown } from '../../../../src/node/openapi/trivial-markdown.js';

const real = JSON.parse(
  readFileSync(new URL('../../../fixtures/openapi/real-descriptions/descriptions.json', import.meta.url), 'utf8'),
) as { descriptions: { doc: string; text: string }[] };

describe('trivial Markdown fast path', () => {
  it('renders real descriptions exactly as the parser does, and takes most of them', () => {
    let taken = 0;
    for (const { text } of real.descriptions) {
      const fast = renderTrivialMarkdown(text);
      if (fast === undefined) continue;
      taken++;
      expect(fast, text).toBe(renderWithParser(text));
    }
    // 450 real descriptions, none of them plain text: the fast path takes 413 today; a narrowing shows here.
    expect(taken).toBeGreaterThan(400);
  });

  it('is what the description renderer uses (no parser for trivial Markdown)', () => {
    const text =
      'See [the guide](https://docs.example.com/a_b?x=1#y) and `a < b & c`.\nSecond line, snake_case.\n\nNext: 3 > 2.';
    expect(needsParser(text)).toBe(false);
    expect(createMarkdownRenderer()(text)).toBe(renderWithParser(text));
    expect(createMarkdownRenderer()(text)).toBe(
      '<p>See <a href="https://docs.example.com/a_b?x=1#y" rel="noopener noreferrer">the guide</a> and <code>a &#x3C; b &#x26; c</code>.\nSecond line, snake_case.</p>\n<p>Next: 3 > 2.</p>',
    );
  });

  const edges = [
    'Use `x` here.',
    'a\nb',
    'a\n\n\nb',
    'foo_bar_baz',
    'foo__bar',
    'Tom & Jerry',
    'a &amp; b',
    'a &#123; b',
    'x: y',
    'a - b',
    'a | b',
    '[rel](/path)',
    '[frag](#id)',
    '[x](https://a.example/%20b)',
    '[x](https://a.example/%zz)',
    '![img](https://a.example/i.png)',
    '`[a](https://a.example)`',
    '[`code`](https://a.example)',
    '[ a ](https://a.example)',
    '[a](javascript:alert(1))',
    '[a](mailto:x@y.z)',
    '_em_',
    'a _em_ b',
    'snake_',
    '_private',
    '**b**',
    '*i*',
    '~~s~~',
    '~s~',
    'a\\*b',
    '<b>x</b>',
    'a <b',
    'x@y.com',
    'see www.example.com',
    'see https://example.com',
    'a  \nb',
    'a \nb',
    'a\n b',
    'a\n- b',
    'a\n1. b',
    'a\n2) b',
    'a\n# b',
    'a\n> b',
    'a\n===',
    'a\n---',
    'a | b\n--|--',
    'a:\n- `x` one\n- [two](../b)\n- three_3',
    '- a\n- b',
    '- a\n\n- b',
    '- a\n\nb',
    'a\n\n- b\n\nc',
    '- a\nb',
    '- a\n  b',
    '-  a',
    '- - a',
    '- 1. a',
    '- # a',
    '* a',
    '+ a',
    '[`code`](https://a.example) and [a `b`](#c)',
    '`[a](https://a.example)`',
    '[`a]`](https://a.example)',
    '[a](https://x.example/en@latest/y)',
    '\u00030\u0004 `x`',
    '**bold** text',
    'a *em* b.',
    '(_x_)',
    '__s__',
    '**a**b',
    'a**b**',
    '***x***',
    '**a *b* c**',
    '*a\nb*',
    '** a**',
    '_a_b',
    'x_a_',
    '**Note:** see',
    '*a',
    '**a',
    '_a',
    '* a',
    '***',
    '___',
    '*a*\n**b**',
    '*a.*b',
    '**[a](https://x.example)**',
    '**`c`** and *`d`*',
    '*a* *b*',
    '**a**: b',
    '**a** _b_ `c` [d](#e)',
    '*-a*',
    '**a)**',
    '*a*!',
    '*a*_b_',
    'a\n:-|-',
    '    code',
    '  two',
    '\n\n  a\n',
    'a\n\n    b',
    'a   ',
    '\n \na',
    'a\tb',
    '`a',
    '``a``',
    '` a `',
    '`a`b`c`',
    'a\n`b`',
    'x\u0000y',
    'a\r\nb',
    '1. a',
    '10) b',
    '2024. year',
    '# h',
    '> q',
    '+ a',
    '= a',
    '| a |',
    '[^1]',
    '[a]: https://a.example',
    '[a][b]',
    'a\n\n b',
    'a\n \nb',
    'Ünïcödé_ok',
    'a_ü',
    '日本語_テキスト',
    '[a](https://a.example) [b](https://b.example)',
    '[a](https://a.example)_x',
    'x_[a](https://a.example)',
    '[a](https://a.example)(b)',
    '"quoted" and \'single\'',
    'a > b',
    'end.)',
    'call `f()` now',
    'a `b\nc` d',
    'see https://example.com',
    'see https://example.com.',
    'https://github.com/notifications.',
    'at https://a.example/x?y=1#z, then',
    'x https://localhost/a',
    'x https://a.example:8080/a',
    'x https://a.example/a;b',
    'x https://a.example/%zz',
    'x https://a.example/a?',
    '[a](https://a.example) https://b.example',
    '**Required unless you provide `email`**. GitHub user ID.',
    '*`a`*',
    '_`a`_.',
    '**`a`**b',
    'a**`b`**',
    '**`a` b**',
    '<p>Create a refund.</p>',
    '<p>Deletes a <code>Reader</code> object.</p>',
    '<p>a</p>\n\n<p>b <code>c</code></p>',
    '<p>a</p>\n<p>b</p>',
    '<p>a</p><p>b</p>',
    '<p>a *b* "c" _d_ `e` https://a.example</p>',
    '<p>a &amp; b</p>',
    '<p class="x">a</p>',
    '<p>a <b>b</b></p>',
    '<p>a\nb</p>',
    ' <p>a</p>',
    '<p>a</p> ',
    '<p>a</p>\ntext',
    '<p><code></code></p>',
    '> [!NOTE]\n> This API is not built to serve real-time use cases.',
    '> [!WARNING]\n> Use `x` here.\n\nNext paragraph.',
    'Lists the teams.\n\n> [!NOTE]\n> You can also use `org_id`.',
    '> a\nlazy',
    '> a\n>\n> b',
    '>a',
    '>  a',
    '> - a',
    '> > a',
    '- a\n\n> b',
    '> [!NOTE]: /x',
    '> ![!NOTE]',
    '[!NOTE](https://a.example)',
    '[!NOTE][x]',
    '\\[!NOTE]',
    'x [!NOTE] y',
    '[!note]',
    '**[!NOTE]** a',
  ];
  it.each(edges)('%j: same HTML as the parser, or declined', (text) => {
    const fast = renderTrivialMarkdown(text);
    if (fast !== undefined) expect(fast).toBe(renderWithParser(text));
    const html = renderHtmlParagraphs(text);
    if (html !== undefined) expect(html).toBe(renderWithParser(text));
  });

  it('renders autolink literals, code spans at the edges of emphasis, paragraphs of plain HTML and alert block quotes', () => {
    for (const text of [
      'See https://github.com/package-url/purl-spec for more details.',
      'Your inbox on GitHub: https://github.com/notifications.',
      '**Required unless you provide `invitee_id`**. Email address.',
      '<p>Retrieves a Tax <code>Transaction</code> object.</p>',
      '<p>Creates a refund.</p>\n\n<p>See <code>charge</code>.</p>',
      '> [!NOTE]\n> The `:app_slug` is the URL-friendly name of your GitHub App.\n\nGets a summary.',
    ]) {
      const fast = renderTrivialMarkdown(text) ?? renderHtmlParagraphs(text);
      expect(fast, text).toBe(renderWithParser(text));
      expect(needsParser(text), text).toBe(false);
    }
  });

  it('renders tight bullet lists, code in link labels and simple emphasis', () => {
    for (const text of [
      'Values:\n- `all` - every one\n- `active` - see [the docs](https://a.example/x@1#y)',
      '- a\n- b\n\nAfter.',
      'The [`repository`](https://a.example/r) resource.',
      '**Note:** a *b* and _c_ (**d**).',
    ]) {
      expect(renderTrivialMarkdown(text), text).toBe(renderWithParser(text));
    }
  });

  it('declines images, intraword emphasis, ordered and loose lists, raw HTML and autolink literals', () => {
    for (const text of [
      '![img](https://a.example/i.png)',
      'a_em_',
      '**b**c',
      'a\n1. b',
      '<b>x</b>',
      'x@y.com',
      'see www.example.com',
      'see https://example.com!',
      'see https://a_b.example.com/x',
      'see https://example.com/a(b)',
      'see (https://example.com)',
      'a  \nb',
      'a &amp; b',
      '- a\n\n- b',
      '- a\nb',
    ]) {
      expect(renderTrivialMarkdown(text), text).toBeUndefined();
    }
  });
});
