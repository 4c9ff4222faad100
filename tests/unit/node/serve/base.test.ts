import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectBase, normalizeBase } from '../../../../src/node/serve/base.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-serve-base-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve base URL', () => {
  it('reads baseUrl from the built site.json, else /', async () => {
    expect(await detectBase(dir)).toBe('/'); // no site.json
    writeFileSync(path.join(dir, 'site.json'), JSON.stringify({ title: 'x', baseUrl: '/handbook/' }));
    expect(await detectBase(dir)).toBe('/handbook/');
    writeFileSync(path.join(dir, 'site.json'), JSON.stringify({ baseUrl: 'handbook' }));
    expect(await detectBase(dir)).toBe('/');
    writeFileSync(path.join(dir, 'site.json'), '{not json');
    expect(await detectBase(dir)).toBe('/');
  });

  it('normalises --base and refuses what is not a path', () => {
    expect(normalizeBase('/')).toBe('/');
    expect(normalizeBase('handbook')).toBe('/handbook/');
    expect(normalizeBase('/a/b')).toBe('/a/b/');
    for (const bad of ['https://x.test/', '//x.test/a', '/a/../b', '/a?b', '/a#b', '/a\\b', '/a b'])
      expect(() => normalizeBase(bad), bad).toThrow();
  });
});
