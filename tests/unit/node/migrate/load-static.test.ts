/**
 * `docgen migrate` reads the other tool's config the way Node would, with only what cannot run here stubbed, and
 * never stops on one it cannot read (load-static.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrDefault, loadStaticModule } from '../../../../src/node/migrate/load-static.js';
import { MigrationReport } from '../../../../src/node/migrate/report.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-load-static-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

describe('loadStaticModule', () => {
  it("gives each imported module its own import.meta.url and __dirname (vuejs/router's twoslash files)", async () => {
    write('.vitepress/twoslash/code/api.ts', 'export const api = 1;\n');
    write(
      '.vitepress/twoslash/files.ts',
      [
        "import fs from 'node:fs';",
        "import { join } from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        "const here = fileURLToPath(new URL('.', import.meta.url));",
        "export const apiCode = fs.readFileSync(join(here, './code/api.ts'), 'utf-8');",
        'export const folders = [__dirname, import.meta.dirname, __filename];',
        '',
      ].join('\n'),
    );
    const file = write(
      '.vitepress/config/index.mts',
      [
        "import { apiCode, folders } from '../twoslash/files';",
        "export default { title: 'Router', apiCode, folders, self: import.meta.url };",
      ].join('\n'),
    );
    const { value } = await loadStaticModule(file);
    const twoslash = path.join(dir, '.vitepress/twoslash');
    expect(value).toEqual({
      title: 'Router',
      apiCode: 'export const api = 1;\n',
      folders: [twoslash, twoslash, path.join(twoslash, 'files.ts')],
      self: `file://${file}`,
    });
  });

  it('runs createRequire(import.meta.url) then require() of plugins, local ESM/TypeScript modules and JSON', async () => {
    write(
      'src/navbar.ts',
      "import { label } from './label';\nexport const items: { label: string; to: string }[] = [{ label, to: 'intro' }];\n",
    );
    write('src/label.js', "exports.label = 'Docs';\n");
    write('versions.json', '["2.0", "1.0"]\n');
    const file = write(
      'docusaurus.config.mjs',
      [
        "import { createRequire } from 'node:module';",
        'const require = createRequire(import.meta.url);',
        "const { items } = require('./src/navbar.ts');",
        "const versions = require('./versions.json');",
        "const plugin = require('docusaurus-plugin-sass');",
        "export default { title: 'Site', versions, navbar: items, plugins: [plugin] };",
      ].join('\n'),
    );
    const { value, stubbed } = await loadStaticModule(file);
    expect(value).toMatchObject({ title: 'Site', versions: ['2.0', '1.0'], navbar: [{ label: 'Docs', to: 'intro' }] });
    expect(stubbed).toContain('docusaurus-plugin-sass');
  });

  it('answers require.resolve of a package that is not installed with its node_modules path (es-toolkit shared.mts)', async () => {
    const file = write(
      'docs/.vitepress/shared.mts',
      [
        "import { createRequire } from 'module';",
        "import path from 'path';",
        'const require = createRequire(import.meta.url);',
        "const vue = path.dirname(require.resolve('vue/package.json', { paths: [require.resolve('vitepress')] }));",
        "export default { title: 'es-toolkit', srcExclude: ['**/CLAUDE.md'], vite: { resolve: { alias: { vue } } } };",
      ].join('\n'),
    );
    const { value } = await loadStaticModule(file);
    expect(value).toMatchObject({ title: 'es-toolkit', srcExclude: ['**/CLAUDE.md'] });
    expect((value as { vite: { resolve: { alias: { vue: string } } } }).vite.resolve.alias.vue).toMatch(/vue$/);
  });

  it('gives fast-glob and yaml to a config that computes its sidebar from the pages (es-toolkit getSidebarItems)', async () => {
    write('glob-site/reference/array/chunk.md', '# chunk\n');
    write('glob-site/reference/array/zip.md', '# zip\n');
    write('glob-site/nav.yml', 'label: Reference\n');
    write(
      'glob-site/.vitepress/libs/items.mts',
      [
        "import glob from 'fast-glob';",
        "import path from 'node:path';",
        'export const items = (root: string, dir: string) =>',
        '  glob.sync(path.join(root, dir, "*")).sort().map((file) => ({ link: "/" + path.relative(root, file).replace(/\\.md$/, "") }));',
      ].join('\n'),
    );
    const file = write(
      'glob-site/.vitepress/config.mts',
      [
        "import path from 'node:path';",
        "import { readFileSync } from 'node:fs';",
        "import { parse } from 'yaml';",
        "import { items } from './libs/items.mts';",
        "const root = path.resolve(import.meta.dirname, '..');",
        "const { label } = parse(readFileSync(path.join(root, 'nav.yml'), 'utf8'));",
        "export default { themeConfig: { sidebar: [{ text: label, items: items(root, 'reference/array') }] } };",
      ].join('\n'),
    );
    const { value, stubbed } = await loadStaticModule(file);
    expect(value).toEqual({
      themeConfig: {
        sidebar: [{ text: 'Reference', items: [{ link: '/reference/array/chunk' }, { link: '/reference/array/zip' }] }],
      },
    });
    expect(stubbed).toEqual([]);
  });

  it('spreads what a missing plugin factory returns into an array as nothing, config objects kept', async () => {
    const file = write(
      '.vitepress/spread.mts',
      [
        "import { defineConfig } from 'vitepress';",
        "import llms from 'vitepress-plugin-missing';",
        "const options = { workDir: 'en' };",
        'export default defineConfig({',
        "  srcDir: 'src',",
        '  vite: { plugins: [...llms(options), ...[1]] },',
        '});',
      ].join('\n'),
    );
    const { value } = await loadStaticModule(file);
    expect(value).toEqual({ srcDir: 'src', vite: { plugins: [1] } });
  });

  it("calls a config that is a function with the env it is given (VitePress: Vite's { mode, command })", async () => {
    const file = write(
      '.vitepress/config.mts',
      'export default ({ mode, command }) => ({ title: `${mode}/${command}` });\n',
    );
    expect((await loadStaticModule(file, { env: { mode: 'production', command: 'build' } })).value).toEqual({
      title: 'production/build',
    });
  });
});

describe('loadStaticModule: working directory', () => {
  it("runs the config in the site folder it is given and restores the caller's folder afterwards", async () => {
    // A config reading a file relative to the working directory, as `npm run build` in the site allows.
    write('cwd-site/VERSION', '2.4.0\n');
    const file = write(
      'cwd-site/docusaurus.config.js',
      "const { readFileSync } = require('node:fs');\nmodule.exports = async () => ({ title: 'v' + readFileSync('VERSION', 'utf8').trim(), cwd: process.cwd() });\n",
    );
    const before = process.cwd();
    const site = path.join(dir, 'cwd-site');
    const { value } = await loadStaticModule(file, { cwd: site });
    expect(value).toEqual({ title: 'v2.4.0', cwd: site });
    expect(process.cwd()).toBe(before);
  });

  it("restores the caller's folder when the config throws", async () => {
    const file = write('cwd-throws/config.mjs', "throw new Error('no');\n");
    const before = process.cwd();
    await expect(loadStaticModule(file, { cwd: path.join(dir, 'cwd-throws') })).rejects.toThrow(/no/);
    expect(process.cwd()).toBe(before);
  });

  it("puts a failed child process's stderr in the error message, on one line", async () => {
    // execSync inherits stderr by default; the config's `git rev-parse HEAD` outside a checkout (utcode-learn).
    const file = write(
      'child/docusaurus.config.js',
      'const { execSync } = require(\'child_process\');\nmodule.exports = { ref: String(execSync("node -e \\"console.error(\'fatal: no repo here\'); process.exit(3)\\"")) };\n',
    );
    const message = await loadStaticModule(file, { cwd: path.join(dir, 'child') }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/threw while being read: Command failed: .* fatal: no repo here\./);
    expect(message).not.toContain('\n');
  });

  it('gives the output of a child process that succeeds (import of node:child_process)', async () => {
    const file = write(
      'child-ok/config.mjs',
      "import { execSync } from 'node:child_process';\nexport default { out: execSync('node -e \"process.stdout.write(process.cwd())\"', { encoding: 'utf8' }) };\n",
    );
    const site = path.join(dir, 'child-ok');
    expect((await loadStaticModule(file, { cwd: site })).value).toEqual({ out: site });
  });
});

describe('loadOrDefault', () => {
  it('gives the defaults and a report line with file:line when the config throws', async () => {
    const file = write(
      'broken.config.js',
      "const fs = require('fs');\nmodule.exports = JSON.parse(fs.readFileSync(__dirname + '/generated.json', 'utf8'));\n",
    );
    const report = new MigrationReport(dir);
    const value = await loadOrDefault(file, { report, fallback: { title: 'x' }, lost: 'the navbar' });
    expect(value).toEqual({ title: 'x' });
    expect(report.format()).toMatch(
      /^broken\.config\.js {2}broken\.config\.js threw while being read: .*generated\.json.* Migrated with defaults instead; not carried over: the navbar\.$/,
    );
  });

  it('names the line of a syntax error', async () => {
    const file = write('syntax.config.js', "module.exports = {\n  title: 'x',\n  navbar: [,\n};\n");
    const report = new MigrationReport(dir);
    await loadOrDefault(file, { report, fallback: {}, lost: 'everything' });
    expect(report.items[0]).toMatchObject({ file: 'syntax.config.js', line: 4 });
  });
});
