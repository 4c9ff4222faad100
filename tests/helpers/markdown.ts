/**
 * One Markdown page compiled by docgen's processor as `content/docs/page.md` of a one-page site, for unit tests.
 */
import { toHtml } from 'hast-util-to-html';
import { type ContentPolicies, DEFAULT_POLICIES } from '../../src/node/markdown/context.js';
import { compileMarkdown, createMarkdownProcessor } from '../../src/node/markdown/processor.js';

const processor = createMarkdownProcessor();

/**
 * @param source the page's Markdown
 * @param diagramServiceUrl the site's diagram service (spec §7), if any
 * @param options.mdx compile as MDX (a `.mdx` page)
 * @param options.policies strictness settings other than the defaults (a migrated site's `warn`s)
 * @returns the compiled page and its content as HTML
 */
export async function compile(
  source: string,
  diagramServiceUrl?: string,
  options: { mdx?: boolean; policies?: Partial<ContentPolicies> } = {},
) {
  const page = await compileMarkdown({
    processor,
    source,
    frontMatter: {},
    ctx: {
      file: '/site/content/docs/page.md',
      relPath: 'docs/page.md',
      route: '/docs/page',
      routeByRelPath: new Map([['docs/page.md', '/docs/page']]),
      staticFiles: new Set(),
      href: (p) => p,
      diagramServiceUrl,
      ...(options.mdx ? { mdx: true } : {}),
      ...(options.policies ? { policies: { ...DEFAULT_POLICIES, ...options.policies } } : {}),
    },
  });
  return { ...page, html: toHtml(page.hast) };
}
