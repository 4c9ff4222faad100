/**
 * What `info` says beside the description: licence, terms of service, contact and external docs
 * are modelled with safe URLs only and rendered under the title; a description's own 「認証」 section takes the
 * security schemes instead of a second 「認証」 heading.
 */
import { parse } from 'node-html-parser';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { modelDocument } from '../../../../../src/node/openapi/handlers/document.js';
import { ApiReference } from '../../../../../templates/api/ApiReference.js';
import { splitAfterSection } from '../../../../../templates/api/ApiInfo.js';
import { ja } from '../../../../../templates/i18n/ja.js';
import { MessagesContext } from '../../../../../templates/i18n/use-messages.js';

function doc(info: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'T', version: '1', ...info },
    paths: {},
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    ...extra,
  };
}

function render(raw: Record<string, unknown>) {
  const model = modelDocument(raw);
  const props = { model, downloads: { yaml: '/a.yaml', json: '/a.json' }, primaryColor: '#1890ff', messages: ja };
  return parse(
    renderToString(createElement(MessagesContext.Provider, { value: ja }, createElement(ApiReference, props))),
  );
}

describe('info of an API reference', () => {
  it('models licence, terms, contact and external docs, keeping only http(s) and mailto URLs', () => {
    const model = modelDocument(
      doc(
        {
          termsOfService: 'https://example.com/terms',
          contact: { name: 'Team', url: 'javascript:alert(1)', email: 'team@example.com' },
          license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0.html' },
        },
        { externalDocs: { url: 'https://example.com/docs', description: 'More *docs*' } },
      ),
    );
    expect(model.info).toEqual({
      termsOfService: 'https://example.com/terms',
      contact: { name: 'Team', url: undefined, email: 'team@example.com' },
      license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0.html' },
      externalDocs: { url: 'https://example.com/docs', descriptionHtml: expect.stringContaining('<em>docs</em>') },
    });
    expect(modelDocument(doc({})).info).toEqual({});
  });

  it('renders them under the title', () => {
    const root = render(doc({ license: { name: 'MIT' }, contact: { email: 'a@example.com' } }));
    expect(root.querySelector('[data-info="license"] dd')!.text).toBe('MIT');
    expect(root.querySelector('[data-info="contact"] a')!.getAttribute('href')).toBe('mailto:a@example.com');
    expect(root.querySelector('[data-info="terms"]')).toBeNull();
  });

  it("puts the schemes in the description's own 認証 section, else under a generated one", () => {
    const merged = render(doc({ description: 'Intro\n\n## 認証\n\nBearer です。\n\n## エラー\n\nなし' }));
    const head = merged.querySelector('.dg-api-head')!;
    expect(head.querySelectorAll('h2').map((h) => h.text)).toEqual(['認証', 'エラー']);
    expect(head.innerHTML.indexOf('dg-scheme')).toBeGreaterThan(head.innerHTML.indexOf('Bearer です'));
    expect(head.innerHTML.indexOf('dg-scheme')).toBeLessThan(head.innerHTML.indexOf('エラー'));
    const generated = render(doc({ description: 'Intro' }));
    expect(generated.querySelectorAll('.dg-api-head h2.dg-api-h2').map((h) => h.text)).toEqual(['認証']);
  });

  it('splits description HTML after a section, up to the next h2', () => {
    expect(splitAfterSection('<p>a</p><h2 id="x">認証</h2><p>b</p><h2>c</h2>', '認証')).toEqual([
      '<p>a</p><h2 id="x">認証</h2><p>b</p>',
      '<h2>c</h2>',
    ]);
    expect(splitAfterSection('<h2>認証</h2><p>b</p>', '認証')).toEqual(['<h2>認証</h2><p>b</p>', '']);
    expect(splitAfterSection('<h2>他</h2>', '認証')).toBeNull();
  });
});
