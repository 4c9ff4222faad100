/**
 * The locales of a site (Docusaurus `i18n`): which ones exist, where each is served, and the
 * configuration one locale's pass runs with. A multi-locale build is one run (i18n/build-locales.ts): the build's
 * stages run once per locale with the ResolvedConfig made here, whose `locale` field carries what only a locale's
 * pass needs (untranslated pages, the other locales' links).
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SiteLocales } from '../../shared/types.js';
import { themeInitScript } from '../../shared/color-mode.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { resolveMessages } from '../config/messages.js';
import { DocgenError } from '../diagnostics/error.js';
import { runtimeFile } from '../bundle/runtime-files.js';
import { cacheRoot, docgenRoot } from '../paths.js';
import { outputKey } from '../cache/build-fingerprint.js';
import type { LocaleSettings } from './locale-build.js';
import { loadTranslations, type LocaleTranslations } from './translations.js';
import { syncOverlay, type Overlay } from './overlay.js';

/** Languages written right to left (Unicode CLDR), when `localeConfigs.direction` is not set. */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

/**
 * The site's locales, the default first, with Docusaurus' defaults: `label` the language's own name
 * (Intl.DisplayNames), `htmlLang` the locale, `direction` from the language, `path` the locale.
 * @throws DocgenError ConfigInvalid when `i18n.defaultLocale` is not in `i18n.locales`, or two locales share a path
 */
export function resolveLocales(config: ResolvedConfig): LocaleSettings[] {
  const { defaultLocale, locales, localeConfigs } = config.i18n;
  if (!locales.includes(defaultLocale)) {
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: `site.config.ts: i18n.defaultLocale '${defaultLocale}' is not one of i18n.locales (${locales.join(', ')}). Add it to the list.`,
      file: config.configFile,
    });
  }
  const ordered = [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)];
  const seen = new Map<string, string>();
  return ordered.map((locale) => {
    const options = localeConfigs[locale] ?? {};
    const isDefault = locale === defaultLocale;
    const segment = isDefault ? '' : (options.path ?? locale);
    if (!isDefault && seen.has(segment)) {
      throw new DocgenError({
        code: 'ConfigInvalid',
        message: `site.config.ts: locales '${seen.get(segment)}' and '${locale}' are both served at /${segment}/. Give one another i18n.localeConfigs.${locale}.path.`,
        file: config.configFile,
      });
    }
    seen.set(segment, locale);
    const htmlLang = options.htmlLang ?? locale;
    return {
      locale,
      label: options.label ?? ownName(locale),
      htmlLang,
      direction: options.direction ?? (RTL.has(htmlLang.toLowerCase().split('-')[0]!) ? 'rtl' : 'ltr'),
      path: segment,
      baseUrl: isDefault ? config.baseUrl : `${config.baseUrl}${encodeURIComponent(segment)}/`,
      isDefault,
    };
  });
}

/** A language's name in itself (`ja` -> 日本語, `en` -> English), or the tag when ICU does not know it. */
function ownName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

/**
 * The configuration one locale's pass runs with: served at the locale's base URL, reading the locale's overlay
 * folder, labelled with the locale's catalogue, `i18n.messages` and code.json, its
 * sidebars and navbar labelled from current.json and navbar.json.
 * @param options.locales every locale (resolveLocales); @param options.overlay the locale's content folder
 *   (i18n/overlay.ts); @param options.outPath the folder naming the locale's build record and input hashes
 *   (cache/build-fingerprint.ts; the locale's pages are written into the run's one staging folder)
 */
export function localeConfig(options: {
  config: ResolvedConfig;
  settings: LocaleSettings;
  locales: LocaleSettings[];
  translations: LocaleTranslations;
  overlay: { contentPath: string; untranslated: ReadonlySet<string>; versionsRoot?: string };
  outPath: string;
}): ResolvedConfig {
  const { config, settings, locales, translations, overlay } = options;
  const i18n = { ...config.i18n, defaultLocale: settings.locale };
  const dropdown = config.themeConfig.navbar.items.find((item) => item.type === 'localeDropdown');
  const site: SiteLocales = {
    current: settings.locale,
    direction: settings.direction,
    locales: locales.map(({ locale, label, htmlLang, baseUrl, direction }) => ({
      locale,
      label,
      htmlLang,
      baseUrl,
      direction,
    })),
    dropdown: dropdown ? dropdown.position : null,
  };
  const inlineScripts = locales
    .filter((other) => other.locale !== settings.locale)
    .map((other) => themeInitScript({ ...config.themeConfig.colorMode, baseUrl: other.baseUrl }));
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        site,
        inlineScripts,
        untranslated: [...overlay.untranslated].sort(),
        translations: translations.key,
      }),
    )
    .digest('hex');
  return {
    ...config,
    i18n,
    baseUrl: settings.baseUrl,
    contentPath: overlay.contentPath,
    // The locale's copy of the versioned docs sits in docgen's cache, beside its content: its partials and raw
    // imports are the project's own files (read-policy.ts).
    ...(overlay.versionsRoot ? { allowedReadPaths: [...config.allowedReadPaths, overlay.versionsRoot] } : {}),
    outPath: options.outPath,
    messages: { ...resolveMessages(i18n), ...translations.messages },
    // The dropdown's, the notice's and right-to-left styles, first so that the site's own stylesheets win.
    theme: {
      ...config.theme,
      css: [path.join(docgenRoot(), runtimeFile('templates/styles/locales.css')), ...config.theme.css],
    },
    themeConfig: {
      ...config.themeConfig,
      navbar: translations.navbar(config.themeConfig.navbar),
      footer: translations.footer(config.themeConfig.footer),
    },
    locale: {
      settings,
      sourceContentPath: config.contentPath,
      untranslated: overlay.untranslated,
      ...(overlay.versionsRoot ? { versionsRoot: overlay.versionsRoot } : {}),
      site,
      inlineScripts,
      labelSidebars: translations.labelSidebars,
      labelVersion: translations.labelVersion,
      key,
    },
  };
}

/**
 * Where one locale's content overlay is kept between builds, and the folder naming its build record (input hashes,
 * imported files; cache/build-fingerprint.ts).
 * @returns absolute folders under docgen's cache, keyed by the output folder
 */
export function localeFolders(outPath: string, locale: string): { content: string; site: string } {
  const home = path.join(localesHome(), outputKey(outPath), encodeURIComponent(locale));
  return { content: path.join(home, 'content'), site: path.join(home, 'site') };
}

/**
 * The folder of the locales' overlays: in docgen's cache, or, when that cannot be written (a read-only install), in
 * the OS temp folder. Unlike the caches, a multi-locale build needs it.
 */
export function localesHome(): string {
  const primary = path.join(cacheRoot(), 'locales');
  try {
    mkdirSync(primary, { recursive: true });
    accessSync(primary, constants.W_OK);
    return primary;
  } catch {
    const fallback = path.join(
      os.tmpdir(),
      `docgen-locales-${typeof process.getuid === 'function' ? process.getuid() : 'user'}`,
    );
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

/**
 * One locale's content and configuration, as `docgen build` and `docgen dev` run it: the default locale reads the
 * content folder itself (Docusaurus reads no i18n/ folder for it but its labels), another locale its overlay folder
 * (i18n/overlay.ts syncOverlay), labelled with its translations (i18n/translations.ts).
 * @param options.outPath as localeConfig's
 */
export function localeSite(options: {
  config: ResolvedConfig;
  settings: LocaleSettings;
  locales: LocaleSettings[];
  outPath: string;
}): { overlay: Overlay; config: ResolvedConfig } {
  const { config, settings } = options;
  const translations = loadTranslations(
    config.root,
    settings.locale,
    resolveMessages({ ...config.i18n, defaultLocale: settings.locale }),
  );
  const overlay: Overlay = settings.isDefault
    ? {
        contentPath: config.contentPath,
        untranslated: new Set(),
        translated: 0,
        orphans: [],
        copied: 0,
        sourceOf: (file) => file,
      }
    : syncOverlay({ config, locale: settings.locale, target: localeFolders(config.outPath, settings.locale).content });
  return { overlay, config: localeConfig({ ...options, translations, overlay }) };
}
