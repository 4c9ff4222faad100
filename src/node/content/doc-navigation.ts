/**
 * Page navigation of doc pages: breadcrumbs from the sidebar, previous/next in sidebar order,
 * the edit link and the last-updated date, with Docusaurus' front matter overrides (`pagination_label`,
 * `pagination_prev`, `pagination_next`, `custom_edit_url`, `last_update`). Built once per site model on the main
 * thread; each page's data carries its own part (PageData.nav).
 */
import { docIdOf } from './routes.js';
import path from 'node:path';
import type { DocNavigation, PageLink, Sidebar, SidebarItem } from '../../shared/types.js';
import { DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import type { SourcePage } from './collect.js';
import type { GitDates } from './git-dates.js';

/** A page of the site as this module needs it. */
interface NavPage {
  route: string;
  /** The page's title (sidebars.ts titleOf). */
  title: string;
  sidebar: string | null;
  page: SourcePage;
}

/**
 * Builds the navigation of every doc page.
 * @param options.pages the Markdown routes (home pages included: they get no navigation)
 * @param options.href turns a route path into an href (adds the base URL)
 * @param options.editUrl config `editUrl`; @param options.root the site root (edit paths are relative to it)
 * @param options.dates git dates by content-relative path, or null when `showLastUpdateTime` is off
 * @returns navigation by route path, and a DeadLink error for each `pagination_prev`/`pagination_next` naming no page
 */
export function createDocNavigation(options: {
  pages: NavPage[];
  sidebars: Record<string, Sidebar>;
  href: (route: string) => string;
  editUrl: string | undefined;
  root: string;
  contentPath: string;
  dates: GitDates | null;
}): { navigation: Map<string, DocNavigation>; errors: DocgenError[] } {
  const { pages, href } = options;
  const byHref = new Map(pages.map((p) => [href(p.route), p]));
  // A page by its path without extension, or by its Docusaurus doc id (number prefixes dropped, front matter `id`).
  const byId = new Map(
    pages.flatMap((p) => [
      [docIdOf(p.page.relPath, p.page.frontMatter.id), p] as const,
      [p.page.relPath.replace(/\.mdx?$/, ''), p] as const,
    ]),
  );
  const orders = new Map(Object.values(options.sidebars).map((sidebar) => [sidebar.id, linksInOrder(sidebar.items)]));
  const labelOf = (target: PageLink): PageLink => ({
    href: target.href,
    label: byHref.get(target.href)?.page.frontMatter.pagination_label ?? target.label,
  });
  const errors: DocgenError[] = [];
  const navigation = new Map<string, DocNavigation>();
  for (const p of pages) {
    if (p.page.frontMatter.layout === 'home') continue;
    const fm = p.page.frontMatter;
    const own = href(p.route);
    const order = p.sidebar ? (orders.get(p.sidebar) ?? []) : [];
    const at = order.findIndex((link) => link.href === own);
    const neighbour = (key: 'pagination_prev' | 'pagination_next', step: number): PageLink | null => {
      const value = fm[key];
      if (value === null) return null;
      if (value === undefined) return at === -1 || !order[at + step] ? null : labelOf(order[at + step]!);
      const id = value.replace(/^\/+|\.mdx?$/g, '');
      const target = byId.get(id) ?? byId.get(`docs/${id}`); // Docusaurus ids are relative to the docs folder
      if (!target) {
        const guess = suggest(value, byId.keys());
        errors.push(
          new DocgenError({
            code: 'DeadLink',
            message: `Front matter ${key}: '${value}' names no page (a doc id is the path below the content folder without .md).${guess ? ` Did you mean '${guess}'?` : ''}`,
            file: p.page.file,
          }),
        );
        return null;
      }
      return {
        href: href(target.route),
        label:
          target.page.frontMatter.pagination_label ??
          titleIn(order, href(target.route)) ??
          target.page.frontMatter.sidebar_label ??
          target.title,
      };
    };
    const sidebar = p.sidebar ? options.sidebars[p.sidebar] : undefined;
    navigation.set(p.route, {
      breadcrumbs: sidebar ? breadcrumbsOf(sidebar, own) : [],
      prev: neighbour('pagination_prev', -1),
      next: neighbour('pagination_next', 1),
      editUrl: editUrlOf(p.page, options),
      lastUpdated: lastUpdatedOf(p.page, options.dates, options.contentPath),
      ...(p.page.frontMatter.unlisted === true ? { unlisted: true as const } : {}),
    });
  }
  return { navigation, errors };
}

/** Every internal page link of a sidebar in reading order: a category's own page comes before its items (Docusaurus). */
function linksInOrder(items: SidebarItem[], out: PageLink[] = []): PageLink[] {
  for (const item of items) {
    if (item.href?.startsWith('/')) out.push({ href: item.href, label: item.label });
    if (item.type === 'category') linksInOrder(item.items, out);
  }
  return out;
}

function titleIn(order: PageLink[], href: string): string | undefined {
  return order.find((link) => link.href === href)?.label;
}

/** The sidebar (linking to its entry), the categories down to the page, and the page (no link); [] when absent. */
function breadcrumbsOf(sidebar: Sidebar, href: string): DocNavigation['breadcrumbs'] {
  const trail = trailTo(sidebar.items, href);
  if (!trail) return [];
  return [{ label: sidebar.label, href: sidebar.entry === href ? null : sidebar.entry }, ...trail];
}

function trailTo(items: SidebarItem[], href: string): DocNavigation['breadcrumbs'] | null {
  for (const item of items) {
    if (item.href === href) return [{ label: item.label, href: null }];
    if (item.type === 'category') {
      const below = trailTo(item.items, href);
      if (below) return [{ label: item.label, href: item.href }, ...below];
    }
  }
  return null;
}

function editUrlOf(
  page: SourcePage,
  options: { editUrl: string | undefined; root: string; contentPath: string },
): string | null {
  const custom = page.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom;
  if (!options.editUrl) return null;
  const file = path.relative(options.root, page.file).split(path.sep).join('/'); // a docs version's page is not at relPath
  return options.editUrl.replace(/\/?$/, '/') + file.split('/').map(encodeURIComponent).join('/');
}

function lastUpdatedOf(page: SourcePage, dates: GitDates | null, contentPath: string): string | null {
  if (!dates) return null; // showLastUpdateTime off: front matter dates are not shown either (Docusaurus)
  const date = page.frontMatter.last_update?.date;
  if (date instanceof Date) return date.toISOString().slice(0, 10);
  if (typeof date === 'string') return date.slice(0, 10);
  // A docs version's page: git knows it by its file (versions outside the content folder have no date from it).
  return (
    dates?.get(page.siteRoot ? path.relative(contentPath, page.file).split(path.sep).join('/') : page.relPath) ?? null
  );
}
