/**
 * Link resolution: relative `.md` links become route URLs with the base URL; every internal link is
 * recorded for the link checker; a relative link to a missing file is a DeadLink at its position.
 * URL schemes (README "Diagnostics"): http(s), mailto and tel pass; `pathname:///file.html` is a plain link to a static
 * file with the base URL, not checked as a route (Docusaurus `Link`'s `pathname://` escape); a script-running scheme
 * (javascript:, data:, vbscript:) never survives: the link becomes `#`, reported as `onBrokenLinks` says; any other
 * scheme (`chrome://inspect/`, a typo'd `mail:`) is kept as written with an UnknownUrlScheme warning, since
 * Docusaurus builds it.
 */
import path from 'node:path';
import type { Definition, Image, Link, Root } from 'mdast';
import type { VFile } from 'vfile';
import { isSafeHref, safeDecode, stripBase } from '../../shared/urls.js';
import { walk } from './walk.js';
import { suggest } from '../diagnostics/suggest.js';
import { PAGE_FILE } from '../content/page-files.js';
import { reportAt, reportByPolicy, type LinkRef, type MarkdownContext } from './context.js';

const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Schemes that run code when followed (the HTML standard's "javascript:" and the data:/vbscript: XSS vectors). */
const SCRIPT_SCHEME = /^(javascript|data|vbscript):/i;
const PATHNAME = /^pathname:\/\//i;

/** remark plugin; reads `file.data.docgen`, rewrites `url`s, fills `links` and `errors`. */
export function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    walk(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'definition' && node.type !== 'image') return;
      const target = node as Link | Definition | Image;
      target.url = resolveUrl(target.url, target, ctx, String(file.value));
    });
  };
}

function resolveUrl(url: string, node: Link | Definition | Image, ctx: MarkdownContext, source: string): string {
  // A link in an inlined partial (remark-mdx-content.ts) resolves from the partial's own file, as in Docusaurus.
  const partialFile = (node.data as { docgenFile?: string } | undefined)?.docgenFile;
  const file = partialFile ?? ctx.file;
  const relPath = partialFile
    ? path.posix.join(
        path.posix.dirname(ctx.relPath),
        path.relative(path.dirname(ctx.file), partialFile).split(path.sep).join('/'),
      )
    : ctx.relPath;
  const where = { file, line: node.position?.start.line, column: node.position?.start.column };
  const fail = (code: 'DeadLink', message: string) =>
    reportByPolicy(ctx, source, node, code, message, ctx.policies.onBrokenLinks);
  const trimmed = url.trim();
  if (trimmed.startsWith('//')) return trimmed;
  if (PATHNAME.test(trimmed)) {
    const target = trimmed.replace(PATHNAME, '');
    return target.startsWith('/') ? ctx.href(target) : target;
  }
  if (ANY_SCHEME.test(trimmed)) {
    if (isSafeHref(trimmed)) return trimmed;
    if (!SCRIPT_SCHEME.test(trimmed.replace(/[\u0000-\u0020]/g, ''))) {
      if (ctx.policies.onBrokenLinks !== 'ignore') {
        reportAt(
          ctx,
          source,
          node,
          'UnknownUrlScheme',
          `The link ${JSON.stringify(trimmed)} uses the scheme ${JSON.stringify(trimmed.split(':')[0] + ':')}, which browsers may not open from a page; it is kept as written. Check it (a typo of mailto:?) or use http, https, mailto or tel.`,
          'warning',
        );
      }
      return trimmed;
    }
    reportByPolicy(
      ctx,
      source,
      node,
      'MarkdownSyntax',
      `The link ${JSON.stringify(trimmed)} uses a script-running URL scheme; it was replaced by "#". Only http, https, mailto, tel and other non-script schemes are kept.`,
      ctx.policies.onBrokenLinks,
    );
    return '#';
  }
  const hashAt = trimmed.indexOf('#');
  const queryAt = trimmed.indexOf('?');
  // `/showcase/?flags=8#x`: the query and the hash stay on the link as written and only the path is checked, as
  // Docusaurus' broken-link checker reads a link's pathname (core/src/server/brokenLinks.ts).
  const suffixAt = queryAt >= 0 && (hashAt < 0 || queryAt < hashAt) ? queryAt : hashAt;
  const suffix = suffixAt >= 0 ? trimmed.slice(suffixAt) : '';
  const pathPart = suffixAt >= 0 ? trimmed.slice(0, suffixAt) : trimmed;
  const hash = hashAt >= 0 ? safeDecode(trimmed.slice(hashAt + 1)) : '';
  if (pathPart === '') {
    ctx.links.push({ route: null, hash, raw: url, ...where });
    return trimmed;
  }
  const decodedPath = safeDecode(pathPart);
  if (decodedPath.startsWith('/') && PAGE_FILE.test(decodedPath)) {
    // `/docs/intro.md` or `/intro.md`: a file path from the content folder, else from the docs folder, else from the
    // site folder whose docs folder is the content folder's root (Docusaurus resolves an absolute file path against
    // its content folders, then the site folder; a docs plugin at routeBasePath '/' is migrated to content/). It
    // joins them with path.join (utils/src/markdownLinks.ts), so `/a//b/./c.md` names `a/b/c.md`.
    const fromContent = path.posix.normalize(decodedPath).slice(1);
    const candidates = [
      fromContent,
      'docs' + decodedPath,
      ...(fromContent.startsWith('docs/') ? [fromContent.slice(5)] : []),
    ];
    const target = candidates.find((candidate) => ctx.routeByRelPath.has(candidate)) ?? fromContent;
    return pageLink(target, { url, hash, suffix, where, ctx, fail, relPath });
  }
  if (decodedPath.startsWith('/') && !/\.[a-z0-9]+$/i.test(decodedPath)) {
    // `/reference/README`: the path of a page file without its extension (Docusaurus sites link to README pages this
    // way) is that page, wherever its `slug` put it.
    const file = ['.md', '.mdx'].map((ext) => decodedPath.slice(1) + ext).find((f) => ctx.routeByRelPath.has(f));
    const route = file ? ctx.routeByRelPath.get(file)! : undefined;
    if (route !== undefined && route !== decodedPath)
      return pageLink(file!, { url, hash, suffix, where, ctx, fail, relPath });
  }
  if (decodedPath.startsWith('/')) {
    const written = withoutOwnBase(pathPart, ctx);
    ctx.links.push({ route: safeDecode(written), hash, raw: url, ...where });
    return ctx.href(written) + suffix;
  }
  // Relative: to a Markdown file (resolved to its route) or a static file.
  const relTarget = path.posix.normalize(path.posix.join(path.posix.dirname(relPath), decodedPath));
  if (PAGE_FILE.test(decodedPath)) {
    // Relative to the file, else (Docusaurus) relative to the docs folder, `docs/` or the content folder itself for
    // a site whose docs are its root: `guides/setup.md` from anywhere in the docs; else relative to the site folder
    // (`docs/guides/setup.md`), whose docs folder is the content folder's root for a docs plugin at routeBasePath
    // '/' (Docusaurus utils markdownLinks.ts replaceMarkdownLinks tries the content folders, then the site folder).
    const roots = [
      path.posix.normalize('docs/' + decodedPath),
      path.posix.normalize(decodedPath),
      ...(decodedPath.startsWith('docs/') ? [path.posix.normalize(decodedPath.slice(5))] : []),
    ];
    const target = ctx.routeByRelPath.has(relTarget)
      ? relTarget
      : (roots.find((root) => !root.startsWith('..') && ctx.routeByRelPath.has(root)) ?? relTarget);
    return pageLink(target, { url, hash, suffix, where, ctx, fail, relPath });
  }
  if (ctx.staticFiles.has(relTarget)) return ctx.href('/' + encodeURI(relTarget)) + suffix;
  // A docs version's page is mounted below its version's route, one or two folders deeper or elsewhere than where
  // its link was written: a file outside the docs folder (`../../img/logo.svg`, not versioned) is found from there.
  const localTarget =
    ctx.localRelPath && path.posix.normalize(path.posix.join(path.posix.dirname(ctx.localRelPath), decodedPath));
  if (localTarget && !localTarget.startsWith('..') && ctx.staticFiles.has(localTarget))
    return ctx.href('/' + encodeURI(localTarget)) + suffix;
  // `./index`, `../guide/README`: the page file without its extension (VitePress resolves it to that page's route).
  const pageFile = /(^|\/)(index|readme)$/i.test(relTarget)
    ? ['.md', '.mdx'].map((ext) => relTarget + ext).find((f) => ctx.routeByRelPath.has(f))
    : undefined;
  if (pageFile) return pageLink(pageFile, { url, hash, suffix, where, ctx, fail, relPath });
  // `./setup` naming a page that could not be read (pageLink): its own error is the one to fix.
  if (['.md', '.mdx'].some((ext) => ctx.routeByRelPath.get(relTarget + ext) === '')) return url;
  // A relative URL without .md: resolve against the page's URL, as a browser would.
  const route = new URL(pathPart, `http://x${ctx.route}`).pathname;
  ctx.links.push({ route: safeDecode(route), hash, raw: url, ...where });
  return ctx.href(route) + suffix;
}

/**
 * A site-absolute link that already starts with the page's base URL (the site's `baseUrl`, with a locale's own
 * segment: `/ja/docs/intro` on a page of the locale at `/ja/`) names the route below it, and the base is not added a
 * second time: Docusaurus' `Link` leaves such a URL as written (core/src/client/exports/useBaseUrl.ts addBaseUrl:
 * "don't append baseUrl if url already starts with it"). A path that is itself a page's route or a static file
 * (Docusaurus finds `/ja/img/a.png` in static/ja/img/) keeps its meaning.
 * @param pathPart the link's path as written, starting with '/'
 * @returns the path relative to the base URL, starting with '/'
 */
function withoutOwnBase(pathPart: string, ctx: MarkdownContext): string {
  const base = ctx.href('/');
  if (base === '/') return pathPart;
  const below = stripBase(base, pathPart) ?? stripBase(safeDecode(base), pathPart);
  if (below === null) return pathPart;
  const asWritten = safeDecode(pathPart);
  return pageRoutes(ctx.routeByRelPath).has(asWritten) || ctx.staticFiles.has(asWritten.slice(1)) ? pathPart : below;
}

const routeSets = new WeakMap<ReadonlyMap<string, string>, ReadonlySet<string>>();

/** The pages' routes (the values of `routeByRelPath`), made once per map. */
function pageRoutes(routeByRelPath: ReadonlyMap<string, string>): ReadonlySet<string> {
  let routes = routeSets.get(routeByRelPath);
  if (!routes) routeSets.set(routeByRelPath, (routes = new Set(routeByRelPath.values())));
  return routes;
}

/** A link to a Markdown file (content-relative path): its route's URL, or '#' and a DeadLink when there is no such page. */
function pageLink(
  target: string,
  o: {
    url: string;
    hash: string;
    /** The link's query and hash as written (`?tab=2#setup`), kept on the resolved URL. */
    suffix: string;
    where: Omit<LinkRef, 'route' | 'hash' | 'raw'>;
    ctx: MarkdownContext;
    fail: (code: 'DeadLink', message: string) => void;
    relPath: string;
  },
): string {
  const route = o.ctx.routeByRelPath.get(target);
  // A page whose front matter failed: that error is the one to fix, the link is fine once it is.
  if (route === '') return o.url;
  if (route === undefined) {
    const guess = suggest(target, o.ctx.routeByRelPath.keys());
    o.fail(
      'DeadLink',
      `The link ${JSON.stringify(o.url)} points to ${target}, which does not exist.${guess ? ` Did you mean ${relativeFrom(o.relPath, guess)}?` : ''}`,
    );
    // Under onBrokenLinks 'warn' or 'ignore' the page is published: the link keeps its href as written, as in
    // Docusaurus, so that a reader still sees where it pointed; a failing build ('throw') publishes nothing.
    return o.ctx.policies.onBrokenLinks === 'throw' ? '#' : o.url;
  }
  o.ctx.links.push({ route, hash: o.hash, raw: o.url, ...o.where });
  return o.ctx.href(encodeURI(route)) + o.suffix;
}

function relativeFrom(fromRel: string, toRel: string): string {
  const rel = path.posix.relative(path.posix.dirname(fromRel), toRel);
  return rel.startsWith('.') ? rel : './' + rel;
}
