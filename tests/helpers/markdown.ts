/**
 * One Markdown page compiled by docgen's processor as `content/docs/page.md` of a one-page site, for unit tests.
 */
import { toHtml } from 'hast-util-to-html';
import { compileMarkdown, createMarkdownProcessor } from '../../src/node/markdown/processor.js';

const processor = createMarkdownProcessor();

/**
 * @param source the page's Markdown
 * @param diagramServiceUrl the site's diagram service (spec §7), if any
 * @param options.mdx compile as MDX (a `.mdx` page)
 * @returns the compiled page and its content as HTML
 */
export async function compile(source: string, diagramServiceUrl?: string, options: { mdx?: boolean } = {}) {
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
    },
  });
  return { ...page, html: toHtml(page.hast) };
}
