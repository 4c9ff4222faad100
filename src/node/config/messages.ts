/**
 * The UI labels of a site: the theme's catalogue for `i18n.defaultLocale` (English for a locale
 * without one) with the site's `i18n.messages` overrides for that locale on top.
 */
import type { Messages } from '../../shared/messages.js';
import { catalogueFor } from '../../../templates/i18n/catalogues.js';
import type { ValidatedConfig } from './schema.js';

/**
 * Resolves the labels of the default locale.
 * @param i18n the validated `i18n` key; overrides are already checked against the message ids by the schema
 * @returns every message id with its text (a new object)
 */
export function resolveMessages(
  i18n: Pick<ValidatedConfig['i18n'], 'defaultLocale' | 'messages'> & { locales?: string[] },
): Messages {
  const overrides = Object.entries(i18n.messages[i18n.defaultLocale] ?? {}).filter(([, text]) => text !== undefined);
  return { ...catalogueFor(i18n.defaultLocale), ...Object.fromEntries(overrides) };
}

/**
 * The Open Graph `og:locale` (language_TERRITORY) of a locale: `ja` -> `ja_JP`, `en` -> `en_US`, a tag with a
 * region as written (`pt-BR` -> `pt_BR`); null for a bare language docgen has no territory for (the tag is omitted).
 */
export function openGraphLocale(locale: string): string | null {
  const [language, region] = locale.split(/[-_]/);
  if (!language) return null;
  if (region && /^[A-Za-z]{2}$/.test(region)) return `${language.toLowerCase()}_${region.toUpperCase()}`;
  return DEFAULT_TERRITORY[language.toLowerCase()] ?? null;
}

/** The usual territory of languages whose bare tag is common in configs (ogp.me: `language_TERRITORY`). */
const DEFAULT_TERRITORY: Record<string, string> = {
  ja: 'ja_JP',
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  it: 'it_IT',
  ko: 'ko_KR',
  zh: 'zh_CN',
  pt: 'pt_BR',
  ru: 'ru_RU',
};
