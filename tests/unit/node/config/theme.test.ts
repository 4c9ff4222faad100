/**
 * site.config.ts `theme`: component names, file paths and head tags are checked when the config loads.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/node/config/load.js';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { THEME_COMPONENT_NAMES } from '../../../../src/shared/theme.js';
import { removeDir } from '../../../helpers/site.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

/** A site whose config has `theme` as written, with theme/Footer.tsx and theme/site.css present. */
function project(theme: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-theme-config-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'theme'));
  writeFileSync(path.join(dir, 'theme/Footer.tsx'), 'export default function Footer() { return null; }\n');
  writeFileSync(path.join(dir, 'theme/site.css'), '.x { color: red; }\n');
  writeFileSync(
    path.join(dir, 'site.config.ts'),
    `import { defineConfig } from 'docgen';
export default defineConfig({
  product: 'Tsunagi',
  title: '{product} V2',
  url: 'https://docs.example',
  buildDate: '2025-10-13',
  theme: ${theme},
});
`,
  );
  return dir;
}

async function loadError(dir: string): Promise<DocgenError> {
  const error = await loadConfig(dir).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocgenError);
  return error as DocgenError;
}

describe('theme config', () => {
  it('resolves component, stylesheet and content-component paths against the site root', async () => {
    const dir = project(
      `{ components: { Footer: './theme/Footer.tsx' }, css: ['./theme/site.css'], mdxComponents: { Note: 'theme/Footer.tsx' } }`,
    );
    const { config } = await loadConfig(dir);
    expect(config.theme.components).toEqual({ Footer: path.join(dir, 'theme/Footer.tsx') });
    expect(config.theme.css).toEqual([path.join(dir, 'theme/site.css')]);
    expect(config.theme.mdxComponents).toEqual({ Note: path.join(dir, 'theme/Footer.tsx') });
    expect(config.theme.head).toEqual([]);
  });

  it('defaults to no theme of the site', async () => {
    const { config } = await loadConfig(project('undefined'));
    expect(config.theme).toEqual({ components: {}, css: [], head: [], mdxComponents: {} });
  });

  it('names an unknown component with its key path, line and the valid names', async () => {
    const error = await loadError(project(`{\n    components: { Fotter: './theme/Footer.tsx' },\n  }`));
    expect(error.code).toBe('ConfigInvalid');
    expect(error.message).toContain("'theme.components.Fotter'");
    for (const name of THEME_COMPONENT_NAMES) expect(error.message).toContain(name);
    expect(error.file).toMatch(/site\.config\.ts$/);
    expect(error.line).toBe(8);
  });

  it('names a missing override file with its key path and the file', async () => {
    const error = await loadError(project(`{ components: { Navbar: './theme/Navbar.tsx' } }`));
    expect(error.code).toBe('ConfigInvalid');
    expect(error.message).toContain("'theme.components.Navbar'");
    expect(error.message).toContain('./theme/Navbar.tsx');
    expect(error.message).toContain('does not exist');
  });

  it('names a missing stylesheet by its index', async () => {
    const error = await loadError(project(`{ css: ['./theme/site.css', './theme/gone.css'] }`));
    expect(error.message).toContain("'theme.css[1]'");
    expect(error.message).toContain('./theme/gone.css');
  });

  it('accepts link and meta head tags only (no inline script under the CSP)', async () => {
    const { config } = await loadConfig(
      project(`{ head: [{ tagName: 'meta', attributes: { name: 'theme-color', content: '#fff' } }] }`),
    );
    expect(config.theme.head).toEqual([{ tagName: 'meta', attributes: { name: 'theme-color', content: '#fff' } }]);
    const error = await loadError(project(`{ head: [{ tagName: 'script', attributes: { src: 'x.js' } }] }`));
    expect(error.message).toContain("'theme.head[0].tagName'");
  });

  it('rejects a content component name that cannot be a component', async () => {
    const error = await loadError(project(`{ mdxComponents: { highlight: './theme/Footer.tsx' } }`));
    expect(error.message).toContain('theme.mdxComponents.highlight');
  });
});
