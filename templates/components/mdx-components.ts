/**
 * Components that page content may use by tag name (site.config.ts `theme.mdxComponents`): a hast element
 * whose tagName is `Highlight` renders the site's Highlight component. Empty in docgen's own theme; a site's
 * registry takes this module's place at bundle time (src/node/bundle/theme-plugin.ts). Such elements come from a
 * remark/rehype plugin today; MDX syntax in content comes with the Docusaurus-content work.
 */
import type { ComponentType } from 'react';

/** Components by tag name, each receiving the element's properties and children as props. */
export const mdxComponents: Record<string, ComponentType<Record<string, unknown>>> = {};
