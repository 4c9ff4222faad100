/**
 * Diagrams (issue #3, spec §7): ```mermaid and ```plantuml fences become images rendered by the configured diagram
 * service (Kroki URL scheme: `{base}/{type}/svg/{deflate+base64url source}`). The source stays readable: it is the
 * image's text alternative and sits in a collapsible block, so the page still says something when the service is
 * unreachable. Without a configured service the fence stays a code block. The source block's summary is the
 * `diagram.source` message (`data-message`, printed by the theme in the site's language).
 */
import { deflateSync } from 'node:zlib';
import type { Code, Root } from 'mdast';
import type { VFile } from 'vfile';
import { MESSAGE_ATTRIBUTE, MESSAGE_PARAMS_ATTRIBUTE } from '../../shared/messages.js';
import { walk } from './walk.js';

const DIAGRAM_LANGS = new Set(['mermaid', 'plantuml']);

/**
 * The image URL of a diagram.
 * @param base diagram service base URL, e.g. 'https://kroki.io'
 * @returns e.g. 'https://kroki.io/mermaid/svg/eNpLy8kvT85ILCoBAB...'
 */
export function diagramUrl(base: string, type: string, source: string): string {
  const encoded = deflateSync(Buffer.from(source, 'utf8'), { level: 9 }).toString('base64url');
  return `${base.replace(/\/$/, '')}/${type}/svg/${encoded}`;
}

/** remark plugin; reads `file.data.docgen.diagramServiceUrl`. */
export function remarkDiagrams() {
  return (tree: Root, file: VFile) => {
    const base = file.data.docgen?.diagramServiceUrl;
    if (!base) return;
    walk(tree, 'code', (node: Code) => {
      if (!node.lang || !DIAGRAM_LANGS.has(node.lang)) return;
      const source = node.value;
      const label = node.lang === 'mermaid' ? 'Mermaid' : 'PlantUML';
      node.data = {
        hName: 'figure',
        hProperties: { className: ['dg-diagram'] },
        hChildren: [
          { type: 'element', tagName: 'img', properties: { src: diagramUrl(base, node.lang, source), alt: source, loading: 'lazy', decoding: 'async', className: ['dg-diagram__image'] }, children: [] },
          {
            type: 'element',
            tagName: 'details',
            properties: { className: ['dg-diagram__source'] },
            children: [
              {
                type: 'element',
                tagName: 'summary',
                properties: { [MESSAGE_ATTRIBUTE]: 'diagram.source', [MESSAGE_PARAMS_ATTRIBUTE]: JSON.stringify({ language: label }) },
                children: [],
              },
              { type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: { className: [`language-${node.lang}`] }, children: [{ type: 'text', value: source }] }] },
            ],
          },
        ],
      };
    });
  };
}
