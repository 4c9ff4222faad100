/**
 * Turns compiled pages and API models into search documents: one per page section (the intro before the first
 * h2, then each h2/h3 with its heading id, so a result links to the exact heading), one per API operation
 * (linking to `/api/<name>#<operationId>`), and one per defined term: a field-table row whose first cell is an
 * identifier, a glossary row whose first cell is a link, an API parameter, an API schema property. A term's
 * document has the term as its heading, so the search can put the place that defines a term first
 * (src/client/search/query.ts finishHits).
 */
import type { Element, ElementContent, Root } from 'hast';
import type { SearchDocument } from '../../shared/search-format.js';
import { tagParents } from '../../shared/api-tags.js';

/** Elements whose text is not content (UI chrome inside the Markdown output). */
const SKIP = new Set(['button', 'script', 'style', 'svg', 'template', 'h1']);
/** Elements that end a line: their text must not run into the next cell or paragraph ('type' + 'string'). */
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'td',
  'th',
  'tr',
  'table',
  'pre',
  'blockquote',
  'dt',
  'dd',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'details',
  'summary',
  'figure',
  'figcaption',
]);
const SECTION = new Set(['h2', 'h3']);
/** Longest first cell taken as a term (longer cells are sentences, not names). */
const MAX_TERM_LENGTH = 80;
/** Longest plain cell of a glossary row taken as another name of its term (a reading, an English name). */
const MAX_ALIAS_LENGTH = 40;

/** A page's section before it becomes a document. */
export interface PageSection {
  /** Heading text; '' for the intro. */
  heading: string;
  /** Heading id; '' for the intro. */
  anchor: string;
  text: string;
  /** The intro only: the page's front matter `keywords`, indexed as strong terms. */
  keywords?: string[];
  /** Table rows of the section that define a term (tableTerm), in order. */
  terms?: TermRow[];
}

/**
 * A table row that defines a term: `term` (kind 'term') when the row's first cell is only an inline code
 * identifier (a field table: `| \`sessionTimeout\` | integer | ... |`), `entry` when it is only a link (a
 * glossary row pointing at the defining place).
 */
interface TermRow {
  term: string;
  /** The row's other cells, separated by newlines. */
  text: string;
  kind: 'term' | 'entry';
  /** An entry's link (href as compiled, with the base URL): the place that defines the term. */
  target?: string;
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
      const rows = node.tagName === 'tr' ? tableTerms(node) : [];
      if (rows.length > 0) (sections[sections.length - 1]!.terms ??= []).push(...rows);
    }
    const block = node.type === 'element' && BLOCK.has(node.tagName);
    if (block) parts.push('\n');
    for (const child of node.children) visit(child as ElementContent);
    if (block) parts.push('\n');
  };
  if (content) visit(content);
  flush();
  if (keywords.length > 0) sections[0]!.keywords = keywords;
  // A page of link rows (a glossary, an overview) restates terms defined elsewhere: its code rows are entries too.
  const rows = sections.flatMap((section) => section.terms ?? []);
  if (rows.some((row) => row.target)) for (const row of rows) row.kind = 'entry';
  return sections.filter((s, i) => i > 0 || s.text.length > 0 || s.keywords);
}

/**
 * The terms a table body row defines (TermRow): its first cell when that is only inline code or only a link, and
 * each other cell that is only an identifier with `_`, `.` or an inner capital (`| \`exp\` | ... |
 * \`session_expire_at\` |`: the row defines both names). None for header rows and rows of a plain first cell.
 */
function tableTerms(row: Element): TermRow[] {
  // Plain cells of an entry (link) row are its other names when short and sentence-free: `| [仮想ホスト](..) |
  // かそうホスト | virtual host | ... |`.
  const cells = row.children.filter(
    (c): c is Element => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th'),
  );
  const first = cells[0];
  if (first?.tagName !== 'td' || cells.length < 2) return [];
  const only = onlyElement(first);
  const kind = only?.tagName === 'code' ? 'term' : only?.tagName === 'a' ? 'entry' : null;
  const term = collapse(textOf(first));
  if (!kind || !term || term.length > MAX_TERM_LENGTH) return [];
  const text = cells
    .slice(1)
    .map((c) => collapse(textOf(c)))
    .join('\n');
  const href = only!.properties?.href;
  const rows: TermRow[] = [
    { term, kind, text, ...(kind === 'entry' && typeof href === 'string' ? { target: href } : {}) },
  ];
  for (const cell of cells.slice(1)) {
    const value = collapse(textOf(cell));
    if (value === term) continue;
    // An identifier cell of an entry row names the entry's term (a glossary's field column), not a definition.
    if (onlyElement(cell)?.tagName === 'code' && IDENTIFIER.test(value))
      rows.push(
        rows[0]!.target ? { ...rows[0]!, term: value } : { term: value, kind: 'term', text: [term, text].join('\n') },
      );
    // An entry's reading and English name are names of it too (a glossary row: term, reading, English, ...).
    else if (
      rows[0]!.target &&
      value &&
      value.length <= MAX_ALIAS_LENGTH &&
      !/[。、,.]/.test(value) &&
      cell.children.every((c) => c.type === 'text')
    )
      rows.push({ ...rows[0]!, term: value });
  }
  return rows;
}

/** A name that is an identifier, not a type or a value: `session_expire_at`, `mountPoints.target`, `oidcClientId`. */
const IDENTIFIER = /^(?:[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)$/;

/** A cell's only element (whitespace aside), or null. */
function onlyElement(cell: Element): Element | null {
  const inner = cell.children.filter((c) => c.type !== 'text' || c.value.trim() !== '');
  const [only] = inner;
  return inner.length === 1 && only?.type === 'element' ? only : null;
}

function textOf(node: Element): string {
  return node.children
    .map((c) => (c.type === 'text' ? c.value : c.type === 'element' && !SKIP.has(c.tagName) ? textOf(c) : ''))
    .join('');
}

function collapse(text: string): string {
  return text
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * The documents of one Markdown page: one per section.
 * @param page route path (without base), title and the sections of its content (pageSections)
 * @param nextId first free document id; ids are assigned in order
 */
export function pageDocuments(
  page: { path: string; title: string; sections: PageSection[] },
  nextId: number,
): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const section of page.sections) {
    const url = section.anchor ? `${page.path}#${section.anchor}` : page.path;
    const keywords = [section.anchor, ...(section.keywords ?? [])].join(' ').trim();
    docs.push({
      id: nextId + docs.length,
      title: page.title,
      heading: section.heading,
      body: section.text,
      keywords,
      url,
      kind: 'doc',
    });
    // A term's row links to its section (rows have no anchor); keywords stay the anchor (patch-index documentOf).
    for (const row of section.terms ?? []) {
      docs.push({
        id: nextId + docs.length,
        title: page.title,
        heading: row.term,
        body: row.text,
        keywords: section.anchor,
        url,
        kind: row.kind,
        ...(row.target ? { target: row.target } : {}),
      });
    }
  }
  return docs;
}

/** Loose view of the API view model (src/shared/api-model.ts): only fields read defensively here. */
interface LooseSchema {
  kind?: string;
  type?: string;
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
  parameters?: { name?: string; in?: string; descriptionHtml?: string; schema?: LooseSchema }[];
  requestBody?: { descriptionHtml?: string; contents?: LooseMedia[] };
  responses?: { descriptionHtml?: string; contents?: LooseMedia[] }[];
}
/** A media type: its schema, and (OpenAPI 3.2) the schema of each item of a stream. */
interface LooseMedia {
  schema?: LooseSchema;
  itemSchema?: LooseSchema;
}
interface LooseTag {
  name?: string;
  displayName?: string | null;
  anchor?: string;
  parent?: string;
  operations?: LooseOperation[];
}
interface LooseApiModel {
  title?: string;
  operations?: LooseOperation[];
  tags?: LooseTag[];
  schemas?: { name?: string; anchor?: string; schema?: LooseSchema }[];
}

/**
 * The names of the tags an operation's tag is nested under (OpenAPI 3.2 `parent`), by operation id: a search for
 * a parent tag finds the operations of the tags under it. Empty for a tag at the top level.
 */
function tagAncestors(tags: LooseTag[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const tag of tags) {
    const names = tagParents(tags, tag)
      .reverse()
      .flatMap((at) => [...new Set([at.name ?? '', at.displayName ?? ''].filter(Boolean))]);
    if (names.length > 0) for (const op of tag.operations ?? []) found.set(op.id, names);
  }
  return found;
}

/**
 * The documents of one API reference: one per operation, with method, path, summary, description, operationId,
 * tag, parameter names and the field names of its request and response schemas (named schemas followed once).
 * Reads the model defensively: only `id`, `method`, `path` are relied upon.
 * @param api route path (without base), page title, and the API view model
 */
export function apiDocuments(api: { path: string; title: string; model: unknown }, nextId: number): SearchDocument[] {
  const model = (api.model ?? {}) as LooseApiModel;
  const operations = Array.isArray(model.operations)
    ? model.operations
    : (model.tags ?? []).flatMap((t) => t.operations ?? []);
  const named = new Map((model.schemas ?? []).filter((s) => s.name && s.schema).map((s) => [s.name!, s.schema!]));
  const ancestors = tagAncestors(model.tags ?? []);
  const docs: SearchDocument[] = [];
  for (const op of operations) {
    if (!op || typeof op.id !== 'string' || typeof op.method !== 'string' || typeof op.path !== 'string') continue;
    const method = op.method.toUpperCase();
    const fields = new Set<string>();
    const schemas = [
      ...(op.parameters ?? []).map((p) => p.schema),
      ...(op.requestBody?.contents ?? []).flatMap((c) => [c.schema, c.itemSchema]),
      ...(op.responses ?? []).flatMap((r) => (r.contents ?? []).flatMap((c) => [c.schema, c.itemSchema])),
    ];
    const seen = new Set<string>();
    for (const schema of schemas) collectFieldNames(schema, named, fields, seen, 0);
    const description = op.description ?? stripHtml(op.descriptionHtml ?? '');
    const parameterText = (op.parameters ?? []).map((p) => `${p.name ?? ''} ${stripHtml(p.descriptionHtml ?? '')}`);
    const body = [
      description,
      ...parameterText,
      stripHtml(op.requestBody?.descriptionHtml ?? ''),
      [...fields].join(' '),
    ]
      .filter((s) => s.trim())
      .join('\n');
    docs.push({
      id: nextId + docs.length,
      title: api.title,
      heading: op.summary || `${method} ${op.path}`,
      body: collapse(body),
      keywords: [op.id, method, op.path, op.tag ?? '', ...(ancestors.get(op.id) ?? [])].join(' '),
      url: `${api.path}#${op.id}`,
      kind: 'api',
      method,
    });
  }
  for (const term of apiTerms(model, operations)) {
    docs.push({
      id: nextId + docs.length,
      title: api.title,
      heading: term.name,
      body: collapse(term.body),
      keywords: term.path,
      url: `${api.path}#${term.anchor}`,
      kind: 'term',
    });
  }
  return docs;
}

/**
 * The terms an API reference defines: each parameter (once per name and location, at the first operation that
 * takes it) and each property of each named schema, inline object properties included (`path` dotted:
 * `availabilityManagement.mountPoints`), at the anchor of the section that shows it (operation or schema).
 */
function apiTerms(
  model: LooseApiModel,
  operations: LooseOperation[],
): { name: string; path: string; anchor: string; body: string }[] {
  const terms: { name: string; path: string; anchor: string; body: string }[] = [];
  const seen = new Set<string>();
  for (const op of operations) {
    if (!op || typeof op.id !== 'string') continue;
    for (const p of op.parameters ?? []) {
      const key = `${p.in ?? ''} ${p.name ?? ''}`;
      if (!p.name || seen.has(key)) continue;
      seen.add(key);
      terms.push({
        name: p.name,
        path: `${op.id}.${p.name}`,
        anchor: op.id,
        body: `${p.in ?? ''} ${p.schema?.type ?? ''}\n${stripHtml(p.descriptionHtml ?? '')}`,
      });
    }
  }
  const visit = (schema: LooseSchema | undefined, path: string, anchor: string, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 8 || schema.kind === 'ref' || schema.kind === 'recursive')
      return;
    for (const p of schema.properties ?? []) {
      if (!p?.name) continue;
      const at = path ? `${path}.${p.name}` : p.name;
      terms.push({
        name: p.name,
        path: at,
        anchor,
        body: `${p.schema?.type ?? ''}\n${stripHtml(p.schema?.descriptionHtml ?? '')}`,
      });
      visit(p.schema, at, anchor, depth + 1);
    }
    visit(schema.items, path, anchor, depth + 1);
    for (const v of schema.variants ?? []) visit(v?.schema, path, anchor, depth + 1);
  };
  for (const named of model.schemas ?? [])
    if (named.name && named.anchor) visit(named.schema, named.name, named.anchor, 0);
  return terms;
}

function collectFieldNames(
  schema: LooseSchema | undefined,
  named: Map<string, LooseSchema>,
  out: Set<string>,
  seen: Set<string>,
  depth: number,
): void {
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
