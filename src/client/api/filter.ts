/**
 * The operation filter of the navigation column: every whitespace-separated term must occur in an entry's
 * `data-q`; non-matching entries and their sections in the centre column are hidden, and so are empty tags.
 */
import { normalizeSearchText } from './search-text.js';

/**
 * Applies a query to a reference body.
 * @returns the number of operations still shown
 */
export function applyFilter(root: HTMLElement, query: string): number {
  const terms = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const tag of root.querySelectorAll<HTMLElement>('.dg-api-nav__tag[data-tag]')) {
    let tagShown = 0;
    for (const item of tag.querySelectorAll<HTMLElement>('.dg-api-nav__op')) {
      const text = item.dataset.q ?? '';
      const match = terms.every((t) => text.includes(t));
      item.hidden = !match;
      const section = item.dataset.op ? root.ownerDocument.getElementById(item.dataset.op) : null;
      if (section) section.hidden = !match;
      if (match) tagShown++;
    }
    tag.hidden = tagShown === 0;
    const tagSection = root.ownerDocument.getElementById(tag.dataset.tag!);
    if (tagSection) tagSection.hidden = tagShown === 0;
    shown += tagShown;
  }
  const empty = root.querySelector<HTMLElement>('.dg-api-nav__empty');
  if (empty) empty.hidden = shown > 0;
  return shown;
}
