/**
 * Component rendering of the API reference fragment: complete without JavaScript, safe, CSP-clean.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { loadApiDocument } from '../../../../src/node/openapi/load.js';
import { withAllCodeSamples } from '../../../../src/node/openapi/snippets.js';
import { ApiReference } from '../../../../templates/api/ApiReference.js';
import { ja } from '../../../../templates/i18n/ja.js';
import { MessagesContext } from '../../../../templates/i18n/use-messages.js';

const fixtures = fileURLToPath(new URL('../../../fixtures/openapi/', import.meta.url));

async function render(name: string) {
  // As server-entry.tsx renders it: request samples are made at render time (snippets.ts).
  const model = withAllCodeSamples(await loadApiDocument(path.join(fixtures, name, 'input.yaml')));
  const props = { model, downloads: { yaml: '/a.yaml', json: '/a.json' }, primaryColor: '#1890ff', messages: ja };
  const html = renderToString(
    createElement(MessagesContext.Provider, { value: ja }, createElement(ApiReference, props)),
  );
  return { model, html, root: parse(html) };
}

describe('ApiReference', () => {
  it('renders nav, operations, schema trees, oneOf tabs and samples as static HTML', async () => {
    const { model, html, root } = await render('discriminator');
    for (const anchor of model.anchors) expect(root.getElementById(anchor), anchor).not.toBeNull();
    expect(root.querySelectorAll('.dg-api-nav__op').map((li) => li.getAttribute('data-op'))).toEqual([
      'createRule',
      'getRule',
    ]);
    const op = root.getElementById('createRule')!;
    expect(op.querySelector('.dg-method')!.text).toBe('POST');
    expect(op.querySelector('.dg-view-request .dg-prop--ro')).not.toBeNull(); // hidden by CSS in requests
    expect(
      op
        .querySelector('.dg-union')!
        .querySelectorAll('.dg-tabs__tab')
        .map((t) => t.getAttribute('data-label')),
    ).toEqual(['proxy', 'redirect']);
    expect(op.querySelectorAll('.dg-samples .dg-tabs__tab').map((t) => t.text)).toEqual([
      'curl',
      'JavaScript',
      'Python',
    ]);
    expect(op.querySelector('pre[data-role="body"]')!.text).toContain('"rule-1"');
    expect(html).toContain('追加プロパティ不可');
    expect(html).toContain('既定値');
    expect(root.querySelector('a[download]')!.getAttribute('href')).toBe('/a.yaml');
  });

  it('has no inline style, no executable script and no javascript: URL', async () => {
    const { html, root } = await render('discriminator');
    expect(html).not.toMatch(/\sstyle=/);
    expect(root.querySelectorAll('script').every((s) => s.getAttribute('type') === 'application/json')).toBe(true);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toContain('<script>alert');
  });

  it('marks recursion instead of expanding forever', async () => {
    const { root } = await render('allof-recursive');
    expect(root.querySelector('.dg-badge--recursive')).not.toBeNull();
    expect(root.getElementById('schema/Node')).not.toBeNull();
  });
});
