/**
 * VitePress' built-in `<Badge>` (badge.ts), as Vite's migration guide (tests/fixtures/real-docs/vite) uses it in
 * raw HTML, and in MDX: a labelled span in the admonitions' colours that never changes a heading's anchor.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../helpers/markdown.js';

const vite = readFileSync(new URL('../../../fixtures/real-docs/vite/docs/guide/migration.md', import.meta.url), 'utf8');

describe('<Badge>', () => {
  it("renders Vite's badges from raw HTML, keeps the text after one, and keeps the headings' ids", async () => {
    const { html, errors, toc } = await compile(vite);
    expect(errors.filter((e) => e.code === 'DroppedHtml' && e.message.includes('<badge>'))).toEqual([]);
    const root = parse(html);
    const heading = root.querySelector('#default-browser-target-change')!;
    expect(heading.querySelector('.dg-badge.dg-badge--warning')!.text).toBe('NRV');
    expect(toc.find((item) => item.id === 'default-browser-target-change')!.text).toBe('Default Browser Target Change');
    // `<Badge ... />` is not closed by the HTML parser: what follows it stays after the badge, not inside it.
    expect(root.querySelector('p')!.text).toContain('only the sections with NRV in the title are applicable.');
    expect(root.querySelectorAll('p .dg-badge').map((b) => b.text)).toContain('NRV');
  });

  it('renders MDX badges with `text`, with content, and Starlight variants', async () => {
    const { html, toc, errors } = await compile(
      '## Option <Badge type="tip" text="new" />\n\n<Badge type="danger">危険</Badge> and <Badge variant="caution" text="beta" />\n',
      undefined,
      { mdx: true },
    );
    expect(errors).toEqual([]);
    const root = parse(html);
    expect(root.querySelector('h2')!.id).toBe('option');
    expect(toc).toEqual([{ id: 'option', text: 'Option', level: 2 }]);
    expect(root.querySelectorAll('.dg-badge').map((b) => [b.classList.value.join(' '), b.text])).toEqual([
      ['dg-badge dg-badge--tip', 'new'],
      ['dg-badge dg-badge--danger', '危険'],
      ['dg-badge dg-badge--warning', 'beta'],
    ]);
  });
});
