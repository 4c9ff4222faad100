/**
 * Local images of OpenAPI descriptions (`![diagram](./img/flow.png)`, `<img src="flow.png">`): a relative URL is
 * relative to the file that holds the description, as a `$ref` is (OpenAPI 3.1 §4.3 "Relative References in
 * URIs"), never to the page that shows it. Such a file is published as a content-hashed asset under
 * `assets/media/` (build/api-assets.ts; `docgen dev` serves it in place), and a file that is missing, or that the
 * read policy (read-policy.ts) refuses, is a warning at the description's file, line and JSON pointer. Absolute
 * URLs (`https:`, `//host`, `/site-path`) are kept as they are; their origins join the CSP's `img-src`.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { DocgenError } from '../diagnostics/error.js';
import { checkRead, type ReadPolicy } from '../read-policy.js';
import { renderWithParser } from './markdown.js';
import { pointerOf, type WalkStep } from './resolve.js';
import { locatedError, type SourceSet, sourceOfPointer } from './sources.js';
import { safeDecode } from '../../shared/urls.js';

/** An `<img>` element's `src` as hast-util-to-html writes it (always double-quoted). */
const IMG_SRC = /(<img\b[^>]*?\ssrc=")([^"]*)(")/gi;

/** A description that may hold an image: Markdown image syntax or an `<img>` element. */
const MAY_HOLD_IMAGE = /!\[|<img\b/i;

/**
 * Finds the local images of a document's descriptions.
 * @param set the document's files (descriptions are read as written, before a Swagger 2.0 conversion)
 * @param policy the folders content may read; without it any file (tests of the loader alone)
 * @returns `images`: each relative `src` as the rendered description HTML spells it (entities included) mapped to
 *   the absolute file it names; `warnings`: one per image that is missing or outside the read policy (its `src` is
 *   then left as written: the reader sees a broken image, not another file)
 */
export function collectDescriptionImages(
  set: SourceSet,
  policy?: ReadPolicy,
): { images: Record<string, string>; warnings: DocgenError[] } {
  const images: Record<string, string> = {};
  const warnings: DocgenError[] = [];
  const reported = new Set<string>();
  for (const { text, pointer } of imageDescriptions(set.bundled)) {
    const located = sourceOfPointer(set, pointer);
    // A fetched document's relative image is relative to its URL: not a file of this project.
    if (/^https?:/i.test(located.file.file)) continue;
    for (const src of relativeImageSources(renderWithParser(text))) {
      if (src in images) continue;
      const file = path.resolve(path.dirname(located.file.file), safeDecode(htmlAttributeText(src).split(/[?#]/)[0]!));
      const problem = policy && checkRead(file, policy).outside ? 'outside' : isFile(file) ? null : 'missing';
      if (problem === null) {
        images[src] = file;
        continue;
      }
      if (reported.has(`${located.file.file}\0${src}`)) continue;
      reported.add(`${located.file.file}\0${src}`);
      const shown = JSON.stringify(htmlAttributeText(src));
      warnings.push(
        locatedError(
          located.file,
          located.pointer,
          problem === 'missing'
            ? `The image ${shown} in the description at ${pointer} does not exist (${file}). Relative images are relative to the document's own file; fix the path or use an absolute URL.`
            : `The image ${shown} in the description at ${pointer} is outside the folders content may read (${file}); it is not published. Move it into the project or list its folder in allowedReadPaths.`,
        ),
      );
    }
  }
  return { images, warnings };
}

/**
 * Rewrites the `src` of images in rendered HTML.
 * @param html rendered HTML (description HTML is embedded as it is)
 * @param urls `src` as written in the HTML -> its published URL (already HTML-safe: no `"`, `&` or `<`)
 */
export function rewriteImageSources(html: string, urls: ReadonlyMap<string, string>): string {
  if (urls.size === 0) return html;
  return html.replace(IMG_SRC, (whole, start: string, src: string, end: string) => {
    const url = urls.get(src);
    return url === undefined ? whole : start + url + end;
  });
}

/**
 * The published file name of a description image: `<name>.<hash of its bytes><ext>` (output/hashed.ts's form), so
 * that an edited image gets a new URL.
 * @param file absolute path; @param bytes its content
 */
export function descriptionImageName(file: string, bytes: Uint8Array): string {
  const { name, ext } = path.parse(file);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return `${name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)}.${hash}${ext.replace(/[^A-Za-z0-9.]/g, '')}`;
}

/** Every `description` string that may hold an image, with its JSON pointer in the bundled document. */
function* imageDescriptions(bundled: unknown): Generator<{ text: string; pointer: string }> {
  // Pointers are joined only for the descriptions found (resolve.ts pointerOf).
  const stack: (WalkStep & { value: unknown })[] = [{ value: bundled, parent: null, key: '' }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (value === null || typeof value !== 'object') continue;
    for (const key in value) {
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (key === 'description' && MAY_HOLD_IMAGE.test(child))
          yield { text: child, pointer: pointerOf({ parent: step, key }) };
      } else if (child !== null && typeof child === 'object') stack.push({ value: child, parent: step, key });
    }
  }
}

/** The relative `src` values of the images in rendered HTML, as written there (no scheme, no `//`, `/` or `#` start). */
function relativeImageSources(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(IMG_SRC)) {
    const src = match[2]!;
    const text = htmlAttributeText(src).trim();
    if (text === '' || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(text)) continue;
    found.push(src);
  }
  return found;
}

/** The text of an attribute value as hast-util-to-html escapes it (`&#x26;`, `&#x22;`, named `&amp;`). */
function htmlAttributeText(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|quot|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>' })[name]!);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
