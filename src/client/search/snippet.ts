/**
 * Snippets for search results: the window of a section text holding the most matches, cut into plain and
 * highlighted parts (rendered as React text and `<mark>`, never as HTML).
 */
import { findMatches } from '../../shared/search-tokenize.js';

export interface SnippetPart {
  text: string;
  mark: boolean;
}

/**
 * Splits `text` into parts with the terms marked.
 * @param terms normalised terms (a hit's matched terms)
 * @param width characters of context to keep, or Infinity for the whole text (titles, headings)
 */
export function snippetParts(text: string, terms: string[], width = Infinity): SnippetPart[] {
  const ranges = findMatches(text, terms);
  let start = 0;
  let end = text.length;
  if (text.length > width) {
    // The window (starting a little before a match) that covers the most matched characters.
    let best = 0;
    let bestCover = -1;
    for (const [from] of ranges) {
      const s = Math.max(0, from - Math.floor(width / 4));
      const cover = ranges.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, s + width) - Math.max(a, s)), 0);
      if (cover > bestCover) [best, bestCover] = [s, cover];
    }
    start = best;
    end = Math.min(text.length, start + width);
  }
  const parts: SnippetPart[] = [];
  let at = start;
  for (const [a, b] of ranges) {
    if (b <= start || a >= end) continue;
    const from = Math.max(a, start);
    const to = Math.min(b, end);
    if (from > at) parts.push({ text: text.slice(at, from), mark: false });
    parts.push({ text: text.slice(from, to), mark: true });
    at = to;
  }
  if (at < end) parts.push({ text: text.slice(at, end), mark: false });
  if (start > 0) parts.unshift({ text: '…', mark: false });
  if (end < text.length) parts.push({ text: '…', mark: false });
  return parts;
}
