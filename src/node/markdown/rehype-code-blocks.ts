/**
 * Code block meta (Docusaurus syntax): ```` ```ts title="a.ts" {1,3-5} showLineNumbers ````.
 * Runs after highlighting. Wraps the block in `div.dg-code` with an optional title; with line marks (the meta's
 * ranges, and the annotations code-annotations.ts read: highlighted, added, removed, focused, warning, error) or
 * line numbers, splits the highlighted code into one `span.dg-line` per line (a marked one gets `dg-line--<mark>`,
 * a block with a focused line `dg-code--focus`; numbers come from a CSS counter, so copying never copies them).
 */
import { classList } from './class-list.js';
import type { Element, ElementContent, Root, Text } from 'hast';
import type { LineMark } from './code-annotations.js';
import { walk } from './walk.js';

export interface CodeMeta {
  title: string | null;
  highlight: Set<number>;
  showLineNumbers: boolean;
}

/**
 * Parses a fence's meta string.
 * @example parseCodeMeta('title="a.ts" {1,3-5} showLineNumbers')
 */
function parseCodeMeta(meta: string): CodeMeta {
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const highlight = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  if (ranges) {
    for (const part of ranges[1]!.split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (!from) continue;
      for (let n = from; n <= (to ?? from); n++) highlight.add(n);
    }
  }
  return {
    title: title ? (title[1] ?? title[2] ?? title[3] ?? '') : null,
    highlight,
    showLineNumbers: /\bshowLineNumbers\b/.test(meta),
  };
}

/** rehype plugin; no options. */
export function rehypeCodeBlocks() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code') return;
      if ((parent as Element).tagName === 'details') return; // diagram sources stay plain
      const meta = parseCodeMeta(String((code.data as { meta?: string } | undefined)?.meta ?? ''));
      const marks = code.data?.lineMarks ?? new Map<number, Set<LineMark>>(); // code-annotations.ts
      for (const line of meta.highlight) marks.set(line, new Set([...(marks.get(line) ?? []), 'highlighted']));
      if (code.data?.lineMarks) delete code.data.lineMarks;
      if (marks.size > 0 || meta.showLineNumbers) {
        code.children = splitLines(code.children).map((line, i) => ({
          type: 'element',
          tagName: 'span',
          properties: {
            className: ['dg-line', ...[...(marks.get(i + 1) ?? [])].sort().map((mark) => `dg-line--${mark}`)],
          },
          children: line,
        }));
        const classes = [
          ...(meta.showLineNumbers ? ['dg-code--numbered'] : []),
          ...([...marks.values()].some((set) => set.has('focused')) ? ['dg-code--focus'] : []),
        ];
        if (classes.length > 0) node.properties.className = classes;
      }
      const language = classList(code.properties.className)
        .find((c) => c.startsWith('language-'))
        ?.slice(9);
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['dg-code'], dataLanguage: language },
        children: [
          ...(meta.title !== null
            ? [
                {
                  type: 'element',
                  tagName: 'div',
                  properties: { className: ['dg-code__title'] },
                  children: [{ type: 'text', value: meta.title }],
                } as Element,
              ]
            : []),
          node,
        ],
      };
      parent.children[index] = wrapper;
    });
  };
}

/**
 * Splits highlighted code into lines, re-opening the enclosing spans on each line so every line is
 * well-formed. A trailing newline does not make an empty last line.
 */
function splitLines(children: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (nodes: ElementContent[], wrap: (leaf: ElementContent) => ElementContent) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const parts = node.value.split('\n');
        parts.forEach((part, i) => {
          if (i > 0) lines.push([]);
          if (part !== '') lines[lines.length - 1]!.push(wrap({ type: 'text', value: part } satisfies Text));
        });
      } else if (node.type === 'element') {
        walk(node.children, (leaf) => wrap({ ...node, children: [leaf] }));
      }
    }
  };
  walk(children, (leaf) => leaf);
  if (lines.length > 1 && lines[lines.length - 1]!.length === 0) lines.pop();
  // Keep a newline at the end of each line so copied text has line breaks.
  return lines.map((line, i) => (i < lines.length - 1 ? [...line, { type: 'text', value: '\n' }] : line));
}
