/**
 * The theme's message catalogues by locale, and the choice of one for a locale. Plain data, no React: the build
 * (src/node/config/messages.ts) resolves a site's labels from here into SiteData.messages.
 */
import type { MessageId, Messages } from '../../src/shared/messages.js';
import { en } from './en.js';
import { ja } from './ja.js';

/** Catalogues by BCP 47 language tag. */
export const CATALOGUES: Readonly<Record<string, Messages>> = { en, ja };

/** Every message id, in catalogue order (what `i18n.messages` may override). */
export const MESSAGE_IDS = Object.keys(en) as MessageId[];

/**
 * The catalogue for a locale: exact tag, then its language (`ja-JP` -> `ja`), else English.
 * @param locale a BCP 47 tag such as `ja`, `en-US`
 */
export function catalogueFor(locale: string): Messages {
  const tag = locale.toLowerCase();
  return CATALOGUES[tag] ?? CATALOGUES[tag.split('-')[0]!] ?? en;
}
