/**
 * The new package.json keeps the site's `type` (migrate/package-fields.ts sitePackageType); the step a site's scripts
 * run before the tool builds (stepBeforeBuild).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sitePackageType, stepBeforeBuild } from '../../../../src/node/migrate/package-fields.js';
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

describe('stepBeforeBuild', () => {
  const scripts = (name: string, value: Record<string, string>, extra: Record<string, string> = {}) =>
    writeTree(path.join(dir, name), { 'package.json': JSON.stringify({ name, scripts: value }), ...extra });

  it("is the build script's pre script, or what it chains before the build", () => {
    scripts('pre', { prebuild: 'node scripts/rules.mjs', build: 'docusaurus build', start: 'docusaurus start' });
    expect(stepBeforeBuild(path.join(dir, 'pre'), 'docusaurus')).toEqual({
      script: 'prebuild',
      command: 'node scripts/rules.mjs',
    });
    scripts('chained', { 'build:site': 'typedoc --out docs/api && npx docusaurus build --out-dir public' });
    expect(stepBeforeBuild(path.join(dir, 'chained'), 'docusaurus')).toEqual({
      script: 'build:site',
      command: 'typedoc --out docs/api',
    });
  });

  it('is undefined when the build runs alone, or no script builds the site', () => {
    scripts('plain', { build: 'docusaurus build', prestart: 'node gen.js', start: 'docusaurus start' });
    expect(stepBeforeBuild(path.join(dir, 'plain'), 'docusaurus')).toBeUndefined();
    scripts('other', { build: 'node gen.js && next build' });
    expect(stepBeforeBuild(path.join(dir, 'other'), 'docusaurus')).toBeUndefined();
    writeTree(path.join(dir, 'none'), { 'docusaurus.config.js': 'module.exports = {};\n' });
    expect(stepBeforeBuild(path.join(dir, 'none'), 'docusaurus')).toBeUndefined();
  });

  it("reads the repository's package.json for a VitePress site in its docs/ folder", () => {
    scripts(
      'repo',
      { 'predocs:build': 'node scripts/build-llm-docs.ts', 'docs:build': 'vitepress build docs' },
      { '.git/HEAD': 'ref: refs/heads/main\n', 'docs/index.md': '# Home\n' },
    );
    expect(stepBeforeBuild(path.join(dir, 'repo', 'docs'), 'vitepress')).toEqual({
      script: 'predocs:build',
      command: 'node scripts/build-llm-docs.ts',
    });
    expect(stepBeforeBuild(path.join(dir, 'repo', 'docs'), 'docusaurus')).toBeUndefined();
  });
});
