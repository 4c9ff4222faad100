/**
 * Intrinsic width and height of a page's local images: a Markdown image whose URL (resolved by remark-links.ts) names
 * a static file of the site gets the `width` and `height` of that file (PNG, JPEG, GIF, WebP, AVIF, SVG with a size or
 * viewBox...; read with image-size), so the browser reserves its box before it loads and the text below does not
 * jump (Lighthouse's "Image elements do not have explicit width and height"). The theme's `height: auto` keeps the
 * ratio when the image is narrowed. A file image-size cannot read, or an image on another origin, keeps no size.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { Image, Root } from 'mdast';
import type { VFile } from 'vfile';
import type { MarkdownContext } from './context.js';
import { walk } from './walk.js';

/** remark plugin, after remarkLinks; reads `file.data.docgen` (the static files, the content folder, the base URL). */
export function remarkImageSize() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    if (!ctx.contentRoot) return;
    walk(tree, (node) => {
      if (node.type !== 'image') return;
      const size = staticImageSize((node as Image).url, ctx);
      if (!size) return;
      const image = node as Image;
      image.data = { ...image.data, hProperties: { ...image.data?.hProperties, ...size } };
    });
  };
}

/** The size of the static file a resolved image URL (`<base><content-relative path>`) names, or null. */
function staticImageSize(url: string, ctx: MarkdownContext): { width: number; height: number } | null {
  const base = ctx.href('/');
  if (!url.startsWith(base)) return null;
  let relPath: string;
  try {
    relPath = decodeURI(url.slice(base.length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  // Only a file the content folder lists (never a path of the reader's making), where it stands in the folder.
  if (!ctx.staticFiles.has(relPath)) return null;
  const file = path.join(ctx.contentRoot!, relPath);
  (ctx.reads ??= new Set()).add(file); // its size is part of the page (pool/compile-pages.ts keeps the file's hash)
  try {
    const { width, height } = imageSize(readFileSync(file));
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null; // not an image format image-size reads, or a docs version's file mounted from elsewhere
  }
}
