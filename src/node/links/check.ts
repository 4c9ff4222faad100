/**
 * The link checker: every internal link must name a route (or a static file) and every anchor an
 * id that the target page defines (headings, explicit ids, API operation anchors). External links are not fetched.
 */
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { suggest } from '../diagnostics/suggest.js';
import type { ContentPolicies, LinkRef } from '../markdown/context.js';
import { resolveRoutePath } from '../../shared/urls.js';

/** The ids each route defines, by route path: a Map of Sets, or anything that answers the same three questions. */
export interface AnchorIndex {
  has(route: string): boolean;
  get(route: string): ReadonlySet<string> | undefined;
  keys(): Iterable<string>;
}

/**
 * Checks links against the site.
 * @param options.anchors ids defined per route path
 * @param options.staticFiles site-absolute paths of static files ('/favicon.svg')
 * @param options.sources file text by absolute path, for code frames
 * @param options.pageRouteOf route of the page each link sits in (for same-page anchors), by file
 * @returns DeadLink / DeadAnchor errors with file:line:column and a "did you mean" suggestion
 */
export function checkLinks(options: {
  links: LinkRef[];
  anchors: AnchorIndex;
  staticFiles: Set<string>;
  sources: Map<string, string>;
  pageRouteOf: Map<string, string>;
  /** What a broken link and a broken anchor are (Docusaurus `onBrokenLinks`/`onBrokenAnchors`): errors by default. */
  policies?: Pick<ContentPolicies, 'onBrokenLinks' | 'onBrokenAnchors'>;
}): DocgenError[] {
  const { links, anchors, staticFiles, sources } = options;
  const { onBrokenLinks = 'throw', onBrokenAnchors = 'throw' } = options.policies ?? {};
  const errors: DocgenError[] = [];
  const frame = (link: LinkRef) => {
    const source = sources.get(link.file);
    return source && link.line ? codeFrame(source, link.line, link.column) : undefined;
  };
  for (const link of links) {
    let route = link.route ?? options.pageRouteOf.get(link.file) ?? null;
    if (route === null) continue;
    if (link.route !== null) {
      if (staticFiles.has(route)) continue;
      const resolved = resolveRoutePath(route, (p) => anchors.has(p));
      if (resolved === null) {
        if (onBrokenLinks === 'ignore') continue;
        const guess = suggest(route, anchors.keys());
        errors.push(
          new DocgenError({
            code: 'DeadLink',
            message: `The link ${JSON.stringify(link.raw)} points to ${route}, which is no page of the site.${guess ? ` Did you mean ${guess}?` : ''}`,
            file: link.file,
            line: link.line,
            column: link.column,
            frame: frame(link),
            severity: onBrokenLinks === 'throw' ? 'error' : 'warning',
          }),
        );
        continue;
      }
      route = resolved;
    }
    if (link.hash === '') continue;
    const ids = anchors.get(route)!;
    if (ids.has(link.hash) || onBrokenAnchors === 'ignore') continue;
    const guess = suggest(link.hash, ids);
    errors.push(
      new DocgenError({
        code: 'DeadAnchor',
        message: `The link ${JSON.stringify(link.raw)} points to #${link.hash}, which ${route} does not define.${guess ? ` Did you mean #${guess}?` : ''}`,
        hint: 'Anchors are heading slugs (GitHub style, Japanese kept), explicit ids `## Title {#id}`, or API operationIds.',
        file: link.file,
        line: link.line,
        column: link.column,
        frame: frame(link),
        severity: onBrokenAnchors === 'throw' ? 'error' : 'warning',
      }),
    );
  }
  return errors;
}
