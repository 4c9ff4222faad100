/**
 * The format of a split API reference's parts, shared by the build, which writes them
 * (src/node/render/api-split.tsx), and the browser, which loads them lazily (src/client/api/parts.ts).
 *
 * A part is a complete, styled HTML document, so that it is also the page a reader without JavaScript opens from
 * the part's placeholder. Its body holds, between PART_START and PART_END, one chunk per operation (or named
 * schema), chunks separated by CHUNK_SEPARATOR, in the order of the placeholder's anchors. The rendered content
 * cannot contain these markers (React escapes text and writes only `<!-- -->` between text nodes; OpenAPI Markdown
 * loses raw HTML, src/node/openapi/markdown.ts), and the writer checks it anyway.
 */

export const PART_START = '<!--dg-part-->';
export const PART_END = '<!--/dg-part-->';
export const CHUNK_SEPARATOR = '<!--dg-chunk-->';

/**
 * The chunks of a part document.
 * @param documentHtml the whole part document as served
 * @returns the HTML of each chunk, in document order ([] when the markers are missing)
 */
export function readPartChunks(documentHtml: string): string[] {
  const start = documentHtml.indexOf(PART_START);
  const end = documentHtml.lastIndexOf(PART_END);
  if (start === -1 || end < start) return [];
  const body = documentHtml.slice(start + PART_START.length, end);
  return body === '' ? [] : body.split(CHUNK_SEPARATOR);
}
