/**
 * A huge page's route data file written in pieces (pool/stream-data.ts) is byte for byte, and by name, the file
 * `JSON.stringify(data)` gives: the client and the build's later stages cannot tell them apart.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageData } from '../../../../src/shared/types.js';
import { createFolderMaker } from '../../../../src/node/output/folders.js';
import { dataName, hashedPath } from '../../../../src/node/output/hashed.js';
import { writeDataStreamed } from '../../../../src/node/pool/stream-data.js';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('writeDataStreamed', () => {
  it('writes what JSON.stringify writes, under the same hashed name, and leaves no temporary file', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docgen-stream-'));
    const children = Array.from({ length: 3000 }, (_, i) =>
      i % 3 === 0
        ? { type: 'text', value: '\n' }
        : { type: 'element', tagName: 'p', properties: { id: `段落-${i}`, className: ['x'] }, children: [{ type: 'text', value: `本文 ${i} "引用" \\ \u2028 ${'長い'.repeat(i % 50)}` }] },
    );
    const data = {
      path: '/docs/大きな/page',
      kind: 'doc',
      title: 'タイトル',
      description: '',
      content: { type: 'root', children, data: { quirks: false } },
      toc: [{ id: 'a', text: 'A', level: 2 }],
      nav: { prev: null, next: null },
      extra: null,
    } as unknown as PageData;
    const { file, pieces } = writeDataStreamed({ staging: dir, data, ensureFolderOf: createFolderMaker(), pieceBytes: 20_000 });
    const json = JSON.stringify(data);
    expect(file).toBe(hashedPath('data/', dataName(data.path), json));
    const bytes = readFileSync(path.join(dir, file));
    expect(bytes.toString('utf8')).toBe(json);
    expect(readdirSync(path.join(dir, 'assets/data'))).toEqual([path.basename(file)]);
    // The pieces are runs of whole children, in order, each after the first starting with an element.
    const bounds = [pieces!.start, ...pieces!.cuts, pieces!.end];
    expect(pieces!.cuts.length).toBeGreaterThan(5);
    const runs = bounds.slice(1).map((end, i) => JSON.parse(`[${bytes.toString('utf8', i === 0 ? bounds[0] : bounds[i]! + 1, end)}]`) as { type: string }[]);
    expect(runs.flat()).toEqual(children);
    for (const run of runs.slice(1)) expect(run[0]!.type).toBe('element');
  });
});
