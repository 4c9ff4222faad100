/**
 * A monorepo's VitePress docs show their package's code with snippet imports that leave the source folder
 * (`<<< @/../packages/core/src/config.ts#snippet`, `@` being the source folder; VitePress reads any file). Migrated,
 * the page shows that code: the file is carried into the migrated site where the `<<<` line, kept as written, finds
 * it, and the build reports no missing snippet.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-outside-snippets-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: snippet imports of files outside the source folder', () => {
  it("shows the package's code the docs import", () => {
    const repo = writeTree(path.join(temp, 'repo'), {
      'packages/core/src/config.ts': [
        "import { helper } from './helper';",
        '',
        '// #region snippet',
        'export const defaultConfig = { outDir: ".output", browser: "chrome" };',
        '// #endregion snippet',
        '',
      ].join('\n'),
      'packages/core/src/helper.ts': 'export function helper() { return 42; }\n',
      'docs/.vitepress/config.ts': "export default { title: 'Quill', themeConfig: { nav: [] } };\n",
      'docs/index.md': '# Quill\n\nSee the [configuration](/guide/config).\n',
      'docs/guide/config.md': [
        '# Configuration',
        '',
        'The defaults:',
        '',
        '<<< @/../packages/core/src/config.ts#snippet',
        '',
        'And the helper:',
        '',
        '<<< ../../packages/core/src/helper.ts',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'vitepress', path.join(repo, 'docs'), '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout + build.stderr).not.toContain('SnippetNotFound');
    const html = readFileSync(path.join(out, 'dist/guide/config.html'), 'utf8').replace(/<[^>]+>/g, '');
    expect(html).toContain('export const defaultConfig = { outDir: &quot;.output&quot;');
    expect(html).not.toContain('#region');
    expect(html).toContain('return 42;');
  });
});
