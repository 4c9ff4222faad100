/**
 * Running a huge page through the plugins in pieces. A page cut into pieces for parsing
 * (chunked-parse.ts) used to be joined into one mdast and run whole: the page's mdast and hast, both with positions,
 * were alive at once (about 1 GB for a 20 MB page). When nothing in the page reaches across pieces, each piece is
 * parsed, run through the plugins and stripped of its positions on its own, and only the hast built so far stays,
 * as JSON text until the last piece is done.
 * The result is the tree the whole run gives: the pieces' nodes joined with the '\n' text remark-rehype puts between
 * a root's children, and a table cut at its rows joined again into one table body.
 *
 * What reaches across pieces keeps a page whole: link reference and footnote definitions (resolved by the whole
 * tree; remark-links would also report a definition once per piece), explicit `{#id}`s and raw HTML or JSX (ids
 * reserved before any slug is made; one HTML parse of the page), tabs (numbered per page), MDX imports and exports
 * (their bindings) and the site's own plugins (which may look at the whole tree). Heading slugs are unique across
 * pieces through one slugger on the page's context.
 */
import v8 from 'node:v8';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { VFile } from 'vfile';
import type { MarkdownContext } from './context.js';
import { parsePiece, type PageCut } from './chunked-parse.js';
import { createSlugger } from './rehype-heading-slugs.js';
import { stripPositions } from './strip-positions.js';
import { releaseMemory } from '../pool/release-memory.js';

/**
 * Garbage (bytes of heap) a piecewise compile lets build up over what was alive after its last full collection
 * before it collects again: at least this, or half of what is alive. V8 alone let a 20 MB page's heap grow to about
 * three times what was alive (1.1 GB for 370 MB of hast); each parsed piece leaves hundreds of MB of garbage.
 * 128 MiB held the 10 MB bench page's build to about 640 MiB but cost 20 % more CPU; 256 MiB: 700 MiB, CPU as before.
 */
const GARBAGE_BYTES = 256 * 1024 * 1024;

/** Source that reaches across pieces: an explicit heading id, raw HTML, or tabs (see the module comment). */
const WHOLE_PAGE_SYNTAX = /\{#|<[A-Za-z!?/]|^ {0,3}:{3,}[ \t]*(?:tabs|code-group)\b/m;

/**
 * Whether a cut page may run through the plugins piece by piece.
 * @param sitePlugins whether the site has its own remark or rehype plugins
 */
export function runsInPieces(options: {
  cut: PageCut;
  ctx: MarkdownContext;
  source: string;
  sitePlugins: boolean;
}): boolean {
  const { cut, ctx, source, sitePlugins } = options;
  return !sitePlugins && !(ctx.mdx && cut.esm) && cut.definitions.length === 0 && !WHOLE_PAGE_SYNTAX.test(source);
}

/**
 * Parses and runs each piece of a cut page, stripping positions as it goes.
 * @param processor the page's frozen processor; @param file the page's VFile (its value is the whole source, which
 *   diagnostics quote; its data holds the page's context)
 * @returns the page's hast without positions, or null when a piece that seemed to continue a table does not (the
 *   caller then compiles the page whole)
 */
export async function runInPieces(
  processor: { parse(file: VFile): unknown; run(tree: never, file: VFile): Promise<unknown> },
  file: VFile,
  cut: PageCut,
): Promise<HastRoot | null> {
  const ctx = file.data.docgen!;
  ctx.slugger = createSlugger(ctx.headingIds);
  // Finished top-level nodes are kept as JSON text until the end: a string costs the collector nothing to trace,
  // where the same nodes as objects made every collection slower as the page grew.
  const frozen: string[] = [];
  // Nodes not finished yet: the table the last piece ended with, which the next piece may continue. Its body rows
  // so far are kept as JSON text too (held: its tbody, left with the closing '\n').
  let open: RootContent[] = [];
  let held: { tbody: Element; rows: string[] } | null = null;
  let endsWithTable = false;
  const used = () => v8.getHeapStatistics().used_heap_size;
  let alive = used();
  try {
    for (let i = 0; i < cut.pieces.length; i++) {
      if (used() > alive + Math.max(GARBAGE_BYTES, alive / 2)) {
        releaseMemory();
        alive = used();
      }
      const piece = parsePiece(processor, file, cut, i);
      if (piece.continuesTable && (piece.children[0]?.type !== 'table' || !endsWithTable || !held)) return null;
      endsWithTable = piece.children.at(-1)?.type === 'table';
      const first = piece.children[0]?.position?.start;
      const last = piece.children.at(-1)?.position?.end;
      const mdast = {
        type: 'root',
        children: piece.children,
        ...(first && last ? { position: { start: first, end: last } } : {}),
      };
      const tree = (await processor.run(mdast as never, file)) as HastRoot;
      stripPositions(tree);
      let nodes = tree.children;
      if (piece.continuesTable) {
        const rows = tableBody(nodes[0]);
        if (!rows) return null;
        held!.tbody.children.push(...rows.children.slice(1)); // both start and end with '\n'
        nodes = nodes.slice(1);
      } else if ((frozen.length > 0 || open.length > 0) && nodes.length > 0) {
        open.push({ type: 'text', value: '\n' });
      }
      for (const node of nodes) open.push(node);
      if (held && !(piece.continuesTable && piece.children.length === 1)) held = restoreRows(held); // its table is done
      const keep = endsWithTable ? open.splice(-1) : [];
      if (open.length > 0) frozen.push(JSON.stringify(open).slice(1, -1));
      open = keep;
      if (endsWithTable) held = holdRows(held, keep[0]);
    }
    if (held) held = restoreRows(held);
  } finally {
    delete ctx.slugger;
  }
  // The last pieces' garbage goes before the page's tree is built back from its text, not under it.
  releaseMemory();
  const children: RootContent[] = [];
  for (let i = 0; i < frozen.length; i++) {
    for (const node of JSON.parse(`[${frozen[i]}]`) as RootContent[]) children.push(node);
    frozen[i] = '';
  }
  for (const node of open) children.push(node);
  return { type: 'root', children };
}

/** Takes the body rows of the table an unfinished piece ends with out as JSON text (all but the closing '\n'). */
function holdRows(
  held: { tbody: Element; rows: string[] } | null,
  table: RootContent | undefined,
): { tbody: Element; rows: string[] } | null {
  const tbody = held?.tbody ?? tableBody(table);
  if (!tbody) return null;
  const rows = held?.rows ?? [];
  const taken = tbody.children.splice(0, tbody.children.length - 1);
  if (taken.length > 0) rows.push(JSON.stringify(taken).slice(1, -1));
  return { tbody, rows };
}

/** Puts a held table's rows back in front of the rows left in its body. @returns null (nothing held) */
function restoreRows(held: { tbody: Element; rows: string[] }): null {
  const rows: ElementContent[] = [];
  for (const text of held.rows) for (const row of JSON.parse(`[${text}]`) as ElementContent[]) rows.push(row);
  for (const row of held.tbody.children) rows.push(row);
  held.tbody.children = rows;
  return null;
}

/** The `tbody` of a table as rehype-tables wraps it (`div.dg-table > table`), if `node` is one. */
function tableBody(node: RootContent | undefined): Element | null {
  const table = node?.type === 'element' && node.tagName === 'div' ? node.children.find(isElement('table')) : undefined;
  return (table?.children.find(isElement('tbody')) as Element | undefined) ?? null;
}

function isElement(tagName: string) {
  return (node: ElementContent): node is Element => node.type === 'element' && node.tagName === tagName;
}
