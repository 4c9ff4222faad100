/**
 * The API reference stage: each API route's reference body is rendered once to a static HTML fragment
 * (complete without JavaScript) and written as a hashed asset; the route data carries only its URL, never the
 * whole document. A large document (openapi/split.ts) is split: the fragment holds the navigation and
 * placeholders, and each part is its own hashed document `assets/api/<name>.<part>.<hash>.html`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { MAX_ALIAS_COUNT } from '../content/yaml.js';
import { allowedOrigins } from '../../shared/try-it-url.js';
import { withBase } from '../../shared/urls.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import type { ApiRoutes } from '../content/site.js';
import { descriptionImageName } from '../openapi/description-images.js';
import { takeJsonDownload } from '../openapi/load.js';
import { loadYamlFast } from '../openapi/sources.js';
import { dataName, hashOf, writeHashed } from '../output/hashed.js';
import { htmlResourceOrigins, originOf } from '../output/headers.js';
import { apiPageExtra, compileApiRoute, renderApiBody, type CompiledRoute } from '../render/api-route.js';
import type { ServerRenderer } from '../render/ssr.js';

/**
 * API routes compiled and their reference bodies written, once the documents are validated and the theme is
 * bundled. Nothing is rendered when the theme or the client bundle failed: those errors are reported on their own.
 * @returns the compiled API routes, fragment HTML by route path (for server rendering), the origins the try-it
 *   console may call, those of the documents' logos (x-logo) and description images, which the CSP's `img-src`
 *   allows, and those of description video and audio (`media-src`)
 */
export async function renderApiReferences(options: {
  staging: string;
  config: ResolvedConfig;
  apis: Promise<ApiRoutes>;
  /** The bundled theme module's file. */
  theme: Promise<string>;
  themeScript: string;
  /** The client bundle: split references' part pages link its stylesheets. */
  manifest: Promise<AssetsManifest>;
}): Promise<{
  apiRoutes: CompiledRoute[];
  fragments: Map<string, string>;
  serverOrigins: string[];
  imageOrigins: string[];
  mediaOrigins: string[];
}> {
  // The theme module loads while the documents are still being validated (this thread is otherwise waiting then).
  const loading =
    options.config.apis.length > 0
      ? options.theme.then(async (file) => (await import('../render/ssr.js')).importServerRenderer(file))
      : null;
  loading?.catch(() => {}); // a theme that fails is reported by the theme stage; awaited below only when it did not
  const [apis, themeFile, manifest] = await Promise.all([
    options.apis,
    options.theme.catch(() => null),
    options.manifest.catch(() => null),
  ]);
  const apiRoutes = apis.routes.map(compileApiRoute);
  if (apiRoutes.length === 0 || !themeFile || !manifest || !loading)
    return { apiRoutes, fragments: new Map(), serverOrigins: [], imageOrigins: [], mediaOrigins: [] };
  const renderer = await loading;
  return { apiRoutes, ...(await writeApiAssets({ ...options, compiled: apiRoutes, renderer, manifest })) };
}

/**
 * Writes each API route's downloads (YAML and JSON), reference body and parts; fills the route data's `extra`.
 * @returns fragment HTML by route path, and the origins of the documents' servers, logos and description images
 *   and media
 */
async function writeApiAssets(options: {
  staging: string;
  config: ResolvedConfig;
  compiled: CompiledRoute[];
  renderer: Pick<ServerRenderer, 'renderApiReference' | 'renderSplitApiReference'>;
  manifest: AssetsManifest;
  themeScript: string;
}): Promise<{
  fragments: Map<string, string>;
  serverOrigins: string[];
  imageOrigins: string[];
  mediaOrigins: string[];
}> {
  const { staging, config, manifest } = options;
  const fragments = new Map<string, string>();
  const serverOrigins: string[] = [];
  const imageOrigins: string[] = [];
  const mediaOrigins: string[] = [];
  const addResources = (html: string) => {
    const { img, media } = htmlResourceOrigins(html);
    imageOrigins.push(...img);
    mediaOrigins.push(...media);
  };
  for (const { route, data } of options.compiled) {
    if (!route.api) continue;
    const { model } = route.api;
    const name = dataName(route.path);
    const { yaml, json } = await writeDownloads(staging, name, route.api.file, model, config.baseUrl);
    serverOrigins.push(...allowedOrigins(model.servers));
    const logo = model.info.logo && originOf(model.info.logo.url);
    if (logo) imageOrigins.push(logo);
    // Each part is written as soon as it is rendered and dropped: 50,000 operations render to
    // about 460 MB of parts, which held until the end took most of the build's peak memory.
    const html = renderApiBody(options.renderer, {
      config,
      route: route.path,
      model,
      downloads: { yaml, json },
      manifest,
      themeScript: options.themeScript,
      partUrl: (key, partHtml) => {
        addResources(partHtml);
        const rel = `assets/api/${name}.${key}.${hashOf(partHtml)}.html`;
        writeFileSync(path.join(staging, rel), partHtml);
        return withBase(config.baseUrl, '/' + rel);
      },
      imageUrl: (file) => publishImage(staging, config.baseUrl, file),
    });
    addResources(html);
    const htmlUrl = await writeHashed(staging, 'api/', name, html, config.baseUrl, '.html');
    data.extra = apiPageExtra(model, htmlUrl, config.messages);
    data.styles = manifest.routeCss.api;
    fragments.set(route.path, html);
  }
  return { fragments, serverOrigins, imageOrigins, mediaOrigins };
}

/**
 * Publishes a local description image (openapi/description-images.ts) as `assets/media/<name>.<hash><ext>`.
 * @param file absolute path (checked by the loader: inside the read policy, a file)
 * @returns its URL with the base
 */
function publishImage(staging: string, baseUrl: string, file: string): string {
  const bytes = readFileSync(file);
  const rel = `assets/media/${descriptionImageName(file, bytes)}`;
  mkdirSync(path.join(staging, 'assets/media'), { recursive: true });
  writeFileSync(path.join(staging, rel), bytes);
  return withBase(baseUrl, '/' + rel);
}

/**
 * Writes the document's downloads, as it is and as JSON: a large YAML document's JSON made by its validating worker
 * (load.ts takeJsonDownload), else jsonDownload's. Its own function so that the source text (tens of MB for a large
 * document) is not held while the reference renders.
 * @returns their URLs (with base)
 */
async function writeDownloads(
  staging: string,
  name: string,
  file: string,
  model: ApiDocumentModel,
  baseUrl: string,
): Promise<{ yaml: string; json: string }> {
  const source = await readFile(file, 'utf8');
  const yaml = await writeHashed(staging, 'api/', name, source, baseUrl, '.yaml');
  const made = takeJsonDownload(model); // a large YAML document's, by the validating worker
  const json = await writeHashed(
    staging,
    'api/',
    name,
    made ?? jsonDownload(file, source, model.sourceIsJson === true),
    baseUrl,
    '.json',
  );
  return { yaml, json };
}

/**
 * The document as JSON, for the download button: a JSON file as it is (GitHub's is 13 MB: serialising it again
 * costs a quarter of a second and changes nothing; not parsed again when the loader parsed it as JSON), anything
 * else converted from YAML, read with js-yaml as the loader reads it (sources.ts loadYamlFast: 0.7 s against 3.4 s for OpenAI's 3 MB, the same JSON for every YAML
 * document in this repository), or with the `yaml` library for what js-yaml leaves to it (anchors, duplicate keys).
 * `docgen dev` serves the same (dev/handler.ts).
 * @param parsedAsJson the loader read the source as JSON (ApiDocumentModel.sourceIsJson)
 */
export function jsonDownload(file: string, source: string, parsedAsJson: boolean): string {
  if (parsedAsJson) return source;
  if (/\.json$/i.test(file)) {
    try {
      JSON.parse(source);
      return source;
    } catch {
      // YAML in a .json file: converted below
    }
  }
  const value =
    loadYamlFast(source) ?? parseDocument(source, { uniqueKeys: false }).toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  return JSON.stringify(value, null, 2) + '\n';
}
