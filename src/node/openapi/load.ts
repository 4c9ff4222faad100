/**
 * Loads an OpenAPI document (YAML or JSON), validates it with @readme/openapi-parser and turns it into the plain
 * view model the API page renders (issue #4). Every operation gets a stable anchor (its operationId) that the
 * link checker knows.
 */
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { yamlToJs } from '../content/yaml.js';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { modelDocument } from './handlers/document.js';
import type { ApiDocumentModel } from './model.js';
import { collectDescriptions, createDeferredMarkdownRenderer } from './markdown.js';
import { ExternalRefError, joinPointer } from './resolve.js';
import { validateApiDocument, validateInWorker } from './validate.js';
import { positionOfPointer } from './yaml-position.js';
import { runInWorker } from './worker.js';

/**
 * Reads, validates and models an OpenAPI document.
 * @param file absolute path
 * @param options.inlineBudget named schemas larger than this (nodes) are linked instead of expanded
 * @throws DocgenError OpenApiInvalid with file:line:column for YAML syntax errors and for every validation error
 */
export async function loadApiDocument(file: string, options: { inlineBudget?: number } = {}): Promise<ApiDocumentModel> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    throw new DocgenError({ code: 'OpenApiInvalid', message: 'The OpenAPI document listed in site.config.ts `apis` cannot be read.', file });
  }
  let ast: { doc: Document; lineCounter: LineCounter } | undefined;
  // The YAML AST (for positions) is built up front for YAML, and for JSON only when something must be located:
  // JSON.parse is about ten times faster on GitHub's 13 MB description.
  const parseAst = () => {
    if (!ast) {
      const lineCounter = new LineCounter();
      ast = { doc: parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false }), lineCounter };
    }
    return ast;
  };
  let api: unknown;
  let json = false;
  if (/\.json$/i.test(file)) {
    try {
      api = JSON.parse(source);
      json = true;
    } catch {
      api = undefined;
    }
  }
  if (api === undefined) {
    const { doc, lineCounter } = parseAst();
    if (doc.errors.length > 0) {
      const error = doc.errors[0]!;
      const { line, col } = lineCounter.linePos(error.pos[0]);
      throw new DocgenError({
        code: 'OpenApiInvalid',
        message: /call stack/i.test(error.message)
          ? `The document nests deeper than docgen reads (more than ${MAX_NESTING} levels). Flatten the schema with named components and $ref.`
          : `The OpenAPI document is not valid YAML: ${error.message.split('\n')[0]}.`,
        file,
        line,
        column: col,
        frame: codeFrame(source, line, col),
      });
    }
    api = yamlToJs(doc, { file, code: 'OpenApiInvalid' });
  }
  if (typeof api !== 'object' || api === null || Array.isArray(api) || (typeof (api as { openapi?: unknown }).openapi !== 'string')) {
    throw new DocgenError({
      code: 'OpenApiInvalid',
      message: 'The document is not an OpenAPI 3 document: it needs an `openapi` version at the top level.',
      file,
      line: 1,
      column: 1,
      frame: codeFrame(source, 1, 1),
    });
  }
  try {
    return await validateAndModel({ file, source, api, json, parseAst, options });
  } catch (error) {
    throw asDocumentError(error, { file, source, api, parseAst });
  }
}

/** Validates the parsed document and models it (beside each other for a large document). */
async function validateAndModel(input: {
  file: string;
  source: string;
  api: unknown;
  json: boolean;
  parseAst: () => { doc: Document; lineCounter: LineCounter };
  options: { inlineBudget?: number };
}): Promise<ApiDocumentModel> {
  const { file, source, api, json, parseAst, options } = input;
  const validating = validateInWorker({ source, json });
  if (validating === null) {
    await validateApiDocument({ file, source, api, ast: parseAst });
    return modelDocument(api as Record<string, unknown>, options);
  }
  // A large document: modelled while one worker validates it and another renders its descriptions (they are
  // placeholders in the model until then); the model of an invalid document is thrown away.
  const texts = collectDescriptions(api);
  const rendering = runInWorker<{ html: string[] }>({ task: 'markdown', texts });
  const deferred = rendering ? createDeferredMarkdownRenderer() : null;
  let model: ApiDocumentModel | undefined;
  let modelError: unknown;
  try {
    model = modelDocument(api as Record<string, unknown>, { ...options, markdown: deferred?.markdown });
  } catch (error) {
    modelError = error;
  }
  if (!(await validating)) await validateApiDocument({ file, source, api, ast: parseAst });
  if (!model) throw modelError;
  if (deferred) {
    const html = (await rendering)?.html;
    deferred.fill(model, new Map(texts.map((text, i) => [text, html?.[i]])));
  }
  return model;
}

/** Nesting depth docgen reads: deeper documents overflow the validator's and the model's recursion. */
const MAX_NESTING = 512;

/**
 * A failure of validating or modelling as a located OpenApiInvalid (issue 21, item 11): a `$ref` into another
 * file (not read yet), or nesting deep enough to overflow the stack, at its JSON pointer and line. Anything else
 * as it is.
 */
function asDocumentError(error: unknown, input: { file: string; source: string; api: unknown; parseAst: () => { doc: Document; lineCounter: LineCounter } }): unknown {
  let pointer: string;
  let message: string;
  if (error instanceof ExternalRefError) {
    pointer = error.pointer;
    message = `The $ref ${JSON.stringify(error.ref)} at ${pointer} points into another file, which docgen does not read yet. Bundle the document into one file (for example with \`npx @redocly/cli bundle\`).`;
  } else if (error instanceof RangeError && /call stack/i.test(error.message)) {
    pointer = deepestPointer(input.api);
    message = `The document nests deeper than docgen reads (more than ${MAX_NESTING} levels, at ${pointer.length > 120 ? pointer.slice(0, 120) + '…' : pointer}). Flatten the schema with named components and $ref.`;
  } else {
    return error;
  }
  const position = positionOfPointer({ ...input.parseAst(), pointer });
  return new DocgenError({
    code: 'OpenApiInvalid',
    message,
    file: input.file,
    line: position?.line,
    column: position?.column,
    frame: position ? codeFrame(input.source, position.line, position.column) : undefined,
  });
}

/** The JSON pointer of the deepest value of a document, walked without recursion (the document may be too deep for it). */
function deepestPointer(root: unknown): string {
  let deepest: { path: string[] } = { path: [] };
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > deepest.path.length) deepest = { path };
    if (path.length > MAX_NESTING * 4 || value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: [...path, key] });
  }
  return joinPointer('', ...deepest.path);
}
