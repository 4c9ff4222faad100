/**
 * A VitePress sidebar whose pages a build step generates (rolldown's docs: `docs/reference/` is git-ignored, written
 * by typedoc, and the config's sidebar for it reads JSON files that step writes) is left out by `docgen migrate` with
 * a report line, so the rest of the site builds instead of failing on "sidebar entry is no page". The pages' links
 * into those pages (tsdown's `[options](../reference/api/Interface.UserConfig.md)`, its typedoc run by netlify.toml's
 * build command) are broken until that step runs: the migrated site warns about them instead of failing.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-generated-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: a sidebar of generated pages', () => {
  it('is left out with a report line, and the site builds', () => {
    const site = path.join(temp, 'docs');
    mkdirSync(path.join(site, '.vitepress'), { recursive: true });
    mkdirSync(path.join(site, 'guide'), { recursive: true });
    writeFileSync(
      path.join(site, '.vitepress/config.ts'),
      [
        "import { existsSync, readFileSync } from 'node:fs';",
        "import path from 'node:path';",
        "import { defineConfig } from 'vitepress';",
        "const file = path.resolve(import.meta.dirname, '../reference/options-sidebar.json');",
        "const options = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];",
        'export default defineConfig({',
        "  title: 'Gen',",
        '  themeConfig: {',
        "    nav: [{ text: 'Guide', link: '/guide/' }],",
        '    sidebar: {',
        "      '/guide/': [{ text: 'Guide', items: [{ text: 'Start', link: '/guide/' }] }],",
        "      '/reference/': [{ text: 'Options', base: '/reference', items: options, collapsed: false }],",
        '    },',
        '  },',
        '});',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(site, 'index.md'), '# Home\n\nWelcome.\n');
    writeFileSync(path.join(site, 'guide/index.md'), '# Start\n\nHow to start.\n');
    const out = path.join(temp, 'site');
    const migrated = runDocgen(['migrate', 'vitepress', site, '--out', out], temp);
    expect(migrated.status, migrated.stderr).toBe(0);
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toContain('"guide"');
    expect(config).not.toContain('"reference"');
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).toContain(
      ".vitepress/config.ts:12  sidebar '/reference/' lists no page of the site and was left out (pages a build step generates: run it, then migrate again)",
    );
    const built = runDocgen(['build'], out);
    expect(built.status, built.stdout + built.stderr).toBe(0);
  });

  it("warns about the pages' links into them instead of failing the build", () => {
    const site = writeTree(path.join(temp, 'linked'), {
      '.vitepress/config.ts': [
        "import { defineConfig } from 'vitepress';",
        'export default defineConfig({',
        "  title: 'Gen',",
        '  themeConfig: {',
        '    sidebar: {',
        "      '/reference/api/': [{ text: 'API', items: [{ text: 'UserConfig', link: '/reference/api/Interface.UserConfig.md' }] }],",
        "      '/': [{ text: 'Guide', items: [{ text: 'Start', link: '/guide/' }] }],",
        '    },',
        '  },',
        '});',
        '',
      ].join('\n'),
      'index.md': '# Home\n\nWelcome.\n',
      'guide/index.md': '# Start\n\nEvery option is in [the reference](../reference/api/Interface.UserConfig.md).\n',
    });
    const { report, output } = migrateAndBuild('vitepress', site, path.join(temp, 'linked-site'));
    expect(report).toContain(
      "onBrokenLinks is 'warn' instead of 'throw': the sidebar lists pages under /reference/api/ that are not in the sources",
    );
    expect(output).toContain('[DeadLink] warning');
  });
});
