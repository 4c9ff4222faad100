/**
 * The theme's parts that depend on the site rather than the route, loaded before anything is rendered
 * (ThemeModule.prepare, src/shared/theme.ts): those of a multi-version or multi-locale site (site-extras-parts.tsx).
 * The server awaits prepare before rendering a page and the browser before hydrating, so both render the same
 * markup.
 */
import type { SiteData } from '../../src/shared/types.js';

type SiteExtras = typeof import('./site-extras-parts.js');

let loaded: SiteExtras | null = null;

/** Whether a site has such parts: it has docs versions or more than one locale. */
function hasExtras(site: Pick<SiteData, 'versions' | 'i18n'>): boolean {
  return site.versions !== undefined || site.i18n !== undefined;
}

/**
 * Loads the chunks this site's pages render on every route (ThemeModule.prepare); nothing on a site with one
 * version and one locale.
 * @returns once they are loaded
 * @throws (rejects) when a chunk fails to load (the browser then keeps the server's HTML, as for a page chunk)
 */
export async function prepareSite(site: Pick<SiteData, 'versions' | 'i18n'>): Promise<void> {
  if (hasExtras(site) && !loaded) loaded = await import('./site-extras-parts.js');
}

/**
 * The parts of a multi-version or multi-locale site, or null on a site with one version and one locale.
 * @throws Error when the site has them but prepareSite has not loaded them (an engine or theme bug)
 */
export function siteExtras(site: Pick<SiteData, 'versions' | 'i18n'>): SiteExtras | null {
  if (!hasExtras(site)) return null;
  if (!loaded) throw new Error('docgen bug: site parts used before theme.prepare');
  return loaded;
}
