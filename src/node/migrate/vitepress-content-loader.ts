/**
 * VitePress' `createContentLoader` for a site's data loaders at migrate time (VitePress guide "Build-Time Data
 * Loading", `createContentLoader`; vitepress src/node/contentLoader.ts): the way its docs teach to list a folder of
 * pages (a blog's posts, an archive) with their URL and front matter. `import { createContentLoader } from
 * 'vitepress'` in a `x.data.ts` gets this one (load-static.ts LoadOptions.packages), so the loader runs and its
 * `data` is what VitePress computes: one `{ url, frontmatter, src?, html?, excerpt? }` per Markdown file its globs
 * (relative to the source folder) match, through the loader's `transform`.
 *
 * Differences: `render` and `excerpt` HTML come from CommonMark + GFM (remark), not the site's markdown-it with its
 * plugins, and raw HTML in them is left out (the built page checks what a component shows anyway).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import * as jsYaml from 'js-yaml';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/** One page as createContentLoader gives it (vitepress ContentData). */
export interface ContentData {
  url: string;
  src: string | undefined;
  html: string | undefined;
  frontmatter: Record<string, unknown>;
  excerpt: string | undefined;
}

/** The options of createContentLoader that migrate follows (vitepress ContentOptions; `globOptions` is not read). */
interface ContentOptions {
  includeSrc?: boolean;
  render?: boolean;
  excerpt?: boolean | string | ((file: { data: Record<string, unknown>; content: string; excerpt?: string }) => void);
  transform?: (data: ContentData[]) => unknown;
}

/** What the loader needs of the site: its source folder and whether its URLs end in `.html` (`cleanUrls` off). */
export interface ContentSite {
  srcDir: string;
  cleanUrls: boolean;
}

const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

/** CommonMark + GFM to HTML, raw HTML left out. */
function renderMarkdown(text: string): string {
  return toHtml(markdown.runSync(markdown.parse(text)));
}

/**
 * A page's front matter and content as gray-matter (which VitePress uses) splits them: YAML between `---` lines at
 * the top (js-yaml, so a date is a Date), and the excerpt, the content before the first separator (`---` or the
 * one given), or an `excerpt` function's.
 */
function splitPage(text: string, excerpt: ContentOptions['excerpt']) {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(text);
  const data = (match ? (jsYaml.load(match[1]!) as Record<string, unknown> | null) : null) ?? {};
  const file: { data: Record<string, unknown>; content: string; excerpt?: string } = {
    data,
    content: match ? text.slice(match[0].length) : text,
    excerpt: '',
  };
  if (typeof excerpt === 'function') excerpt(file);
  else if (excerpt) {
    const separator = typeof excerpt === 'string' ? excerpt : '---';
    const at = file.content.indexOf(separator);
    if (at !== -1) file.excerpt = file.content.slice(0, at);
  }
  return file;
}

/**
 * The `vitepress` module a data loader imports at migrate time: `createContentLoader(watch, options)` and
 * `defineLoader` (the identity, as in VitePress).
 */
export function vitepressLoaderPackage(site: ContentSite): Record<string, unknown> {
  const createContentLoader = (watch: string | string[], options: ContentOptions = {}) => {
    // Globs relative to the source folder, made absolute (vitepress normalizeGlob); a `!` glob stays an exclusion.
    const globs = (Array.isArray(watch) ? watch : [watch]).map((glob) =>
      glob.startsWith('!')
        ? `!${path.posix.join(toPosix(site.srcDir), glob.slice(1))}`
        : path.posix.join(toPosix(site.srcDir), glob),
    );
    return {
      watch: globs,
      async load(files: string[] = []) {
        const pages = files
          .filter((file) => file.endsWith('.md'))
          .map((file): ContentData => {
            const src = readFileSync(file, 'utf8');
            const { data, content, excerpt } = splitPage(src, options.excerpt);
            const url = `/${toPosix(path.relative(site.srcDir, file))
              .replace(/(^|\/)index\.md$/, '$1')
              .replace(/\.md$/, site.cleanUrls ? '' : '.html')}`;
            return {
              src: options.includeSrc ? src : undefined,
              html: options.render ? renderMarkdown(content) : undefined,
              frontmatter: data,
              excerpt: options.excerpt ? (excerpt ? renderMarkdown(excerpt) : excerpt) : undefined,
              url,
            };
          });
        return options.transform ? await options.transform(pages) : pages;
      },
    };
  };
  const module = { createContentLoader, defineLoader: <T>(loader: T) => loader };
  return { ...module, default: module };
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}
