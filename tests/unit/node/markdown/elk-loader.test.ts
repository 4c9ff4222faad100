/**
 * elk-loader.ts: ELK loaded through a V8 code cache lays out exactly as ELK loaded by require, and a cache made
 * from another source is not offered to V8. Each case imports the module afresh (it loads ELK once per module
 * instance). Whether V8 takes or refuses the bytes cannot be seen in this process: V8 answers a second compile of
 * the same source in one isolate from its own compilation cache without reading them. The installed cache is
 * checked in a fresh process under the build's V8 flags instead: V8 refused it in every build while it was made
 * without them, and the build compiled ELK from source each time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

type Elk = { layout(graph: unknown): Promise<unknown> };
const GRAPH = {
  id: 'root',
  layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.edgeRouting': 'ORTHOGONAL' },
  children: ['a', 'b', 'c', 'd'].map((id) => ({ id, width: 60, height: 36 })),
  edges: [
    ['a', 'b'],
    ['a', 'c'],
    ['b', 'd'],
    ['c', 'd'],
    ['d', 'a'],
  ].map(([s, t], i) => ({ id: `e${i}`, sources: [s], targets: [t] })),
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-elk-'));
const cache = path.join(dir, 'elk.code-cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A layout without GWT's object hash codes (`$H`, a counter per ELK instance). */
function withoutHashCodes(layout: unknown): unknown {
  return JSON.parse(JSON.stringify(layout, (key, value) => (key === '$H' ? undefined : value)));
}

/** A fresh elk-loader module: loads ELK with this cache file, lays GRAPH out. */
async function layoutWith(cacheFile: string): Promise<{
  cacheUsed: boolean;
  layout: unknown;
  loader: typeof import('../../../../src/node/markdown/elk-loader.js');
}> {
  vi.resetModules();
  const loader = await import('../../../../src/node/markdown/elk-loader.js');
  const { ELK, cacheUsed } = loader.loadElk(cacheFile);
  const layout = withoutHashCodes(await (new ELK() as Elk).layout(structuredClone(GRAPH)));
  return { cacheUsed, layout, loader };
}

describe('ELK through a code cache', () => {
  const required = createRequire(import.meta.url)('elkjs/lib/elk.bundled.js') as new () => Elk;

  it('lays out as elkjs does without a cache, and writes one', async () => {
    const { cacheUsed, layout, loader } = await layoutWith(path.join(dir, 'missing'));
    expect(cacheUsed).toBe(false);
    expect(layout).toEqual(withoutHashCodes(await new required().layout(structuredClone(GRAPH))));
    expect(loader.writeElkCodeCache(cache)).toBeGreaterThan(100_000);
  });

  it('offers the cache made from the same source, with the same layout', async () => {
    const { cacheUsed, layout } = await layoutWith(cache);
    expect(cacheUsed).toBe(true);
    expect(layout).toEqual(withoutHashCodes(await new required().layout(structuredClone(GRAPH))));
  });

  it('does not offer a cache made from another source', async () => {
    const data = readFileSync(cache);
    const end = data.indexOf(10);
    const foreign = path.join(dir, 'foreign');
    writeFileSync(
      foreign,
      Buffer.concat([
        Buffer.from(`${data.subarray(0, end).toString().slice(0, -8)}00000000\n`),
        data.subarray(end + 1),
      ]),
    );
    const result = await layoutWith(foreign);
    expect(result.cacheUsed).toBe(false);
    expect(result.layout).toEqual(withoutHashCodes(await new required().layout(structuredClone(GRAPH))));
  });
});

describe('the code cache the install writes (lib/node/elk.code-cache)', () => {
  const repo = path.resolve(import.meta.dirname, '../../../..');
  const check = (flags: string[] = []) =>
    spawnSync(process.execPath, [...flags, path.join(repo, 'lib/node/elk-code-cache.js'), '--check'], {
      encoding: 'utf8',
    });

  it('is taken by V8 under the flags docgen build runs with', () => {
    const result = check();
    expect(result.stdout.trim()).toBe('elk-code-cache: taken');
    expect(result.status).toBe(0);
  });

  it('is refused under other V8 flags, which is what the check above can tell apart', () => {
    const result = check(['--interrupt-budget=1000']); // the build's own call then leaves this flag as it is
    expect(result.stdout.trim()).toBe('elk-code-cache: refused or missing');
    expect(result.status).toBe(1);
  });
});
