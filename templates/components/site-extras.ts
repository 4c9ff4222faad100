/**
 * The theme's parts that depend on the site rather than the route, loaded before anything is rendered
 * (ThemeModule.prepare, src/shared/theme.ts): those of a multi-version or multi-locale site, a navbar dropdown,
 * the announcement bar and footer links (site-extras-parts.tsx), and on a site whose pages run components of their own, the site
 * their Docusaurus hooks read (templates/docusaurus/site.ts).
 * The server awaits prepare before rendering a page and the browser before hydrating, so both render the same
 * markup.
 */
import type { SiteData } from '../../src/shared/types.js';
import type { DocusaurusShellSite } from '../docusaurus/shell.js';

type SiteExtras = typeof import('./site-extras-parts.js');

let loaded: SiteExtras | null = null;

/** The site fields that decide whether it has such parts. */
type ExtrasSite = Pick<SiteData, 'versions' | 'i18n'> & {
  navbar?: Pick<SiteData['navbar'], 'items'>;
  announcementBar?: SiteData['announcementBar'];
  footer?: Pick<SiteData['footer'], 'links'>;
};

/**
 * Whether a site has such parts: docs versions, more than one locale, a navbar dropdown, an announcement bar or
 * footer links.
 */
function hasExtras(site: ExtrasSite): boolean {
  return (
    site.versions !== undefined ||
    site.i18n !== undefined ||
    (site.announcementBar ?? null) !== null ||
    !!site.footer?.links ||
    site.navbar?.items.some((item) => item.type === 'dropdown') === true
  );
}

/**
 * Loads the chunks this site's pages render on every route (ThemeModule.prepare); nothing on a site with one
 * version and one locale. On a site whose pages run components of their own (SiteData.customFields present), also
 * sets the site their `useBaseUrl` and `useDocusaurusContext` read, so that an island or a component rendered on
 * navigation sees in the browser the base URL, title and `customFields` it saw at build time.
 * @returns once they are loaded
 * @throws (rejects) when a chunk fails to load (the browser then keeps the server's HTML, as for a page chunk)
 */
export async function prepareSite(site: ExtrasSite & DocusaurusShellSite): Promise<void> {
  if (site.customFields) (await import('../docusaurus/shell.js')).default(site);
  if (hasExtras(site)) loaded ??= await import('./site-extras-parts.js');
}

/**
 * The parts of a multi-version or multi-locale site, or null on a site with one version and one locale.
 * @throws Error when the site has them but prepareSite has not loaded them (an engine or theme bug)
 */
export function siteExtras(site: ExtrasSite): SiteExtras | null {
  if (!hasExtras(site)) return null;
  if (!loaded) throw new Error('docgen bug: siteExtras before prepare');
  return loaded;
}
