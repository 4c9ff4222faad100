/** `@docusaurus/useDocusaurusContext`: the site's `siteConfig` fields docgen knows (site.ts). */
import { docusaurusSite } from './site.js';

export default function useDocusaurusContext() {
  return { siteConfig: docusaurusSite.siteConfig, siteMetadata: {}, globalData: {}, i18n: { currentLocale: 'en' } };
}
