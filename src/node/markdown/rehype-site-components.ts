/**
 * rehype plugin: puts the build-time render of the site's own components (remark-mdx-content.ts computedComponent,
 * mdx-evaluate.ts) in place of their `dg-site-component` elements: the HTML a component rendered, parsed. The
 * component gets the element's children (already Markdown-compiled, nested components first) as React children it
 * can read (their text, their count), each element marked; where the rendered HTML holds a marked element, the
 * child goes back as compiled, so the plugins after this one still number its headings and highlight its code.
 * The HTML is the site's own code's (trusted, SECURITY.md), so it is not put through the allow-list. A use whose
 * render failed (a warning was given) shows its children.
 */
import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { find, html } from 'property-information';
import type { VFile } from 'vfile';
import { markComponentOutput } from './html-allow-list.js';
import { CHILD_MARK, CHILDREN_TAG } from './site-components.js';

/** The tag of an element a page's module renders; `dataUse` indexes `ctx.siteComponentRenders`. */
export const SITE_COMPONENT_TAG = 'dg-site-component';

export function rehypeSiteComponents() {
  return (tree: Root, file: VFile) => {
    const renders = file.data.docgen?.siteComponentRenders;
    if (renders?.length) replaceIn(tree, renders);
  };
}

function replaceIn(parent: Root | Element, renders: ((children: ElementContent[] | null) => string | null)[]): void {
  parent.children = (parent.children as ElementContent[]).flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    replaceIn(child, renders);
    if (child.tagName !== SITE_COMPONENT_TAG) return [child];
    const children = child.children;
    const withChildren = children.some((node) => node.type !== 'text' || node.value.trim() !== '');
    const originals: ElementContent[] = [];
    const html = renders[Number(child.properties.dataUse)]?.(withChildren ? marked(children, originals) : null) ?? null;
    if (html === null) return children;
    const rendered = fromHtml(html, { fragment: true }).children as ElementContent[];
    for (const node of rendered) asComponentOutput(node);
    return putBack(rendered, children, originals);
  }) as typeof parent.children;
}

/**
 * A copy of a use's children for the component to render, each element marked with its index in `originals`
 * (CHILD_MARK), which gets the element as compiled. A node that is neither an element nor text (raw HTML) is
 * marked by a `<dg-child>` standing in for it.
 */
function marked(nodes: ElementContent[], originals: ElementContent[]): ElementContent[] {
  return nodes.map((node): ElementContent => {
    if (node.type === 'text') return { ...node };
    const mark = { [CHILD_MARK_PROPERTY]: String(originals.push(node) - 1) };
    if (node.type !== 'element') return { type: 'element', tagName: STAND_IN_TAG, properties: mark, children: [] };
    return { ...node, properties: { ...node.properties, ...mark }, children: marked(node.children, originals) };
  });
}

/**
 * The rendered nodes with each marked element put back as docgen compiled it (headings get their ids, code blocks
 * are highlighted, after this plugin), a copy for each further time the component rendered it, and an island's
 * `<dg-children>` filled with the use's children. An element the component changed the tag of, or built itself
 * from the children's text, stays as rendered.
 */
function putBack(nodes: ElementContent[], children: ElementContent[], originals: ElementContent[]): ElementContent[] {
  const used = new Set<number>();
  const again = <T>(index: number, node: T): T => {
    if (!used.has(index)) return (used.add(index), node);
    return structuredClone(node);
  };
  const fill = (list: ElementContent[]): ElementContent[] =>
    list.flatMap((node) => {
      if (node.type !== 'element') return [node];
      const mark = node.properties[CHILD_MARK_PROPERTY];
      const original = mark === undefined ? undefined : originals[Number(mark)];
      if (
        original &&
        (original.type === 'element' ? original.tagName === node.tagName : node.tagName === STAND_IN_TAG)
      ) {
        const back = again(Number(mark), original);
        if (back.type === 'element') withChangedProperties(back, node);
        return [back];
      }
      delete node.properties[CHILD_MARK_PROPERTY];
      if (node.tagName === CHILDREN_TAG && node.properties.dataIsland !== undefined)
        // An island's children stay in their element: the browser hands them back to the component as they are.
        return [{ ...node, children: again(-1, children) }];
      node.children = fill(node.children);
      return [node];
    });
  return fill(nodes);
}

/**
 * A put-back child with the attributes the component gave it (`cloneElement(child, { className })`): those whose
 * rendered value differs from the compiled one. An attribute React did not render stays as compiled.
 */
function withChangedProperties(child: Element, rendered: Element): void {
  const text = (value: unknown) => (Array.isArray(value) ? value.join(' ') : String(value));
  for (const [key, value] of Object.entries(rendered.properties))
    if (key !== CHILD_MARK_PROPERTY && text(value) !== text(child.properties[key])) child.properties[key] = value;
}

/** The stand-in for a child that is neither an element nor text (site-components.ts renders it empty). */
const STAND_IN_TAG = 'dg-child';
const CHILD_MARK_PROPERTY = find(html, CHILD_MARK).property;

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
