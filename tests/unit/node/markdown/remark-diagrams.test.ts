/**
 * Mermaid drawn at build time: inline SVG a strict CSP accepts, nothing from another origin,
 * the diagram service kept for what the renderer lacks, and a diagram that does not parse reported at its line.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../../helpers/markdown.js';

const FLOW =
  'flowchart LR\n  A[クライアント] -->|要求| B{ゲートウェイ}\n  subgraph S [サービス]\n    C((DB))\n  end\n  B --> C';
const SEQUENCE =
  'sequenceDiagram\n  participant C as クライアント\n  C->>G: GET /zones\n  alt 認証済み\n    G-->>C: 200\n  else\n    G-->>C: 401\n  end';
const STATE =
  'stateDiagram-v2\n  [*] --> Pending\n  Pending --> Active: approve\n  state Active {\n    [*] --> Running\n  }\n  Active --> [*]';

describe('Mermaid at build time', () => {
  it('draws flowchart, sequence and state diagrams as inline SVG without style attributes, style elements or remote URLs', async () => {
    for (const source of [FLOW, SEQUENCE, STATE]) {
      const { html, errors } = await compile('```mermaid\n' + source + '\n```\n', 'https://diagrams.example');
      expect(errors).toEqual([]);
      expect(html).toMatch(
        /^<figure class="dg-diagram dg-diagram--svg"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="[^"]+" width="[^"]+" height="[^"]+" class="dg-diagram__svg">/,
      );
      const svg = html.slice(0, html.indexOf('</svg>'));
      expect(svg).not.toMatch(/ style=|<style|<img|https?:\/\/(?!www\.w3\.org)|@import|data-/);
      expect(html).toContain('<details class="dg-diagram__source">');
    }
  });

  it('reads `;` as the end of a statement, as Mermaid does, and escapes labels', async () => {
    const { html, errors } = await compile(
      '```mermaid\ngraph TD; A["<img src=x onerror=alert(1)>"]-->B; B-->C;\n```\n',
    );
    expect(errors).toEqual([]);
    expect(html.match(/<g class="node">/g)).toHaveLength(3);
    expect(html).toContain('&#x3C;img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img');
  });

  it('keeps the text and prefixes ids with the source hash, so that two diagrams never share an id', async () => {
    const { html } = await compile(
      '```mermaid\n' + FLOW + '\n```\n\n```mermaid\n' + FLOW.replace('要求', '応答') + '\n```\n',
    );
    expect(html).toContain('>クライアント</text>');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, target] of html.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(target);
  });

  it('leaves other Mermaid types and PlantUML to the diagram service, or to a code block without one', async () => {
    const pie = '```mermaid\npie\n  "a": 1\n```\n';
    expect((await compile(pie, 'https://diagrams.example')).html).toContain(
      '<figure class="dg-diagram dg-diagram--service"><img src="https://diagrams.example/mermaid/svg/',
    );
    expect((await compile('```plantuml\nA -> B\n```\n', 'https://diagrams.example')).html).toContain(
      '<img src="https://diagrams.example/plantuml/svg/',
    );
    const plain = await compile(pie);
    expect(plain.errors).toEqual([]);
    expect(plain.html).toContain('<pre><code class="language-mermaid">');
  });

  it('reports a diagram that does not parse at its file and line, with a code frame', async () => {
    const cases: [string, number, RegExp][] = [
      ['flowchart TD\n  A[開始 --> B', 5, /brackets/],
      ['sequenceDiagram\n  loop 毎秒\n    A->>B: ping', 5, /"loop" is never closed/],
      ['flowchart TD\n  A --> B\n  end', 6, /"end" closes no block/],
      ['stateDiagram-v2\n  state X {\n    [*] --> Y', 5, /never closed/],
      ['sequenceDiagarm\n  A->>B: x', 4, /"sequenceDiagarm" is not a Mermaid diagram type/],
    ];
    for (const [source, line, message] of cases) {
      const { errors, html } = await compile('# 見出し\n\n```mermaid\n' + source + '\n```\n');
      expect(
        errors.map((e) => [e.code, e.file, e.line]),
        source,
      ).toEqual([['DiagramSyntax', '/site/content/docs/page.md', line]]);
      expect(errors[0]!.message).toMatch(message);
      expect(errors[0]!.frame).toContain(source.split('\n')[line - 4]!.trim());
      expect(html).toContain('<code class="language-mermaid">');
    }
  });
});
