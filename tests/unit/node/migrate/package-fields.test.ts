/** The new package.json keeps the site's `type` (migrate/package-fields.ts sitePackageType). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sitePackageType } from '../../../../src/node/migrate/package-fields.js';
import { writeTree } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-package-fields-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sitePackageType', () => {
  it("is the site's own type, or null when it has none (CommonJS, as Docusaurus sites usually are)", () => {
    writeTree(path.join(dir, 'esm'), { 'package.json': JSON.stringify({ name: 'a', type: 'module' }) });
    writeTree(path.join(dir, 'cjs'), { 'package.json': JSON.stringify({ name: 'b', dependencies: {} }) });
    writeTree(path.join(dir, 'none'), { 'docusaurus.config.js': 'module.exports = {};\n' });
    expect(sitePackageType(path.join(dir, 'esm'))).toBe('module');
    expect(sitePackageType(path.join(dir, 'cjs'))).toBeNull();
    expect(sitePackageType(path.join(dir, 'none'))).toBeNull();
  });
});
