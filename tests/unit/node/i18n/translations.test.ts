import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '../../../../templates/i18n/en.js';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { loadTranslations, parseTranslationFile } from '../../../../src/node/i18n/translations.js';
import { removeDir } from '../../../helpers/site.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-translations-'));
afterAll(() => removeDir(root));

function write(rel: string, value: unknown): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
}

describe('loadTranslations (Docusaurus translation files)', () => {
  it('maps code.json ids to docgen labels, keeps labels whose placeholders docgen has, and ignores the rest', () => {
    write('i18n/fr/code.json', {
      'theme.docs.paginator.next': { message: 'Suivant' },
      'toc.title': { message: 'Sur cette page' },
      'heading.permalink': { message: 'Lien vers {heading}' },
      'doc.lastUpdated': { message: 'Mis à jour {atDate}' }, // Docusaurus' placeholder: docgen's label has {date}
      'theme.unknown.id': { message: 'x' },
    });
    const t = loadTranslations(root, 'fr', en);
    expect(t.messages).toEqual({
      'doc.next': 'Suivant',
      'toc.title': 'Sur cette page',
      'heading.permalink': 'Lien vers {heading}',
    });
  });

  it("labels resolved sidebars from every docs plugin's current.json, and the navbar from navbar.json", () => {
    write('i18n/de/docusaurus-plugin-content-docs/current.json', {
      'sidebar.guide.category.Basics': { message: 'Grundlagen' },
    });
    write('i18n/de/docusaurus-plugin-content-docs-community/current.json', {
      'sidebar.community.link.Chat': { message: 'Plaudern' },
    });
    write('i18n/de/docusaurus-theme-classic/navbar.json', {
      'item.label.Guide': { message: 'Anleitung' },
      title: { message: 'Titel' },
    });
    const t = loadTranslations(root, 'de', en);
    const sidebars = t.labelSidebars({
      guide: {
        id: 'guide',
        label: 'Guide',
        entry: '/a',
        items: [
          {
            type: 'category',
            label: 'Basics',
            href: null,
            collapsed: false,
            items: [{ type: 'link', label: 'Intro', href: '/a' }],
          },
        ],
      },
      community: {
        id: 'community',
        label: 'Community',
        entry: '/c',
        items: [{ type: 'link', label: 'Chat', href: '/c' }],
      },
    });
    expect(sidebars.guide!.label).toBe('Anleitung');
    expect(sidebars.guide!.items[0]!.label).toBe('Grundlagen');
    expect(sidebars.community!.items[0]!.label).toBe('Plaudern');
    expect(
      t.navbar({
        title: 'Title',
        items: [
          { type: 'docSidebar', sidebarId: 'guide', label: 'Guide', position: 'left' },
          { type: 'localeDropdown', position: 'right' },
        ],
      }),
    ).toEqual({
      title: 'Titel',
      items: [
        { type: 'docSidebar', sidebarId: 'guide', label: 'Anleitung', position: 'left' },
        { type: 'localeDropdown', position: 'right' },
      ],
    });
  });

  it('refuses a file that is not a translation file, naming it', () => {
    expect(() => parseTranslationFile('{ "a": 1 }', '/site/i18n/fr/code.json')).toThrowError(DocgenError);
    try {
      parseTranslationFile('{ nope', '/site/i18n/fr/code.json');
    } catch (error) {
      expect((error as DocgenError).code).toBe('InvalidTranslation');
      expect((error as DocgenError).file).toBe('/site/i18n/fr/code.json');
    }
  });
});
