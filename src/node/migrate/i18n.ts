/**
 * `docgen migrate docusaurus`, the translations: the `i18n` config (`defaultLocale`, `locales`,
 * `localeConfigs`) and, per locale, the parts of `i18n/<locale>/` that docgen reads (i18n/overlay.ts,
 * i18n/translations.ts), copied as they are: each docs plugin's `current/` and `current.json`, the default docs
 * plugin's translated older versions (`version-<name>/` and `version-<name>.json`), Markdown pages of
 * the pages plugin, `code.json`, the classic theme's `navbar.json` and `footer.json`. Everything else is reported.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { UserConfig } from '../config/schema.js';
import { BLOG_TRANSLATIONS } from '../i18n/overlay.js';
import type { MigrationReport } from './report.js';
import { contentOnly, copyTree } from './write-site.js';

/** The Docusaurus `i18n` config as migrate reads it. */
export interface DocusaurusI18n {
  defaultLocale?: string;
  locales?: string[];
  path?: string;
  localeConfigs?: Record<
    string,
    { label?: unknown; htmlLang?: unknown; direction?: unknown; path?: unknown; calendar?: unknown } | undefined
  >;
}

/** A migrated docs plugin instance: its id ('default' for the classic preset's) and its content folder. */
export interface MigratedDocsInstance {
  id: string;
  folder: string;
}

/** What the translations came to. */
export interface MigratedTranslations {
  i18n: NonNullable<UserConfig['i18n']>;
  /** Translated pages copied, by locale. */
  pages: Record<string, number>;
  files: number;
}

const THEME_FILES = ['navbar.json', 'footer.json'];

/**
 * Carries the i18n config and the translation files over.
 * @param options.instances the docs plugins migrated (their translations lie over their folders)
 * @param options.file the config file's name, for the report
 */
export function migrateTranslations(options: {
  site: string;
  out: string;
  i18n: DocusaurusI18n | undefined;
  instances: MigratedDocsInstance[];
  /** The translation folder of the blog migrated (`docusaurus-plugin-content-blog[-<id>]`), when there is one. */
  blogFolder?: string;
  report: MigrationReport;
  file: string;
}): MigratedTranslations {
  const { site, out, report, file } = options;
  const defaultLocale = options.i18n?.defaultLocale ?? 'en';
  const locales = [...new Set([defaultLocale, ...(options.i18n?.locales ?? [])])];
  const i18nDir = path.resolve(site, options.i18n?.path ?? 'i18n');
  const localeConfigs = convertLocaleConfigs(options.i18n, locales, { report, file });
  const pages: Record<string, number> = {};
  let files = 0;
  const kept: string[] = [];
  for (const locale of locales) {
    const from = path.join(i18nDir, locale);
    if (!existsSync(from)) {
      if (locale === defaultLocale) kept.push(locale);
      // Built, it would be the default locale's site again under /<locale>/: left out until there are translations.
      else
        report.add(
          file,
          `locale '${locale}' left out: the site has no ${path.relative(site, from) || from}/ folder (its translations are downloaded at build, e.g. from Crowdin?); add it to i18n.locales once they are there`,
          'locales',
        );
      continue;
    }
    kept.push(locale);
    const to = path.join(out, 'i18n', locale);
    const copied = copyLocale({
      from,
      to,
      locale,
      instances: options.instances,
      ...(options.blogFolder ? { blogFolder: options.blogFolder } : {}),
      report,
      isDefault: locale === defaultLocale,
    });
    pages[locale] = copied.pages;
    files += copied.files;
  }
  const docsFolders = Object.fromEntries(options.instances.map((instance) => [instance.id, instance.folder]));
  const configs = Object.fromEntries(Object.entries(localeConfigs).filter(([locale]) => kept.includes(locale)));
  return {
    i18n: {
      defaultLocale,
      locales: kept,
      ...(Object.keys(configs).length > 0 ? { localeConfigs: configs } : {}),
      ...(kept.length > 1 ? { docsFolders } : {}),
    },
    pages,
    files,
  };
}

/** `localeConfigs` as docgen takes it: label, htmlLang, direction and path; `calendar` is reported. */
function convertLocaleConfigs(
  i18n: DocusaurusI18n | undefined,
  locales: string[],
  ctx: { report: MigrationReport; file: string },
): NonNullable<NonNullable<UserConfig['i18n']>['localeConfigs']> {
  const out: NonNullable<NonNullable<UserConfig['i18n']>['localeConfigs']> = {};
  for (const locale of locales) {
    const options = i18n?.localeConfigs?.[locale];
    if (!options) continue;
    const converted = {
      ...(typeof options.label === 'string' ? { label: options.label } : {}),
      ...(typeof options.htmlLang === 'string' ? { htmlLang: options.htmlLang } : {}),
      ...(options.direction === 'ltr' || options.direction === 'rtl'
        ? { direction: options.direction as 'ltr' | 'rtl' }
        : {}),
      ...(typeof options.path === 'string' && options.path !== locale ? { path: options.path } : {}),
    };
    if (options.calendar !== undefined)
      ctx.report.add(
        ctx.file,
        `i18n.localeConfigs.${locale}.calendar is not carried over (docgen prints dates as YYYY-MM-DD)`,
        'calendar',
      );
    if (Object.keys(converted).length > 0) out[locale] = converted;
  }
  return out;
}

/**
 * Copies one locale's translation files.
 * @returns the translated pages and all files copied
 */
function copyLocale(options: {
  from: string;
  to: string;
  locale: string;
  instances: MigratedDocsInstance[];
  blogFolder?: string;
  report: MigrationReport;
  isDefault: boolean;
}): { pages: number; files: number } {
  const { from, to, report } = options;
  const page = /\.mdx?$/;
  let pages = 0;
  let files = 0;
  const byFolder = new Map(
    options.instances.map((instance) => [
      instance.id === 'default' ? 'docusaurus-plugin-content-docs' : `docusaurus-plugin-content-docs-${instance.id}`,
      instance,
    ]),
  );
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isFile() && entry.name === 'code.json') {
      copyFile(source, path.join(to, entry.name));
      files++;
    } else if (entry.isDirectory() && byFolder.has(entry.name)) {
      for (const part of readdirSync(source, { withFileTypes: true })) {
        const partPath = path.join(source, part.name);
        if (part.name === 'current' && part.isDirectory()) {
          if (!options.isDefault) pages += countPages(partPath);
          files += copyTree(partPath, path.join(to, entry.name, 'current'), contentOnly(partPath));
        } else if (
          part.name === 'current.json' ||
          (entry.name === 'docusaurus-plugin-content-docs' && /^version-.+\.json$/.test(part.name) && part.isFile())
        ) {
          // Sidebar and version labels: the current version's, and an older version's of the default docs plugin.
          copyFile(partPath, path.join(to, entry.name, part.name));
          files++;
        } else if (
          entry.name === 'docusaurus-plugin-content-docs' &&
          /^version-/.test(part.name) &&
          part.isDirectory()
        ) {
          // A translated older version of the default docs plugin: laid over versioned_docs/<name>/ (i18n/overlay.ts).
          if (!options.isDefault) pages += countPages(partPath);
          files += copyTree(partPath, path.join(to, entry.name, part.name), contentOnly(partPath));
        } else {
          report.add(
            partPath,
            /^version-/.test(part.name)
              ? "a second docs plugin's version: not carried over"
              : 'not a file docgen reads; not carried over',
          );
        }
      }
    } else if (entry.isDirectory() && entry.name === 'docusaurus-plugin-content-pages') {
      const skipped: string[] = [];
      files += copyTree(source, path.join(to, entry.name), (rel) => {
        const keep = !rel || page.test(rel) || !path.extname(rel);
        if (!keep) skipped.push(rel);
        return !keep;
      });
      for (const rel of skipped)
        report.add(path.join(source, rel), 'a translated React page: not carried over (custom pages are not)');
    } else if (entry.isDirectory() && entry.name === options.blogFolder) {
      // Translated posts (and their images, authors.yml): laid over the blog's folder (i18n/overlay.ts), under the
      // default blog's name, as docgen builds one blog.
      if (!options.isDefault) pages += countPages(source);
      files += copyTree(source, path.join(to, BLOG_TRANSLATIONS), contentOnly(source));
    } else if (entry.isDirectory() && entry.name === 'docusaurus-theme-classic') {
      for (const name of readdirSync(source)) {
        if (THEME_FILES.includes(name)) {
          copyFile(path.join(source, name), path.join(to, entry.name, name));
          files++;
        } else report.add(path.join(source, name), 'not carried over (docgen reads navbar.json and footer.json)');
      }
    } else {
      report.add(
        source,
        /content-blog/.test(entry.name)
          ? 'translated posts of a blog docgen does not build (it builds one blog per site): not carried over'
          : 'translations of a part docgen does not build: not carried over',
      );
    }
  }
  return { pages, files };
}

function copyFile(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
}

function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (rel) => /\.mdx?$/.test(rel) && !rel.split(path.sep).some((part) => part.startsWith('_')),
  ).length;
}
