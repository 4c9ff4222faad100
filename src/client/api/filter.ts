/**
 * The operation filter of the navigation column: every whitespace-separated term must occur in an entry's
 * `data-q`; non-matching entries and their sections in the centre column are hidden, and so are empty tags (a tag
 * of text only, without operations, while a query is given).
 * In a split reference the navigation lists every operation, loaded or not: an operation still
 * in an unloaded part has a placeholder anchor with its id, hidden the same way; collapsed tag groups with a match
 * are opened while filtering (and closed again after), and the placeholders' notes are hidden.
 */
import { normalizeSearchText } from './search-text.js';

const built = new WeakMap<HTMLElement, string>();

/** Sets `hidden` only when it changes: with 1,200 operations, rewriting unchanged attributes costs a style pass. */
function setHidden(element: HTMLElement, hidden: boolean): void {
  if (element.hidden !== hidden) element.hidden = hidden;
}

/** An entry's searchable text: its `data-q`, or made from the entry and its tag's `data-q` (split navigation). */
function entryText(item: HTMLElement, tag: HTMLElement): string {
  if (item.dataset.q !== undefined) return item.dataset.q;
  let text = built.get(item);
  if (text === undefined) {
    const parts = [
      item.dataset.op,
      item.querySelector('.dg-method')?.textContent,
      item.dataset.path,
      item.querySelector('.dg-api-nav__label')?.textContent,
    ];
    text = `${normalizeSearchText(parts.filter(Boolean).join(' '))} ${tag.dataset.q ?? ''}`;
    built.set(item, text);
  }
  return text;
}

/**
 * Applies a query to a reference body.
 * @returns the number of operations still shown
 */
export function applyFilter(root: HTMLElement, query: string): number {
  const terms = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const tag of root.querySelectorAll<HTMLElement>('.dg-api-nav__tag[data-tag]')) {
    let tagShown = 0;
    const items = tag.querySelectorAll<HTMLElement>('.dg-api-nav__op');
    for (const item of items) {
      const text = entryText(item, tag);
      const match = terms.every((t) => text.includes(t));
      setHidden(item, !match);
      const section = item.dataset.op ? root.ownerDocument.getElementById(item.dataset.op) : null;
      if (section) setHidden(section, !match);
      if (match) tagShown++;
    }
    // A tag of text only (x-traitTag) has no operation to match: it is hidden only while a query is given.
    const hide = tagShown === 0 && (items.length > 0 || terms.length > 0);
    setHidden(tag, hide);
    // Collapsed groups (split navigation) with a match open while filtering, and close again when it ends.
    const group = tag.querySelector('details');
    if (group && terms.length > 0 && tagShown > 0 && !group.open) {
      group.open = true;
      group.dataset.filterOpened = '';
    } else if (group && terms.length === 0 && group.dataset.filterOpened !== undefined) {
      group.open = false;
      delete group.dataset.filterOpened;
    }
    const tagSection = root.ownerDocument.getElementById(tag.dataset.tag!);
    if (tagSection) setHidden(tagSection, hide);
    shown += tagShown;
  }
  for (const note of root.querySelectorAll<HTMLElement>('.dg-api-part__note')) setHidden(note, terms.length > 0);
  const empty = root.querySelector<HTMLElement>('.dg-api-nav__empty');
  if (empty) setHidden(empty, shown > 0);
  return shown;
}
