/**
 * paths.ts moduleFolder: when docgen's cache folder cannot be written, the theme renderer goes to
 * a folder in the OS temp folder whose node_modules links to this installation's. The link is this installation's
 * even when an earlier one, since removed, left its own there.
 */
import { lstatSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docgenRoot, moduleFolder } from '../../../src/node/paths.js';

const saved = process.env.DOCGEN_CACHE_DIR;
const dir = mkdtempSync(path.join(tmpdir(), 'docgen-paths-'));
afterEach(() => {
  if (saved === undefined) delete process.env.DOCGEN_CACHE_DIR;
  else process.env.DOCGEN_CACHE_DIR = saved;
  rmSync(dir, { recursive: true, force: true });
});

describe('moduleFolder without a writable cache folder', () => {
  it("links this installation's node_modules, replacing a dangling link a removed installation left", () => {
    writeFileSync(path.join(dir, 'blocker'), ''); // a file where the cache folder should be (ENOTDIR)
    process.env.DOCGEN_CACHE_DIR = path.join(dir, 'blocker/cache');
    const folder = moduleFolder();
    expect(folder.startsWith(tmpdir())).toBe(true);
    const link = path.join(folder, 'node_modules');
    rmSync(link, { force: true });
    symlinkSync(path.join(dir, 'removed-checkout/node_modules'), link, 'junction'); // dangling
    expect(moduleFolder()).toBe(folder);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(path.join(docgenRoot(), 'node_modules'));
  });
});
