/**
 * Remote `$ref`s (SECURITY.md "Who is trusted", openapi/remote-ref.ts): a `$ref` to a URL is fetched only when
 * config `allowedRemoteOrigins` lists its origin (an `https://` entry never allows `http://`), with a timeout and a
 * size cap, redirects checked against the list again, and `$ref`s in a fetched document resolved as URLs (never a
 * local file); the copy is cached so a build without network still works, with a warning. Anything else is an
 * OpenApiInvalid naming the file, line and pointer of the `$ref`, and nothing is requested. Local HTTP servers
 * stand for the remote hosts; the last tests are real builds through the CLI.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocgenError } from '../../src/node/diagnostics/error.js';
import { loadApiDocument } from '../../src/node/openapi/load.js';
import type { ReadPolicy } from '../../src/node/read-policy.js';
import { leakDocument } from '../helpers/leak-document.js';
import { copyFixture, docgenBin, removeDir, runDocgen } from '../helpers/site.js';

const SECRET = 'REMOTE-SCHEMA-5c1e';
const cacheDir = mkdtempSync(path.join(tmpdir(), 'docgen-remote-cache-'));
process.env.DOCGEN_CACHE_DIR = cacheDir;
const dirs: string[] = [cacheDir];

/** A local HTTP server answering with `handler`, counting requests by path. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const schemas: Record<string, string> = {
  '/common.yaml': `Secret:\n  type: object\n  properties:\n    tag:\n      $ref: 'nested/tag.yaml#/Tag'\n  description: ${SECRET}\n`,
  '/nested/tag.yaml': 'Tag:\n  type: string\n  description: NESTED-TAG\n',
  '/local-file.yaml': "Secret:\n  $ref: 'file:///etc/hostname'\n",
};
let remote: Awaited<ReturnType<typeof serve>>;
let other: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  other = await serve((_, res) => res.end(schemas['/common.yaml']));
  remote = await serve((req, res) => {
    const url = req.url ?? '';
    if (url === '/moved.yaml') return void res.writeHead(302, { location: '/common.yaml' }).end();
    if (url === '/away.yaml') return void res.writeHead(301, { location: `${other.origin}/common.yaml` }).end();
    if (url === '/loop.yaml') return void res.writeHead(302, { location: '/loop.yaml' }).end();
    if (url === '/big.yaml') return void res.end(`Secret:\n  description: ${'x'.repeat(50_000)}\n`);
    if (url === '/slow.yaml') return; // never answers
    if (schemas[url]) return void res.end(schemas[url]);
    res.writeHead(404).end('not found');
  });
});
afterAll(async () => {
  await remote.close();
  await other.close();
  for (const dir of dirs) removeDir(dir);
});

/** A document whose schema `Leak` (line 19) is `$ref: <ref>`, in a folder of its own. */
function documentWithRef(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-remote-doc-'));
  dirs.push(dir);
  const file = path.join(dir, 'api.yaml');
  writeFileSync(file, leakDocument(ref));
  return file;
}

function policyOf(file: string, origins: string[], limits: { timeoutMs?: number; maxBytes?: number } = {}): ReadPolicy {
  return { roots: [path.dirname(file)], remote: { origins, ...limits } };
}

/** Loads and expects one OpenApiInvalid at line 19 of the document naming the pointer and `what`. */
async function expectRefused(file: string, policy: ReadPolicy, what: RegExp) {
  const error = await loadApiDocument(file, { readPolicy: policy }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocgenError);
  const e = error as DocgenError;
  expect(e.code).toBe('OpenApiInvalid');
  expect(e.file).toBe(file);
  expect(e.line).toBe(19);
  expect(e.message).toContain('at /components/schemas/Leak/$ref');
  expect(e.message).toMatch(what);
  return e;
}

describe('remote $ref: the loader', () => {
  it('fetches a listed origin, and resolves the fetched document’s relative $refs as URLs of it', async () => {
    const before = remote.requests.length;
    const file = documentWithRef(`${remote.origin}/common.yaml#/Secret`);
    const model = await loadApiDocument(file, { readPolicy: policyOf(file, [remote.origin]) });
    const text = JSON.stringify(model);
    expect(text).toContain(SECRET);
    expect(text).toContain('NESTED-TAG');
    expect(remote.requests.slice(before)).toEqual(['/common.yaml', '/nested/tag.yaml']);
    expect(model.files).toEqual([file, `${remote.origin}/common.yaml`, `${remote.origin}/nested/tag.yaml`]);
  });

  it('requests nothing from an origin the config does not list, nor over http when only https is listed', async () => {
    const before = remote.requests.length;
    const file = documentWithRef(`${remote.origin}/common.yaml#/Secret`);
    await expectRefused(
      file,
      policyOf(file, []),
      /not in site\.config\.ts `allowedRemoteOrigins`, so it was not fetched/,
    );
    await expectRefused(file, { roots: [path.dirname(file)] }, /allowedRemoteOrigins/);
    await expectRefused(file, policyOf(file, [remote.origin.replace('http:', 'https:')]), /allowedRemoteOrigins/);
    await expectRefused(file, policyOf(file, ['http://127.0.0.1']), /allowedRemoteOrigins/); // another port
    expect(remote.requests.length).toBe(before);
  });

  it('follows a redirect within the listed origins, and refuses one leaving them before requesting it', async () => {
    const moved = documentWithRef(`${remote.origin}/moved.yaml#/Secret`);
    const model = await loadApiDocument(moved, { readPolicy: policyOf(moved, [remote.origin]) });
    expect(JSON.stringify(model)).toContain('NESTED-TAG'); // relative to where it was redirected
    const away = documentWithRef(`${remote.origin}/away.yaml#/Secret`);
    await expectRefused(
      away,
      policyOf(away, [remote.origin]),
      /redirects to http:\/\/127\.0\.0\.1:\d+\/common\.yaml, whose origin is not in/,
    );
    expect(other.requests).toEqual([]);
    const loop = documentWithRef(`${remote.origin}/loop.yaml#/Secret`);
    await expectRefused(loop, policyOf(loop, [remote.origin]), /redirects more than 5 times/);
  });

  it('stops at the size cap and the timeout, and reports a 404', async () => {
    const big = documentWithRef(`${remote.origin}/big.yaml#/Secret`);
    await expectRefused(big, policyOf(big, [remote.origin], { maxBytes: 10_000 }), /larger than 10000 bytes/);
    const slow = documentWithRef(`${remote.origin}/slow.yaml#/Secret`);
    const started = performance.now();
    await expectRefused(
      slow,
      policyOf(slow, [remote.origin], { timeoutMs: 500 }),
      /no answer within 500 ms, and no earlier build cached it/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    const missing = documentWithRef(`${remote.origin}/missing.yaml#/Secret`);
    await expectRefused(missing, policyOf(missing, [remote.origin]), /answered 404/);
  });

  it('never reads a local file named by a fetched document', async () => {
    const file = documentWithRef(`${remote.origin}/local-file.yaml#/Secret`);
    const error = await loadApiDocument(file, { readPolicy: policyOf(file, [remote.origin]) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).file).toBe(`${remote.origin}/local-file.yaml`);
    expect((error as DocgenError).message).toMatch(/a fetched document never reads a local file/);
  });

  it('uses the cached copy, with a warning at the $ref, when the network fails later', async () => {
    const server = await serve((_, res) =>
      res.end(schemas['/common.yaml']!.replace('NESTED', 'CACHED').replace(/\$ref.*\n/, 'type: string\n')),
    );
    const file = documentWithRef(`${server.origin}/common.yaml#/Secret`);
    const policy = policyOf(file, [server.origin], { timeoutMs: 2_000 });
    expect((await loadApiDocument(file, { readPolicy: policy })).warnings).toBeUndefined();
    await server.close();
    const offline = await loadApiDocument(file, { readPolicy: policy });
    expect(JSON.stringify(offline)).toContain(SECRET);
    expect(offline.warnings).toHaveLength(1);
    expect(offline.warnings![0]).toMatchObject({ code: 'OpenApiInvalid', file, line: 19 });
    expect(offline.warnings![0]!.message).toMatch(
      /cannot be fetched \(ECONNREFUSED\); the copy an earlier build fetched was used/,
    );
    expect(readdirSync(path.join(cacheDir, 'remote-refs')).length).toBeGreaterThan(0);
  });
});

/** `docgen build` in a child process (the test's servers keep answering meanwhile: spawnSync would block them). */
function build(cwd: string, args: string[] = []): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [docgenBin, 'build', ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', DOCGEN_CACHE_DIR: cacheDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status: status ?? -1, output }));
  });
}

/** A copy of the api fixture whose schema `Leak` is `$ref: <ref>`, the config listing `origins`. */
function siteWithRef(ref: string, origins: string): string {
  const dir = copyFixture('api');
  dirs.push(dir);
  writeFileSync(path.join(dir, 'openapi/actions.yaml'), leakDocument(ref));
  writeFileSync(path.join(dir, 'content/docs/links.md'), '# リンク\n\n- [漏れ](/api/actions#leak)\n');
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      "buildDate: '2025-10-13',",
      `buildDate: '2025-10-13',\n  allowedRemoteOrigins: ${origins},`,
    ),
  );
  return dir;
}

function textOf(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) text += readFileSync(path.join(entry.parentPath, entry.name), 'latin1');
  return text;
}

describe('remote $ref: docgen build', () => {
  it('publishes a listed origin’s schema, and rebuilds from the cache without network, with a warning', async () => {
    const server = await serve((_, res) => res.end(`Secret:\n  type: string\n  description: ${SECRET}\n`));
    const dir = siteWithRef(`${server.origin}/common.yaml#/Secret`, JSON.stringify([server.origin]));
    const first = await build(dir);
    expect(first.status, first.output).toBe(0);
    expect(textOf(path.join(dir, 'dist'))).toContain(SECRET);
    await server.close();
    const offline = await build(dir, ['--force']);
    expect(offline.status, offline.output).toBe(0);
    expect(offline.output).toMatch(/\[OpenApiInvalid\] warning: The \$ref .* cannot be fetched \(ECONNREFUSED\)/);
    expect(offline.output).toContain('openapi/actions.yaml:19');
    expect(textOf(path.join(dir, 'dist'))).toContain(SECRET);
  });

  it('refuses an entry of allowedRemoteOrigins that is not an origin, naming the key', () => {
    for (const entry of ['schemas.example.com', 'https://schemas.example.com/v1/', 'ftp://schemas.example.com']) {
      const dir = siteWithRef('#/components/schemas/Leak', JSON.stringify([entry]));
      const result = runDocgen(['build'], dir);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/\[ConfigInvalid\][\s\S]*allowedRemoteOrigins/);
      expect(result.stderr).toMatch(/an origin such as https:\/\/schemas\.example\.com/);
      expect(result.stderr).not.toMatch(/InternalError|\n\s+at /);
    }
  });
});

mkdirSync(cacheDir, { recursive: true });
