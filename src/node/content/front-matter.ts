/**
 * Front matter: YAML between `---` lines at the top of a Markdown file, with Docusaurus' keys.
 * Parsed with the `yaml` library so that errors carry line and column.
 */
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document } from 'yaml';
import { z } from 'zod';
import { hrefSchema, type Strictness } from '../config/schema.js';
import { codeFrame, offsetToPosition } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import { yamlToJs } from './yaml.js';

const heading = z.number().int().min(1).max(6);

/**
 * A front matter string that YAML may have read as a number (`title: 202407`, `id: 2024`): taken as its text, as
 * Docusaurus' front matter strings take numbers and dates (utils-validation/src/JoiFrontMatter.ts).
 */
function yamlText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'number' ? String(value) : value), schema);
}

/**
 * Longest page title or sidebar label (characters). A title is printed in every page's sidebar and indexed with
 * every section of its page: a title of a million characters stalled the build.
 */
export const MAX_TITLE_LENGTH = 1000;

/**
 * The attributes of a home image beside its source: its alt text (an empty `alt:`, YAML null, is none, as in
 * VitePress), size, and the loading hints VitePress' VPImage passes through to the `<img>` (`loading`, `decoding`,
 * `fetchpriority`: es-toolkit's hero is eager, async, high priority), which docgen accepts and leaves out.
 */
const imageAttributes = {
  alt: z.string().nullish(),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number(), z.string()]).optional(),
  loading: z.enum(['eager', 'lazy']).optional(),
  decoding: z.enum(['sync', 'async', 'auto']).optional(),
  fetchpriority: z.enum(['high', 'low', 'auto']).optional(),
  wrap: z.boolean().optional(),
};

/** One image of a home image: its path, or `{ src, alt }` with optional imageAttributes. */
const singleImageSchema = z.union([z.string(), z.strictObject({ src: z.string(), ...imageAttributes })]);

/**
 * An image of VitePress' home layout, as its default theme types it (`ThemeableImage` of `hero.image`, `FeatureIcon`
 * of `features[].icon`, vitepress types/default-theme.d.ts): a string (an image path for `hero.image`; text or HTML
 * for an icon), `{ src, alt }`, or `{ light, dark, alt }`, with optional imageAttributes. `light` and `dark` may each
 * be `{ src, alt }` too: VPImage.vue renders each variant as an image of its own (`<VPImage :image="image.dark">`).
 */
const themeableImageSchema = z.union([
  singleImageSchema,
  z.strictObject({ light: singleImageSchema, dark: singleImageSchema, ...imageAttributes }),
]);

const frontMatterSchema = z.object({
  title: yamlText(z.string().min(1).max(MAX_TITLE_LENGTH, `at most ${MAX_TITLE_LENGTH} characters`)).optional(),
  sidebar_label: yamlText(z.string().min(1).max(MAX_TITLE_LENGTH, `at most ${MAX_TITLE_LENGTH} characters`)).optional(),
  sidebar_position: z.number().optional(),
  slug: yamlText(z.string().min(1)).optional(),
  /** Docusaurus doc id: replaces the file name in the URL and in sidebar doc ids. */
  id: yamlText(
    z
      .string()
      .min(1)
      .regex(/^[^/\\]+$/, 'a name without slashes'),
  ).optional(),
  description: yamlText(z.string()).optional(),
  /**
   * Words readers search for that the page may not contain (Docusaurus `keywords`): strong search terms, and the
   * page's `<meta name="keywords">`.
   */
  keywords: z.array(yamlText(z.string().min(1))).optional(),
  toc_min_heading_level: heading.optional(),
  toc_max_heading_level: heading.optional(),
  hide_table_of_contents: z.boolean().optional(),
  /** Docusaurus `hide_title`: the page's title is not shown above its content (`<title>` and the TOC keep it). */
  hide_title: z.boolean().optional(),
  /** Docusaurus `draft`: the page exists in `docgen dev` only; `docgen build` leaves it out (content/site.ts). */
  draft: z.boolean().optional(),
  /**
   * Docusaurus `unlisted`: the page is built and reachable by its URL, but left out of sidebars, search and the
   * sitemap, asks search engines not to index it, and says so in a notice.
   */
  unlisted: z.boolean().optional(),
  /** Docusaurus doc tags: labels, or `{ label, permalink, description }` (content/tags.ts). */
  tags: z
    .array(
      z.union([
        yamlText(z.string().min(1).max(MAX_TITLE_LENGTH)),
        z.object({
          label: yamlText(z.string().min(1).max(MAX_TITLE_LENGTH)),
          permalink: z
            .string()
            .min(1)
            .regex(/^[^?#\s]+$/, 'a path without ? or #')
            .optional(),
          description: z.string().optional(),
        }),
      ]),
    )
    .optional(),
  /** The page's social card (Docusaurus `image`): as config `themeConfig.image`, which it replaces for this page. */
  image: hrefSchema.optional(),
  /** `home`: hero and features; `doc` (and VitePress' `page`): a documentation page. */
  layout: z.enum(['doc', 'home', 'page']).optional(),
  hero: z
    .strictObject({
      name: z.string().optional(),
      text: z.string().optional(),
      tagline: z.string().optional(),
      image: themeableImageSchema.optional(),
      actions: z
        .array(
          z.strictObject({
            text: z.string(),
            link: hrefSchema,
            // VitePress types it 'brand' | 'alt' | 'sponsor' but builds any string (it is a class of VPButton:
            // vuejs/pinia's 'cta vueschool' is styled by its own CSS): another value is shown as 'alt', plain.
            theme: z
              .union([z.enum(['brand', 'alt', 'sponsor']), z.string().transform(() => 'alt' as const)])
              .optional(),
            target: z.string().optional(),
            rel: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  features: z
    .array(
      z.strictObject({
        title: z.string(),
        details: z.string().optional(),
        link: hrefSchema.optional(),
        icon: themeableImageSchema.optional(),
        linkText: z.string().optional(),
        target: z.string().optional(),
        rel: z.string().optional(),
      }),
    )
    .optional(),
  // Page navigation (Docusaurus): the label other pages' previous/next links show, the doc ids
  // (content-relative path without .md) they point to instead of the sidebar's neighbours (null hides the link),
  // the edit link (null hides it) and the last-updated date.
  pagination_label: z.string().min(1).max(MAX_TITLE_LENGTH, `at most ${MAX_TITLE_LENGTH} characters`).optional(),
  pagination_prev: z.string().min(1).nullable().optional(),
  pagination_next: z.string().min(1).nullable().optional(),
  custom_edit_url: hrefSchema.nullable().optional(),
  last_update: z
    .object({
      date: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'a date like 2025-10-13'), z.date()]).optional(),
      author: z.string().optional(),
    })
    .optional(),
});

/**
 * Validated front matter; `custom` holds every key docgen does not read (Docusaurus keys it accepts, and unknown
 * keys), as written, for the theme.
 */
export type FrontMatter = z.infer<typeof frontMatterSchema> & { custom?: Record<string, unknown> };

/** Docusaurus keys that docgen accepts and ignores, so existing content ports over unchanged. */
const IGNORED_KEYS = new Set(['sidebar_class_name', 'sidebar_custom_props', 'parse_number_prefixes', 'sidebar_key']);
const KNOWN_KEYS = Object.keys(frontMatterSchema.shape);

export interface ParsedFrontMatter {
  /** The known keys, validated, and every other key as written (kept for the theme: `custom`). */
  data: FrontMatter;
  /** Offset (0-based) in the file where the Markdown body starts. */
  bodyOffset: number;
  /** The front matter has no closing `---` and runs to the end of the file (read so, with a warning). */
  unclosed?: true;
  /**
   * Every problem found, in file order: invalid values (errors) and unknown keys (as `onUnknownFrontMatter` says).
   * `data` holds the valid keys only.
   */
  diagnostics: DocgenError[];
}

/**
 * Extracts and validates the front matter of a Markdown file, reporting every problem, not only the first.
 * @param source the whole file text
 * @param file absolute path (named in errors)
 * @param options.unknownKeys what an unknown key is (site.config.ts `onUnknownFrontMatter`; 'throw' by default)
 * @returns validated data (empty object when there is no front matter), where the body starts, the diagnostics
 * @throws DocgenError InvalidFrontMatter when the front matter cannot be read at all (unclosed and no YAML mapping
 *   to the end of the file, not YAML, not a
 *   mapping), with file:line:column of the offending YAML node
 */
export function parseFrontMatter(
  source: string,
  file: string,
  options: { unknownKeys?: Strictness } = {},
): ParsedFrontMatter {
  const unknownKeys = options.unknownKeys ?? 'throw';
  const closed = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(source);
  const unclosedAt = { code: 'InvalidFrontMatter', file, line: 1, column: 1, frame: codeFrame(source, 1, 1) } as const;
  // Unclosed: gray-matter (which Docusaurus and VitePress read front matter with) takes the rest of the file as the
  // front matter (gray-matter/index.js: `if (closeIndex === -1) closeIndex = len`). A file that is all front matter
  // (a VitePress `layout: home` page) is built that way with a warning; anything that is no YAML mapping stays an error.
  const unclosed = closed?.index === 0 ? undefined : /^---[ \t]*\r?\n/.exec(source);
  if (closed?.index !== 0 && !unclosed) return { data: {}, bodyOffset: 0, diagnostics: [] };
  const match = closed?.index === 0 ? closed : undefined;
  const yamlOffset = match ? match[0].indexOf('\n') + 1 : unclosed![0].length;
  const yamlText = match ? match[1]! : source.slice(yamlOffset);
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (!match) {
    if (doc.errors.length > 0 || !isMap(doc.contents))
      throw new DocgenError({
        ...unclosedAt,
        message: 'The front matter starts with `---` but is never closed. Add a `---` line after the last key.',
      });
  }
  const diagnostic = (message: string, offset: number, extra: { severity?: 'error' | 'warning' } = {}) => {
    const { line, column } = offsetToPosition(source, yamlOffset + offset);
    return new DocgenError({
      code: 'InvalidFrontMatter',
      message,
      file,
      line,
      column,
      frame: codeFrame(source, line, column),
      hint: extra.severity ? undefined : 'Front matter is YAML between two `---` lines at the top of the file.',
      severity: extra.severity,
    });
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    throw diagnostic(`Front matter is not valid YAML: ${error.message.split('\n')[0]}.`, error.pos[0]);
  }
  const value = yamlToJs(doc, { file, code: 'InvalidFrontMatter' }) ?? {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw diagnostic('Front matter must be a YAML mapping of keys to values.', 0);

  const diagnostics: DocgenError[] = [];
  if (!match)
    diagnostics.push(
      new DocgenError({
        ...unclosedAt,
        message:
          'The front matter starts with `---` but is never closed; the whole file was read as front matter (as ' +
          'Docusaurus and VitePress read it), so the page has no body. Add a `---` line after the last key.',
        severity: 'warning',
      }),
    );
  const custom: Record<string, unknown> = {};
  const known: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (KNOWN_KEYS.includes(key)) {
      known[key] = entry;
      continue;
    }
    custom[key] = entry;
    if (IGNORED_KEYS.has(key) || unknownKeys === 'ignore') continue;
    const guess = suggest(key, KNOWN_KEYS);
    const kept = unknownKeys === 'warn' ? ' It is kept for the theme (front matter `custom`).' : '';
    diagnostics.push(
      diagnostic(
        `Unknown front matter key '${key}'.${guess ? ` Did you mean '${guess}'?` : ''}${kept}`,
        keyOffset(doc, [key]),
        {
          severity: unknownKeys === 'throw' ? 'error' : 'warning',
        },
      ),
    );
  }
  // An empty title is valid in Docusaurus (plugin-content-docs/src/frontMatter.ts: `title: Joi.string().allow('')`,
  // used with `hide_title` on a landing page): the page is titled as if the key were absent (its first heading or
  // its file name), so the sidebar, search and <title> keep a name.
  if (known.title === '') delete known.title;
  const parsed = frontMatterSchema.safeParse(known);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const keyPath = issue.path.map(String).join('.');
      diagnostics.push(
        diagnostic(`Front matter key '${keyPath}' is invalid: ${issue.message}.`, keyOffset(doc, issue.path)),
      );
      delete known[String(issue.path[0])]; // the page keeps its valid keys, so one mistake does not cascade
    }
  }
  const data: FrontMatter = parsed.success ? parsed.data : (frontMatterSchema.safeParse(known).data ?? {});
  if (Object.keys(custom).length > 0) data.custom = custom;
  diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return match
    ? { data, bodyOffset: match[0].length, diagnostics }
    : { data, bodyOffset: source.length, diagnostics, unclosed: true };
}

/** Offset of the value (or key) node at a path inside the YAML document; 0 when not found. */
function keyOffset(doc: Document, path: readonly PropertyKey[]): number {
  let node: unknown = doc.contents;
  let offset = 0;
  for (const key of path) {
    if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) break;
    const items = (node as { items: unknown[] }).items;
    const next =
      typeof key === 'number' ? items[key] : items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
    if (!next) break;
    if (isPair(next)) {
      offset =
        (next.value as { range?: number[] } | null)?.range?.[0] ??
        (next.key as { range?: number[] }).range?.[0] ??
        offset;
      node = next.value;
    } else {
      offset = (next as { range?: number[] }).range?.[0] ?? offset;
      node = next;
    }
  }
  return offset;
}
