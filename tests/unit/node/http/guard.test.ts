import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRequests } from '../../../../src/node/http/guard.js';
import { createHostCheck } from '../../../../src/node/http/host-check.js';

const logged: string[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  const handler = guardRequests(
    (req, res) => {
      if (req.url === '/throw') throw new Error('sync boom');
      if (req.url === '/reject') return Promise.reject(new Error('async boom'));
      if (req.url === '/late') {
        res.writeHead(200);
        res.write('partial');
        return Promise.reject(new Error('late boom'));
      }
      res.end('ok');
    },
    { hostAllowed: createHostCheck({ host: '127.0.0.1' }), log: (line) => logged.push(line) },
  );
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request over loopback; the headers are sent as given (Host included). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: !('Host' in headers) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('guardRequests', () => {
  it('answers GET and HEAD, and 405 with Allow: GET, HEAD to every other method', async () => {
    expect((await send('GET', '/')).status).toBe(200);
    expect((await send('HEAD', '/')).status).toBe(200);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const response = await send(method, '/');
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe('GET, HEAD');
    }
  });

  it('answers 403 to a Host that is not loopback', async () => {
    expect((await send('GET', '/', { Host: 'rebound.example:80' })).status).toBe(403);
    expect((await send('GET', '/', { Host: `localhost:${port}` })).status).toBe(200);
  });

  it('turns a thrown or rejected handler into a logged 500, and keeps serving', async () => {
    for (const path of ['/throw', '/reject']) {
      const response = await send('GET', path);
      expect(response.status, path).toBe(500);
      expect(response.body, path).not.toContain('boom'); // the stack goes to the terminal, not the page
    }
    await send('GET', '/late').catch(() => null); // headers already sent: the connection is cut
    expect(logged.join('\n')).toMatch(/GET \/throw: Error: sync boom/);
    expect(logged.join('\n')).toMatch(/GET \/reject: Error: async boom/);
    expect(logged.join('\n')).toMatch(/GET \/late: Error: late boom/);
    expect((await send('GET', '/')).status).toBe(200);
  });
});
