import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../../../src/node/config/resolve.js';
import { resolveVersions } from '../../../../src/node/content/versions.js';
import type { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { removeDir } from '../../../helpers/site.js';

// Docusaurus' version defaults (plugin-content-docs src/versions/version.ts): lastVersion, paths, labels, banners.
const root = mkdtempSync(path.join(tmpdir(), 'docgen-versions-unit-'));
afterAll(() => removeDir(root));
mkdirSync(path.join(root, 'content/docs'), { recursive: true });
for (const name of ['3.0', '2.0', '1.0'])
  mkdirSync(path.join(root, 'versioned_docs', `version-${name}`), { recursive: true });
writeFileSync(path.join(root, 'versions.json'), JSON.stringify(['3.0', '2.0', '1.0']));

function configWith(docs: Partial<ResolvedConfig['docs']>): ResolvedConfig {
  return {
    root,
    contentPath: path.join(root, 'content'),
    configFile: path.join(root, 'site.config.ts'),
    docs: { folder: 'docs', includeCurrentVersion: true, versions: {}, ...docs },
  } as ResolvedConfig;
}

const summary = (config: ResolvedConfig) =>
  resolveVersions(config)!.versions.map(
    (v) => `${v.name} ${v.label} /${v.mount}/ ${v.banner}${v.last ? ' last' : ''}${v.noIndex ? ' noIndex' : ''}`,
  );

describe('resolveVersions', () => {
  it('serves the newest version at the docs route, current at next/, the others at their name', () => {
    expect(summary(configWith({}))).toEqual([
      'current Next /docs/next/ unreleased',
      '3.0 3.0 /docs/ none last',
      '2.0 2.0 /docs/2.0/ unmaintained',
      '1.0 1.0 /docs/1.0/ unmaintained',
    ]);
  });

  it('gives versions newer than lastVersion the unreleased banner, and takes label, path, banner and noIndex', () => {
    const config = configWith({
      lastVersion: '2.0',
      versions: { current: { label: 'Canary', path: 'canary' }, '1.0': { banner: 'none', noIndex: true } },
    });
    expect(summary(config)).toEqual([
      'current Canary /docs/canary/ unreleased',
      '3.0 3.0 /docs/3.0/ unreleased',
      '2.0 2.0 /docs/ none last',
      '1.0 1.0 /docs/1.0/ none noIndex',
    ]);
  });

  it('builds only the versions asked for, and the current docs as the last version when no other is', () => {
    expect(summary(configWith({ includeCurrentVersion: false }))).toEqual([
      '3.0 3.0 /docs/ none last',
      '2.0 2.0 /docs/2.0/ unmaintained',
      '1.0 1.0 /docs/1.0/ unmaintained',
    ]);
    expect(summary(configWith({ onlyIncludeVersions: ['current', '1.0'], lastVersion: 'current' }))).toEqual([
      'current Next /docs/ none last',
      '1.0 1.0 /docs/1.0/ unmaintained',
    ]);
  });

  it('names an unknown version, with a suggestion, and two versions at one URL', () => {
    const error = (config: ResolvedConfig) => {
      try {
        resolveVersions(config);
      } catch (e) {
        return e as DocgenError;
      }
      throw new Error('no error');
    };
    expect(error(configWith({ lastVersion: '3.1' })).message).toBe(
      "docs names the version '3.1', which is neither 'current' nor in versions.json (3.0, 2.0, 1.0). Did you mean '3.0'?",
    );
    expect(error(configWith({ versions: { '1.0': { path: 'next' } } })).code).toBe('DuplicateRoute');
  });
});
