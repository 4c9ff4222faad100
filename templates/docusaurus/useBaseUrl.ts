/** `@docusaurus/useBaseUrl` for a migrated site's components (docusaurus-shims.ts); the rule is site.ts withBaseUrl. */
import { withBaseUrl } from './site.js';

export default function useBaseUrl(url: string, options?: { forcePrependBaseUrl?: boolean; absolute?: boolean }) {
  return withBaseUrl(url, options);
}

/** `useBaseUrlUtils()`: `withBaseUrl` as Docusaurus exports it. */
export function useBaseUrlUtils() {
  return { withBaseUrl };
}
