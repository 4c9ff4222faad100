/**
 * The Markdown twin of an API reference converts each description's HTML (the description renderer's output) to
 * Markdown; a plain paragraph takes a fast path (api-twin.ts plainParagraph) that must give what the full conversion
 * (hast-util-from-html, then markdown-twin.ts contentMarkdown) gives.
 */
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { plainParagraph } from '../../../../src/node/render/api-twin.js';
import { contentMarkdown, type TwinLinks } from '../../../../src/node/render/markdown-twin.js';

const links: TwinLinks = { siteUrl: 'https://docs.example.com', baseUrl: '/', isRoute: () => false };
const full = (html: string) => contentMarkdown(fromHtml(html, { fragment: true }), { links, pagePath: '/api/doc' });

describe('plainParagraph', () => {
  // GitHub's search description writes its example query in code: the renderer turns `&` into `&#x26;`.
  it.each([
    '<p>Example: <code>q={query}&#x26;advanced_search=true</code></p>',
    '<p>It&#x27;s &quot;quoted&quot; and <code>a &lt; b</code>.</p>',
    '<p>Caf&#xe9; and <code>&#233;t&#xE9;</code></p>',
  ])('decodes the references the renderer writes, as the full conversion does: %j', (html) => {
    const markdown = plainParagraph(html);
    expect(markdown).not.toBeNull();
    expect(markdown).not.toContain('&#');
    expect(markdown).toBe(full(html));
  });

  it('leaves a reference it does not decode, and text Markdown would read, to the full conversion', () => {
    expect(plainParagraph('<p>A&nbsp;B <code>x&nbsp;y</code></p>')).toBeNull();
    expect(plainParagraph('<p>Use *stars* here.</p>')).toBeNull();
    expect(plainParagraph('<p>Tom &amp; Jerry</p>')).toBeNull();
  });
});
