/**
 * Emoji shortcodes on a migrated VitePress site: VitePress renders `:tada:` as 🎉 in every page (markdown-it-emoji,
 * on by default), so `docgen migrate vitepress` sets `markdown.emoji` and the built page shows the emoji, leaving
 * code and unknown names as written. Before, the shortcodes were printed as text. A site without the setting keeps
 * them as written (Docusaurus renders no shortcodes).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-emoji-'));
afterAll(() => removeDir(temp));

/** The text of a built page's content. */
function contentOf(file: string): string {
  const html = readFileSync(file, 'utf8');
  return /<div class="dg-markdown">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
}

describe('migrate vitepress: emoji shortcodes', () => {
  it('show as emoji, but in code and for unknown names', () => {
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.mts': "export default { title: 'Emoji' };\n",
      'index.md': '# Home\n',
      'guide.md': '# Guide\n\nReleased :tada: with :rocket: speed, not :no_such_emoji:.\n\nWrite `:tada:` to get it.\n',
    });
    const out = path.join(temp, 'out');
    migrateAndBuild('vitepress', site, out);
    expect(readFileSync(path.join(out, 'site.config.ts'), 'utf8')).toMatch(/"emoji": true/);
    const content = contentOf(path.join(out, 'dist/guide.html'));
    expect(content).toContain('Released 🎉 with 🚀 speed, not :no_such_emoji:.');
    expect(content).toContain('<code>:tada:</code>');
    // Turned off, the same page keeps its shortcodes.
    const config = path.join(out, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"emoji": true', '"emoji": false'));
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(contentOf(path.join(out, 'dist/guide.html'))).toContain('Released :tada: with :rocket: speed');
  });
});
