/**
 * The document around one part of a split API reference. The same file is fetched by the API
 * page, which takes only the chunks between the part markers (src/shared/api-parts.ts), and opened as a page of
 * its own by a reader without JavaScript: so it is complete and styled, with the site's stylesheet, the hashed
 * colour-mode script (the only inline script the CSP allows) and a link back to the API page.
 */
import { CHUNK_SEPARATOR, PART_END, PART_START } from '../../shared/api-parts.js';
import { escapeAttr, escapeHtml } from './html.js';

/** What every part document of a site shares. */
export interface PartDocumentShell {
  /** `<html lang>`, e.g. `ja`. */
  lang: string;
  /** `<html data-theme>` before the colour-mode script runs. */
  defaultTheme: 'light' | 'dark';
  /** Stylesheet URLs (with base). */
  css: string[];
  /** The colour-mode script (themeInitScript); its hash is in the CSP. */
  themeScript: string;
}

/**
 * Builds a part document.
 * @param input.title `<title>` text
 * @param input.heading the part's heading (what it holds)
 * @param input.back link back to the API page (href with base, label)
 * @param input.kind `operations` (wrapped as a tag section) or `schemas` (as the 「スキーマ」 section)
 * @param input.chunks rendered HTML of each operation or named schema, in the order of the placeholder's anchors
 * @returns UTF-8 HTML text, deterministic for the same input
 * @throws Error (a docgen bug) when a chunk contains a part marker, which would cut the part in the wrong place
 *   (React's own `<!-- -->` text separators are fine)
 */
export function renderApiPartDocument(input: {
  shell: PartDocumentShell;
  title: string;
  heading: string;
  back: { href: string; label: string };
  kind: 'operations' | 'schemas';
  chunks: string[];
}): string {
  const { shell } = input;
  // Checked on the joined body (one pass over flat text; React's output strings are ropes, flattened once here).
  const body = input.chunks.join(CHUNK_SEPARATOR);
  let markers = 0;
  for (let at = body.indexOf('<!--dg-'); at !== -1; at = body.indexOf('<!--dg-', at + 1)) markers++;
  if (markers !== Math.max(0, input.chunks.length - 1) || body.includes('<!--/dg-')) {
    throw new Error('docgen bug: a rendered API chunk contains a part marker, which would break the part format.');
  }
  const [section, title] =
    input.kind === 'schemas' ? ['dg-api-schemas', 'dg-api-h2'] : ['dg-api-tag', 'dg-api-h2 dg-api-tag__title'];
  return (
    `<!doctype html>\n<html lang="${escapeAttr(shell.lang)}" data-theme="${shell.defaultTheme}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(input.title)}</title>\n` +
    `<meta name="robots" content="noindex">\n<script>${shell.themeScript}</script>\n` +
    shell.css.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">\n`).join('') +
    `</head>\n<body>\n<div class="dg-api-ref dg-api-ref--part">\n<div class="dg-api-content">\n` +
    `<p class="dg-api-part-doc__back"><a href="${escapeAttr(input.back.href)}">${escapeHtml(input.back.label)}</a></p>\n` +
    `<section class="${section}">\n<h1 class="${title}">${escapeHtml(input.heading)}</h1>\n` +
    `${PART_START}${body}${PART_END}\n</section>\n</div>\n</div>\n</body>\n</html>\n`
  );
}
