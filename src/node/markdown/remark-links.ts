/**
 * Link resolution (issue #2): relative `.md` links become route URLs with the base URL; every internal link is
 * recorded for the link checker; a relative link to a missing file is a DeadLink at its position.
 * Unsafe URL schemes (javascript:, data:, vbscript:) never survive (issue #7).
 */
import path from 'node:path';
import type { Definition, Image, Link, Root } from 'mdast';
import type { VFile } from 'vfile';
import { isSafeHref } from '../../shared/urls.js';
import { walk } from './walk.js';
import { suggest } from '../diagnostics/suggest.js';
import { reportAt, type MarkdownContext } from './context.js';

const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

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
  const where = { file: ctx.file, line: node.position?.start.line, column: node.position?.start.column };
  const fail = (code: 'DeadLink' | 'MarkdownSyntax', message: string) => reportAt(ctx, source, node, code, message);
  const trimmed = url.trim();
  if (trimmed.startsWith('//')) return trimmed;
  if (ANY_SCHEME.test(trimmed)) {
    if (isSafeHref(trimmed)) return trimmed;
    fail('MarkdownSyntax', `The link ${JSON.stringify(trimmed)} uses an unsafe URL scheme; only http, https, mailto and tel are allowed.`);
    return '#';
  }
  const hashAt = trimmed.indexOf('#');
  const pathPart = hashAt >= 0 ? trimmed.slice(0, hashAt) : trimmed;
  const hash = hashAt >= 0 ? safeDecode(trimmed.slice(hashAt + 1)) : '';
  if (pathPart === '') {
    ctx.links.push({ route: null, hash, raw: url, ...where });
    return trimmed;
  }
  const decodedPath = safeDecode(pathPart);
  if (decodedPath.startsWith('/')) {
    ctx.links.push({ route: decodedPath, hash, raw: url, ...where });
    return ctx.href(pathPart) + (hashAt >= 0 ? trimmed.slice(hashAt) : '');
  }
  // Relative: to a Markdown file (resolved to its route) or a static file.
  const relTarget = path.posix.normalize(path.posix.join(path.posix.dirname(ctx.relPath), decodedPath));
  if (decodedPath.endsWith('.md')) {
    const route = ctx.routeByRelPath.get(relTarget);
    if (route === undefined) {
      const guess = suggest(relTarget, ctx.routeByRelPath.keys());
      fail(
        'DeadLink',
        `The link ${JSON.stringify(url)} points to ${relTarget}, which does not exist.${guess ? ` Did you mean ${relativeFrom(ctx.relPath, guess)}?` : ''}`,
      );
      return '#';
    }
    ctx.links.push({ route, hash, raw: url, ...where });
    return ctx.href(encodeURI(route)) + (hashAt >= 0 ? trimmed.slice(hashAt) : '');
  }
  if (ctx.staticFiles.has(relTarget)) return ctx.href('/' + encodeURI(relTarget));
  // A relative URL without .md: resolve against the page's URL, as a browser would.
  const route = new URL(pathPart, `http://x${ctx.route}`).pathname;
  ctx.links.push({ route: safeDecode(route), hash, raw: url, ...where });
  return ctx.href(route) + (hashAt >= 0 ? trimmed.slice(hashAt) : '');
}

function relativeFrom(fromRel: string, toRel: string): string {
  const rel = path.posix.relative(path.posix.dirname(fromRel), toRel);
  return rel.startsWith('.') ? rel : './' + rel;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
