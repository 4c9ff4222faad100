/**
 * Loads an OpenAPI document (YAML or JSON; one file or several, sources.ts), validates it with
 * @readme/openapi-parser and turns it into the plain view model the API page renders. Every operation
 * gets a stable anchor (its operationId) that the link checker knows. Swagger 2.0 is converted to
 * OpenAPI 3.0 after validation (so errors point into the file as written), and
 * `validation: 'warn'` turns schema errors into warnings kept in the model.
 */
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { modelDocument } from './handlers/document.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import {
  collectDescriptions,
  createDeferredMarkdownRenderer,
  createMarkdownRenderer,
  type DroppedHtml,
  renderClaimed,
} from './markdown.js';
import { collectDescriptionImages } from './description-images.js';
import { ExternalRefError, isObject, joinPointer } from './resolve.js';
import { loadSources, locatedError, locatePointer, MAX_NESTING, type SourceSet } from './sources.js';
import { droppedHtmlWarning, type DroppedHtmlPolicy } from './dropped-html.js';
import { validateApiDocument, validateInWorker, type ValidationMode } from './validate.js';
import { runInWorker, WORKER_MIN_CHARS } from './worker.js';
import type { ReadPolicy } from '../read-policy.js';

/** Options of loadApiDocument. */
export interface LoadApiOptions {
  /** Named schemas larger than this (nodes) are linked instead of expanded. */
  inlineBudget?: number;
  /** site.config.ts `apis[].validation` (default `strict`, the site config's default is filled in by the schema). */
  validation?: ValidationMode;
  /**
   * site.config.ts `onDroppedHtml` (default `warn`): raw HTML the allow-list drops from descriptions is one warning
   * per document, an error under `throw`, nothing under `ignore`.
   */
  onDroppedHtml?: DroppedHtmlPolicy;
  /** The folders its `$ref`s may read (read-policy.ts); without it, any file (tests of the loader alone). */
  readPolicy?: ReadPolicy;
}

/**
 * Reads, validates and models an OpenAPI document: OpenAPI 3.0 / 3.1 / 3.2, or Swagger 2.0 converted to 3.0 with
 * swagger2openapi, in one file or several (`$ref`s to other files).
 * @param file absolute path of the root file
 * @returns the model; under `validation: 'warn'` its `warnings` hold every schema error (file:line and pointer)
 * @throws DocgenError OpenApiInvalid with file:line:column for a file that cannot be read or parsed, a `$ref` that
 *   cannot be followed, and (under `strict`) the first validation error
 */
export async function loadApiDocument(file: string, options: LoadApiOptions = {}): Promise<ApiDocumentModel> {
  const set = await loadSources(file, options.readPolicy);
  const root = set.files[0]!;
  const api = set.bundled as Record<string, unknown> | null;
  const version = isObject(api)
    ? typeof api.openapi === 'string'
      ? api.openapi
      : api.swagger === '2.0'
        ? 'swagger-2.0'
        : null
    : null;
  if (version === null) {
    throw new DocgenError({
      code: 'OpenApiInvalid',
      message:
        'The document is not an OpenAPI document: it needs an `openapi` version (3.x) or `swagger: "2.0"` at the top level.',
      file,
      line: 1,
      column: 1,
      frame: codeFrame(root.source, 1, 1),
    });
  }
  try {
    const model = await validateAndModel({ set, options: { ...options, validation: options.validation ?? 'strict' } });
    const { images, warnings } = collectDescriptionImages(set, options.readPolicy);
    if (Object.keys(images).length > 0) model.images = images;
    if (warnings.length > 0) withWarnings(model, warnings);
    if (set.files.length > 1) model.files = set.files.map((f) => f.file);
    else if (root.json) model.sourceIsJson = true;
    return model;
  } catch (error) {
    throw asDocumentError(error, { set });
  }
}

/** Validates the parsed document and models it (beside each other for a large document). */
async function validateAndModel(input: {
  set: SourceSet;
  options: Required<Pick<LoadApiOptions, 'validation'>> & LoadApiOptions;
}): Promise<ApiDocumentModel> {
  const { set, options } = input;
  const root = set.files[0]!;
  // Warnings of loading the set (a remote `$ref` served from the cache while offline: openapi/remote-ref.ts).
  const notes = set.warnings ?? [];
  const dropped: DroppedHtml = new Map();
  if (set.files.reduce((chars, f) => chars + f.source.length, 0) < WORKER_MIN_CHARS) {
    const warnings = await validateApiDocument({ set, mode: options.validation });
    const model = modelDocument(await asOpenApi3(set), { ...options, markdown: createMarkdownRenderer(dropped) });
    return withWarnings(model, [...notes, ...warnings, ...droppedHtmlWarning(set, dropped, options.onDroppedHtml)]);
  }
  // A large document: modelled while one worker renders its descriptions (they are placeholders in the model until
  // then; this thread takes the rest of them once modelled) and another validates it; the model of an invalid
  // document is thrown away under `strict`. The descriptions' worker starts first, as this thread needs its answer
  // first (GitHub's: about 0.9 s of rendering descriptions, against 1.1 s of validating).
  const api = await asOpenApi3(set);
  const texts = collectDescriptions(api);
  const claim = new SharedArrayBuffer(4);
  const rendering = runInWorker<{ html: (string | null)[]; dropped: Map<string, string[]> }>({
    task: 'markdown',
    texts,
    claim,
  });
  // The worker gets JSON: parsing it again there is ten times quicker than parsing the YAML again.
  const single = set.files.length === 1;
  const validating = validateInWorker({
    source: single && root.json ? root.source : JSON.stringify(set.bundled),
    json: true,
    download: single && !root.json,
  });
  const deferred = rendering ? createDeferredMarkdownRenderer(dropped) : null;
  let model: ApiDocumentModel | undefined;
  let modelError: unknown;
  try {
    model = modelDocument(api, { ...options, markdown: deferred?.markdown });
  } catch (error) {
    modelError = error;
  }
  // This thread renders the descriptions the worker has not taken yet (they would otherwise wait for it).
  const renderedHere = deferred && model ? renderClaimed(texts, claim, dropped) : new Map<number, string>();
  // The descriptions are filled in first: the validating worker, started after, is usually the last to answer.
  if (deferred && model) {
    const answer = await rendering;
    deferred.fill(model, new Map(texts.map((text, i) => [text, renderedHere.get(i) ?? answer?.html[i] ?? undefined])));
    for (const [text, what] of answer?.dropped ?? []) dropped.set(text, what);
  }
  // No worker (docgen run from its sources, or the JSON under the threshold) or a failed one: validated here.
  const answer = (await validating) ?? undefined;
  const warnings = await validateApiDocument({ set, mode: options.validation, result: answer });
  if (!model) throw modelError;
  if (answer?.download !== undefined) jsonDownloads.set(model, answer.download);
  return withWarnings(model, [...notes, ...warnings, ...droppedHtmlWarning(set, dropped, options.onDroppedHtml)]);
}

/** The JSON download of a large YAML document, made by the validating worker (not cached with the model). */
const jsonDownloads = new WeakMap<ApiDocumentModel, string>();

/**
 * The JSON download of a document this process just loaded, made while it was validated in a worker, and forgotten.
 * @returns the indented JSON text (with a final newline), or undefined: make it from the source (api-assets.ts)
 */
export function takeJsonDownload(model: ApiDocumentModel): string | undefined {
  const text = jsonDownloads.get(model);
  jsonDownloads.delete(model);
  return text;
}

/** Adds warnings to the model's (kept with it, so a cached model reports them again). */
function withWarnings(model: ApiDocumentModel, warnings: DocgenError[]): ApiDocumentModel {
  if (warnings.length > 0)
    model.warnings = [
      ...(model.warnings ?? []),
      ...warnings.map((w) => ({
        ...w.toJSON(),
        code: w.code === 'DroppedHtml' ? ('DroppedHtml' as const) : ('OpenApiInvalid' as const),
      })),
    ];
  return model;
}

/**
 * The document as OpenAPI 3: a Swagger 2.0 document converted by swagger2openapi (the converter Redoc uses;
 * `patch` fixes the small errors it knows), the model then notes where it came from; any other as it is.
 * @throws DocgenError OpenApiInvalid when the converter gives up (its reason, at the document's first line)
 */
async function asOpenApi3(set: SourceSet): Promise<Record<string, unknown>> {
  const api = set.bundled as Record<string, unknown>;
  if (api.swagger !== '2.0') return api;
  const converter = await import('swagger2openapi'); // CommonJS: its exports are the default export under ESM
  const { convertObj } = ((converter as unknown as { default?: typeof converter }).default ??
    converter) as typeof converter;
  try {
    const { openapi } = await convertObj(
      structuredClone(api) as never,
      // `text`: convertObj otherwise first serialises the whole document to YAML into it, and nothing reads it
      // (swagger2openapi index.js; 2.9 s of a 1,123-operation document's build).
      { patch: true, warnOnly: true, resolve: false, text: 'unused' } as never,
    );
    return { ...(openapi as unknown as Record<string, unknown>), 'x-docgen-converted-from': 'swagger-2.0' };
  } catch (error) {
    throw locatedError(
      set.files[0]!,
      '/swagger',
      `The Swagger 2.0 document cannot be converted to OpenAPI 3: ${(error as Error).message}.`,
    );
  }
}

/**
 * A failure of validating or modelling as a located OpenApiInvalid: a `$ref` into another
 * file (not read yet), or nesting deep enough to overflow the stack, at its JSON pointer and line. Anything else
 * as it is.
 */
function asDocumentError(error: unknown, input: { set: SourceSet }): unknown {
  let pointer: string;
  let message: string;
  if (error instanceof ExternalRefError) {
    pointer = error.pointer;
    message = `The $ref ${JSON.stringify(error.ref)} at ${pointer} cannot be followed. Check the path and the pointer after \`#\`.`;
  } else if (error instanceof RangeError && /call stack/i.test(error.message)) {
    pointer = deepestPointer(input.set.bundled);
    message = `The document nests deeper than docgen reads (more than ${MAX_NESTING} levels, at ${pointer.length > 120 ? pointer.slice(0, 120) + '…' : pointer}). Flatten the schema with named components and $ref.`;
  } else {
    return error;
  }
  const found = locatePointer(input.set, pointer);
  return locatedError(found.file, found.pointer, message);
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
