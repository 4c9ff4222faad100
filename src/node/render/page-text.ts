/**
 * The compact text form of a compiled page that the search stage reads (issue #8): worker threads compile pages
 * and keep no hast, so the main thread holds each page's sections (intro, then one per h2/h3 with its anchor)
 * instead of its whole tree. Until the search stage reads sections directly, `sectionsToHast` turns them back
 * into the smallest hast that src/node/search/extract.ts splits into exactly the same sections.
 */
import type { Element, Root } from 'hast';
import { pageSections, type PageSection } from '../search/extract.js';

export type { PageSection };

/**
 * The sections of a page's content, as the search stage splits them.
 * @param content the page hast (PageData.content), or null
 * @returns sections with collapsed whitespace (src/node/search/extract.ts pageSections)
 */
export function pageTextOf(content: Root | null): PageSection[] {
  return pageSections(content);
}

/**
 * A hast tree whose pageSections() are `sections` again: an optional intro paragraph, then for each section an
 * `h2` carrying its anchor as id followed by a paragraph with its text. Texts are already collapsed, and
 * collapsing is idempotent, so the round trip is exact (tests/unit/node/render/page-text.test.ts).
 * @param sections what pageTextOf returned
 */
export function sectionsToHast(sections: PageSection[]): Root {
  const children: Element[] = [];
  const paragraph = (text: string): Element => ({ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text }] });
  for (const section of sections) {
    if (section.anchor) {
      children.push({ type: 'element', tagName: 'h2', properties: { id: section.anchor }, children: [{ type: 'text', value: section.heading }] });
    }
    if (section.text) children.push(paragraph(section.text));
  }
  return { type: 'root', children };
}
