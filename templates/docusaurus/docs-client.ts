/**
 * `@docusaurus/plugin-content-docs/client` (and Docusaurus 2's `@theme/hooks/useDocs`) for a migrated site's own
 * components: the docs plugin's global data hooks (`@docusaurus/plugin-content-docs/src/client/index.ts`) over the
 * versions docgen builds (site.ts, the same at build time and in the browser, so a versions page hydrates as
 * rendered). A version's `docs` holds its main doc only (the first doc of its sidebar, whose id is its path below the
 * version's route); a component asking for the active version or doc gets none, as on a page outside the docs.
 */
import { docusaurusSite, type DocusaurusSiteVersion } from './site.js';

/** Docusaurus' `GlobalDoc`. */
export interface GlobalDoc {
  id: string;
  path: string;
  sidebar?: string;
}

/** Docusaurus' `GlobalVersion`. */
export interface GlobalVersion {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: GlobalDoc[];
  draftIds: string[];
  sidebars: Record<string, { link?: { label: string; path: string } }>;
}

let cached: { from: DocusaurusSiteVersion[]; versions: GlobalVersion[] } | null = null;

/** The versions as Docusaurus' global data lists them, one object per version for as long as the site is the same. */
function globalVersions(): GlobalVersion[] {
  const from = docusaurusSite.versions;
  if (cached?.from !== from) {
    const versions = from.map((version): GlobalVersion => {
      const below = version.href.startsWith(`${version.path.replace(/\/$/, '')}/`)
        ? version.href.slice(version.path.replace(/\/$/, '').length + 1)
        : '';
      const mainDocId = below.replace(/\/$/, '') || 'index';
      return {
        name: version.name,
        label: version.label,
        isLast: version.last,
        path: version.path,
        mainDocId,
        docs: [{ id: mainDocId, path: version.href }],
        draftIds: [],
        sidebars: {},
      };
    });
    cached = { from, versions };
  }
  return cached.versions;
}

/** `useVersions(pluginId)`: every version, current first. */
export function useVersions(_pluginId?: string): GlobalVersion[] {
  return globalVersions();
}

/** `useLatestVersion(pluginId)`: the last version (Docusaurus `lastVersion`), or the only one. */
export function useLatestVersion(_pluginId?: string): GlobalVersion | undefined {
  const versions = globalVersions();
  return versions.find((version) => version.isLast) ?? versions[0];
}

/** `useActiveVersion(pluginId)`: the version of the page shown; none (as outside the docs). */
export function useActiveVersion(_pluginId?: string): GlobalVersion | undefined {
  return undefined;
}

/** `useActiveDocContext(pluginId)`. */
export function useActiveDocContext(_pluginId?: string) {
  return { activeVersion: undefined, activeDoc: undefined, alternateDocVersions: {} };
}

/** `useDocVersionSuggestions(pluginId)`: the latest version, no doc of it. */
export function useDocVersionSuggestions(_pluginId?: string) {
  return { latestDocSuggestion: undefined, latestVersionSuggestion: useLatestVersion() };
}

/** `useDocsData(pluginId)`: the docs plugin's global data. */
export function useDocsData(_pluginId?: string) {
  const versions = globalVersions();
  return { path: versions.find((version) => version.isLast)?.path ?? '/', versions, breadcrumbs: true };
}

/** `useAllDocsData()`: the global data of every docs plugin (docgen has one, 'default'). */
export function useAllDocsData() {
  return { default: useDocsData() };
}

/** `useActivePlugin()` / `useActivePluginAndVersion()`: none (as outside the docs). */
export function useActivePlugin() {
  return undefined;
}
export function useActivePluginAndVersion() {
  return undefined;
}

/** `useDocsVersion()`: the doc page's version metadata; empty outside a doc page's layout. */
export function useDocsVersion() {
  return {};
}

/**
 * `useCurrentSidebarCategory()` feeds `<DocCardList items={…} />`; docgen's DocCardList lists the page's own category
 * whatever it is given (content/site.ts categoryCards), so an empty category stands in.
 */
export function useCurrentSidebarCategory() {
  return { type: 'category', label: '', items: [] };
}

/** `useDocsPreferredVersion(pluginId)`: no preferred version remembered. */
export function useDocsPreferredVersion(_pluginId?: string) {
  return { preferredVersion: null, savePreferredVersionName(_name: string) {} };
}
