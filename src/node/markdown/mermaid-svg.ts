/**
 * Mermaid diagrams rendered at build time (spec §7): beautiful-mermaid lays out flowchart,
 * sequence, state, class and ER diagrams without a DOM or a browser, and this module turns its SVG into hast
 * (svg-hast.ts) that a strict Content-Security-Policy accepts and that needs nothing from another origin:
 * - its `<style>` element (an `@import` of Google Fonts and the colour derivations) goes: the theme's
 *   `diagrams.css` carries the derivations, keyed on the site's light and dark colours;
 * - the root's inline `style` attribute goes (CSP `style-src` without 'unsafe-inline'): the class does its job;
 * - ids (arrow markers) get a prefix from the source's hash, so that two diagrams on a page cannot collide;
 * - `data-*` attributes (the renderer's debugging aids) go, to keep the route's data file small.
 * Rendering is memoized by the source's SHA-256 in each worker; the page cache keeps whole compiled pages across
 * builds (its key covers the page's text and docgen itself, the renderer included).
 */
import { createHash } from 'node:crypto';
import { renderMermaidSVG } from 'beautiful-mermaid';
import type { Element, ElementContent, Properties } from 'hast';
import { svgToHast } from './svg-hast.js';

/** Diagram types beautiful-mermaid 1.1 draws (its README, "Supported Diagrams"; first word of the source). */
const RENDERED = /^(flowchart|graph|sequenceDiagram|stateDiagram(-v2)?|classDiagram|erDiagram)$/;
/** Other Mermaid types (mermaid.js.org, "Diagram Syntax"): left to the diagram service. */
const SERVICE_ONLY =
  /^(pie|gantt|journey|gitGraph|mindmap|timeline|quadrantChart|requirementDiagram|C4Context|C4Container|C4Component|C4Dynamic|C4Deployment|sankey(-beta)?|xychart(-beta)?|block(-beta)?|packet(-beta)?|architecture(-beta)?|kanban|radar(-beta)?|treemap(-beta)?|zenuml|info|---)$/;
/** Blocks that must be closed by `end` (flowchart subgraphs, sequence fragments). */
const OPENS_END = /^(subgraph|loop|alt|opt|par|critical|break|rect|box)\b/;

export type MermaidResult =
  | { kind: 'svg'; svg: Element }
  | { kind: 'service' }
  | { kind: 'error'; message: string /** 0-based line inside the source */; line: number };

/** The renderer's markup by source hash: parsing it again (svg-hast.ts) costs less than copying a tree. */
const memo = new Map<string, string>();
const MEMO_LIMIT = 500;

/**
 * Renders one Mermaid source.
 * @param source the fence's content
 * @returns `svg`: an `<svg class="dg-diagram__svg">` element (a new tree on every call, safe to mutate); `service`: a Mermaid
 *   type this renderer lacks (the caller uses the diagram service or keeps the code block); `error`: the source
 *   does not parse, with the 0-based line to report
 */
export function renderMermaid(source: string): MermaidResult {
  const lines = statements(source);
  const header = lines.findIndex(({ text }) => text !== '' && !text.startsWith('%%'));
  const type = header < 0 ? '' : lines[header]!.text.split(/\s/)[0]!;
  if (header >= 0 && SERVICE_ONLY.test(type)) return { kind: 'service' };
  if (!RENDERED.test(type)) {
    const message =
      header < 0
        ? 'The Mermaid diagram is empty.'
        : `"${type}" is not a Mermaid diagram type. Start the diagram with flowchart, sequenceDiagram, stateDiagram-v2, classDiagram or erDiagram (or a type the diagram service draws).`;
    return { kind: 'error', message, line: header < 0 ? 0 : lines[header]!.line };
  }
  const problem = structureError(lines.slice(header + 1), type);
  if (problem) return { kind: 'error', ...problem };
  const hash = createHash('sha256').update(source).digest('hex');
  let markup = memo.get(hash);
  if (markup === undefined) {
    try {
      markup = renderMermaidSVG(lines.map(({ text }) => text).join('\n'), {
        bg: 'var(--bg)',
        fg: 'var(--fg)',
        transparent: true,
      });
    } catch (error) {
      return {
        kind: 'error',
        message: `The Mermaid diagram could not be drawn: ${(error as Error).message}`,
        line: lines[header]!.line,
      };
    }
  }
  const svg = toCspSafeHast(markup, `dg-${hash.slice(0, 8)}`);
  if (!hasShapes(svg))
    return {
      kind: 'error',
      message: 'The Mermaid diagram has no node, participant or state: check its syntax.',
      line: lines[header]!.line,
    };
  if (!memo.has(hash)) {
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(hash, markup);
  }
  return { kind: 'svg', svg };
}

/**
 * The statements of a Mermaid source, trimmed, each with its 0-based line: Mermaid ends a statement at a line
 * break or at a `;` outside double quotes (`graph TD; A-->B;`), which beautiful-mermaid does not split itself.
 */
function statements(source: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  source.split('\n').forEach((raw, line) => {
    if (raw.trim().startsWith('%%')) return void out.push({ text: raw.trim(), line });
    for (const part of raw.match(/(?:"[^"]*"|[^;"])+|"[^"]*$/g) ?? ['']) out.push({ text: part.trim(), line });
  });
  return out;
}

/**
 * What beautiful-mermaid's forgiving parser lets through but Mermaid refuses: a `subgraph`/`loop`/`alt`... without
 * its `end`, an `end` without a block, a state `{` without `}`, and brackets that do not pair in a flowchart line.
 * @param lines the statements after the header
 * @returns the message and 0-based line, or null
 */
function structureError(
  lines: { text: string; line: number }[],
  type: string,
): { message: string; line: number } | null {
  const flowchart = type === 'flowchart' || type === 'graph';
  const blocks = flowchart || type === 'sequenceDiagram';
  const states = type.startsWith('stateDiagram');
  const open: { word: string; line: number }[] = [];
  for (const { text, line } of lines) {
    if (text === '' || text.startsWith('%%')) continue;
    const word = text.split(/\s/)[0]!;
    if (blocks && OPENS_END.test(word)) open.push({ word, line });
    else if (blocks && word === 'end') {
      if (!open.pop()) return { message: '"end" closes no block (subgraph, loop, alt, opt, par...).', line };
    } else if (states && text.endsWith('{')) open.push({ word: '{', line });
    else if (states && text === '}') {
      if (!open.pop()) return { message: '"}" closes no composite state.', line };
    } else if (flowchart && !bracketsPair(text)) {
      return { message: `The brackets of this line do not pair: ${text}`, line };
    }
  }
  const unclosed = open.pop();
  if (unclosed)
    return {
      message: `"${unclosed.word}" is never closed (${unclosed.word === '{' ? '}' : 'end'} is missing).`,
      line: unclosed.line,
    };
  return null;
}

/** Whether the ( [ { of a flowchart line close in order, outside quoted text and `|edge labels|`. */
function bracketsPair(line: string): boolean {
  const bare = line
    .replace(/"[^"]*"/g, '""')
    .replace(/\|[^|]*\|/g, '||')
    .replace(/(\w)>([^\]]*)\]/g, '$1[$2]');
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of bare) {
    if (char === '(' || char === '[' || char === '{') stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0;
}

/** Parses the renderer's SVG and makes it CSP-safe (see the module comment); ids get `prefix-`. */
function toCspSafeHast(markup: string, prefix: string): Element {
  const svg = svgToHast(markup).find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  if (!svg) throw new Error('beautiful-mermaid returned no <svg> element');
  clean(svg, prefix);
  svg.properties = { ...svg.properties, className: ['dg-diagram__svg'] };
  delete svg.properties.style;
  return svg;
}

/** Elements clean() removes with their content, by lower-case name. */
const DROPPED_ELEMENTS = new Set(['style', 'script', 'foreignobject']);

/**
 * Removes style, script and foreignObject elements, style, data and event-handler attributes, links other than
 * `#id`, and blank text; prefixes ids and their `url(#id)` uses. The renderer escapes labels already: this is the
 * second fence (SECURITY.md: Markdown never runs script in a reader's browser).
 */
function clean(element: Element, prefix: string): void {
  const props: Properties = {};
  for (const [name, value] of Object.entries(element.properties)) {
    // Names compared without case: the markup is parsed with names as written (svg-hast.ts)
    const lower = name.toLowerCase();
    if (lower === 'style' || lower.startsWith('data') || lower.startsWith('on')) continue;
    if ((lower === 'href' || lower === 'xlinkhref' || lower === 'xlink:href') && !String(value).startsWith('#'))
      continue; // SECURITY.md: no links out
    if (name === 'id') props.id = `${prefix}-${String(value)}`;
    else if (typeof value === 'string' && value.includes('url(#'))
      props[name] = value.replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`);
    else props[name] = value;
  }
  element.properties = props;
  const kept: ElementContent[] = [];
  for (const child of element.children) {
    if (child.type === 'comment') continue;
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (child.type === 'element') {
      if (DROPPED_ELEMENTS.has(child.tagName.toLowerCase())) continue;
      clean(child, prefix);
    }
    kept.push(child);
  }
  element.children = kept;
}

/** Whether the drawing has at least one shape besides the arrow-head definitions. */
function hasShapes(svg: Element): boolean {
  return svg.children.some((child) => child.type === 'element' && child.tagName !== 'defs');
}
