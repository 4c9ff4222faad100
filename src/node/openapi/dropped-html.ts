/**
 * Raw HTML the allow-list drops from an OpenAPI document's descriptions (markdown.ts), reported once per document
 * (SECURITY.md "Raw HTML": what is dropped is never silent; one warning, not one per description).
 */
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { getAt, joinPointer } from './resolve.js';
import { locatePointer, type SourceFile, type SourceSet } from './sources.js';
import type { SourcePosition } from './yaml-position.js';

/** The site's `onDroppedHtml`. */
export type DroppedHtmlPolicy = 'throw' | 'warn' | 'ignore';

/**
 * One warning for the raw HTML the allow-list dropped from a document's descriptions (SECURITY.md "Raw HTML": what
 * is dropped is never silent), at the first description it dropped something from. One per document, not one per
 * description: freee's has 50 descriptions with `style` on table cells or `target` on links.
 * @param dropped description text -> what was dropped from it (markdown.ts DroppedHtml)
 * @param policy the site's `onDroppedHtml`: `ignore` gives none
 * @throws DocgenError DroppedHtml under `throw`
 */
export function droppedHtmlWarning(
  set: SourceSet,
  dropped: Map<string, string[]>,
  policy: DroppedHtmlPolicy = 'warn',
): DocgenError[] {
  if (dropped.size === 0 || policy === 'ignore') return [];
  const counts = new Map<string, number>();
  for (const what of dropped.values()) for (const item of what) counts.set(item, (counts.get(item) ?? 0) + 1);
  const kinds = [...counts].sort((a, b) => b[1] - a[1]);
  const list = kinds
    .slice(0, 4)
    .map(([item, n]) => (n > 1 ? `${item} (${n} times)` : item))
    .join('; ');
  const more = kinds.length > 4 ? ` and ${kinds.length - 4} more` : '';
  const pointer = firstDescription(set.bundled, dropped);
  const found = (pointer && findText(set, getAt(set.bundled, pointer) as string)) || locatePointer(set, pointer ?? ''); // by its pointer: the file's AST
  const line = found.position?.line;
  const error = new DocgenError({
    code: 'DroppedHtml',
    message: `Raw HTML dropped from ${dropped.size} description${dropped.size === 1 ? '' : 's'} of the OpenAPI document (the first is here): ${list}${more}. docgen keeps only the HTML on its allow-list (SECURITY.md, "Raw HTML"); write it in Markdown.`,
    file: found.file.file,
    line,
    column: found.position?.column,
    frame: line ? codeFrame(found.file.source, line, found.position?.column ?? 1) : undefined,
    severity: policy === 'throw' ? 'error' : 'warning',
  });
  if (policy === 'throw') throw error;
  return [error];
}

/**
 * Where a description's text is written, by searching the files for it: as JSON text in a JSON file, its first line
 * in a YAML one. Far cheaper than locating its pointer, which parses the file into an AST (a third of a second for
 * freee's 2 MB).
 * @returns undefined when the text is written otherwise (escapes, folding)
 */
function findText(set: SourceSet, text: string): { file: SourceFile; position: SourcePosition } | undefined {
  for (const file of set.files) {
    const needle = file.json
      ? JSON.stringify(text)
      : text
          .split('\n')
          .find((l) => l.trim() !== '')
          ?.trim();
    const at = needle ? file.source.indexOf(needle) : -1;
    if (at === -1) continue;
    const lineStart = file.source.lastIndexOf('\n', at - 1) + 1;
    let line = 1;
    for (let i = file.source.indexOf('\n'); i !== -1 && i < at; i = file.source.indexOf('\n', i + 1)) line++;
    return { file, position: { line, column: at - lineStart + 1 } };
  }
  return undefined;
}

/** JSON pointer of the first `description`, in document order, whose text is a key of `texts`. */
function firstDescription(root: unknown, texts: Map<string, unknown>): string | undefined {
  const stack: { value: unknown; pointer: string }[] = [{ value: root, pointer: '' }];
  while (stack.length > 0) {
    const { value, pointer } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    for (const [key, child] of entries)
      if (key === 'description' && typeof child === 'string' && texts.has(child)) return joinPointer(pointer, key);
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], pointer: joinPointer(pointer, entries[i]![0]) });
  }
  return undefined;
}
