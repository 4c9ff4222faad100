import { describe, expect, it } from 'vitest';
import { translate, translateParts, type MessageId, type Messages } from '../../../src/shared/messages.js';
import { en } from '../../../templates/i18n/en.js';
import { ja } from '../../../templates/i18n/ja.js';

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));

describe('translate / translateParts', () => {
  it('fills {param} placeholders and leaves unknown ones as written', () => {
    expect(translate(ja, 'search.noResults', { query: 'abc' })).toBe('「abc」に一致するページはありません。');
    expect(translate(en, 'search.count', { count: 3 })).toBe('3 results');
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
