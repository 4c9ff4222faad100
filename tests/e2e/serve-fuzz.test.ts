/**
 * A bounded, deterministic request fuzzer against `docgen serve` started through the real CLI: random
 * methods, paths (encoded, double-encoded, `..`, backslashes, NUL, very long) and headers (Range, Host,
 * Accept-Encoding, If-None-Match, If-Range), written as raw bytes on loopback sockets so nothing normalises them.
 * Afterwards the process must be alive and answer GET / with 200; no request may have failed with a 500 (an
 * exception inside the server) or gone unanswered.
 */
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/random.js';
import { copyFixture, removeDir, runDocgen, startServe } from '../helpers/site.js';

/** Requests sent at most, and the time after which no new one starts (whichever comes first). */
const MAX_REQUESTS = 5000;
const MAX_MS = 10_000;
/** Requests in flight at once, and how long one may take before it counts as unanswered. */
const PARALLEL = 8;
const REQUEST_TIMEOUT_MS = 3000;
const SEED = 0x5eed_2021;

let dir: string;
let server: Awaited<ReturnType<typeof startServe>>;

beforeAll(async () => {
  dir = copyFixture('theme');
  expect(runDocgen(['build'], dir).status).toBe(0);
  server = await startServe(path.join(dir, 'dist'));
});
afterAll(async () => {
  await server?.close();
  removeDir(dir);
});

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function createRandom(seed: number) {
  const next = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

type Random = ReturnType<typeof createRandom>;

const READ_METHODS = ['GET', 'GET', 'GET', 'HEAD'];
const OTHER_METHODS = ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'get', 'BREW', 'G\x00T', ''];
const SEGMENTS = [
  'docs',
  'guide',
  'intro',
  'second',
  'index.html',
  'assets',
  '404.html',
  'site.json',
  '_headers',
  'etc',
  'passwd',
  'many',
  'page-01',
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E%2e',
  '%252e%252e',
  '%2f',
  '%252f',
  '%5c',
  '%255c',
  '..%5c..',
  '%00',
  '%E3%81%82',
  '.git',
  '.env',
  ';x',
  '*',
  '~',
  'a'.repeat(300),
];
/** Raw bytes a browser would never send in a path (Node's parser refuses most of them with 400). */
const RAW_SEGMENTS = ['\\', '..\\..', '\x00', 'ページ', 'a b', '\t', '\x7f', '"<>', '%', '%zz', '%e3%81'];

function randomPath(random: Random, assets: string[]): string {
  const roll = random.next();
  if (roll < 0.35)
    return random.pick(['/', '/docs/guide/intro', '/docs/guide/', '/index.html', '/404.html', '/site.json', ...assets]);
  if (roll < 0.4) return '/' + 'x/'.repeat(2000 + random.int(8000)); // very long: 431 / 414 territory
  let pathname = '';
  for (let i = 0, n = 1 + random.int(6); i < n; i++)
    pathname += '/' + random.pick(random.next() < 0.1 ? RAW_SEGMENTS : SEGMENTS);
  if (random.next() < 0.15) pathname += random.pick(['?', '?a=1', '?x=%00', '#frag', '?../..']);
  if (random.next() < 0.1) pathname = pathname.replace(/^\//, random.pick(['', '//', '\\', 'http://127.0.0.1/', '*']));
  return pathname;
}

function randomRange(random: Random): string {
  const n = () => String(random.pick([0, 1, 10, 99, 100, 5000, 2 ** 31, 2 ** 53, -1, random.int(40000)]));
  return random.pick([
    `bytes=${n()}-${n()}`,
    `bytes=${n()}-`,
    `bytes=-${n()}`,
    `bytes=${n()}-${n()},${n()}-${n()}`,
    'bytes=100-50',
    'bytes=',
    'bytes=-',
    'bytes=--1',
    'bytes=1-2-3',
    'bytes=a-b',
    `bytes=${'9'.repeat(50)}-`,
    'items=0-1',
    `BYTES = ${n()} - ${n()}`,
    'bytes=0-0,-1',
  ]);
}

function randomHeaders(random: Random, port: string, etags: string[]): string[] {
  const headers: string[] = [];
  const good = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'localhost'];
  const bad = ['evil.example', 'localhost.evil.example', '', '[::1', 'a b', `127.0.0.1:${port}:1`, null];
  const host = random.pick(random.next() < 0.75 ? good : bad);
  if (host !== null) headers.push(`Host: ${host}`);
  if (random.next() < 0.5) headers.push(`Range: ${randomRange(random)}`);
  if (random.next() < 0.5)
    headers.push(
      `Accept-Encoding: ${random.pick(['gzip', 'br', 'gzip, deflate, br', '*', 'identity;q=0', 'gzip;q=0, br;q=0', 'br;q=abc', ';;;', 'x'.repeat(4000), 'deflate', 'gzip;q=1.5'])}`,
    );
  if (random.next() < 0.3)
    headers.push(
      `If-None-Match: ${random.pick(['*', 'W/"1-2"', '"x"', ',,,', random.pick(etags), `${random.pick(etags)}, "y"`])}`,
    );
  if (random.next() < 0.15)
    headers.push(
      `If-Range: ${random.pick(['W/"1-2"', 'Tue, 24 Nov 2026 00:00:00 GMT', 'garbage', random.pick(etags)])}`,
    );
  if (random.next() < 0.05) headers.push(`X-Long: ${'y'.repeat(20000)}`);
  if (random.next() < 0.05) headers.push('Transfer-Encoding: chunked');
  if (random.next() < 0.05) headers.push(`Content-Length: ${random.pick(['5', '-1', 'abc', '0'])}`);
  return headers;
}

/** Sends raw bytes on one connection; resolves with the status code of the answer, 0 for none, -1 on timeout. */
function rawRequest(port: number, bytes: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let head = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(-1);
    }, REQUEST_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      resolve(match ? Number(match[1]) : 0);
    };
    socket.on('data', (chunk: Buffer) => {
      if (head.length < 64) head += chunk.toString('latin1');
    });
    socket.on('close', finish);
    socket.on('error', () => {}); // reset by the server after a 400: 'close' follows
    socket.write(bytes); // not end(): a half-closed socket may be dropped before the answer
  });
}

describe('docgen serve request fuzzer', () => {
  it('survives random requests and still answers GET / with 200', async () => {
    const random = createRandom(SEED);
    const port = new URL(server.url).port;
    const dist = path.join(dir, 'dist');
    const assets = readdirSync(path.join(dist, 'assets'))
      .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
      .map((name) => `/assets/${name}`);
    const etags = [(await fetch(`${server.url}/`, { method: 'HEAD' })).headers.get('etag')!, 'W/"0-0"'];
    // Every request is drawn before any is sent, so the same seed sends the same requests whatever the timing.
    const requests = Array.from({ length: MAX_REQUESTS }, () => {
      const method = random.pick(random.next() < 0.7 ? READ_METHODS : OTHER_METHODS);
      const lines = [
        `${method} ${randomPath(random, assets)} HTTP/1.1`,
        ...randomHeaders(random, port, etags),
        'Connection: close',
      ];
      const body = method === 'POST' && random.next() < 0.5 ? 'a=1' : '';
      if (body) lines.push(`Content-Length: ${body.length}`);
      return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8');
    });
    const statuses = new Map<number, number>();
    const started = performance.now();
    let sent = 0;
    const worker = async () => {
      while (sent < requests.length && performance.now() - started < MAX_MS) {
        const status = await rawRequest(Number(port), requests[sent++]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const elapsed = Math.round(performance.now() - started);
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`serve fuzzer: ${sent} requests in ${elapsed} ms (seed ${SEED.toString(16)}); statuses ${summary}`);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(statuses.get(500) ?? 0, server.output()).toBe(0); // no exception inside the server
    expect(statuses.get(-1) ?? 0).toBe(0); // every request answered
    // The requests reached every kind of answer (the same ones on every run: the generator is seeded).
    for (const status of [200, 206, 304, 400, 403, 404, 405, 416])
      expect(statuses.get(status) ?? 0, String(status)).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/Error/);
  });
});
