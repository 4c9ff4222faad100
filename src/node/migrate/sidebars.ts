/**
 * Docusaurus sidebars (sidebars.js/ts/json, Docusaurus docs: "Sidebar" > "Sidebar items" and shorthands) to docgen's
 * `sidebars` (src/node/config/schema.ts): doc ids get the content folder the docs were copied to (`intro` ->
 * `docs/intro`), shorthands become typed items, and what docgen has no item for (`html`) is reported.
 */
import type { SidebarItemConfig, UserConfig } from '../config/schema.js';
import type { DocEntry } from './docs-index.js';
import { MigrationReport } from './report.js';

type DocgenSidebars = NonNullable<UserConfig['sidebars']>;

/** What converting a sidebar needs to know. */
export interface SidebarContext {
  /** Content-relative folder the docs were copied to: 'docs', or '' when they are served from the site root. */
  docsDir: string;
  /** The docs by Docusaurus id; absent when doc ids are taken as they are (a build reports the ones naming no page). */
  docs?: Map<string, DocEntry>;
  /** Route of the docs' base path: '/docs' or ''. */
  routeBase: string;
  report: MigrationReport;
  /** The sidebars file (for report lines), root-relative. */
  file: string;
  /** Sidebar labels by id, from the navbar's docSidebar items. */
  labels: Map<string, string>;
  /**
   * The label of a sidebar no navbar item names, the root of its pages' breadcrumbs: Docusaurus' breadcrumbs start
   * at the home page, so the site's title (never the sidebar's internal id). The id when absent.
   */
  fallbackLabel?: string;
}

/**
 * Converts every sidebar of a Docusaurus sidebars module.
 * @param raw the module's export: `{ [sidebarId]: items | { [categoryLabel]: items } }`
 * @returns docgen sidebars; a sidebar whose first doc cannot be found gets the docs' base route as entry, one with
 *   neither a doc nor a link is left out (reported)
 */
export function convertSidebars(raw: unknown, ctx: SidebarContext): DocgenSidebars {
  const out: DocgenSidebars = {};
  for (const [id, value] of Object.entries(raw && typeof raw === 'object' ? raw : {})) {
    const items = convertItems(Array.isArray(value) ? value : shorthandCategories(value), ctx);
    if (items.length === 0) {
      ctx.report.add(ctx.file, `sidebar '${id}' has no item docgen can show; left out`, id);
      continue;
    }
    const entry = firstRoute(items, ctx);
    if (entry === undefined && !hasLink(items)) {
      // Its docs are not in the repository (markuplint's rules pages are generated before `docusaurus build`).
      ctx.report.add(
        ctx.file,
        `sidebar '${id}' has no doc in the docs folder (are its pages generated at build time?); left out`,
        id,
      );
      continue;
    }
    const safeId = /^[A-Za-z][A-Za-z0-9_-]*$/.test(id) ? id : `sidebar${Object.keys(out).length + 1}`;
    out[safeId] = { label: ctx.labels.get(id) ?? ctx.fallbackLabel ?? id, entry: entry ?? `${ctx.routeBase}/`, items };
  }
  return out;
}

/**
 * The items of every sidebar of a Docusaurus sidebars module as docgen items, doc ids taken as they are below
 * `docsDir` (a versioned sidebars file at build time: content/versions.ts). Items docgen has no equivalent for
 * (`html`) are left out.
 * @returns items by sidebar id, in the module's order
 */
export function fromDocusaurusSidebars(raw: unknown, docsDir: string): Record<string, SidebarItemConfig[]> {
  const ctx: SidebarContext = { docsDir, routeBase: '', report: new MigrationReport(''), file: '', labels: new Map() };
  return Object.fromEntries(
    Object.entries(raw && typeof raw === 'object' ? raw : {}).map(([id, value]) => [
      id,
      convertItems(Array.isArray(value) ? value : shorthandCategories(value), ctx),
    ]),
  );
}

/** `{ 'Label': items, ... }` (a sidebar or item given as an object of categories) -> category items. */
function shorthandCategories(value: unknown): unknown[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).map(([label, items]) => ({ type: 'category', label, items }));
}

function convertItems(items: unknown[], ctx: SidebarContext): SidebarItemConfig[] {
  return items.flatMap((item) => convertItem(item, ctx));
}

/** The docgen id of a Docusaurus doc id, or undefined (reported) when no page of the docs folder has it. */
function docId(id: string, ctx: SidebarContext): string | undefined {
  if (ctx.docs && !ctx.docs.has(id)) {
    ctx.report.add(
      ctx.file,
      `the sidebar names doc '${id}', which no page of the docs folder has as id (another docs plugin's?); left out`,
      `'${id}'`,
    );
    return undefined;
  }
  return ctx.docsDir ? `${ctx.docsDir}/${id}` : id;
}

function convertItem(item: unknown, ctx: SidebarContext): SidebarItemConfig[] {
  if (typeof item === 'string') {
    const id = docId(item, ctx);
    return id ? [{ type: 'doc', id }] : [];
  }
  if (!item || typeof item !== 'object') return [];
  const value = item as Record<string, unknown>;
  if (!('type' in value)) return convertItems(shorthandCategories(value), ctx);
  const label = typeof value.label === 'string' ? value.label : undefined;
  switch (value.type) {
    case 'doc':
    case 'ref': {
      const id = docId(String(value.id), ctx);
      return id ? [{ type: 'doc', id, ...(label ? { label } : {}) }] : [];
    }
    case 'link':
      return [{ type: 'link', label: label ?? String(value.href), href: String(value.href) }];
    case 'autogenerated': {
      const dir = String(value.dirName ?? '.').replace(/^\.\/?/, '');
      return [{ type: 'autogenerated', dirName: [ctx.docsDir, dir].filter(Boolean).join('/') || '.' }];
    }
    case 'category':
      return [convertCategory(value, ctx)];
    default:
      ctx.report.add(
        ctx.file,
        `sidebar item of type '${String(value.type)}' has no docgen equivalent and was left out`,
        `'${String(value.type)}'`,
      );
      return [];
  }
}

function convertCategory(value: Record<string, unknown>, ctx: SidebarContext): SidebarItemConfig {
  const items = Array.isArray(value.items) ? value.items : shorthandCategories(value.items);
  const category: Extract<SidebarItemConfig, { type: 'category' }> = {
    type: 'category',
    label: String(value.label),
    items: convertItems(items, ctx),
  };
  const link = value.link as Record<string, unknown> | undefined;
  const linkId = link?.type === 'doc' ? docId(String(link.id), ctx) : undefined;
  if (linkId) category.link = { type: 'doc', id: linkId };
  else if (link?.type === 'generated-index') {
    const { title, description, slug } = link;
    category.link = {
      type: 'generated-index',
      ...(typeof title === 'string' ? { title } : {}),
      ...(typeof description === 'string' ? { description } : {}),
      ...(typeof slug === 'string' ? { slug } : {}),
    };
  }
  if (typeof value.collapsed === 'boolean') category.collapsed = value.collapsed;
  if (typeof value.collapsible === 'boolean') category.collapsible = value.collapsible;
  return category;
}

/** The route of a sidebar's first doc, depth first (a category's doc link counts before its items). */
function firstRoute(items: SidebarItemConfig[], ctx: SidebarContext): string | undefined {
  for (const item of items) {
    const id =
      item.type === 'doc'
        ? item.id
        : item.type === 'category' && typeof item.link === 'object' && item.link.type === 'doc'
          ? item.link.id
          : undefined;
    const doc = id ? ctx.docs?.get(ctx.docsDir ? id.slice(ctx.docsDir.length + 1) : id) : undefined;
    if (doc) return `${ctx.routeBase}${doc.slug}`;
    if (item.type === 'autogenerated') {
      const dir = item.dirName.slice(ctx.docsDir.length).replace(/^\//, '').replace(/^\.$/, '');
      const first = [...(ctx.docs?.values() ?? [])].find((entry) => entry.source.startsWith(dir ? `${dir}/` : ''));
      if (first) return `${ctx.routeBase}${first.slug}`;
    }
    if (item.type === 'category') {
      const nested = firstRoute(item.items, ctx);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** True when some item (at any depth) is a link or a doc: a sidebar of empty autogenerated categories has none. */
function hasLink(items: SidebarItemConfig[]): boolean {
  return items.some(
    (item) =>
      item.type === 'link' ||
      item.type === 'doc' ||
      (item.type === 'category' && (item.link !== undefined || hasLink(item.items))),
  );
}
