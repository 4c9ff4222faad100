/**
 * The Docusaurus shims bundle a component that asks a Docusaurus module for a name docgen does not stand in for
 * (`ThemeClassNames` or `useWindowSize` of `@docusaurus/theme-common`, a hook of a module docgen has no shim for):
 * such a name gets a stand-in (a hook returning an empty object, a component rendering its children, else a
 * function returning nothing) instead of esbuild's "No matching export", which failed the whole import and left the
 * page's components unrendered. The names docgen has keep their shims.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { docusaurusShimsPlugin } from '../../../../src/node/bundle/docusaurus-shims.js';
import { removeDir } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-shims-'));
afterAll(() => removeDir(dir));

/** Bundles `source` as a site file with the shims and runs it (CommonJS in this process): its exports. */
async function run(source: string): Promise<Record<string, unknown>> {
  const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.jsx`);
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    jsx: 'automatic',
    logLevel: 'silent',
    external: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'],
    plugins: [docusaurusShimsPlugin(dir)],
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, module.exports, require);
  return module.exports;
}

describe('Docusaurus shims', () => {
  it('stand in for the names of a shimmed module docgen does not have, keeping those it has', async () => {
    const out = await run(
      [
        "import { useColorMode, ThemeClassNames, usePluralForm, isSamePath, HtmlClassNameProvider } from '@docusaurus/theme-common';",
        'export const colorMode = useColorMode.name;',
        'export const classNames = ThemeClassNames.docs.docMarkdown;',
        'export const provider = HtmlClassNameProvider({ children: "child" });',
        'export const plural = usePluralForm();',
        "export const samePath = isSamePath('/a', '/a');",
      ].join('\n'),
    );
    expect(out).toEqual({
      colorMode: 'useColorMode',
      classNames: 'theme-doc-markdown',
      provider: 'child',
      plural: {},
      samePath: undefined,
    });
  });

  it('stand in for the names of a module docgen has no shim for, and of a shim file', async () => {
    const out = await run(
      [
        "import Thing, { useThing, Widget, helper } from '@docusaurus/plugin-unknown/client';",
        "import { useVersions, useDocById } from '@docusaurus/plugin-content-docs/client';",
        "import useBaseUrl, { useBaseUrlUtils } from '@docusaurus/useBaseUrl';",
        'export const thing = Thing({ children: "kept" });',
        'export const hook = useThing();',
        'export const widget = Widget({ children: "child" });',
        'export const helped = helper();',
        'export const versions = useVersions();',
        'export const doc = useDocById("intro");',
        "export const url = useBaseUrl('/img/a.png');",
        'export const utils = typeof useBaseUrlUtils().withBaseUrl;',
      ].join('\n'),
    );
    expect(out).toEqual({
      thing: 'kept',
      hook: {},
      widget: 'child',
      helped: undefined,
      versions: [],
      doc: {},
      url: '/img/a.png',
      utils: 'function',
    });
  });

  it("fill Translate's and translate's placeholders from their values, keeping elements", async () => {
    const out = await run(
      [
        "import Translate, { translate } from '@docusaurus/Translate';",
        "import { renderToStaticMarkup } from 'react-dom/server';",
        "export const text = translate({ id: 'home.count', message: '{count} pages in {site}' }, { count: 3, site: 'Docs' });",
        'export const html = renderToStaticMarkup(',
        '  <Translate id="home.by" values={{ name: <b>Ada</b> }}>{"Written by {name}, {missing} kept"}</Translate>,',
        ');',
      ].join('\n'),
    );
    expect(out).toEqual({ text: '3 pages in Docs', html: 'Written by <b>Ada</b>, {missing} kept' });
  });
});
