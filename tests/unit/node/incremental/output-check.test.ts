import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputEntries } from '../../../../src/node/cache/output-entries.js';
import { outputEntriesInWorker } from '../../../../src/node/incremental/output-check.js';
import { repoRoot } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-output-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outputEntriesInWorker', () => {
  it('lists the same entries as outputEntries, nested folders included', async () => {
    // The compiled worker must exist, or the function would list the folder itself and compare it with itself.
    expect(existsSync(path.join(repoRoot, 'lib/node/output-entries-worker.js'))).toBe(true);
    mkdirSync(path.join(dir, 'assets/search'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), 'a');
    writeFileSync(path.join(dir, 'assets/search/terms-0.json'), '[]');
    writeFileSync(path.join(dir, 'assets/日本語.json'), '{}');
    const entries = await outputEntriesInWorker(dir);
    expect(entries.size).toBe(3);
    expect(entries).toEqual(outputEntries(dir));
  });

  it('rejects for a folder that does not exist', async () => {
    await expect(outputEntriesInWorker(path.join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
