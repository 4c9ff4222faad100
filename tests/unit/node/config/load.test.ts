import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/node/config/load.js';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { removeDir } from '../../../helpers/site.js';

const dirs: string[] = [];
function project(config: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-config-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'site.config.ts'), config);
  return dir;
}
afterEach(() => dirs.splice(0).forEach(removeDir));

const minimal = `import { defineConfig } from 'docgen';
export default defineConfig({
  product: 'Tsunagi',
  title: '{product} V2',
  url: 'https://docs.example',
  buildDate: '2025-10-13',
});
`;

async function loadError(dir: string): Promise<DocgenError> {
  try {
    await loadConfig(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return error as DocgenError;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('loads site.config.ts, fills defaults and substitutes {product} in the title', async () => {
    const { config, dependencies } = await loadConfig(project(minimal));
    expect(config.title).toBe('Tsunagi V2');
    expect(config.baseUrl).toBe('/');
    expect(config.i18n).toEqual({ defaultLocale: 'ja', locales: ['ja'], messages: {}, localeConfigs: {} });
    expect(config.themeConfig.colorMode).toEqual({
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    });
    expect(config.themeConfig.api.primaryColor).toBe('#1890ff');
    expect(dependencies.some((d) => d.endsWith('site.config.ts'))).toBe(true);
  });

  it('loads the real site config with every setting of spec §3.1', async () => {
    const { config } = await loadConfig(path.resolve('.'));
    expect(config.title).toBe('Tsunagi V2');
    expect(config.tagline).toBe('microservice platform');
    expect(config.buildDate).toBe('2025-10-13');
    expect(config.themeConfig.docsVersionPersistence).toBe('localStorage');
    expect(Object.keys(config.sidebars)).toEqual(['devDesign', 'devSpecification']);
    expect(config.sidebars.devDesign!.entry).toBe('/docs/devDesign/index');
    expect(config.sidebars.devSpecification!.entry).toBe('/docs/devSpecification/SPN/overview');
    expect(config.themeConfig.navbar.items.map((i) => ('label' in i ? i.label : null))).toEqual([
      '設計書',
      '仕様書/テスト項目書',
      'GitHub',
    ]);
  });

  it('names an unknown key with its path, the file and the line', async () => {
    const dir = project(
      minimal.replace(
        "buildDate: '2025-10-13',",
        "buildDate: '2025-10-13',\n  themeConfig: { navbar: { itemz: [] } },",
      ),
    );
    const error = await loadError(dir);
    expect(error.code).toBe('ConfigInvalid');
    expect(error.message).toContain("'themeConfig.navbar.itemz'");
    expect(error.file).toBe(path.join(dir, 'site.config.ts'));
    expect(error.line).toBe(7);
    expect(error.frame).toContain('itemz');
  });

  it('names a wrongly typed key', async () => {
    const error = await loadError(project(minimal.replace("'2025-10-13'", '20251013')));
    expect(error.code).toBe('ConfigInvalid');
    expect(error.message).toContain("'buildDate'");
  });

  it("takes a navbar link's `to` as Docusaurus does (an internal link), like `href`", async () => {
    const dir = project(
      minimal.replace(
        "buildDate: '2025-10-13',",
        "buildDate: '2025-10-13',\n  themeConfig: { navbar: { items: [{ to: '/docs/intro', label: 'Docs' }, { href: 'https://example.com', label: 'Site' }] } },",
      ),
    );
    const { config } = await loadConfig(dir);
    expect(config.themeConfig.navbar.items).toEqual([
      { label: 'Docs', href: '/docs/intro', position: 'left' },
      { label: 'Site', href: 'https://example.com', position: 'left' },
    ]);
  });

  it('names the problem of the form an item of several forms comes closest to, not only "Invalid input"', async () => {
    const dir = project(
      minimal.replace(
        "buildDate: '2025-10-13',",
        "buildDate: '2025-10-13',\n  themeConfig: { navbar: { items: [{ label: 'Docs', href: '/docs', position: 'top' }] } },",
      ),
    );
    const error = await loadError(dir);
    expect(error.code).toBe('ConfigInvalid');
    expect(error.message).toContain("'themeConfig.navbar.items[0].position'");
    expect(error.message).toMatch(/"left"\|"right"|'left'|"left"/);
    expect(error.line).toBe(7);
  });

  it('lists the types a navbar item may have when its type is none of them', async () => {
    const dir = project(
      minimal.replace(
        "buildDate: '2025-10-13',",
        "buildDate: '2025-10-13',\n  themeConfig: { navbar: { items: [{ type: 'doc', docId: 'intro', label: 'Docs' }] } },",
      ),
    );
    const error = await loadError(dir);
    expect(error.message).toContain("'themeConfig.navbar.items[0].type'");
    expect(error.message).toContain('"docSidebar"|"link"|"dropdown"');
  });

  it('says a navbar link needs `href` or `to`', async () => {
    const dir = project(
      minimal.replace(
        "buildDate: '2025-10-13',",
        "buildDate: '2025-10-13',\n  themeConfig: { navbar: { items: [{ label: 'Docs' }] } },",
      ),
    );
    const error = await loadError(dir);
    expect(error.message).toContain("'themeConfig.navbar.items[0]'");
    expect(error.message).toMatch(/href.*to/);
  });

  it('rejects a config that does not export an object', async () => {
    const error = await loadError(project('export default 42;\n'));
    expect(error.code).toBe('ConfigInvalid');
    expect(error.message).toContain('number');
  });

  it('says to run npm install when the config imports a package its package.json lists but is not installed', async () => {
    const dir = project(
      `import remarkMath from 'remark-math-not-installed';\n${minimal.replace("buildDate: '2025-10-13',", "buildDate: '2025-10-13',\n  markdown: { remarkPlugins: [remarkMath] },")}`,
    );
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'site', dependencies: { 'remark-math-not-installed': '^6.0.0' } }),
    );
    const error = await loadError(dir);
    expect(error.code).toBe('ConfigLoadFailed');
    expect(error.message).toBe(
      `site.config.ts imports 'remark-math-not-installed', which package.json lists but is not installed. Run \`npm install\` in ${dir}.`,
    );
  });

  it('reports a config that throws', async () => {
    const error = await loadError(project("throw new Error('boom');\nexport default {};\n"));
    expect(error.code).toBe('ConfigLoadFailed');
    expect(error.message).toContain('boom');
  });

  it('reports a syntax error with line and column', async () => {
    const error = await loadError(project('export default {\n  title: ,\n};\n'));
    expect(error.code).toBe('ConfigLoadFailed');
    expect(error.line).toBe(2);
    expect(error.frame).toContain('title: ,');
  });
});
