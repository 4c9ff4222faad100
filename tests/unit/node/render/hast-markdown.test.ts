/**
 * The twins' serializer (src/node/render/hast-markdown.ts) against an oracle: hast-util-to-mdast +
 * mdast-util-to-markdown, the unified packages it replaced. Both write the same tree; both outputs are parsed again
 * (remark with GFM and the CJK-friendly emphasis rules docgen reads Markdown with) and must give the same HTML,
 * ignoring whitespace and paragraph wrapping (the oracle infers loose lists where the source had tight ones, and
 * drops spaces inside code spans in table cells). Inputs: every Markdown page of this site, a third of the vendored
 * real sites' (tests/fixtures/real-docs), and hand-made texts full of characters that would start a construct.
 */
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import type { Root } from 'hast';
import { toMdast } from 'hast-util-to-mdast';
import { toHtml } from 'hast-util-to-html';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { hastToMarkdown, markdownLink } from '../../../../src/node/render/hast-markdown.js';

const toHast = unified().use(remarkParse).use(remarkGfm).use(remarkCjkFriendly).use(remarkRehype);
const urls = { link: (href: string) => href, image: (src: string) => src };

function hastOf(markdown: string): Root {
  return toHast.runSync(toHast.parse(markdown)) as Root;
}

/**
 * What a reader of the Markdown gets: its HTML without whitespace, paragraph tags and links without text (the oracle
 * keeps `[](#id)`, hastToMarkdown leaves it out), with `***x***`'s two readings made one.
 */
function reading(markdown: string): string {
  return toHtml(hastOf(markdown))
    .replace(/<a href="[^"]*"><\/a>/g, '')
    .replace(/<\/?p>/g, '')
    .replace(/\s+/g, '')
    .replace(/<strong><em>/g, '<em><strong>')
    .replace(/<\/em><\/strong>/g, '</strong></em>');
}

function oracle(tree: Root): string {
  return toMarkdown(toMdast(structuredClone(tree)) as never, {
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    bullet: '-',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
  });
}

/** The page's Markdown with front matter and MDX-only lines (imports, JSX) left out: plain CommonMark + GFM. */
function plain(source: string): string {
  return source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n')
    .filter((line) => !/^\s*(import|export)\s/.test(line) && !/^\s*<\/?[A-Z]/.test(line))
    .join('\n');
}

// Every page of this site, and every third of the real sites' (the oracle takes about 0.1 s a page on 2 cores).
const pages = [
  ...fg.sync('content/**/*.{md,mdx}').sort(),
  ...fg
    .sync('tests/fixtures/real-docs/**/*.{md,mdx}')
    .sort()
    .filter((_, i) => i % 3 === 0),
];

describe('hastToMarkdown', () => {
  it('reads like the unified packages on every Markdown page of this site and the vendored real sites', () => {
    expect(pages.length).toBeGreaterThan(250);
    const differing: string[] = [];
    for (const file of pages) {
      const tree = hastOf(plain(readFileSync(file, 'utf8')));
      if (reading(hastToMarkdown(tree, urls)) !== reading(oracle(tree))) differing.push(file);
    }
    expect(differing).toEqual([]);
  });

  const tricky = [
    'a * b * c and 2*3*4, snake_case_name, _lead and trail_, __init__',
    '# not a heading\n\n> not a quote\n\n- not an item\n\n1. not ordered\n\n+ plus\n\n=== \n\n---',
    'brackets [x] and [y](z) and ![i](j) and `tick` and ``double``',
    // A URL in text is left for GFM to autolink (the oracle writes `https\\://`), so none sits next to a bracket here.
    'angle <b>tag</b> <span> a < b > c &amp; &copy; AT&T',
    'tilde ~~gone~~ ~/home and back\\slash \\* and C:\\path',
    '｜パイプ | pipe and 「強調」**です**',
    'line one  \nline two\\\nline three',
  ];
  for (const text of tricky)
    it(`keeps the text of ${JSON.stringify(text.slice(0, 30))}`, () => {
      // The tree holds the text as text: every character must come back as written.
      const tree: Root = {
        type: 'root',
        children: text.split('\n\n').map((p) => ({
          type: 'element',
          tagName: 'p',
          properties: {},
          children: [{ type: 'text', value: p }],
        })),
      };
      expect(reading(hastToMarkdown(tree, urls))).toBe(reading(oracle(tree)));
    });

  it('writes tables, code blocks with titles, nested lists and quotes', () => {
    const tree = hastOf(
      [
        '| a | b |',
        '| :- | -: |',
        '| `x\\|y` | [l](/p) |',
        '',
        '- one',
        '  - two',
        '    1. three',
        '',
        '> quoted',
        '> - item',
        '',
        '````md',
        '```js',
        'x',
        '```',
        '````',
      ].join('\n'),
    );
    const md = hastToMarkdown(tree, urls);
    expect(md).toContain('| a | b |\n| :- | -: |\n| `x\\|y` | [l](/p) |');
    expect(md).toContain('- one\n  - two\n    1. three');
    expect(md).toContain('> quoted\n>\n> - item');
    expect(md).toContain('````md\n```js\nx\n```\n````');
    expect(reading(md)).toBe(reading(oracle(tree)));
  });

  it('writes a link whose URL has spaces or parentheses in angle brackets', () => {
    expect(markdownLink('a [b]', '/x (1).md')).toBe('[a \\[b\\]](</x (1).md>)');
    expect(reading(markdownLink('t', '/a b'))).toBe('<ahref="/a%20b">t</a>');
  });
});
