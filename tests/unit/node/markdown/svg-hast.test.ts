/**
 * svg-hast.ts replaces hast-util-from-html for the Mermaid renderer's SVG (a cold build's CPU): its tree must be
 * the one hast-util-from-html gives, positions aside, for every diagram of this site's content and for labels that
 * exercise escaping (quotes, ampersands, angle brackets, references the author wrote, Japanese, emoji).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderMermaidSVG } from 'beautiful-mermaid';
import type { Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { svgToHast } from '../../../../src/node/markdown/svg-hast.js';

const CONTENT = path.resolve(import.meta.dirname, '../../../../content');

/** The ```mermaid fences of this site's pages. */
function siteDiagrams(): string[] {
  const sources: string[] = [];
  for (const entry of readdirSync(CONTENT, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, body] of text.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)^```/gm)) sources.push(body!);
  }
  return sources;
}

const TRICKY = [
  'flowchart LR\n  A["a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &nbsp;f &copy;"] -->|"x < y & z > w"| B("it\'s 😀")',
  'flowchart TD\n  A[<b>太字</b> と <i>斜体</i><br/>二行目] --> B{{"&#35;ハッシュ &#x41;"}}\n  B -.->|"&amp;amp;"| C[/台形\\]',
  'sequenceDiagram\n  participant A as "Alice & <Bob>"\n  A->>B: 1 < 2 && "quoted" \'single\'\n  Note over A,B: 注記 &lt;raw&gt;',
  'stateDiagram-v2\n  [*] --> S1: a & b\n  S1 --> [*]: "<end>"',
  'classDiagram\n  class A~T~ {\n    +List~int~ items\n    +get(i) T\n  }\n  A <|-- B : extends & <more>',
  'erDiagram\n  CUSTOMER ||--o{ ORDER : "places & <pays>"\n  ORDER { string id "主キー" }',
];

/** A hast tree as JSON without positions. */
function withoutPositions(node: Nodes | Nodes[]): unknown {
  return JSON.parse(JSON.stringify(node, (key, value) => (key === 'position' ? undefined : value)));
}

describe('svgToHast', () => {
  const sources = [...siteDiagrams(), ...TRICKY];

  it("finds this site's diagrams", () => {
    expect(sources.length).toBeGreaterThan(40);
  });

  it("gives the tree hast-util-from-html gives for the renderer's SVG, positions aside", () => {
    for (const source of sources) {
      const markup = renderMermaidSVG(source, { bg: 'var(--bg)', fg: 'var(--fg)', transparent: true });
      expect(withoutPositions(svgToHast(markup)), source).toEqual(
        withoutPositions(fromHtml(markup, { fragment: true }).children),
      );
    }
  });

  it('decodes references as HTML does, keeps the names as written and closes what is left open', () => {
    const [svg] = svgToHast(
      '<svg viewBox="0 0 1 1"><text x="1" data-id="a&amp;b">&lt;a&gt; &amp;amp; &copy; &#x41;</text><g><path d="M0 0"/>',
    );
    expect(withoutPositions(svg!)).toEqual({
      type: 'element',
      tagName: 'svg',
      properties: { viewBox: '0 0 1 1' },
      children: [
        {
          type: 'element',
          tagName: 'text',
          properties: { x: '1', dataId: 'a&b' },
          children: [{ type: 'text', value: '<a> &amp; © A' }],
        },
        {
          type: 'element',
          tagName: 'g',
          properties: {},
          children: [{ type: 'element', tagName: 'path', properties: { d: 'M0 0' }, children: [] }],
        },
      ],
    });
  });
});
