/**
 * The OpenAPI model cache: a document whose bytes are unchanged is not validated and modelled again
 * (parsing, validating and modelling this site's largest takes about 0.3 s). The key covers docgen's engine
 * fingerprint, the file's path and its bytes. Invalid documents are never cached, so their errors are always
 * reported. Stored under `<docgen>/node_modules/.cache/docgen/apis/<site>/`, which a full build prunes to the
 * documents it used (json-store.ts); `--force` bypasses it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import { createJsonStore } from './json-store.js';

/** Bumped when ApiDocumentModel changes shape without docgen's code changing (never, in practice). */
const FORMAT = 'api-v1';

/** The store's folder name inside docgen's cache folder (for pruneJsonStore). */
export const API_CACHE = 'apis';

/**
 * @param options.engine engine fingerprint; @param options.enabled false under --force
 * @param options.scope the site's content folder (entries are kept per site)
 * @returns `load(file, loader)`: the cached model of the file, or `loader(file)`'s, which is then cached; `used`:
 *   the keys of the entries read or written so far
 */
export function createApiCache(options: { engine: string; enabled: boolean; scope: string }) {
  const store = createJsonStore<ApiDocumentModel>(API_CACHE, { enabled: options.enabled, scope: options.scope });
  const used = new Set<string>();
  return {
    used: used as ReadonlySet<string>,
    /**
     * @param variant what else changes the model (the entry's `validation` mode)
     * @throws whatever `loader` throws (DocgenError OpenApiInvalid for a bad document)
     */
    async load(
      file: string,
      loader: (file: string) => Promise<ApiDocumentModel>,
      variant = '',
    ): Promise<ApiDocumentModel> {
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch {
        return loader(file); // unreadable: the loader reports it
      }
      const key = createHash('sha256')
        .update(`${FORMAT}\0${options.engine}\0${file}\0${variant}\0`)
        .update(bytes)
        .digest('hex');
      const cached = (await store.get(key)) as CachedModel | undefined;
      // A multi-file document, or one with local description images, is current only while every file it read is
      // unchanged (an edited image gets a new hashed name).
      const inputs = cached && inputFiles(cached);
      if (cached && (inputs!.length === 0 || cached.filesDigest === (await digestOf(inputs!)))) {
        used.add(key);
        return cached;
      }
      const model: CachedModel = await loader(file);
      // A document that read a URL (config `allowedRemoteOrigins`) is loaded again by every build, so that it sees
      // what the URL serves now (remote-ref.ts keeps the last copy for a build without network).
      if (model.files?.some((f) => /^https?:/i.test(f))) return model;
      if (inputFiles(model).length > 0) model.filesDigest = await digestOf(inputFiles(model));
      await store.set(key, model);
      used.add(key);
      return model;
    },
  };
}

/** The files a model was made from besides its root file's bytes: a multi-file document's, its description images. */
function inputFiles(model: ApiDocumentModel): string[] {
  return [...(model.files ?? []), ...Object.values(model.images ?? {})];
}

/** A cached model; a multi-file document's also carries the digest of its files' bytes. */
type CachedModel = ApiDocumentModel & { filesDigest?: string };

/** SHA-256 of the bytes of every file, in order (an unreadable file counts as empty: the next load reports it). */
async function digestOf(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(await readFile(f).catch(() => Buffer.alloc(0)))
      .update('\0');
  return hash.digest('hex');
}
