/**
 * `docgen serve` at the HTTP level through the real CLI: GET/HEAD only, RFC 9110 ranges,
 * never a crash, nothing through a symlink out of the folder, the loopback Host check, the `_headers` rules.
 */
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emittedPolicy } from '../helpers/csp.js';
import { copyFixture, removeDir, runDocgen, startServe } from '../helpers/site.js';

let dir: string;
let server: Awaited<ReturnType<typeof startServe>>;
let index: Buffer;

beforeAll(async () => {
  dir = copyFixture('theme');
  expect(runDocgen(['build'], dir).status).toBe(0);
  index = readFileSync(path.join(dir, 'dist/index.html'));
  server = await startServe(path.join(dir, 'dist'));
});
afterAll(async () => {
  await server?.close();
  removeDir(dir);
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request sent as written (path and headers untouched, Host included when given), over loopback. */
function send(base: string, method: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path: pathname, headers, setHost: !('Host' in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const get = (pathname: string, headers?: Record<string, string>) => send(server.url, 'GET', pathname, headers);

describe('docgen serve over HTTP', () => {
  it('answers only GET and HEAD: 405 with Allow: GET, HEAD otherwise', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const answer = await send(server.url, method, '/');
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe('GET, HEAD');
    }
    const head = await send(server.url, 'HEAD', '/docs/guide/intro');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('answers byte ranges per RFC 9110 and never crashes on them', async () => {
    const invalid = await get('/index.html', { Range: 'bytes=100-50' }); // crashed docgen serve (ERR_OUT_OF_RANGE)
    expect(invalid.status).toBe(200);
    expect(invalid.body.equals(index)).toBe(true);
    const unsatisfiable = await get('/index.html', { Range: `bytes=${index.length}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${index.length}`);
    const partial = await get('/index.html', { Range: 'bytes=10-19', 'Accept-Encoding': 'gzip, br' });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${index.length}`);
    expect(partial.headers['content-encoding']).toBeUndefined(); // the bytes of the file, not of a gzip stream
    expect(partial.body.equals(index.subarray(10, 20))).toBe(true);
    const suffix = await get('/index.html', { Range: 'bytes=-16' });
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(index.subarray(index.length - 16))).toBe(true);
    expect((await get('/index.html', { Range: 'bytes=0-1,5-6' })).status).toBe(200);
    expect((await get('/index.html', { Range: 'lines=1-2' })).status).toBe(200);
    expect((await send(server.url, 'HEAD', '/index.html', { Range: 'bytes=0-1' })).status).toBe(200); // GET only (§14.2)
    const etag = String(invalid.headers.etag);
    expect((await get('/index.html', { 'If-None-Match': etag })).status).toBe(304);
    expect((await get('/index.html', { Range: 'bytes=0-1', 'If-Range': etag })).status).toBe(200); // weak tag: whole file
    expect((await get('/')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('never serves a file whose real path is outside the folder', async () => {
    const dist = path.join(dir, 'dist');
    symlinkSync('/etc', path.join(dist, 'etc-link'));
    symlinkSync('/etc/hostname', path.join(dist, 'host.txt'));
    mkdirSync(path.join(dist, 'docs/leak'));
    symlinkSync('/etc/hostname', path.join(dist, 'docs/leak/index.html')); // a folder whose index leads out
    symlinkSync('/etc/hostname', path.join(dist, 'docs/leak2.html')); // a clean URL that leads out
    symlinkSync('/etc/hostname', path.join(dist, 'assets/leak.js'));
    symlinkSync('index.html', path.join(dist, 'alias.html')); // a link that stays inside is fine
    for (const url of [
      '/etc-link/hostname',
      '/etc-link/passwd',
      '/host.txt',
      '/docs/leak/',
      '/docs/leak',
      '/docs/leak2',
      '/assets/leak.js',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body.toString(), url).toContain('ページが見つかりません');
    }
    expect((await get('/alias')).body.equals(index)).toBe(true);
  });

  it('answers 403 to a Host that is not loopback, unless --allowed-hosts names it', async () => {
    const port = new URL(server.url).port;
    expect((await get('/', { Host: `rebound.example:${port}` })).status).toBe(403);
    expect((await get('/', { Host: 'rebound.example' })).status).toBe(403);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await get('/', { Host: host })).status, host).toBe(200);
    const allowing = await startServe(path.join(dir, 'dist'), ['--allowed-hosts', 'docs.test,.example.test']);
    try {
      for (const host of ['docs.test', 'preview.example.test:8080'])
        expect((await send(allowing.url, 'GET', '/', { Host: host })).status, host).toBe(200);
      expect((await send(allowing.url, 'GET', '/', { Host: 'rebound.example' })).status).toBe(403);
    } finally {
      await allowing.close();
    }
  });

  it('applies the rules of dist/_headers: the CSP on pages and the 404 page, immutable assets', async () => {
    const csp = emittedPolicy(path.join(dir, 'dist'));
    const page = await get('/docs/guide/intro');
    expect(page.headers['content-security-policy']).toBe(csp);
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const asset = readFileSync(path.join(dir, 'dist/index.html'), 'utf8').match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const script = await get(asset);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/no/such/page')).headers['content-security-policy']).toBe(csp);
  });
});
