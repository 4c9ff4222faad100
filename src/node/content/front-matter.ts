/**
 * Front matter: YAML between `---` lines at the top of a Markdown file, with Docusaurus' keys (issue #2).
 * Parsed with the `yaml` library so that errors carry line and column.
 */
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document } from 'yaml';
import { z } from 'zod';
import { hrefSchema } from '../config/schema.js';
import { codeFrame, offsetToPosition } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import { yamlToJs } from './yaml.js';

const heading = z.number().int().min(1).max(6);

/**
 * Longest page title or sidebar label (characters). A title is printed in every page's sidebar and indexed with
 * every section of its page: a title of a million characters stalled the build (issue 21, item 13).
 */
export const MAX_TITLE_LENGTH = 1000;

const frontMatterSchema = z.object({
  title: z.string().min(1).max(MAX_TITLE_LENGTH, `at most ${MAX_TITLE_LENGTH} characters`).optional(),
  sidebar_label: z.string().min(1).max(MAX_TITLE_LENGTH, `at most ${MAX_TITLE_LENGTH} characters`).optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().min(1).optional(),
  description: z.string().optional(),
  /** Words readers search for that the page may not contain (Docusaurus `keywords`): strong search terms. */
  keywords: z.array(z.string().min(1)).optional(),
  toc_min_heading_level: heading.optional(),
  toc_max_heading_level: heading.optional(),
  hide_table_of_contents: z.boolean().optional(),
  layout: z.enum(['doc', 'home']).optional(),
  hero: z
    .strictObject({
      name: z.string().optional(),
      text: z.string().optional(),
      tagline: z.string().optional(),
      actions: z.array(z.strictObject({ text: z.string(), link: hrefSchema, theme: z.enum(['brand', 'alt']).optional() })).optional(),
    })
    .optional(),
  features: z.array(z.strictObject({ title: z.string(), details: z.string(), link: hrefSchema.optional() })).optional(),
});

/** Validated front matter. */
export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** Docusaurus keys that docgen accepts and ignores, so existing content ports over unchanged. */
const IGNORED_KEYS = new Set([
  'id', 'image', 'tags', 'hide_title', 'pagination_label', 'pagination_next', 'pagination_prev',
  'custom_edit_url', 'draft', 'unlisted', 'last_update', 'sidebar_class_name', 'sidebar_custom_props',
  'parse_number_prefixes', 'sidebar_key',
]);
const KNOWN_KEYS = Object.keys(frontMatterSchema.shape);

export interface ParsedFrontMatter {
  data: FrontMatter;
  /** Offset (0-based) in the file where the Markdown body starts. */
  bodyOffset: number;
}

/**
 * Extracts and validates the front matter of a Markdown file.
 * @param source the whole file text
 * @param file absolute path (named in errors)
 * @returns validated data (empty object when there is no front matter) and where the body starts
 * @throws DocgenError InvalidFrontMatter with file:line:column of the offending YAML node
 */
export function parseFrontMatter(source: string, file: string): ParsedFrontMatter {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(source);
  if (!match || match.index !== 0) {
    if (/^---[ \t]*\r?\n/.test(source)) {
      throw new DocgenError({
        code: 'InvalidFrontMatter',
        message: 'The front matter starts with `---` but is never closed. Add a `---` line after the last key.',
        file,
        line: 1,
        column: 1,
        frame: codeFrame(source, 1, 1),
      });
    }
    return { data: {}, bodyOffset: 0 };
  }
  const yamlOffset = match[0].indexOf('\n') + 1;
  const yamlText = match[1]!;
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const fail = (message: string, offset: number): never => {
    const { line, column } = offsetToPosition(source, yamlOffset + offset);
    throw new DocgenError({
      code: 'InvalidFrontMatter',
      message,
      file,
      line,
      column,
      frame: codeFrame(source, line, column),
      hint: 'Front matter is YAML between two `---` lines at the top of the file.',
    });
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    fail(`Front matter is not valid YAML: ${error.message.split('\n')[0]}.`, error.pos[0]);
  }
  const value = yamlToJs(doc, { file, code: 'InvalidFrontMatter' }) ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) fail('Front matter must be a YAML mapping of keys to values.', 0);

  for (const key of Object.keys(value)) {
    if (KNOWN_KEYS.includes(key) || IGNORED_KEYS.has(key)) continue;
    const guess = suggest(key, KNOWN_KEYS);
    fail(`Unknown front matter key '${key}'.${guess ? ` Did you mean '${guess}'?` : ''}`, keyOffset(doc, [key]));
  }
  const parsed = frontMatterSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const keyPath = issue.path.map(String).join('.');
    fail(`Front matter key '${keyPath}' is invalid: ${issue.message}.`, keyOffset(doc, issue.path));
  }
  return { data: parsed.data!, bodyOffset: match[0].length };
}

/** Offset of the value (or key) node at a path inside the YAML document; 0 when not found. */
function keyOffset(doc: Document, path: readonly PropertyKey[]): number {
  let node: unknown = doc.contents;
  let offset = 0;
  for (const key of path) {
    if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) break;
    const items = (node as { items: unknown[] }).items;
    const next = typeof key === 'number' ? items[key] : items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
    if (!next) break;
    if (isPair(next)) {
      offset = (next.value as { range?: number[] } | null)?.range?.[0] ?? (next.key as { range?: number[] }).range?.[0] ?? offset;
      node = next.value;
    } else {
      offset = (next as { range?: number[] }).range?.[0] ?? offset;
      node = next;
    }
  }
  return offset;
}
