/**
 * A placeholder for an asset hash not yet known: pages are rendered while the search index is built, so
 * the site data they render with carries a placeholder where the search manifest's hash goes. The placeholder is
 * made of letters no hex hash contains, so a page that printed it can be detected (pool/render-pages.ts).
 */
import { randomBytes } from 'node:crypto';

/** Length of the hash part of an asset name (output/hashed.ts hashOf). */
const HASH_LENGTH = 10;

/**
 * A placeholder for a hash: HASH_LENGTH random letters from G to Z, which no hex hash contains and which HTML
 * and JSON escaping leave as they are, so its bytes can be found in the rendered document.
 */
export function createHashPlaceholder(): string {
  return [...randomBytes(HASH_LENGTH)].map((b) => String.fromCharCode(71 + (b % 20))).join('');
}
