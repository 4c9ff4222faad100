/**
 * Images and media on other origins that the site's own Content-Security-Policy would block (SECURITY.md): the
 * reader would meet a silently blocked image. Docusaurus and VitePress pages often show badges and screenshots from
 * other hosts, and docgen's CSP allows images from the site itself, `data:` and the diagram service only, plus what
 * `csp['img-src']` adds (`csp['media-src']` for video and audio). Adding an origin is the site owner's decision,
 * never docgen's (SECURITY.md), so such a URL is not collected into the policy: the page is repaired instead and
 * the build warns (`BlockedMedia`) at its file:line:column, once per origin and directive, naming the origin to add.
 *
 * Repairs: a blocked `<img>` becomes its alt text (nothing when the alt is empty: a decorative image); blocked
 * `srcset` candidates, `poster`s, `<source>`s and `<track>`s are dropped; a `<video>` or `<audio>` left with no
 * source becomes its fallback content, else a link to its first blocked URL (a link navigates, the CSP does not
 * apply to it).
 */
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { reportAt } from './context.js';
import { cspAllows } from './csp-sources.js';
import { SKIP, walk } from './walk.js';

type Directive = 'img-src' | 'media-src';

/** The URLs of an attribute's value (`srcset` lists several, each before its width or density). */
function urlsOf(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
  return text
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** rehype plugin; reads the allowed sources from `file.data.docgen.mediaSources`, reports there. */
export function rehypeExternalMedia() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    const sources = ctx.mediaSources;
    if (!sources) return;
    const seen = new Set<string>();
    /** Whether the CSP blocks `raw` under `directive`; reports each blocked origin once, at `node`. */
    const blocked = (raw: string, directive: Directive, node: Element): boolean => {
      const url = externalUrl(raw);
      if (!url || cspAllows(url, sources[directive])) return false;
      if (!seen.has(directive + url.origin)) {
        seen.add(directive + url.origin);
        const repair =
          directive === 'img-src' ? 'the page shows its alt text instead' : 'the page shows a link to it instead';
        const message = `${raw} is on ${url.origin}, which the site's Content-Security-Policy does not allow for ${directive}: ${repair}. Add '${url.origin}' to csp['${directive}'] in the site config, or copy the file into the content folder.`;
        reportAt(ctx, String(file.value), node, 'BlockedMedia', message, 'warning');
      }
      return true;
    };
    walk(tree, 'element', (node: Element, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.tagName === 'img') {
        dropBlockedCandidates(node, 'img-src', blocked);
        const src = node.properties.src;
        if (typeof src !== 'string' || !blocked(src, 'img-src', node)) return;
        const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
        parent.children.splice(index, 1, ...(alt ? [{ type: 'text' as const, value: alt }] : []));
        return [SKIP, index + (alt ? 1 : 0)];
      }
      if (node.tagName === 'picture') {
        node.children = node.children.filter(
          (child) =>
            !(
              isElement(child, 'source') &&
              urlsOf(child.properties.srcSet).some((raw) => blocked(raw, 'img-src', child))
            ),
        );
        return;
      }
      if (node.tagName !== 'video' && node.tagName !== 'audio') return;
      const replacement = repairMedia(node, blocked);
      if (!replacement) return SKIP;
      parent.children.splice(index, 1, ...replacement);
      return [SKIP, index + replacement.length];
    });
  };
}

type Blocked = (raw: string, directive: Directive, node: Element) => boolean;

/** Drops the blocked candidates of an element's `srcset` (the attribute goes when none is left). */
function dropBlockedCandidates(node: Element, directive: Directive, blocked: Blocked): void {
  const value = node.properties.srcSet;
  if (value === undefined || value === null) return;
  const candidates = (Array.isArray(value) ? value.join(',') : String(value))
    .split(',')
    .map((candidate) => candidate.trim())
    .filter(Boolean);
  const kept = candidates.filter((candidate) => !blocked(candidate.split(/\s+/)[0]!, directive, node));
  if (kept.length === candidates.length) return;
  if (kept.length > 0) node.properties.srcSet = kept.join(', ');
  else delete node.properties.srcSet;
}

/**
 * Repairs a `<video>` or `<audio>` in place (blocked poster, sources and tracks dropped); returns what replaces it
 * when no source is left (its fallback content, else a link to its first blocked URL), or null when it stays.
 */
function repairMedia(node: Element, blocked: Blocked): ElementContent[] | null {
  if (typeof node.properties.poster === 'string' && blocked(node.properties.poster, 'img-src', node))
    delete node.properties.poster;
  let firstBlocked: string | null = null;
  const src = node.properties.src;
  if (typeof src === 'string' && blocked(src, 'media-src', node)) {
    firstBlocked = src;
    delete node.properties.src;
  }
  node.children = node.children.filter((child) => {
    if (!isElement(child, 'source') && !isElement(child, 'track')) return true;
    const url = child.properties.src;
    if (typeof url !== 'string' || !blocked(url, 'media-src', child)) return true;
    if (isElement(child, 'source')) firstBlocked ??= url;
    return false;
  });
  if (
    firstBlocked === null ||
    typeof node.properties.src === 'string' ||
    node.children.some((child) => isElement(child, 'source'))
  )
    return null;
  const fallback = node.children.filter(
    (child) => !isElement(child, 'track') && !(child.type === 'text' && child.value.trim() === ''),
  );
  if (fallback.length > 0) return fallback;
  return [
    {
      type: 'element',
      tagName: 'a',
      properties: { href: firstBlocked },
      children: [{ type: 'text', value: firstBlocked }],
    },
  ];
}

function isElement(node: ElementContent, tagName: string): node is Element {
  return node.type === 'element' && node.tagName === tagName;
}

/** An absolute or protocol-relative http(s) URL, else null (relative URLs are the site's own). */
function externalUrl(raw: string): URL | null {
  if (!/^(?:https?:)?\/\//i.test(raw)) return null;
  try {
    return new URL(raw, 'https://site.invalid/');
  } catch {
    return null;
  }
}
