/**
 * A Docusaurus page's external video (`<video src="https://…">`, a `<source>`, a poster) plays in the original
 * site; migrated, the site's CSP allows its origin in `media-src` (its poster's in `img-src`), as external images'
 * origins are allowed in `img-src`, for docs and blog posts alike (src/node/migrate/docusaurus.ts, policy-sources.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDocusaurus } from '../../../../src/node/migrate/docusaurus.js';
import { removeDir } from '../../../helpers/site.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-docusaurus-media-'));
afterAll(() => removeDir(root));

describe('migrate docusaurus: external video and audio', async () => {
  const site = path.join(root, 'site');
  const files: Record<string, string> = {
    'docusaurus.config.js':
      "export default { title: 'Media', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: {}, blog: {} }]] };\n",
    'docs/intro.md':
      '# Intro\n\n<video src="https://cdn.example.com/demo.mp4" poster="https://img.example.com/p.png" controls />\n',
    'blog/2024-01-01-hello.md':
      '---\ntitle: Hello\n---\n\n<audio controls>\n  <source src="https://audio.example.com/hello.mp3" />\n</audio>\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  }
  const out = path.join(root, 'out');
  await migrateDocusaurus(site, out);
  const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');

  it("allows the media's origins in csp['media-src'] and the poster's in img-src", () => {
    const csp = JSON.parse(/"csp": (\{[\s\S]*?\n {2}\})/.exec(config)?.[1] ?? '{}') as Record<string, string[]>;
    expect(csp).toEqual({
      'img-src': ['https://img.example.com'],
      'media-src': ['https://audio.example.com', 'https://cdn.example.com'],
    });
  });
});
