import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLocaleDispatch } from '../../../../src/node/i18n/dev-locales.js';

const link = (locale: string, baseUrl: string) => ({
  locale,
  label: locale,
  htmlLang: locale,
  baseUrl,
  direction: 'ltr' as const,
});
const request = (url: string) => ({ url }) as IncomingMessage;
const response = {} as ServerResponse;

describe('createLocaleDispatch (one dev server for every locale)', () => {
  it("hands a request to its locale's in-process session, longest base first, each session started once", async () => {
    const served: string[] = [];
    const starts: string[] = [];
    let closed = 0;
    const dispatch = createLocaleDispatch({
      locales: [link('zh', '/zh/'), link('zh-TW', '/zh-TW/')],
      start: async (locale) => {
        starts.push(locale);
        return { handler: (req) => void served.push(`${locale} ${req.url}`), close: async () => void closed++ };
      },
      fallback: (req) => void served.push(`default ${req.url}`),
    });
    await dispatch.handler(request('/zh-TW/docs/a?x=1'), response);
    await dispatch.handler(request('/zh/docs/a'), response);
    await dispatch.handler(request('/zh'), response);
    await dispatch.handler(request('/docs/a'), response);
    await dispatch.handler(request('/zh-TW/__docgen/events'), response);
    expect(served).toEqual([
      'zh-TW /zh-TW/docs/a?x=1',
      'zh /zh/docs/a',
      'zh /zh',
      'default /docs/a',
      'zh-TW /zh-TW/__docgen/events',
    ]);
    expect(starts).toEqual(['zh-TW', 'zh']);
    await dispatch.close();
    expect(closed).toBe(2);
  });
});
