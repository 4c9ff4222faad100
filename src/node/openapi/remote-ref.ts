/**
 * Remote `$ref` targets of an OpenAPI document (`https://schemas.example.com/common.yaml#/Error`): fetched only
 * when config `allowedRemoteOrigins` lists the URL's origin (SECURITY.md "Who is trusted"), with a timeout and a
 * size cap, redirects followed by hand and each new location checked against the list again (fetch's own
 * `redirect: 'follow'` would leave the list). A fetched document is kept in docgen's cache folder
 * (`remote-refs/`, sealed like every entry: atomic-file.ts), so a rebuild without network uses the last copy,
 * with a warning. `http:` is allowed only for an origin listed with `http://`: an `https://` entry never lets a
 * document be read in clear.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readCacheFile, writeCacheFile } from '../cache/atomic-file.js';
import { cacheRoot } from '../paths.js';
import { isAllowedRemote, type RemotePolicy } from '../read-policy.js';

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Redirects followed for one document (browsers follow 20; a description behind more than 5 is a mistake). */
const MAX_REDIRECTS = 5;

/** A remote document that cannot be used: `message` says why and what to do (the caller locates it at its `$ref`). */
export class RemoteRefError extends Error {}

/** A fetched document: the URL it was finally read from (relative `$ref`s in it resolve against it) and its text. */
export interface RemoteDocument {
  url: string;
  source: string;
  /** Set when the network failed and the cached copy of an earlier build was used: why the fetch failed. */
  stale?: string;
}

/**
 * Fetches a remote document whose origin the policy lists, following redirects within the listed origins.
 * @param url absolute http(s) URL without its fragment
 * @returns the document; when the network fails (no connection, a timeout, a 5xx answer) and an earlier build
 *   cached it, the cached copy with `stale` set
 * @throws RemoteRefError for an unlisted origin (of the URL or a redirect), a 4xx answer, a body over the size cap,
 *   or a network failure with no cached copy
 */
export async function fetchRemoteDocument(url: string, policy: RemotePolicy): Promise<RemoteDocument> {
  if (!isAllowedRemote(url, policy.origins))
    throw new RemoteRefError(
      `its origin is not in site.config.ts \`allowedRemoteOrigins\`, so it was not fetched (docgen reads no network unless the config lists the origin, SECURITY.md). Save the document in the project and refer to it by a relative path, or list ${originOrUrl(url)} in \`allowedRemoteOrigins\`.`,
    );
  const entry = path.join(cacheRoot(), 'remote-refs', `${createHash('sha256').update(url).digest('hex')}.json`);
  let fetched: RemoteDocument;
  try {
    fetched = await fetchWithin(url, policy);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const copy = cachedCopy(await readCacheFile(entry));
    if (!copy) throw new RemoteRefError(`it cannot be fetched: ${error.message}, and no earlier build cached it.`);
    return { url: copy.url, source: copy.source, stale: error.message };
  }
  await writeCacheFile(entry, JSON.stringify(fetched)); // false (warned once) when the cache cannot be written
  return fetched;
}

/** A cache entry's document, or null (none, or not the shape this version writes: a miss, as for every cache). */
function cachedCopy(body: Buffer | null): RemoteDocument | null {
  try {
    const copy = body ? (JSON.parse(body.toString('utf8')) as RemoteDocument) : null;
    return typeof copy?.url === 'string' && typeof copy.source === 'string' ? copy : null;
  } catch {
    return null;
  }
}

/** A failure a cached copy may stand in for: the network, a timeout, a server error. */
class NetworkError extends Error {}

async function fetchWithin(first: string, policy: RemotePolicy): Promise<RemoteDocument> {
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = first;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/yaml, application/json, text/yaml, */*' },
      });
    } catch (error) {
      throw new NetworkError(signal.aborted ? `no answer within ${timeoutMs} ms` : describe(error));
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      const next = new URL(response.headers.get('location')!, url).href.replace(/#.*$/, '');
      if (hop + 1 > MAX_REDIRECTS) throw new RemoteRefError(`${first} redirects more than ${MAX_REDIRECTS} times.`);
      if (!isAllowedRemote(next, policy.origins))
        throw new RemoteRefError(
          `${url} redirects to ${next}, whose origin is not in site.config.ts \`allowedRemoteOrigins\`, so it was not followed. Refer to the final URL, or list ${originOrUrl(next)} too.`,
        );
      url = next;
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new NetworkError(`the server answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RemoteRefError(`${url} answered ${response.status} ${response.statusText}. Check the URL.`);
    }
    return {
      url,
      source: await readCapped(response, { url, signal, timeoutMs, maxBytes: policy.maxBytes ?? DEFAULT_MAX_BYTES }),
    };
  }
}

/** The body as UTF-8 text, refused past the size cap (before reading it when Content-Length says so). */
async function readCapped(
  response: Response,
  limits: { url: string; signal: AbortSignal; timeoutMs: number; maxBytes: number },
): Promise<string> {
  const tooLarge = () =>
    new RemoteRefError(
      `${limits.url} is larger than ${limits.maxBytes} bytes, the most docgen reads for a remote $ref. Save the document in the project instead.`,
    );
  if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      size += read.value.byteLength;
      if (size > limits.maxBytes) {
        await reader!.cancel();
        throw tooLarge();
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof RemoteRefError) throw error;
    throw new NetworkError(limits.signal.aborted ? `no answer within ${limits.timeoutMs} ms` : describe(error));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

function originOrUrl(url: string): string {
  try {
    return `'${new URL(url).origin}'`;
  } catch {
    return 'its origin';
  }
}
