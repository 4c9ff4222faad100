import { describe, expect, it } from 'vitest';
import { sameSourcesTogether } from '../../../../src/node/pool/pool.js';
import type { CompileJob } from '../../../../src/node/pool/compile-pages.js';

const job = (source: string) => ({ route: { page: { source } } }) as unknown as CompileJob;

describe('sameSourcesTogether', () => {
  it('puts the copies of a text (one per docs version) one after another, in the order of their first copy', () => {
    const jobs = ['a', 'b', 'c', 'a', 'b', 'c', 'a', 'd'].map(job);
    expect(sameSourcesTogether(jobs)).toEqual([0, 3, 6, 1, 4, 2, 5, 7]);
  });

  it('keeps the order of a site without copies', () => {
    expect(sameSourcesTogether(['x', 'y', 'z'].map(job))).toEqual([0, 1, 2]);
  });
});
