/**
 * YAML turned into data with aliases capped, wherever docgen reads YAML: front matter, category
 * files and OpenAPI documents. An alias bomb ("billion laughs": anchors that alias anchors, each level multiplying
 * the size) would otherwise hang the build or exhaust its memory; the yaml library's check counts alias expansions
 * weighted by the aliases inside each aliased node, so an exponential document is stopped at once while real
 * documents with many anchors pass.
 */
import { parseDocument, type Document } from 'yaml';
import { DocgenError, type ErrorCode } from '../diagnostics/error.js';

/** The yaml library's `maxAliasCount` for every YAML docgen reads (the library's default is 100). */
export const MAX_ALIAS_COUNT = 10_000;

/**
 * The data of a parsed YAML document.
 * @param options.file the file named in the error; options.code the error's code (the kind of file)
 * @throws DocgenError with that code when the aliases expand past MAX_ALIAS_COUNT
 */
export function yamlToJs(doc: Document, options: { file: string; code: ErrorCode }): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    throw new DocgenError({
      code: options.code,
      message: `The YAML's aliases (*name) expand to too much data (more than ${MAX_ALIAS_COUNT} weighted alias expansions), as in a "billion laughs" document. Use fewer nested anchors and aliases.`,
      file: options.file,
      line: 1,
      column: 1,
    });
  }
}

/**
 * Parses YAML text into data with aliases capped.
 * @throws DocgenError with `options.code` for a syntax error (with its line and column) or an alias bomb
 */
export function parseYamlCapped(text: string, options: { file: string; code: ErrorCode }): unknown {
  const doc = parseDocument(text, { prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    throw new DocgenError({
      code: options.code,
      message: `The file is not valid YAML: ${error.message.split('\n')[0]}.`,
      file: options.file,
      line: error.linePos?.[0].line,
      column: error.linePos?.[0].col,
    });
  }
  return yamlToJs(doc, options);
}
