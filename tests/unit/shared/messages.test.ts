import { describe, expect, it } from 'vitest';
import { translate, translateParts, type MessageId, type Messages } from '../../../src/shared/messages.js';
import { en } from '../../../templates/i18n/en.js';
import { ja } from '../../../templates/i18n/ja.js';
import { pluralForm } from '../../../templates/i18n/plural.js';

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));

describe('translate / translateParts', () => {
  it('fills {param} placeholders and leaves unknown ones as written', () => {
    expect(translate(ja, 'search.noResults', { query: 'abc' })).toBe('「abc」に一致するページはありません。');
    expect(translate(en, 'tags.page', { tag: 'auth', count: 3 })).toBe('Docs tagged with "auth" (3)');
    expect(translate(en, 'sidebar.label')).toBe('{label} navigation');
  });

  it('cuts a message at its placeholders, keeping parameter values as they are', () => {
    const node = { element: true };
    expect(translateParts(ja, 'api.showPart', { label: node })).toEqual([node, 'を表示']);
    expect(translateParts(ja, 'api.scopes', { scopes: 'read, write' })).toEqual(['（スコープ: ', 'read, write', '）']);
    expect(translateParts(ja, 'api.downloadYaml', { download: 'ダウンロード' })).toEqual(['YAML を', 'ダウンロード']);
  });
});

describe('catalogues', () => {
  it('define every message with text and the same parameters in ja and en', () => {
    for (const id of Object.keys(ja) as MessageId[]) {
      expect(en[id], id).toBeTruthy();
      expect(ja[id], id).toBeTruthy();
      // ja builds the download phrase around {download}; English words it whole.
      const jaParams = [...placeholders(ja[id])].filter((p) => p !== 'download');
      expect([...placeholders(en[id])].sort(), id).toEqual(jaParams.sort());
    }
    expect(Object.keys(en).sort()).toEqual(Object.keys(ja).sort());
  });

  it('keep Japanese out of the English catalogue', () => {
    const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const offending = Object.entries(en as Messages).filter(([, text]) => japanese.test(text));
    expect(offending).toEqual([]);
  });
});

describe('pluralForm', () => {
  const count = (messages: Messages, n: number, locale: string) =>
    pluralForm(translate(messages, 'search.count', { count: n }), n, locale);

  it('says "1 result" and "2 results" in English, "1 件" in Japanese', () => {
    expect([0, 1, 2, 21].map((n) => count(en, n, 'en'))).toEqual(['0 results', '1 result', '2 results', '21 results']);
    expect([1, 2].map((n) => count(ja, n, 'ja'))).toEqual(['1 件', '2 件']);
  });

  it("follows the locale's categories, the last form standing in for missing ones (Docusaurus usePluralForm)", () => {
    // Polish: one, few, many, other.
    expect([1, 3, 5].map((n) => pluralForm('plik|pliki|plików|pliku', n, 'pl'))).toEqual(['plik', 'pliki', 'plików']);
    expect(pluralForm('one|other', 5, 'pl')).toBe('other');
    expect(pluralForm('{n} results', 1, 'en')).toBe('{n} results');
    expect(pluralForm('a|b', 1, 'not a locale!')).toMatch(/^[ab]$/);
  });
});
