/**
 * Diagrams (spec §7). A ```mermaid fence of a type beautiful-mermaid draws (flowchart,
 * sequence, state, class, ER) becomes an inline `<svg>` at build time (mermaid-svg.ts): no request to anyone
 * when a page is read, no JavaScript, coloured by the theme's CSS variables in light and dark. A ```plantuml
 * fence, and a Mermaid type the renderer lacks, becomes an image from the configured diagram service (Kroki URL
 * scheme: `{base}/{type}/svg/{deflate+base64url source}`); if that image fails to load, the client runtime shows
 * its source instead (src/client/diagrams.ts). Without a service such a fence stays a code block. A Mermaid
 * diagram that does not parse is a `DiagramSyntax` error at its file:line. Every figure keeps its source in a
 * collapsible block whose summary is the `diagram.source` message (`data-message`, printed by the theme).
 */
import { deflateSync } from 'node:zlib';
import type { Element } from 'hast';
import type { Code, Paragraph, Root } from 'mdast';
import type { VFile } from 'vfile';
import { MESSAGE_ATTRIBUTE, MESSAGE_PARAMS_ATTRIBUTE } from '../../shared/messages.js';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { renderMermaid } from './mermaid-svg.js';
import { walk } from './walk.js';

const DIAGRAM_LANGS = new Set(['mermaid', 'plantuml']);

/**
 * The image URL of a diagram.
 * @param base diagram service base URL, e.g. 'https://kroki.io'
 * @returns e.g. 'https://kroki.io/mermaid/svg/eNpLy8kvT85ILCoBAB...'
 */
function diagramUrl(base: string, type: string, source: string): string {
  const encoded = deflateSync(Buffer.from(source, 'utf8'), { level: 9 }).toString('base64url');
  return `${base.replace(/\/$/, '')}/${type}/svg/${encoded}`;
}

/** remark plugin; reads `file.data.docgen` (its `diagramServiceUrl`, and `errors` for diagrams that do not parse). */
export function remarkDiagrams() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen;
    const base = ctx?.diagramServiceUrl;
    walk(tree, 'code', (node: Code, index, parent) => {
      if (!node.lang || !DIAGRAM_LANGS.has(node.lang) || !parent || index === undefined) return;
      if (node.lang === 'mermaid') {
        const result = renderMermaid(node.value);
        if (result.kind === 'svg') return void (parent.children[index] = figure('svg', result.svg, node));
        if (result.kind === 'error') {
          const line = node.position ? node.position.start.line + 1 + result.line : undefined;
          const frame = line ? codeFrame(String(file.value), line, 1) : undefined;
          ctx?.errors.push(
            new DocgenError({
              code: 'DiagramSyntax',
              message: result.message,
              file: ctx.file,
              line,
              column: line ? 1 : undefined,
              frame,
            }),
          );
          return;
        }
      }
      if (!base) return;
      const image: Element = {
        type: 'element',
        tagName: 'img',
        properties: {
          src: diagramUrl(base, node.lang, node.value),
          alt: node.value,
          loading: 'lazy',
          decoding: 'async',
          className: ['dg-diagram__image'],
        },
        children: [],
      };
      parent.children[index] = figure('service', image, node);
    });
  };
}

/**
 * The `<figure>` of a diagram: the drawing, then its source in a `<details>` block. It replaces the code node (whose
 * `data.hName` would only rename the `<code>` inside remark-rehype's `<pre>`) as a childless paragraph renamed.
 */
function figure(kind: 'svg' | 'service', drawing: Element, node: Code): Paragraph {
  const label = node.lang === 'mermaid' ? 'Mermaid' : 'PlantUML';
  const data: Paragraph['data'] = {
    hName: 'figure',
    hProperties: { className: ['dg-diagram', `dg-diagram--${kind}`] },
    hChildren: [
      drawing,
      {
        type: 'element',
        tagName: 'details',
        properties: { className: ['dg-diagram__source'] },
        children: [
          {
            type: 'element',
            tagName: 'summary',
            properties: {
              [MESSAGE_ATTRIBUTE]: 'diagram.source',
              [MESSAGE_PARAMS_ATTRIBUTE]: JSON.stringify({ language: label }),
            },
            children: [],
          },
          {
            type: 'element',
            tagName: 'pre',
            properties: {},
            children: [
              {
                type: 'element',
                tagName: 'code',
                properties: { className: [`language-${node.lang}`] },
                children: [{ type: 'text', value: node.value }],
              },
            ],
          },
        ],
      },
    ],
  };
  return { type: 'paragraph', children: [], position: node.position, data };
}
