/**
 * Sets the site the Docusaurus shims read (site.ts) from the browser's site shell, before hydration
 * (templates/components/site-extras.ts prepareSite loads this chunk only on a site whose pages run components).
 * Its default export keeps the first-load chunk's call short.
 */
import { type DocusaurusSiteVersion, setDocusaurusSite } from './site.js';

/** The site shell's fields the hooks read (src/shared/types.ts SiteData; `customFields` only on such a site). */
export interface DocusaurusShellSite {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields?: Record<string, unknown>;
  versions?: { items: DocusaurusSiteVersion[] };
}

export default function setDocusaurusSiteFromShell(site: DocusaurusShellSite): void {
  const { title, tagline, url, baseUrl, customFields = {} } = site;
  setDocusaurusSite({ title, tagline, url, baseUrl, customFields, versions: site.versions?.items ?? [] });
}
