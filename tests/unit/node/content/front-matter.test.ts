import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../../src/node/content/front-matter.js';
import { repoRoot } from '../../../helpers/site.js';

describe('parseFrontMatter: front matter never closed', () => {
  it('reads a file that is all front matter to its end, as gray-matter does, with a warning on line 1', () => {
    // hyperledger/iroha-2-docs src/index.md: the VitePress home page, `layout: home` and its hero, no closing ---.
    const file = path.join(repoRoot, 'tests/fixtures/real-sites/iroha-2-docs/index.md');
    const source = readFileSync(file, 'utf8');
    const parsed = parseFrontMatter(source, file);
    expect(parsed.data.layout).toBe('home');
    expect(parsed.data.hero?.name).toBe('Iroha 2 Documentation');
    expect(parsed.data.features).toHaveLength(4);
    expect(parsed.bodyOffset).toBe(source.length);
    expect(parsed.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['InvalidFrontMatter', 'warning', 1, 1],
    ]);
  });

  it('stays an error when the rest of the file is no YAML mapping (prose after the keys)', () => {
    expect(() => parseFrontMatter('---\ntitle: A\n\n本文です。\n', 'a.md')).toThrow(/never closed/);
  });
});

describe('parseFrontMatter: keys Docusaurus accepts', () => {
  it('takes an empty title as no title, as Docusaurus allows it (ikaros-dev/docs docs/intro.md, hide_title)', () => {
    // ikaros-dev/docs@4c50900 docs/intro.md, its front matter: the landing page of 13 versions failed the build.
    const source =
      '---\nid: intro\nsidebar_label: 简介\ntitle: ""\nsidebar_position: 1\nhide_title: true\nslug: /\n---\n';
    const parsed = parseFrontMatter(source, 'intro.md');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.data).toMatchObject({ id: 'intro', sidebar_label: '简介', hide_title: true, slug: '/' });
    expect(parsed.data.title).toBeUndefined();
  });
});

describe('parseFrontMatter: numbers where Docusaurus takes text', () => {
  it('reads a title, label, id, description or keyword YAML took as a number as its text', () => {
    // vrm-c/vrm.dev@17d8993 blog/2024-07-03.md: `title: 202407` failed the whole build.
    const source = '---\ntitle: 202407\nsidebar_label: 2024\nid: 7\ndescription: 1.5\nkeywords: [2024, vrm]\n---\n';
    const parsed = parseFrontMatter(source, 'blog/2024-07-03.md');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.data).toMatchObject({
      title: '202407',
      sidebar_label: '2024',
      id: '7',
      description: '1.5',
      keywords: ['2024', 'vrm'],
    });
  });

  it('still refuses a title that is no text', () => {
    expect(parseFrontMatter('---\ntitle: [a, b]\n---\n', 'a.md').diagnostics.length).toBeGreaterThan(0);
  });
});

describe('parseFrontMatter: a VitePress home page', () => {
  it("takes a hero action's theme VitePress builds but does not name (vuejs/pinia's 'cta vueschool') as 'alt'", () => {
    // vuejs/pinia@254eec7 packages/docs/index.md, trimmed: three of its five actions failed the build.
    const source = [
      '---',
      'layout: home',
      'hero:',
      '  name: Pinia',
      '  actions:',
      '    - theme: brand',
      '      text: Get Started',
      '      link: /introduction',
      '    - theme: cta vueschool',
      '      text: Watch Video Introduction',
      '      link: https://vueschool.io/lessons/introduction-to-pinia',
      '---',
      '',
    ].join('\n');
    const parsed = parseFrontMatter(source, 'index.md');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.data.hero?.actions?.map((action) => action.theme)).toEqual(['brand', 'alt']);
  });
});
