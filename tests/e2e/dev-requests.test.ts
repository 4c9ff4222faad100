/**
 * `docgen dev`'s request entry: GET and HEAD only, with its own endpoints under
 * `/__docgen/` (all GET, the live-update stream included) still answered, and the loopback Host check.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, startDev } from '../helpers/site.js';

let dir: string;
let dev: Awaited<ReturnType<typeof startDev>>;

beforeAll(async () => {
  dir = copyFixture('basic');
  dev = await startDev(dir);
});
afterAll(async () => {
  await dev?.close();
  removeDir(dir);
});

/** One request with the Host header as given; resolves with the status, headers and the first body chunk. */
function send(
  base: string,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; first: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path: pathname, headers, setHost: !('Host' in headers) }, (res) => {
      res.setEncoding('utf8');
      let first = '';
      const done = () => {
        resolve({ status: res.statusCode!, headers: res.headers, first });
        req.destroy(); // the event stream never ends by itself
      };
      res.once('data', (chunk: string) => {
        first = chunk;
        done();
      });
      res.once('end', done);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('docgen dev request entry', () => {
  it('answers 405 with Allow: GET, HEAD to other methods, on pages and internal endpoints', async () => {
    for (const [method, pathname] of [
      ['POST', '/docs/guide/intro'],
      ['PUT', '/__docgen/status?path=/'],
      ['DELETE', '/__docgen/events'],
      ['OPTIONS', '/'],
    ]) {
      const answer = await send(dev.url, method!, pathname!);
      expect(answer.status, `${method} ${pathname}`).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    }
  });

  it('keeps its GET endpoints working: pages, status, site data and the event stream', async () => {
    expect((await send(dev.url, 'GET', '/docs/guide/intro')).status).toBe(200);
    expect((await send(dev.url, 'HEAD', '/docs/guide/intro')).status).toBe(200);
    const status = await send(dev.url, 'GET', '/__docgen/status?path=%2F');
    expect(status.status).toBe(200);
    expect((await send(dev.url, 'GET', '/__docgen/site.json')).status).toBe(200);
    const events = await send(dev.url, 'GET', '/__docgen/events');
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.first).toContain('retry:');
  });

  it('answers 403 to a Host that is not loopback, unless --allowed-hosts names it', async () => {
    const port = new URL(dev.url).port;
    for (const pathname of ['/docs/guide/intro', '/__docgen/events', '/__docgen/site.json']) {
      expect((await send(dev.url, 'GET', pathname, { Host: `rebound.example:${port}` })).status, pathname).toBe(403);
    }
    expect((await send(dev.url, 'GET', '/', { Host: `localhost:${port}` })).status).toBe(200);
    const allowing = await startDev(dir, ['--allowed-hosts', 'docs.test']);
    try {
      expect((await send(allowing.url, 'GET', '/', { Host: 'docs.test:3000' })).status).toBe(200);
      expect((await send(allowing.url, 'GET', '/', { Host: 'rebound.example' })).status).toBe(403);
    } finally {
      await allowing.close();
    }
    expect(dev.child.exitCode).toBeNull();
  });
});
