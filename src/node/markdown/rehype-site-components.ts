/**
 * rehype plugin: puts the build-time render of the site's own components (remark-mdx-content.ts computedComponent,
 * mdx-evaluate.ts) in place of their `dg-site-component` elements: the HTML a component rendered, parsed, with the
 * element's children (already Markdown-compiled, nested components first) where the component put `children`.
 * The HTML is the site's own code's (trusted, SECURITY.md), so it is not put through the allow-list. A use whose
 * render failed (a warning was given) shows its children.
 */
import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { VFile } from 'vfile';
import { markComponentOutput } from './html-allow-list.js';
import { CHILDREN_TAG } from './site-components.js';

/** The tag of an element a page's module renders; `dataUse` indexes `ctx.siteComponentRenders`. */
export const SITE_COMPONENT_TAG = 'dg-site-component';

export function rehypeSiteComponents() {
  return (tree: Root, file: VFile) => {
    const renders = file.data.docgen?.siteComponentRenders;
    if (renders?.length) replaceIn(tree, renders);
  };
}

function replaceIn(parent: Root | Element, renders: ((withChildren: boolean) => string | null)[]): void {
  parent.children = (parent.children as ElementContent[]).flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    replaceIn(child, renders);
    if (child.tagName !== SITE_COMPONENT_TAG) return [child];
    const children = child.children;
    const withChildren = children.some((node) => node.type !== 'text' || node.value.trim() !== '');
    const html = renders[Number(child.properties.dataUse)]?.(withChildren) ?? null;
    if (html === null) return children;
    const rendered = fromHtml(html, { fragment: true }).children as ElementContent[];
    for (const node of rendered) asComponentOutput(node);
    return fillChildren(rendered, children);
  }) as typeof parent.children;
}

/** The rendered nodes with each `<dg-children>` replaced by (a copy of) the use's children. */
function fillChildren(nodes: ElementContent[], children: ElementContent[]): ElementContent[] {
  let used = false;
  const fill = (list: ElementContent[]): ElementContent[] =>
    list.flatMap((node) => {
      if (node.type !== 'element') return [node];
      if (node.tagName === CHILDREN_TAG) {
        const copy = used ? structuredClone(children) : children;
        used = true;
        // An island's children stay in their element: the browser hands them back to the component as they are.
        if (node.properties.dataIsland !== undefined) return [{ ...node, children: copy }];
        return copy;
      }
      node.children = fill(node.children);
      return [node];
    });
  return fill(nodes);
}

/**
 * The parsed HTML's positions are of the HTML text, not the page: dropped (the children keep theirs). Each element
 * is marked as a component's output (html-allow-list.ts markComponentOutput): its ids are the component's, repeated as often
 * as the component is used (an SVG gradient in an icon), and left as rendered (rehype-heading-slugs.ts).
 */
function asComponentOutput(node: ElementContent): void {
  delete node.position;
  if (node.type !== 'element') return;
  markComponentOutput(node);
  for (const child of node.children) asComponentOutput(child);
}
