/**
 * Images and media on other origins that the site's own Content-Security-Policy would block (SECURITY.md): the
 * reader would see a broken image with no word at build time. Docusaurus and VitePress pages often show badges
 * and screenshots from other hosts, and docgen's CSP allows images from the site itself, `data:` and the diagram
 * service only, plus what `csp['img-src']` adds (`csp['media-src']` for video and audio). Each such URL is a
 * warning (`BlockedMedia`) at its file:line:column naming the origin to add; the page still builds.
 */
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { reportAt } from './context.js';
import { cspAllows } from './csp-sources.js';
import { walk } from './walk.js';

/** Which CSP directive governs a URL attribute of an element. */
function directiveOf(node: Element, attribute: string, parent: Element | null): 'img-src' | 'media-src' | null {
  if (node.tagName === 'img' && (attribute === 'src' || attribute === 'srcSet')) return 'img-src';
  if ((node.tagName === 'video' || node.tagName === 'audio') && attribute === 'src') return 'media-src';
  if (node.tagName === 'video' && attribute === 'poster') return 'img-src';
  if (node.tagName === 'source' && (attribute === 'src' || attribute === 'srcSet')) return parent?.tagName === 'picture' ? 'img-src' : 'media-src';
  if (node.tagName === 'track' && attribute === 'src') return 'media-src';
  return null;
}

const URL_ATTRIBUTES = ['src', 'srcSet', 'poster'] as const;

/** The URLs of an attribute's value (`srcset` lists several, each before its width or density). */
function urlsOf(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
  return text.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '').filter(Boolean);
}

/** rehype plugin; reads the allowed sources from `file.data.docgen.mediaSources`, reports there. */
export function rehypeExternalMedia() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    const sources = ctx.mediaSources;
    if (!sources) return;
    const seen = new Set<string>();
    walk(tree, 'element', (node: Element, _index, parent) => {
      for (const attribute of URL_ATTRIBUTES) {
        const directive = directiveOf(node, attribute, parent?.type === 'element' ? parent : null);
        if (!directive) continue;
        for (const raw of urlsOf(node.properties[attribute])) {
          const url = externalUrl(raw);
          if (!url || cspAllows(url, sources[directive]) || seen.has(directive + url.origin)) continue;
          seen.add(directive + url.origin);
          const message = `${raw} is on ${url.origin}, which the site's Content-Security-Policy does not allow for ${directive}: readers would see nothing there. Add '${url.origin}' to csp['${directive}'] in the site config, or copy the file into the content folder.`;
          reportAt(ctx, String(file.value), node, 'BlockedMedia', message, 'warning');
        }
      }
    });
  };
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
