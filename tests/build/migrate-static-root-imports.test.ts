/**
 * A Docusaurus 3 page that imports a data file of the static folder with a leading slash (`import team from
 * '/data/team.json'`, the file at `static/data/team.json`) and lists it with `{team.members.map(...)}`, and a
 * Markdown partial of the static folder the same way (`import Note from '/snippets/note.md'`). Docusaurus' webpack
 * resolves server-relative requests against `resolve.roots`: the static folders first, then the site folder
 * (core/src/webpack/base.ts). After migrate, the page lists the members and shows the partial, and MIGRATION.md does
 * not call the imports missing components.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-static-root-imports-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: imports from the site root that name a static file', () => {
  it('resolve in the static folder first, as webpack resolve.roots does', () => {
    const site = writeDocusaurusSite(path.join(temp, 'site'), {
      'static/data/team.json': JSON.stringify({ members: [{ name: 'Ada Lovelace' }, { name: 'Alan Turing' }] }),
      'static/snippets/note.md': 'Shared note from the static folder.\n',
      'docs/index.md': '---\nslug: /\n---\n# Home\n\nSee [the team](./team.mdx).\n',
      'docs/team.mdx': [
        '# Team',
        '',
        "import team from '/data/team.json';",
        "import Note from '/snippets/note.md';",
        '',
        '<ul>',
        '  {team.members.map((member) => (',
        '    <li key={member.name}>{member.name}</li>',
        '  ))}',
        '</ul>',
        '',
        '<Note />',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { report, output } = migrateAndBuild('docusaurus', site, out);
    expect(report).not.toContain('/data/team.json');
    expect(report).not.toContain('/snippets/note.md');
    expect(output).not.toMatch(/TemplateRenderFailed|is dropped|DeadLink/);
    const html = readFileSync(path.join(out, 'dist/team.html'), 'utf8');
    expect(html).toContain('<li>Ada Lovelace</li>');
    expect(html).toContain('<li>Alan Turing</li>');
    expect(html).toContain('Shared note from the static folder.');
  });
});
