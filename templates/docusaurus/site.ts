/**
 * What Docusaurus' hooks read about the site (`useBaseUrl`, `useDocusaurusContext`, the docs plugin's `useVersions`),
 * for a migrated site's own components rendered by docgen's Docusaurus shims (src/node/bundle/docusaurus-shims.ts).
 * docgen sets it before it renders them at build time (src/node/markdown/site-components.ts) and, in the browser,
 * from the site shell before hydration (shell.ts); elsewhere it keeps these defaults.
 */

/** A docs version as docgen knows it (src/shared/types.ts DocsVersion): its route and first doc's href with base. */
export interface DocusaurusSiteVersion {
  name: string;
  label: string;
  last: boolean;
  path: string;
  href: string;
}

/** The fields of Docusaurus' `siteConfig` docgen knows (docusaurus.config's `title`, `tagline`, `url`, `baseUrl`). */
export interface DocusaurusSite {
  siteConfig: { title: string; tagline: string; url: string; baseUrl: string; customFields: Record<string, unknown> };
  /** The docs versions, current first (versions.json order after it); [] on a site with one version. */
  versions: DocusaurusSiteVersion[];
}

export const docusaurusSite: DocusaurusSite = {
  siteConfig: { title: '', tagline: '', url: '', baseUrl: '/', customFields: {} },
  versions: [],
};

/** Replaces the site the hooks read (build time, once per rendered module). */
export function setDocusaurusSite(
  site: Partial<DocusaurusSite['siteConfig']> & { versions?: DocusaurusSiteVersion[] },
): void {
  const { versions, ...siteConfig } = site;
  Object.assign(docusaurusSite.siteConfig, siteConfig);
  if (versions) docusaurusSite.versions = versions;
}

/**
 * Docusaurus' `useBaseUrl` (`@docusaurus/core/lib/client/exports/useBaseUrl.js`): a site-absolute path gets the
 * base URL; a full URL, `#anchor` or an already prefixed path stays as written.
 * @param url a path or URL
 * @param options.forcePrependBaseUrl prefix even a path that already starts with the base URL
 * @param options.absolute prefix the site's `url` too
 */
export function withBaseUrl(url: string, options: { forcePrependBaseUrl?: boolean; absolute?: boolean } = {}): string {
  const { baseUrl, url: siteUrl } = docusaurusSite.siteConfig;
  if (!url || url.startsWith('#') || /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return url;
  if (options.forcePrependBaseUrl) return baseUrl + url.replace(/^\//, '');
  if (url.startsWith(baseUrl)) return url;
  const path = baseUrl + url.replace(/^\//, '');
  return options.absolute ? siteUrl.replace(/\/$/, '') + path : path;
}
