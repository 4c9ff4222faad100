/**
 * The dev server's event hub over real HTTP: messages carry ids, and a client that connects late is sent what it
 * missed (by `?since=` or the `Last-Event-ID` header), or a reload when that is no longer kept.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventHub, type EventHub } from '../../../../src/node/dev/events.js';

let server: Server | undefined;
let hub: EventHub | undefined;
afterEach(async () => {
  hub?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function start(): Promise<{ hub: EventHub; port: number }> {
  const h = createEventHub();
  hub = h;
  server = createServer((req, res) => h.connect(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { hub: h, port: (server!.address() as AddressInfo).port };
}

/** Connects and returns the `data:` payloads received within `ms` milliseconds. */
function receive(port: number, path: string, headers: Record<string, string> = {}, ms = 150): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      setTimeout(() => {
        req.destroy();
        resolve([...text.matchAll(/^data: (.*)$/gm)].map((m) => m[1]!));
      }, ms);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('event hub', () => {
  it('replays the messages after the one a late client names, by URL or by Last-Event-ID', async () => {
    const { hub, port } = await start();
    hub.broadcast({ type: 'reload' });
    hub.broadcast({ type: 'update', routes: ['/a'], site: false });
    hub.broadcast({ type: 'errors' });
    expect(hub.lastId()).toBe(3);
    expect(await receive(port, '/?since=1')).toEqual([
      '{"type":"update","routes":["/a"],"site":false}',
      '{"type":"errors"}',
    ]);
    expect(await receive(port, '/?since=1', { 'Last-Event-ID': '2' })).toEqual(['{"type":"errors"}']);
    expect(await receive(port, '/?since=3')).toEqual([]);
    expect(await receive(port, '/')).toEqual([]);
  });

  it('tells a client that missed more than it keeps to reload', async () => {
    const { hub, port } = await start();
    for (let i = 0; i < 150; i++) hub.broadcast({ type: 'update', routes: [`/p${i}`], site: false });
    expect(await receive(port, '/?since=10')).toEqual(['{"type":"reload"}']);
  });
});
