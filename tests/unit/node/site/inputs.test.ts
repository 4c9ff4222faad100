import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteInputs, versionsFileOf } from '../../../../src/node/site/inputs.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-inputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const config = { root, contentPath: path.join(root, 'content'), apis: [{ spec: 'openapi/a.yaml' }] } as Parameters<
  typeof siteInputs
>[0];

describe('siteInputs (what the build fingerprint hashes and dev watches)', () => {
  it('counts versioned_docs/ and versioned_sidebars/ only beside a versions.json', () => {
    mkdirSync(path.join(root, 'versioned_docs/version-1.0'), { recursive: true });
    mkdirSync(path.join(root, 'versioned_sidebars'), { recursive: true });
    expect(siteInputs(config)).toEqual({
      content: path.join(root, 'content'),
      folders: [],
      files: [path.join(root, 'openapi/a.yaml')],
    });
    writeFileSync(versionsFileOf(root), '["1.0"]');
    expect(siteInputs(config)).toEqual({
      content: path.join(root, 'content'),
      folders: [path.join(root, 'versioned_docs'), path.join(root, 'versioned_sidebars')],
      files: [path.join(root, 'versions.json'), path.join(root, 'openapi/a.yaml')],
    });
  });

  it("adds a locale's translated versions folder when it exists", () => {
    const versionsRoot = path.join(root, 'i18n/en/docusaurus-plugin-content-docs');
    expect(siteInputs({ ...config, locale: { versionsRoot } }).folders).not.toContain(versionsRoot);
    mkdirSync(versionsRoot, { recursive: true });
    expect(siteInputs({ ...config, locale: { versionsRoot } }).folders).toContain(versionsRoot);
  });
});
