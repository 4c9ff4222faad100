/**
 * The files of one OpenAPI document: the root file and every file its `$ref`s reach
 * (`Pet.yaml`, `../common/Error.yaml#/Error`), each read once and parsed, then bundled into one value the
 * validator and the handlers read as a single-file document.
 *
 * Bundling keeps every `$ref` a reference, so cycles across files stay finite: each other file's whole content
 * goes under the root key `x-docgen-files` (an OpenAPI specification extension, allowed at the root by OpenAPI
 * 2.0 §Vendor Extensions and 3.x §Specification Extensions) and each reference is rewritten into a local one:
 * `Pet.yaml#/Pet` becomes `#/x-docgen-files/1/Pet`, and inside that file `#/Tag` becomes `#/x-docgen-files/1/Tag`.
 * A pointer into the bundle is turned back into its file and pointer with `sourceOfPointer`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { yamlToJs } from '../content/yaml.js';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { escapePointer, isObject, joinPointer, pointerOf, splitPointer, type WalkStep } from './resolve.js';
import { positionOfPointer, type SourcePosition, yamlLineLocator } from './yaml-position.js';
import { checkRead, type ReadPolicy } from '../read-policy.js';

/** The root key holding the other files of a bundled document. */
export const FILES_KEY = 'x-docgen-files';

/** One file of a document: its text, its data and (built on demand) its YAML AST for positions. */
export interface SourceFile {
  file: string;
  source: string;
  value: unknown;
  /** The file is JSON (parsed with JSON.parse). */
  json: boolean;
  ast: () => { doc: Document; lineCounter: LineCounter };
  /**
   * Where a pointer of this file is written: read from a YAML file's lines along the pointer's path where the line
   * scanner can (yaml-position.ts yamlLineLocator, equal by test), else from the file's AST (over a second for a
   * 4 MB document). Both are made on the first call and kept with the file.
   */
  position: (pointer: string, preferKey?: boolean) => SourcePosition | undefined;
}

/** The files of a document: index 0 is the root file; the others in the order their first `$ref` was met. */
export interface SourceSet {
  files: SourceFile[];
  /** The root's value with the other files under FILES_KEY and every `$ref` local (the root's value itself when alone). */
  bundled: unknown;
  /** Remote documents that could not be fetched, whose copy an earlier build cached was used (one each). */
  warnings?: DocgenError[];
}

/** Nesting depth docgen reads: deeper documents overflow the validator's and the model's recursion. */
export const MAX_NESTING = 512;

/**
 * Parses one file's text: JSON.parse for `.json` (ten times faster than the YAML parser on a 13 MB document; the
 * YAML AST is built only when something must be located), else YAML.
 * @throws DocgenError OpenApiInvalid at the syntax error's line and column
 */
export function parseSource(file: string, source: string): SourceFile {
  let ast: { doc: Document; lineCounter: LineCounter } | undefined;
  const parseAst = () => {
    if (!ast) {
      const lineCounter = new LineCounter();
      ast = { doc: parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false }), lineCounter };
    }
    return ast;
  };
  const positionIn = (json: boolean): SourceFile['position'] => {
    let locator: ReturnType<typeof yamlLineLocator>;
    let made = json; // a JSON file is located in its AST only
    return (pointer, preferKey) => {
      if (!made) {
        locator = yamlLineLocator(source);
        made = true;
      }
      return locator?.(pointer, preferKey) ?? positionOfPointer({ ...parseAst(), pointer, preferKey });
    };
  };
  if (/\.json$/i.test(file)) {
    try {
      return { file, source, value: JSON.parse(source), json: true, ast: parseAst, position: positionIn(true) };
    } catch {
      // not JSON after all: read as YAML, which locates the syntax error
    }
  }
  const fast = loadYamlFast(source);
  if (fast !== undefined) return { file, source, value: fast, json: false, ast: parseAst, position: positionIn(false) };
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
  return {
    file,
    source,
    value: yamlToJs(doc, { file, code: 'OpenApiInvalid' }),
    json: false,
    ast: parseAst,
    position: positionIn(false),
  };
}

/**
 * YAML read with js-yaml (the parser Redocly CLI uses): five times faster than the `yaml` library on OpenAI's
 * 3 MB description (2 s against 10 s), which stays the parser of record for positions (its AST, built only to
 * locate a problem) and for what js-yaml refuses.
 * @returns the data, or undefined: a syntax error or duplicate key (the `yaml` library reports or accepts it),
 *   or a source with anchors (`&name`), whose aliases only the `yaml` library caps (content/yaml.ts)
 */
export function loadYamlFast(source: string): unknown {
  if (/(^|[\s:\-[{,])&[^\s]/.test(source)) return undefined;
  try {
    return loadYaml(source, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
}

async function readSource(
  file: string,
  from?: { file: SourceFile; pointer: string; ref: string },
): Promise<SourceFile> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    if (!from)
      throw new DocgenError({
        code: 'OpenApiInvalid',
        message: 'The OpenAPI document listed in site.config.ts `apis` cannot be read.',
        file,
      });
    throw locatedError(
      from.file,
      from.pointer,
      `The $ref ${JSON.stringify(from.ref)} at ${from.pointer} names the file ${file}, which cannot be read. Check the path: it is relative to the file the $ref is in.`,
    );
  }
  return parseSource(file, source);
}

/**
 * A remote document a `$ref` names, fetched (remote-ref.ts) and parsed; its file name is the URL it was read from.
 * @throws DocgenError OpenApiInvalid at the `$ref` when it may not or cannot be fetched
 */
async function fetchSource(
  url: string,
  from: { file: SourceFile; pointer: string; ref: string; policy?: ReadPolicy; warnings: DocgenError[] },
): Promise<SourceFile> {
  const { fetchRemoteDocument, RemoteRefError } = await import('./remote-ref.js');
  const at = `The $ref ${JSON.stringify(from.ref.slice(0, 200))} at ${from.pointer} names ${url.slice(0, 200)}`;
  try {
    const fetched = await fetchRemoteDocument(url, from.policy?.remote ?? { origins: [] });
    if (fetched.stale)
      from.warnings.push(
        locatedError(
          from.file,
          from.pointer,
          `${at}, which cannot be fetched (${fetched.stale}); the copy an earlier build fetched was used.`,
        ),
      );
    return parseSource(fetched.url, fetched.source);
  } catch (error) {
    if (error instanceof RemoteRefError) throw locatedError(from.file, from.pointer, `${at}: ${error.message}`);
    throw error;
  }
}

/** A DocgenError OpenApiInvalid at a pointer of a file (its line when the pointer is found). */
export function locatedError(file: SourceFile, pointer: string, message: string): DocgenError {
  const position = file.position(pointer, true);
  return new DocgenError({
    code: 'OpenApiInvalid',
    message,
    file: file.file,
    line: position?.line,
    column: position?.column,
    frame: position ? codeFrame(file.source, position.line, position.column) : undefined,
  });
}

/**
 * Splits `other.yaml#/a/b` into the file (absolute, relative to `base`) and the pointer; local refs give file null.
 * In a document fetched from a URL (`base` is that URL), every reference is a URL relative to it.
 * @returns `file: undefined` for a target that names no file: a `file:` URL of another host, a URL of another
 *   scheme, broken percent-encoding, or anything but an http(s) URL in a fetched document
 */
function splitRef(ref: string, base: string, self?: URL): { file: string | null | undefined; pointer: string } {
  const hash = ref.indexOf('#');
  const target = hash === -1 ? ref : ref.slice(0, hash);
  const pointer = hash === -1 ? '' : ref.slice(hash + 1);
  if (target === '') return { file: null, pointer };
  const mapped = self && !isUrl(base) ? fileOfSelfUri(target, base, self) : undefined;
  if (mapped) return { file: mapped, pointer };
  try {
    if (isUrl(base) || isUrl(target)) {
      const url = new URL(target, isUrl(base) ? base : undefined);
      return { file: isUrl(url.href) ? url.href : undefined, pointer };
    }
    if (/^file:/i.test(target)) return { file: fileURLToPath(target), pointer };
    if (/^[a-z][a-z0-9+.-]+:/i.test(target)) return { file: undefined, pointer };
    return { file: path.resolve(path.dirname(base), decodeURI(target)), pointer };
  } catch {
    return { file: undefined, pointer };
  }
}

/** An http(s) URL (a remote `$ref` target, or the file name of a fetched document). */
function isUrl(name: string): boolean {
  return /^https?:/i.test(name);
}

/**
 * The bundle pointer a reference names when, resolved against its base URI, it is the `$self` of a document read
 * already or the `$id` of a schema in one (OpenAPI 3.2 §4.1 and its example of both): that resource's pointer plus
 * the reference's fragment. A reference that is only a fragment stays local to its document (undefined).
 */
function knownTarget(ref: string, base: URL, byUri: Map<string, string>): string | undefined {
  if (ref.startsWith('#')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(ref, base);
  } catch {
    return undefined;
  }
  const at = byUri.get(withoutFragment(resolved));
  if (at === undefined) return undefined;
  // The fragment stays percent-encoded: the pointers it is joined with are read by splitPointer, which decodes.
  const fragment = resolved.hash.slice(1);
  return at + (fragment === '/' ? '' : fragment);
}

/**
 * The base URI a document's own `$self` sets (OpenAPI 3.2 §4.1, "Relative References in API Description URIs"):
 * `$self` resolved against the file's own URL. Undefined without a `$self` (references are then relative to the file).
 */
function selfUri(file: SourceFile): URL | undefined {
  const self = isObject(file.value) ? file.value.$self : undefined;
  if (typeof self !== 'string') return undefined;
  try {
    return new URL(self, pathToFileURL(file.file));
  } catch {
    return undefined;
  }
}

/**
 * The file a reference names when its document has a `$self` (OpenAPI 3.2): the reference is resolved against the
 * `$self` URI; a result of the same origin is the file at the same place relative to this document's file as the
 * URI is relative to `$self` (`$self: https://example.com/api/openapi`, `shared/foo` or
 * `https://example.com/api/shared/foo` -> `<dir>/shared/foo`, or `shared/foo.yaml`, `.yml`, `.json` when that has
 * no extension and does not exist: URIs identify documents without one). docgen reads no network, so this is how a
 * document written for its published location still finds its other files beside it.
 * @returns undefined when `$self` plays no part: a URI of another origin, or a `file:` `$self` (resolved as a path)
 */
function fileOfSelfUri(target: string, base: string, self: URL): string | undefined {
  if (self.protocol === 'file:') return undefined;
  let resolved: URL;
  try {
    resolved = new URL(target, self);
  } catch {
    return undefined;
  }
  if (resolved.origin !== self.origin) return undefined;
  const relative = path.posix.relative(path.posix.dirname(self.pathname), resolved.pathname);
  let file: string;
  try {
    file = path.resolve(path.dirname(base), decodeURIComponent(relative));
  } catch {
    return undefined;
  }
  if (existsSync(file) || path.extname(file) !== '') return file;
  return ['.yaml', '.yml', '.json'].map((ext) => file + ext).find((candidate) => existsSync(candidate)) ?? file;
}

/** A `$ref` found in a document: its holder, its text, its pointer, and the base URI it is resolved against. */
interface FoundRef {
  holder: Record<string, unknown>;
  ref: string;
  pointer: string;
  /** The nearest enclosing Schema Object `$id`, else the document's `$self` (only in a document with `$self`). */
  base?: URL;
}

/**
 * Every `$ref` string of a value with its pointer, walked without recursion (a value may nest deeply). With `self`
 * (a document's `$self`), each `$ref` also gets its base URI, and every schema `$id` is recorded in `ids` (its URI,
 * resolved against the enclosing base, -> its pointer), as JSON Schema 2020-12 §8.2.1 and OpenAPI 3.2 §4.1 say.
 */
function refsOf(root: unknown, self?: URL, ids?: Map<string, string>): FoundRef[] {
  const found: FoundRef[] = [];
  // Each entry knows its parent and key, and its pointer is joined only for a `$ref` or an `$id` found under it:
  // a large document has hundreds of thousands of objects and a few thousand `$ref`s.
  const stack: WalkEntry[] = [{ value: root, parent: null, key: '', depth: 0, base: self }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (value === null || typeof value !== 'object' || depth > MAX_NESTING * 4) continue;
    let base = entry.base;
    if (self && depth > 0 && isObject(value) && typeof value.$id === 'string') {
      try {
        base = new URL(value.$id, base);
        ids?.set(withoutFragment(base), pointerOf(entry));
      } catch {
        // not a URI: JSON Schema ignores it as a base
      }
    }
    if (isObject(value) && typeof value.$ref === 'string')
      found.push({ holder: value, ref: value.$ref, pointer: joinPointer(pointerOf(entry), '$ref'), base });
    for (const key in value) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object')
        stack.push({ value: child, parent: entry, key, depth: depth + 1, base });
    }
  }
  return found;
}

/** A value met by refsOf's walk, where it is (resolve.ts WalkStep) and its base URI. */
interface WalkEntry extends WalkStep {
  value: unknown;
  depth: number;
  base?: URL;
}

/** A URI without its fragment, as a document or a schema resource is identified. */
function withoutFragment(uri: URL): string {
  return uri.href.replace(/#.*$/, '');
}

/**
 * Reads a document and every file its `$ref`s reach, relative to the file each `$ref` is in; an http(s) URL is
 * fetched when the policy lists its origin (remote-ref.ts), and the `$ref`s of a fetched document are URLs relative
 * to it (one never reads a local file).
 * @param file absolute path of the root file
 * @param policy the folders a `$ref` may read (read-policy.ts); without it (tests of this module), any file
 * @returns the files and the bundled value (see the module's note); the values are modified in place
 * @throws DocgenError OpenApiInvalid: a file that cannot be read or parsed (located at the `$ref` naming it), a
 *   `$ref` to a URL whose origin the policy does not list (never fetched) or that cannot be fetched (remote-ref.ts),
 *   or to a file outside the policy's folders (never read)
 */
export async function loadSources(file: string, policy?: ReadPolicy): Promise<SourceSet> {
  const root = await readSource(file);
  const files = [root];
  const warnings: DocgenError[] = [];
  const indexOf = new Map<string, number>([[file, 0]]);
  const prefix = (index: number) => (index === 0 ? '' : joinPointer('', FILES_KEY, index - 1));
  // OpenAPI 3.2: documents and schema resources by URI (`$self`, `$id`), as a reference resolved against a base URI
  // names them: the bundle pointer of each.
  const byUri = new Map<string, string>();
  for (let i = 0; i < files.length; i++) {
    const current = files[i]!;
    const self = selfUri(current);
    const ids = new Map<string, string>();
    const refs = refsOf(current.value, self, ids);
    if (self) byUri.set(withoutFragment(self), prefix(i));
    for (const [uri, pointer] of ids) byUri.set(uri, prefix(i) + pointer);
    for (const { holder, ref, pointer, base } of refs) {
      const known = base ? knownTarget(ref, base, byUri) : undefined;
      if (known !== undefined) {
        holder.$ref = '#' + known;
        continue;
      }
      const target = splitRef(ref, current.file, self);
      if (target.file === null) {
        if (i > 0) holder.$ref = '#' + prefix(i) + target.pointer;
        continue;
      }
      if (target.file === undefined) {
        throw locatedError(
          current,
          pointer,
          isUrl(current.file)
            ? `The $ref ${JSON.stringify(ref.slice(0, 200))} at ${pointer} of a document fetched from a URL names no http(s) URL; a fetched document never reads a local file (SECURITY.md).`
            : `The $ref ${JSON.stringify(ref.slice(0, 200))} at ${pointer} names no file docgen can read (another URL scheme, a file: URL of another host, or broken %-encoding). Refer to the file by a relative path.`,
        );
      }
      if (policy && !isUrl(target.file) && checkRead(target.file, policy).outside) {
        throw locatedError(
          current,
          pointer,
          `The $ref ${JSON.stringify(ref.slice(0, 200))} at ${pointer} names ${target.file}, outside the project; docgen reads no file outside it (SECURITY.md), so it was not read. Copy the file into the project, or list its folder in site.config.ts \`allowedReadPaths\`.`,
        );
      }
      let index = indexOf.get(target.file);
      if (index === undefined) {
        index = files.length;
        indexOf.set(target.file, index);
        const from = { file: current, pointer, ref };
        files.push(
          isUrl(target.file)
            ? await fetchSource(target.file, { ...from, policy, warnings })
            : await readSource(target.file, from),
        );
      }
      holder.$ref = '#' + prefix(index) + (target.pointer === '/' ? '' : target.pointer);
    }
  }
  if (files.length === 1) return { files, bundled: root.value };
  const bundled = { ...(root.value as Record<string, unknown>), [FILES_KEY]: files.slice(1).map((f) => f.value) };
  return warnings.length > 0 ? { files, bundled, warnings } : { files, bundled };
}

/**
 * The file and the pointer inside it of a pointer into the bundle (`/x-docgen-files/1/Pet/properties` is
 * `/Pet/properties` of the third file).
 */
export function sourceOfPointer(set: SourceSet, pointer: string): { file: SourceFile; pointer: string } {
  const segments = splitPointer(pointer);
  if (segments[0] === FILES_KEY && segments.length >= 2 && /^\d+$/.test(segments[1]!)) {
    const file = set.files[Number(segments[1]) + 1];
    if (file)
      return {
        file,
        pointer: segments
          .slice(2)
          .map((s) => '/' + escapePointer(s))
          .join(''),
      };
  }
  return { file: set.files[0]!, pointer };
}

/**
 * The pointer a pointer of the dereferenced document stands for in the bundle: each `$ref` met on the way is
 * followed (at most 64 hops), so `/paths/~1pets/get/responses/200` through `$ref: Pet.yaml` gives
 * `/x-docgen-files/0/get/responses/200`. Segments past the last existing value are kept as they are.
 */
export function canonicalPointer(bundled: unknown, pointer: string): string {
  let node = bundled;
  let at = '';
  let hops = 0;
  const segments = splitPointer(pointer);
  for (let i = 0; i < segments.length; i++) {
    while (
      isObject(node) &&
      typeof node.$ref === 'string' &&
      node.$ref.startsWith('#') &&
      segments[i] !== '$ref' &&
      hops++ < 64
    ) {
      at = node.$ref.slice(1);
      node = splitPointer(at).reduce<unknown>(
        (n, s) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[s] : undefined),
        bundled,
      );
    }
    if (node === null || typeof node !== 'object' || !(segments[i]! in node))
      return (
        at +
        segments
          .slice(i)
          .map((s) => '/' + escapePointer(s))
          .join('')
      );
    node = (node as Record<string, unknown>)[segments[i]!];
    at = joinPointer(at, segments[i]!);
  }
  // The value itself may be a reference (an operation in another file): its target is where it is written.
  while (
    isObject(node) &&
    typeof node.$ref === 'string' &&
    node.$ref.startsWith('#') &&
    segments.at(-1) !== '$ref' &&
    hops++ < 64
  ) {
    at = node.$ref.slice(1);
    node = splitPointer(at).reduce<unknown>(
      (n, s) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[s] : undefined),
      bundled,
    );
  }
  return at;
}

/**
 * Where a pointer of the (dereferenced) document is written: its file and line.
 * @param options.preferKey point at the key rather than the value
 */
export function locatePointer(
  set: SourceSet,
  pointer: string,
  options: { preferKey?: boolean } = {},
): { file: SourceFile; pointer: string; position?: SourcePosition } {
  const source = sourceOfPointer(set, canonicalPointer(set.bundled, pointer));
  return {
    ...source,
    position: source.file.position(source.pointer, options.preferKey),
  };
}
