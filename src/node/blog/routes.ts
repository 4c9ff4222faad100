/**
 * The blog's routing rules, as Docusaurus 3 publishes a blog (@docusaurus/plugin-content-blog blogUtils.ts
 * parseBlogFileName, paginateBlogPosts; feed.ts; truncate marker of the plugin's options): pure functions of file
 * names, front matter and options.
 */

/** Docusaurus' DATE_FILENAME_REGEX: an optional folder, a date, an optional separator and the name. */
const DATE_FILENAME = /^(?<folder>.*)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

/** Docusaurus' default `truncateMarker`: `<!-- truncate -->` in Markdown, `{/* truncate *\/}` in MDX. */
export const TRUNCATE_MARKER = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

/**
 * What a post's path below the blog folder says (blogUtils.ts parseBlogFileName).
 * @param relPath POSIX path below the blog folder, e.g. '2024-01-05-hello.md' or '2024-01-05-hello/index.mdx'
 * @returns the date ('YYYY-MM-DD', zero-padded; undefined when the path has none), the name and the slug
 *   ('/2024/01/05/hello'; Docusaurus keeps the date's digits as written: '2024-1-5' gives '/2024/1/5/...')
 */
export function parseBlogFileName(relPath: string): { date: string | undefined; text: string; slug: string } {
  const match = DATE_FILENAME.exec(relPath);
  if (match?.groups) {
    const { folder = '', text = '', date = '' } = match.groups;
    const [y, m, d] = date.split(/[-/]/);
    return {
      date: `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`,
      text,
      slug: `/${date.replace(/-/g, '/')}/${folder}${text}`,
    };
  }
  const text = relPath.replace(/(?:\/index)?\.mdx?$/, '');
  return { date: undefined, text, slug: `/${text}` };
}

/**
 * Joins URL parts as Docusaurus' normalizeUrl does for routes: one slash between parts, none at the end (but '/').
 * @returns a route starting with '/'
 */
export function joinRoute(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

/**
 * A post's date: front matter `date` (a YAML date, or a string starting 'YYYY-MM-DD'), else the file name's.
 * @returns 'YYYY-MM-DD' (UTC), or undefined when neither gives one
 */
export function postDate(frontMatterDate: unknown, fileDate: string | undefined): string | undefined {
  if (frontMatterDate instanceof Date && !Number.isNaN(frontMatterDate.getTime()))
    return frontMatterDate.toISOString().slice(0, 10);
  if (typeof frontMatterDate === 'string') {
    const match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(frontMatterDate.trim());
    if (match) return `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  }
  return fileDate;
}

/**
 * The excerpt of a post: its Markdown before the truncate marker.
 * @param body the post's Markdown without front matter
 * @returns the excerpt and whether the post was truncated (without a marker the list shows the whole post, as
 *   Docusaurus does)
 */
export function excerptOf(body: string): { excerpt: string; truncated: boolean } {
  const match = TRUNCATE_MARKER.exec(body);
  return match ? { excerpt: body.slice(0, match.index), truncated: true } : { excerpt: body, truncated: false };
}

/**
 * Reading time in whole minutes, at least 1 (Docusaurus: the `reading-time` package's 200 words a minute, each CJK
 * character a word, rounded up by the theme).
 * @param body the post's Markdown without front matter
 */
export function readingMinutes(body: string): number {
  const text = body.replace(/```[\s\S]*?```/g, ' ').replace(/<[^>]+>/g, ' ');
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g)?.length ?? 0;
  const words =
    text.replace(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g, ' ').match(/[\p{L}\p{N}]+/gu)
      ?.length ?? 0;
  return Math.max(1, Math.ceil((words + cjk) / 200));
}

/** One list page: its route, the index range of the posts it shows, and its neighbours' routes. */
export interface ListPage {
  route: string;
  /** Page number, from 1. */
  page: number;
  from: number;
  to: number;
  newer: string | null;
  older: string | null;
}

/**
 * Pages of a list of posts (blogUtils.ts paginateBlogPosts): the first at `base`, the others at `base/page/N`.
 * @param count number of posts (a list with none still has its first page)
 * @param perPage posts per page, or 'ALL'
 */
export function paginate(count: number, perPage: number | 'ALL', base: string): ListPage[] {
  const size = perPage === 'ALL' ? Math.max(count, 1) : perPage;
  const pages = Math.max(1, Math.ceil(count / size));
  const routeOf = (n: number) => (n === 1 ? base : joinRoute(base, 'page', String(n)));
  return Array.from({ length: pages }, (_, i) => ({
    route: routeOf(i + 1),
    page: i + 1,
    from: i * size,
    to: Math.min(count, (i + 1) * size),
    newer: i > 0 ? routeOf(i) : null,
    older: i + 1 < pages ? routeOf(i + 2) : null,
  }));
}
