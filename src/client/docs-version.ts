/**
 * Docs-version persistence (spec §3.1, §4): with `docsVersionPersistence: 'localStorage'`, a visit to a doc page
 * remembers the docs version the reader uses under Docusaurus' key: the doc's version name on a versioned site,
 * 'current' on a site with one version (labelled Next, spec §2).
 */
import type { PageData, SiteData } from '../shared/types.js';

export const DOCS_VERSION_KEY = 'docs-preferred-version-default';

/** Stores the version on doc pages; storage errors degrade silently with a console warning (spec §8). */
export function rememberDocsVersion(site: SiteData, page: PageData): void {
  if (site.docsVersionPersistence !== 'localStorage' || page.kind !== 'doc') return;
  try {
    window.localStorage.setItem(DOCS_VERSION_KEY, page.nav?.version?.name ?? 'current');
  } catch {
    console.warn('[docgen] localStorage is unavailable: the docs version will not be remembered.');
  }
}

/**
 * The docs version the reader last used (Docusaurus' preferred version), or null: nothing stored, persistence off,
 * or storage unavailable (then silently null; rememberDocsVersion has warned).
 */
export function preferredDocsVersion(site: SiteData): string | null {
  if (site.docsVersionPersistence !== 'localStorage') return null;
  try {
    return window.localStorage.getItem(DOCS_VERSION_KEY);
  } catch {
    return null;
  }
}
