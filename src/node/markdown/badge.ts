/**
 * VitePress' built-in `<Badge>` (default theme, "Badge": `type` info | tip | warning | danger, the label in `text`
 * or as its content), which VitePress pages use without importing it, as in `## Option <Badge type="warning"
 * text="beta" />`. Starlight's `variant` names (note, success, caution, default) map to the same four. Rendered as
 * `span.dg-badge.dg-badge--<type>` (templates/styles/markdown-features.css), from MDX (remark-mdx-content.ts) and
 * from raw HTML in CommonMark pages (rehype-author-html.ts).
 */
import type { Element, ElementContent } from 'hast';

type BadgeType = 'info' | 'tip' | 'warning' | 'danger';

const TYPES: Readonly<Record<string, BadgeType>> = {
  info: 'info',
  tip: 'tip',
  warning: 'warning',
  danger: 'danger',
  note: 'info',
  default: 'info',
  success: 'tip',
  caution: 'warning',
};

/**
 * The class names of a badge.
 * @param type the `type` (VitePress) or `variant` (Starlight) attribute; anything else is `info`, VitePress' default
 */
export function badgeClassName(type: unknown): string[] {
  return ['dg-badge', `dg-badge--${TYPES[String(type ?? 'info').toLowerCase()] ?? 'info'}`];
}

/**
 * A raw HTML `<badge>` as the nodes that replace it. The HTML parser does not close `<Badge ... />` (not a void
 * element), so what follows it up to the end of its parent is its content: with a `text` attribute that content
 * stays after the badge instead of inside it.
 * @param element the parsed element, its children already sanitised
 */
export function rawBadge(element: Element): ElementContent[] {
  const { text, type, variant } = element.properties;
  const label: ElementContent[] = typeof text === 'string' ? [{ type: 'text', value: text }] : element.children;
  const badge: Element = {
    type: 'element',
    tagName: 'span',
    properties: { className: badgeClassName(type ?? variant) },
    children: label,
    position: element.position,
  };
  return typeof text === 'string' ? [badge, ...element.children] : [badge];
}

/**
 * A heading's text as its id, its TOC entry, its anchor's label and a page title read it: without its badges, as
 * VitePress does (its ids come from a heading's text tokens only, and its outline skips `.VPBadge`), so a badge
 * added to a heading never changes its anchor.
 * @returns the text of the element's descendants, badges left out (hast-util-to-string's text otherwise)
 */
export function textWithoutBadges(element: Element): string {
  let text = '';
  const visit = (node: ElementContent) => {
    if (node.type === 'text') text += node.value;
    else if (
      node.type === 'element' &&
      !(node.tagName === 'span' && (node.properties.className as string[] | undefined)?.[0] === 'dg-badge')
    )
      node.children.forEach(visit);
  };
  element.children.forEach(visit);
  return text;
}
