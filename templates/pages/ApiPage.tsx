import { useEffect, useRef } from 'react';
import { enhanceApiReference } from '../../src/client/api/enhance.js';
import { useMessages } from '../i18n/use-messages.js';
import type { Messages } from '../../src/shared/messages.js';
import type { PageProps } from '../types.js';

/** `page.extra` of an API route. `html` is present while rendering, never in the route's JSON file. */
export interface ApiPageExtra {
  title: string;
  version: string;
  description: string;
  /** URL of the pre-rendered reference fragment (hashed asset). */
  htmlUrl: string;
  html?: string;
  /** The try-it console's labels (`tryIt.*`), which the site shell leaves out. */
  messages?: Partial<Messages>;
}

/**
 * API reference page (spec §2). The body is a static fragment rendered at build time: complete without
 * JavaScript, hydrated as-is, then enhanced (try-it, tabs, copy, filter) by src/client/api/enhance.ts.
 */
export default function ApiPage({ page }: PageProps) {
  const extra = page.extra as unknown as ApiPageExtra;
  const body = useRef<HTMLDivElement>(null);
  const { messages } = useMessages();
  useEffect(
    () => (body.current ? enhanceApiReference(body.current, { ...messages, ...extra.messages }) : undefined),
    [extra.htmlUrl, extra.messages, messages],
  );
  return (
    <div className="dg-api">
      <div
        id="dg-api-body"
        ref={body}
        data-src={extra.htmlUrl}
        className="dg-api__body"
        dangerouslySetInnerHTML={{ __html: extra.html ?? '' }}
      />
    </div>
  );
}
