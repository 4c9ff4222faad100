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
        : {
            type: 'element',
            tagName: 'p',
            properties: { id: `段落-${i}`, className: ['x'] },
            children: [{ type: 'text', value: `本文 ${i} "引用" \\ \u2028 ${'長い'.repeat(i % 50)}` }],
          },
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
    const { file, pieces } = writeDataStreamed({
      staging: dir,
      data,
      ensureFolderOf: createFolderMaker(),
      pieceBytes: 20_000,
    });
    const json = JSON.stringify(data);
    expect(file).toBe(hashedPath('data/', dataName(data.path), json));
    const bytes = readFileSync(path.join(dir, file));
    expect(bytes.toString('utf8')).toBe(json);
    expect(readdirSync(path.join(dir, 'assets/data'))).toEqual([path.basename(file)]);
    // The pieces are runs of whole children, in order, never cut between two text nodes.
    const bounds = [pieces!.start, ...pieces!.cuts, pieces!.end];
    expect(pieces!.cuts.length).toBeGreaterThan(5);
    const runs = bounds
      .slice(1)
      .map(
        (end, i) =>
          JSON.parse(`[${bytes.toString('utf8', i === 0 ? bounds[0] : bounds[i]! + 1, end)}]`) as { type: string }[],
      );
    expect(runs.flat()).toEqual(children);
    for (let i = 1; i < runs.length; i++)
      expect(runs[i]![0]!.type === 'text' && runs[i - 1]!.at(-1)!.type === 'text').toBe(false);
    expect(pieces!.nested).toEqual([]);
  });

  it("notes a big table as a run of its own, and its body's rows as runs", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docgen-stream-'));
    const row = (i: number) => ({
      type: 'element',
      tagName: 'tr',
      properties: {},
      children: [{ type: 'element', tagName: 'td', properties: {}, children: [{ type: 'text', value: `行 ${i}` }] }],
    });
    const rows = Array.from({ length: 6000 }, (_, i) => (i % 2 === 0 ? { type: 'text', value: '\n' } : row(i)));
    const tbody = { type: 'element', tagName: 'tbody', properties: {}, children: rows };
    const table = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['dg-table'] },
      children: [
        {
          type: 'element',
          tagName: 'table',
          properties: {},
          children: [{ type: 'element', tagName: 'thead', properties: {}, children: [] }, tbody],
        },
      ],
    };
    const children = [
      { type: 'element', tagName: 'h1', properties: {}, children: [] },
      { type: 'text', value: '\n' },
      table,
      { type: 'text', value: '\n' },
    ];
    const data = {
      path: '/t',
      kind: 'doc',
      title: 'T',
      description: '',
      content: { type: 'root', children },
      toc: [],
      extra: null,
    } as unknown as PageData;
    const { file, pieces } = writeDataStreamed({
      staging: dir,
      data,
      ensureFolderOf: createFolderMaker(),
      pieceBytes: 20_000,
    });
    const bytes = readFileSync(path.join(dir, file));
    expect(bytes.toString('utf8')).toBe(JSON.stringify(data));
    const text = (a: number, b: number) => bytes.toString('utf8', a, b);
    expect(pieces!.cuts).toHaveLength(2); // before and after the table
    expect(JSON.parse(text(pieces!.cuts[0]! + 1, pieces!.cuts[1]!))).toEqual(table);
    expect(pieces!.nested).toHaveLength(1);
    const { run, path: down, rows: body } = pieces!.nested[0]!;
    expect({ run, down }).toEqual({ run: 1, down: [0, 1] });
    const skeleton = JSON.parse(text(pieces!.cuts[0]! + 1, body.start) + text(body.end, pieces!.cuts[1]!));
    expect(skeleton.children[0].children[1]).toEqual({ ...tbody, children: [] });
    const bounds = [body.start, ...body.cuts, body.end];
    expect(body.cuts.length).toBeGreaterThan(5);
    expect(
      bounds.slice(1).flatMap((end, i) => JSON.parse(`[${text(i === 0 ? bounds[0]! : bounds[i]! + 1, end)}]`)),
    ).toEqual(rows);
  });
});
