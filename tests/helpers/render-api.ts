/**
 * An API reference model rendered to HTML as a page shows it (templates/api/ApiReference.tsx, Japanese messages),
 * for tests that read what the theme writes.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ApiDocumentModel } from '../../src/shared/api-model.js';
import { ApiReference } from '../../templates/api/ApiReference.js';
import { ja } from '../../templates/i18n/ja.js';
import { MessagesContext } from '../../templates/i18n/use-messages.js';

export function renderApiPage(model: ApiDocumentModel): string {
  return renderToString(
    createElement(
      MessagesContext.Provider,
      { value: ja },
      createElement(ApiReference, {
        model,
        downloads: { yaml: '/a.yaml', json: '/a.json' },
        primaryColor: '#1890ff',
        messages: ja,
      }),
    ),
  );
}
