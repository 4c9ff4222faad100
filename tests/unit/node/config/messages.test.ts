import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openGraphLocale, resolveMessages } from '../../../../src/node/config/messages.js';
import { resolveConfig } from '../../../../src/node/config/resolve.js';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';
import { en } from '../../../../templates/i18n/en.js';
import { ja } from '../../../../templates/i18n/ja.js';
import { removeDir } from '../../../helpers/site.js';

const base = { product: 'P', title: 'T', url: 'https://docs.example', buildDate: '2025-10-13' };
const dir = mkdtempSync(path.join(tmpdir(), 'docgen-messages-'));
afterAll(() => removeDir(dir));

describe('resolveMessages', () => {
  it('takes the catalogue of the default locale, by exact tag or by language', () => {
    expect(resolveMessages({ defaultLocale: 'ja', locales: ['ja'], messages: {} })).toEqual(ja);
    expect(resolveMessages({ defaultLocale: 'en', locales: ['en'], messages: {} })).toEqual(en);
    expect(resolveMessages({ defaultLocale: 'ja-JP', locales: ['ja-JP'], messages: {} })['footer.buildDate']).toBe(
      'ビルド日',
    );
  });

  it('falls back to English for a locale without a catalogue', () => {
    expect(resolveMessages({ defaultLocale: 'fr', locales: ['fr'], messages: {} })).toEqual(en);
  });

  it('applies the overrides of the default locale only', () => {
    const messages = resolveMessages({
      defaultLocale: 'en',
      locales: ['en'],
      messages: { en: { 'footer.buildDate': 'Released' }, ja: { 'footer.buildDate': 'リリース日' } },
    });
    expect(messages['footer.buildDate']).toBe('Released');
    expect(messages['toc.title']).toBe(en['toc.title']);
  });
});

describe('i18n.messages in site.config.ts', () => {
  it('is resolved into config.messages', () => {
    const config = resolveConfig({
      exported: { ...base, i18n: { defaultLocale: 'en', messages: { en: { 'notFound.title': 'Lost' } } } },
      file: path.join(dir, 'none.ts'),
      root: dir,
    });
    expect(config.i18n.locales).toEqual(['ja']);
    expect(config.messages['notFound.title']).toBe('Lost');
    expect(config.messages['crash.tryAgain']).toBe('Try again');
  });

  it('fails with ConfigInvalid naming the key path of an unknown message id, with its line', () => {
    const file = path.join(dir, 'site.config.ts');
    writeFileSync(
      file,
      "export default {\n  i18n: {\n    messages: {\n      en: { 'footer.buildDat': 'x' },\n    },\n  },\n};\n",
    );
    const exported = { ...base, i18n: { defaultLocale: 'en', messages: { en: { 'footer.buildDat': 'x' } } } };
    let error: unknown;
    try {
      resolveConfig({ exported, file, root: dir });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).code).toBe('ConfigInvalid');
    expect((error as DocgenError).message).toContain("'i18n.messages.en.footer.buildDat'");
    expect((error as DocgenError).line).toBe(4);
  });

  it('rejects a message that is not a string', () => {
    const exported = { ...base, i18n: { messages: { ja: { 'toc.title': 3 } } } };
    expect(() => resolveConfig({ exported, file: path.join(dir, 'none.ts'), root: dir })).toThrow(
      /'i18n\.messages\.ja\.toc\.title' is invalid/,
    );
  });
});

describe('openGraphLocale', () => {
  it('maps a language to its usual territory, keeps a written region, omits what it cannot map', () => {
    expect(openGraphLocale('ja')).toBe('ja_JP');
    expect(openGraphLocale('en')).toBe('en_US');
    expect(openGraphLocale('en-GB')).toBe('en_GB');
    expect(openGraphLocale('pt_br')).toBe('pt_BR');
    expect(openGraphLocale('eo')).toBeNull();
  });
});
