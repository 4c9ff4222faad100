/**
 * Turns compiled pages and API models into search documents: one per page section (the intro before the first
 * h2, then each h2/h3 with its heading id, so a result links to the exact heading) and one per API operation
 * (linking to `/api/<name>#<operationId>`).
 */
import type { Element, ElementContent, Root } from 'hast';
import type { SearchDocument } from '../../shared/search-format.js';

/** Elements whose text is not content (UI chrome inside the Markdown output). */
const SKIP = new Set(['button', 'script', 'style', 'svg', 'template', 'h1']);
/** Elements that end a line: their text must not run into the next cell or paragraph ('type' + 'string'). */
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol', 'td', 'th', 'tr', 'table', 'pre', 'blockquote', 'dt', 'dd', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'details', 'summary', 'figure', 'figcaption']);
const SECTION = new Set(['h2', 'h3']);

/** A page's section before it becomes a document. */
export interface PageSection {
  /** Heading text; '' for the intro. */
  heading: string;
  /** Heading id; '' for the intro. */
  anchor: string;
  text: string;
  /** The intro only: the page's front matter `keywords`, indexed as strong terms (issue 18, item 7). */
  keywords?: string[];
}

/**
 * Splits compiled page content into sections at h2/h3 headings that carry an id (wherever they are nested).
 * @param content the page hast (PageData.content), or null
 * @param keywords the page's front matter `keywords`, given to the intro
 * @returns the intro (when it has text or keywords) followed by one section per heading, texts with collapsed
 *   whitespace
 */
export function pageSections(content: Root | null, keywords: string[] = []): PageSection[] {
  const sections: PageSection[] = [{ heading: '', anchor: '', text: '' }];
  let parts: string[] = [];
  const flush = () => {
    sections[sections.length - 1]!.text = collapse(parts.join(''));
    parts = [];
  };
  const visit = (node: Root | ElementContent) => {
    if (node.type === 'text') return void parts.push(node.value);
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') {
      if (SKIP.has(node.tagName)) return;
      const id = node.properties?.id;
      if (SECTION.has(node.tagName) && typeof id === 'string' && id) {
        flush();
        sections.push({ heading: collapse(textOf(node)), anchor: id, text: '' });
        return;
      }
    }
    const block = node.type === 'element' && BLOCK.has(node.tagName);
    if (block) parts.push('\n');
    for (const child of node.children) visit(child as ElementContent);
    if (block) parts.push('\n');
  };
  if (content) visit(content);
  flush();
  if (keywords.length > 0) sections[0]!.keywords = keywords;
  return sections.filter((s, i) => i > 0 || s.text.length > 0 || s.keywords);
}

function textOf(node: Element): string {
  return node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' && !SKIP.has(c.tagName) ? textOf(c) : '')).join('');
}

function collapse(text: string): string {
  return text.replace(/[ \t\r\f\v]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim();
}

/**
 * The documents of one Markdown page: one per section.
 * @param page route path (without base), title and the sections of its content (pageSections)
 * @param nextId first free document id; ids are assigned in order
 */
export function pageDocuments(page: { path: string; title: string; sections: PageSection[] }, nextId: number): SearchDocument[] {
  return page.sections.map((section, i) => ({
    id: nextId + i,
    title: page.title,
    heading: section.heading,
    body: section.text,
    keywords: [section.anchor, ...(section.keywords ?? [])].join(' ').trim(),
    url: section.anchor ? `${page.path}#${section.anchor}` : page.path,
    kind: 'doc',
  }));
}

/** Loose view of the API view model (src/shared/api-model.ts): only fields read defensively here. */
interface LooseSchema {
  kind?: string;
  refName?: string;
  title?: string;
  descriptionHtml?: string;
  properties?: { name?: string; schema?: LooseSchema }[];
  items?: LooseSchema;
  variants?: { schema?: LooseSchema }[];
  additionalProperties?: false | LooseSchema;
}
interface LooseOperation {
  id: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  descriptionHtml?: string;
  tag?: string;
  deprecated?: boolean;
  parameters?: { name?: string; descriptionHtml?: string; schema?: LooseSchema }[];
  requestBody?: { descriptionHtml?: string; contents?: { schema?: LooseSchema }[] };
  responses?: { descriptionHtml?: string; contents?: { schema?: LooseSchema }[] }[];
}
interface LooseApiModel {
  title?: string;
  operations?: LooseOperation[];
  tags?: { operations?: LooseOperation[] }[];
  schemas?: { name?: string; schema?: LooseSchema }[];
}

/**
 * The documents of one API reference: one per operation, with method, path, summary, description, operationId,
 * tag, parameter names and the field names of its request and response schemas (named schemas followed once).
 * Reads the model defensively: only `id`, `method`, `path` are relied upon.
 * @param api route path (without base), page title, and the API view model
 */
export function apiDocuments(api: { path: string; title: string; model: unknown }, nextId: number): SearchDocument[] {
  const model = (api.model ?? {}) as LooseApiModel;
  const operations = Array.isArray(model.operations) ? model.operations : (model.tags ?? []).flatMap((t) => t.operations ?? []);
  const named = new Map((model.schemas ?? []).filter((s) => s.name && s.schema).map((s) => [s.name!, s.schema!]));
  const docs: SearchDocument[] = [];
  for (const op of operations) {
    if (!op || typeof op.id !== 'string' || typeof op.method !== 'string' || typeof op.path !== 'string') continue;
    const method = op.method.toUpperCase();
    const fields = new Set<string>();
    const schemas = [
      ...(op.parameters ?? []).map((p) => p.schema),
      ...(op.requestBody?.contents ?? []).map((c) => c.schema),
      ...(op.responses ?? []).flatMap((r) => (r.contents ?? []).map((c) => c.schema)),
    ];
    const seen = new Set<string>();
    for (const schema of schemas) collectFieldNames(schema, named, fields, seen, 0);
    const description = op.description ?? stripHtml(op.descriptionHtml ?? '');
    const parameterText = (op.parameters ?? []).map((p) => `${p.name ?? ''} ${stripHtml(p.descriptionHtml ?? '')}`);
    const body = [description, ...parameterText, stripHtml(op.requestBody?.descriptionHtml ?? ''), [...fields].join(' ')].filter((s) => s.trim()).join('\n');
    docs.push({
      id: nextId + docs.length,
      title: api.title,
      heading: op.summary || `${method} ${op.path}`,
      body: collapse(body),
      keywords: [op.id, method, op.path, op.tag ?? ''].join(' '),
      url: `${api.path}#${op.id}`,
      kind: 'api',
      method,
    });
  }
  return docs;
}

function collectFieldNames(schema: LooseSchema | undefined, named: Map<string, LooseSchema>, out: Set<string>, seen: Set<string>, depth: number): void {
  if (!schema || typeof schema !== 'object' || depth > 8) return;
  if (schema.refName) {
    if (seen.has(schema.refName)) return;
    seen.add(schema.refName);
    const target = named.get(schema.refName);
    if (target && target !== schema) collectFieldNames(target, named, out, seen, depth + 1);
  }
  for (const p of schema.properties ?? []) {
    if (p?.name) out.add(p.name);
    collectFieldNames(p?.schema, named, out, seen, depth + 1);
  }
  collectFieldNames(schema.items, named, out, seen, depth + 1);
  for (const v of schema.variants ?? []) collectFieldNames(v?.schema, named, out, seen, depth + 1);
  if (schema.additionalProperties) collectFieldNames(schema.additionalProperties, named, out, seen, depth + 1);
}

/** Text of sanitised build-time HTML (the model's `*Html` fields): tags dropped, the few escaped entities decoded. */
function stripHtml(html: string): string {
  return html
    .replace(/<\/(p|li|tr|td|th|pre|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
