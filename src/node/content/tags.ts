/**
 * Doc tags (Docusaurus docs plugin, front matter `tags`): each tag gets a page listing the docs that carry it, at
 * `/<docs folder>/tags/<tag>` (a `permalink` of its own when the front matter gives one), and each docs folder a page
 * of all its tags at `/<docs folder>/tags`; a tagged doc ends with links to its tags (render/compile-route.ts).
 * The pages are generated indexes (sidebars.ts GeneratedIndex), compiled like any page; their titles come from the
 * site's catalogue (`tags.*`).
 */
import { translate, type Messages } from '../../shared/messages.js';
import type { PageLink } from '../../shared/types.js';
import type { FrontMatter } from './front-matter.js';
import { slugOf, type GeneratedIndex, type SidebarPage } from './sidebars.js';

/** A doc's tag as its front matter gives it: a label, or a label with its own permalink and description. */
type FrontMatterTag = NonNullable<FrontMatter['tags']>[number];

interface Tag {
  label: string;
  route: string;
  description: string;
  docs: { label: string; route: string }[];
}

/**
 * The tags of a site's docs.
 * @param pages the site's pages with their routes and titles
 * @param docsRoots content-relative docs folders (config `docsRoots`, and docs versions' mounts): a doc's tags live
 *   under the longest one that holds it, at the site root for a page in none
 * @param messages the site's labels (`tags.page`, `tags.all`, `tags.viewAll`)
 * @returns each tagged doc's tag links (label, href), by route; the tag pages and the tags index pages to add
 */
export function collectTags(options: {
  pages: readonly SidebarPage[];
  docsRoots: readonly string[];
  messages: Messages;
  href: (route: string) => string;
}): {
  tagsOf: Map<string, PageLink[]>;
  indexes: GeneratedIndex[];
} {
  const byBase = new Map<string, Map<string, Tag>>();
  const tagsOf = new Map<string, PageLink[]>();
  const roots = [...options.docsRoots].sort((a, b) => b.length - a.length); // the longest that holds a page wins
  for (const { page, route, title } of options.pages) {
    const tags = page.frontMatter.tags;
    if (!tags || tags.length === 0) continue;
    const root = roots.find((r) => page.relPath.startsWith(`${r}/`)) ?? '';
    const base = `${root ? `/${root}` : ''}/tags`;
    let byRoute = byBase.get(base);
    if (!byRoute) byBase.set(base, (byRoute = new Map()));
    const links: PageLink[] = [];
    for (const tag of tags.map(normalizeTag)) {
      const tagRoute = `${base}/${tag.permalink ?? slugOf(tag.label)}`.replace(/\/{2,}/g, '/');
      let entry = byRoute.get(tagRoute);
      if (!entry)
        byRoute.set(
          tagRoute,
          (entry = { label: tag.label, route: tagRoute, description: tag.description ?? '', docs: [] }),
        );
      if (!entry.docs.some((doc) => doc.route === route))
        entry.docs.push({ label: page.frontMatter.sidebar_label ?? title, route });
      links.push({ label: tag.label, href: options.href(tagRoute) });
    }
    tagsOf.set(route, links);
  }
  const indexes: GeneratedIndex[] = [];
  for (const [base, byRoute] of byBase) {
    const tags = [...byRoute.values()].sort((a, b) => a.label.localeCompare(b.label));
    const all = { label: translate(options.messages, 'tags.viewAll'), route: base };
    for (const tag of tags) {
      const docs = [...tag.docs].sort((a, b) => a.label.localeCompare(b.label));
      indexes.push({
        route: tag.route,
        title: translate(options.messages, 'tags.page', { tag: tag.label, count: docs.length }),
        description: tag.description,
        links: docs,
        footer: all,
      });
    }
    indexes.push({
      route: base,
      title: translate(options.messages, 'tags.all'),
      description: '',
      links: tags.map((tag) => ({ label: `${tag.label} (${tag.docs.length})`, route: tag.route })),
    });
  }
  return { tagsOf, indexes };
}

/** A front matter tag as a label with an optional permalink (without slashes around it) and description. */
function normalizeTag(tag: FrontMatterTag): { label: string; permalink?: string; description?: string } {
  if (typeof tag === 'string') return { label: tag };
  return {
    label: tag.label,
    ...(tag.permalink ? { permalink: tag.permalink.replace(/^\/+|\/+$/g, '') } : {}),
    ...(tag.description ? { description: tag.description } : {}),
  };
}
