/**
 * The types of one locale's build, apart from the code that makes them (locale-config.ts) so that the
 * resolved config (config/resolve.ts) can name them without an import cycle.
 */
import type { LocaleLink, Sidebar, SiteLocales } from '../../shared/types.js';

/** One locale of the site with Docusaurus' `localeConfigs` resolved. */
export interface LocaleSettings extends LocaleLink {
  /** The URL segment of a locale other than the default ('' for the default locale, served at the base). */
  path: string;
  direction: 'ltr' | 'rtl';
  isDefault: boolean;
}

/** What the build of one locale of a multi-locale site knows beyond a one-locale build (ResolvedConfig.locale). */
export interface LocaleBuild {
  settings: LocaleSettings;
  /** The site's own content folder (the locale's overlay replaces contentPath): edit links point into it. */
  sourceContentPath: string;
  /**
   * Paths of the pages that have no translation (the default locale's text is shown): content-relative, and
   * `versioned_docs/version-<name>/<path>` for a versioned doc.
   */
  untranslated: ReadonlySet<string>;
  /**
   * On a versioned site, the folder holding this locale's `versioned_docs/`: each version's docs with the locale's
   * `i18n/<locale>/docusaurus-plugin-content-docs/version-<name>/` laid over them (i18n/overlay.ts).
   */
  versionsRoot?: string;
  /** SiteData.i18n of this locale. */
  site: SiteLocales;
  /** The resolved sidebars with the locale's labels (current.json, version-<name>.json; content/site.ts). */
  labelSidebars(sidebars: Record<string, Sidebar>): Record<string, Sidebar>;
  /** A version's label in this locale (`version.label` of its translation file), else `label` (i18n/translations.ts). */
  labelVersion(name: string, label: string): string;
  /** The other locales' colour-mode scripts: the CSP of the one `_headers` file allows them all. */
  inlineScripts: string[];
  /** SHA-256 over what this locale's output depends on beyond the content folder (build fingerprint). */
  key: string;
}
