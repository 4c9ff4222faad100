/**
 * OpenAPI `description` fields (CommonMark + GFM, OpenAPI 3.1 §4.8.1) rendered to safe HTML at build time.
 * Safety by construction: remark-rehype drops raw HTML (no `allowDangerousHtml`), so only elements that
 * mdast-util-to-hast creates exist; `rehypeSafeUrls` then removes every URL whose scheme is not allow-listed
 * (`javascript:`, `data:`, `vbscript:` ...). React renders the result as-is inside the reference fragment.
 */
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

const SAFE_SCHEME = /^(https?|mailto|tel):/i;
const URL_PROPS = ['href', 'src', 'cite', 'action', 'formAction', 'poster', 'srcSet'] as const;

/** True when a URL may stay: relative, fragment, or an allow-listed scheme. Control characters are ignored. */
export function isSafeUrl(url: string): boolean {
  // Browsers strip tabs, newlines and leading control characters before reading the scheme.
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const colon = cleaned.indexOf(':');
  if (colon === -1) return true;
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return true; // the colon is in a path, query or fragment
  return SAFE_SCHEME.test(cleaned);
}

/** rehype plugin: drops unsafe URL properties; external links open normally but without an opener. */
function rehypeSafeUrls() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const prop of URL_PROPS) {
        const value = node.properties[prop];
        if (typeof value === 'string' && !isSafeUrl(value)) delete node.properties[prop];
      }
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:/i.test(node.properties.href)) {
        node.properties.rel = ['noopener', 'noreferrer'];
      }
    });
  };
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSafeUrls).freeze();

/** Text with no Markdown syntax at all renders as one escaped paragraph, without the parser (GitHub scale). */
const PLAIN = /^[^`*_[\]<>#|~\\!&:\n\r-]*$/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Creates a memoised renderer (one per document: descriptions repeat a lot).
 * @returns `(markdown) => html`; `''` for an empty or missing description
 */
export function createMarkdownRenderer(): (markdown: unknown) => string {
  const cache = new Map<string, string>();
  return (markdown) => {
    if (typeof markdown !== 'string' || markdown.trim() === '') return '';
    let html = cache.get(markdown);
    if (html === undefined) {
      if (PLAIN.test(markdown.trim())) html = `<p>${escapeHtml(markdown.trim())}</p>`;
      else {
        const tree = processor.runSync(processor.parse(markdown)) as Root;
        html = toHtml(tree);
      }
      cache.set(markdown, html);
    }
    return html;
  };
}
