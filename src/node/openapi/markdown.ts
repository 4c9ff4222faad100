/**
 * OpenAPI `description` fields (CommonMark + GFM, OpenAPI 3.1 §4.8.1) rendered to safe HTML at build time. Raw
 * HTML (common in real documents: freee's lists, links and line breaks) goes through the allow-list of Markdown
 * pages (markdown/rehype-author-html.ts), which drops script, event handlers and anything else off the list, and
 * reports what it drops (DroppedHtml); `rehypeSafeUrls` then removes every URL whose scheme is not
 * allow-listed (`javascript:`, `data:`, `vbscript:` ...). React renders the result as-is inside the reference
 * fragment.
 */
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { DocgenError } from '../diagnostics/error.js';
import { DEFAULT_POLICIES, type MarkdownContext } from '../markdown/context.js';
import { rehypeAuthorHtml } from '../markdown/rehype-author-html.js';
import { remarkUnknownTagsAsText } from './remark-unknown-tags.js';
import { renderHtmlParagraphs, renderTrivialMarkdown } from './trivial-markdown.js';

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

// Raw HTML (freee's descriptions are mostly `<ul><li>`, `<br>` and `<a>`) is parsed and kept by the allow-list of
// Markdown pages (markdown/rehype-author-html.ts; SECURITY.md "Raw HTML"); rehypeSafeUrls then checks every URL.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkUnknownTagsAsText)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeAuthorHtml)
  .use(rehypeSafeUrls)
  .freeze();

/** What rehypeAuthorHtml reads of a page's context; a description reports what it drops here (renderWithParser). */
function descriptionContext(dropped: DocgenError[]): MarkdownContext {
  return {
    file: '',
    policies: { ...DEFAULT_POLICIES, onDroppedHtml: 'warn' },
    iframeOrigins: [],
    errors: dropped,
  } as unknown as MarkdownContext;
}

/** Text with no Markdown syntax at all renders as one escaped paragraph, without the parser (GitHub scale). */
const PLAIN = /^[^`*_[\]<>#|~\\!&:\n\r-]*$/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * What the allow-list dropped from a document's descriptions (SECURITY.md "Raw HTML": never silent), by description
 * text, e.g. `target="_blank" on <a>`: filled by that document's renderers, turned into one warning by the loader
 * (load.ts). Each document has its own, since documents load concurrently.
 */
export type DroppedHtml = Map<string, string[]>;

/**
 * Renders a description with the full pipeline (no fast path): the reference the fast paths are tested against.
 * @param markdown a non-empty description
 * @param dropped where to record what the allow-list drops from it (by default nowhere)
 * @returns its HTML
 */
export function renderWithParser(markdown: string, dropped?: DroppedHtml): string {
  const errors: DocgenError[] = [];
  const file = new VFile({ value: markdown, data: { docgen: descriptionContext(errors) } });
  const html = toHtml(processor.runSync(processor.parse(file), file) as Root);
  if (errors.length > 0 && dropped)
    dropped.set(
      markdown,
      errors.map((error) => /^Raw HTML dropped: (.*?)\. docgen keeps/.exec(error.message)?.[1] ?? error.message),
    );
  return html;
}

/**
 * Renders a description without the parser when it is plain text (PLAIN), trivial Markdown or paragraphs of plain
 * HTML (trivial-markdown.ts).
 * @returns the HTML, '' for an empty description, or undefined when it needs the parser
 */
function renderWithoutParser(markdown: string): string | undefined {
  const trimmed = markdown.trim();
  if (trimmed === '') return '';
  if (PLAIN.test(trimmed)) return `<p>${escapeHtml(trimmed)}</p>`;
  return renderTrivialMarkdown(markdown) ?? renderHtmlParagraphs(markdown);
}

/** True when a description needs the Markdown parser (it is not empty, plain text nor trivial Markdown). */
export function needsParser(markdown: string): boolean {
  return renderWithoutParser(markdown) === undefined;
}

/**
 * Every distinct `description` string of a raw OpenAPI document that needs the Markdown parser, so that they can
 * be rendered elsewhere (a worker thread) while the view model is built.
 * @param doc the raw document (plain JS)
 * @returns the strings, in document order
 */
export function collectDescriptions(doc: unknown): string[] {
  const found: string[] = [];
  // Every description met, so that a text repeated across the document is classified once.
  const seen = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string') {
          if (seen.has(value)) continue;
          seen.add(value);
          if (needsParser(value)) found.push(value);
        } else if (value !== null && typeof value === 'object') stack.push(value);
      }
    }
  }
  return found;
}

/**
 * A renderer for building a view model while the descriptions that need the parser are rendered elsewhere: it
 * answers those with a placeholder, and `fill` puts the rendered HTML in their place afterwards.
 * @param dropped where to record what the allow-list drops from the descriptions rendered here
 * @returns `markdown` (as createMarkdownRenderer's) and `fill(model, rendered)`, which replaces every placeholder in
 *   the model (any depth) with `rendered.get(text)`, or renders the text here when it is missing
 */
export function createDeferredMarkdownRenderer(dropped?: DroppedHtml): {
  markdown: (markdown: unknown) => string;
  fill: (model: unknown, rendered: Map<string, string | undefined>) => void;
} {
  const now = createMarkdownRenderer(dropped);
  const placeholders = new Map<string, string>();
  // Text -> its HTML when no parser is needed, else its placeholder: each distinct text is looked at once.
  const placeholderOf = new Map<string, string>();
  return {
    markdown(markdown) {
      if (typeof markdown !== 'string') return '';
      let placeholder = placeholderOf.get(markdown);
      if (placeholder === undefined) {
        const html = renderWithoutParser(markdown);
        if (html !== undefined) {
          placeholderOf.set(markdown, html);
          return html;
        }
        // NUL cannot come out of either renderer (micromark replaces it), so no description looks like this.
        placeholder = `\u0000dg-markdown:${placeholders.size}\u0000`;
        placeholders.set(placeholder, markdown);
        placeholderOf.set(markdown, placeholder);
      }
      return placeholder;
    },
    fill(model, rendered) {
      if (placeholders.size === 0) return; // every description was rendered when modelled
      const htmlOf = (placeholder: string) => {
        const text = placeholders.get(placeholder)!;
        return rendered.get(text) ?? now(text);
      };
      // Models share subtrees (a named schema's expansion, a response by `$ref`): each object is filled once.
      const seen = new Set<object>();
      const stack: object[] = [model as object];
      // A map look-up only for a string that starts with NUL as a placeholder does (the walk visits every string of
      // the model); arrays by index, objects by their keys (no entry pairs, no index strings).
      const visit = (holder: Record<string | number, unknown>, key: string | number, value: unknown) => {
        if (typeof value === 'string') {
          if (value.charCodeAt(0) === 0 && placeholders.has(value)) holder[key] = htmlOf(value);
        } else if (value !== null && typeof value === 'object' && !seen.has(value)) {
          seen.add(value);
          stack.push(value);
        }
      };
      while (stack.length > 0) {
        const node = stack.pop() as Record<string | number, unknown>;
        if (Array.isArray(node)) for (let i = 0; i < node.length; i++) visit(node, i, node[i]);
        else for (const key of Object.keys(node)) visit(node, key, node[key]);
      }
    },
  };
}

/**
 * Renders texts shared between threads: each thread takes the next text not yet taken from a counter in shared
 * memory, so the worker that renders a large document's descriptions and the main thread, once it has modelled the
 * document, finish together.
 * @param texts every text (the same list in each thread)
 * @param claim 4 bytes shared by the threads, 0 at first
 * @param dropped where to record what the allow-list drops from the texts this thread took
 * @returns the HTML of the texts this thread took, by index
 */
export function renderClaimed(texts: string[], claim: SharedArrayBuffer, dropped?: DroppedHtml): Map<number, string> {
  const render = createMarkdownRenderer(dropped);
  const next = new Int32Array(claim);
  const html = new Map<number, string>();
  for (let i = Atomics.add(next, 0, 1); i < texts.length; i = Atomics.add(next, 0, 1)) html.set(i, render(texts[i]!));
  return html;
}

/**
 * Creates a memoised renderer (one per document: descriptions repeat a lot).
 * @param dropped where to record what the allow-list drops from the descriptions it renders (the document's own)
 * @returns `(markdown) => html`; `''` for an empty or missing description
 */
export function createMarkdownRenderer(dropped?: DroppedHtml): (markdown: unknown) => string {
  const cache = new Map<string, string>();
  return (markdown) => {
    if (typeof markdown !== 'string') return '';
    let html = cache.get(markdown);
    if (html === undefined) {
      html = renderWithoutParser(markdown) ?? renderWithParser(markdown, dropped);
      cache.set(markdown, html);
    }
    return html;
  };
}
