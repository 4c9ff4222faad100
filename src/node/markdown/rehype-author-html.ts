/**
 * Raw HTML in CommonMark pages (SECURITY.md "Raw HTML"): parsed with the HTML parser browsers
 * use (`hast-util-raw`, which `rehype-raw` wraps: parse5), then every element the author wrote goes through the
 * allow-list (html-allow-list.ts); what it drops is reported at its file:line:column by `onDroppedHtml`.
 *
 * Only the author's HTML is sanitised. docgen's own elements (admonitions, tabs, code blocks, task lists) and
 * those of the site's remark plugins already exist when this plugin runs: it marks each with an attribute whose
 * name is random per processor (so no page can forge it) before re-parsing, and after re-parsing treats an
 * element without the mark as the author's; a marked element gets its properties back exactly as they were.
 * Markdown inside an author's `<details>` is docgen's again, and kept. HTML comments and doctypes are removed
 * without a word, as the Markdown comment idiom `<!-- -->` expects. A site remark plugin's `html` nodes are raw
 * HTML like the author's, and sanitised the same way.
 *
 * Rather than `rehype-raw` then `rehype-sanitize`: the sanitiser works one element at a time, so it can pass
 * docgen's elements through and name, with its position, each thing it drops (rehype-sanitize says nothing).
 */
import { randomBytes } from 'node:crypto';
import type { Element, Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import { find, html } from 'property-information';
import type { VFile } from 'vfile';
import { reportByPolicy } from './context.js';
import { rawBadge } from './badge.js';
import { sanitizeAuthorElement } from './html-allow-list.js';
import { walk } from './walk.js';

type Positioned = { position?: { start: { line: number; column: number } } };

/**
 * rehype plugin, to follow `remark-rehype` with `allowDangerousHtml: true`; no options. Reads the iframe origins
 * and the `onDroppedHtml` policy from `file.data.docgen`, and reports there.
 * @returns a transformer that returns the re-parsed tree
 */
export function rehypeAuthorHtml() {
  // Letters only, so the attribute -> property -> attribute round trip through parse5 is exact.
  const attribute =
    'data-dg-trusted-' + [...randomBytes(12)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const mark = find(html, attribute).property;
  return (tree: Root, file: VFile): Root => {
    if (!hasRaw(tree)) return tree; // most pages: nothing to re-parse
    const trusted: Element['properties'][] = [];
    walk(tree, 'element', (node: Element) => {
      trusted.push(node.properties);
      node.properties = { ...node.properties, [mark]: String(trusted.length - 1) };
    });
    const parsed = raw(tree, { file }) as Root;
    const ctx = file.data.docgen!;
    const options = { iframeOrigins: ctx.iframeOrigins, inlineStyles: ctx.inlineStyles === true };
    const policy = ctx.policies.onDroppedHtml;
    const report = (node: Positioned, dropped: string) => {
      const message = `Raw HTML dropped: ${dropped}. docgen keeps only the HTML on its allow-list (SECURITY.md, "Raw HTML"); write it in Markdown, or set onDroppedHtml to 'ignore' to accept the drop silently.`;
      reportByPolicy(ctx, String(file.value), node, 'DroppedHtml', message, policy);
    };
    cleanChildren(parsed, { mark, trusted, options, report, at: parsed });
    return parsed;
  };
}

interface CleanState {
  mark: string;
  /**
   * docgen's elements' properties before re-parsing, by mark value: put back as they were (parse5 turns `true` into
   * '', which React reads as false: the first tab's `defaultChecked`).
   */
  trusted: Element['properties'][];
  options: { iframeOrigins: readonly string[]; inlineStyles: boolean };
  report: (node: Positioned, dropped: string) => void;
  /** The nearest ancestor with a position, for an element the parser created without one. */
  at: Positioned;
}

/** Sanitises the author's elements among `parent`'s descendants, unmarks docgen's; rewrites `children`. */
function cleanChildren(parent: { children: RootContent[] } & Positioned, state: CleanState): void {
  const kept: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'comment' || child.type === 'doctype') continue;
    if (child.type !== 'element') {
      kept.push(child);
      continue;
    }
    const at = child.position ? child : state.at;
    const original = state.trusted[Number(child.properties[state.mark])];
    if (state.mark in child.properties && original) {
      child.properties = original;
      cleanChildren(child, { ...state, at });
      kept.push(child);
      continue;
    }
    if (child.tagName === 'badge') {
      // VitePress' built-in <Badge> (badge.ts): docgen's own span, its content sanitised as the author's.
      cleanChildren(child, { ...state, at });
      kept.push(...rawBadge(child));
      continue;
    }
    const result = sanitizeAuthorElement(child, state.options);
    if (result.dropped.length > 0)
      state.report(
        at,
        result.keep === 'element' ? `${result.dropped.join(' ')} on <${child.tagName}>` : result.dropped.join(', '),
      );
    if (result.keep === 'nothing') continue;
    cleanChildren(child, { ...state, at });
    if (result.keep === 'children') kept.push(...child.children);
    else kept.push(child);
  }
  parent.children = kept;
}

/** Whether the tree holds raw HTML (remark-rehype's `raw` nodes) at all. */
function hasRaw(tree: Root): boolean {
  let found = false;
  walk(tree, 'raw', () => {
    found = true;
  });
  return found;
}
