import type { RouteKind, SiteData } from '../../src/shared/types.js';
import { hasTwin, twinPath } from '../../src/shared/twin-url.js';
import { withBase } from '../../src/shared/urls.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * The page menu: copy the page as Markdown, view it as Markdown (a plain link to its twin: works without
 * JavaScript), open it in ChatGPT or Claude (a prompt naming the twin's URL). A native `<details>`: keyboard
 * reachable and opened without JavaScript; its list overlays the page, so opening it moves nothing. The copy button
 * is handled by src/client/copy.ts (event delegation) and shows once that runs. Nothing when the route has no twin
 * (config `llms`).
 * @param path the route path (without base); `twin`, when given, the twin's path (without base) instead of the route's
 */
export function PageMenu({ site, path, kind, twin }: { site: SiteData; path: string; kind: RouteKind; twin?: string }) {
  const t = useMessages();
  if (!hasTwin(site.twins, path, kind)) return null;
  const href = withBase(site.baseUrl, twin ?? twinPath(path));
  return (
    <TwinMenu
      href={href}
      url={site.url.replace(/\/$/, '') + href}
      label={t('pageMenu.label')}
      copy={t('pageMenu.copy')}
    />
  );
}

/**
 * The menu's markup, shared by the page menu and each API operation's menu (templates/api/Operation.tsx): a
 * `<details>` whose list holds the copy button (`data-twin`: what src/client/copy.ts fetches), the twin's link and
 * the two assistants' links.
 * @param href the twin's URL path (with base); `url` the same, absolute (the assistants fetch it)
 * @param className extra class of the `<details>`
 */
export function TwinMenu({
  href,
  url,
  label,
  copy,
  className,
}: {
  href: string;
  url: string;
  label: string;
  copy: string;
  className?: string;
}) {
  const t = useMessages();
  const prompt = queryValue(t('pageMenu.prompt', { url }));
  return (
    <details className={className ? `dg-page-menu ${className}` : 'dg-page-menu'}>
      <summary>{label}</summary>
      <ul className="dg-page-menu__list">
        <li>
          <button type="button" className="dg-page-menu__copy" data-twin={href}>
            {copy}
          </button>
        </li>
        <li>
          <a href={href} type="text/markdown">
            {t('pageMenu.view')}
          </a>
        </li>
        <li>
          <a href={`https://chatgpt.com/?q=${prompt}`} target="_blank" rel="noopener noreferrer">
            {t('pageMenu.chatgpt')}
          </a>
        </li>
        <li>
          <a href={`https://claude.ai/new?q=${prompt}`} target="_blank" rel="noopener noreferrer">
            {t('pageMenu.claude')}
          </a>
        </li>
      </ul>
    </details>
  );
}

/**
 * A text as a URL query value, percent-encoding only what would end or change the value (`%`, `&`, `#`, `+`,
 * white space and controls; WHATWG URL's query state encodes the rest itself when the link is followed): the prompt
 * of a Japanese page is a third of its encodeURIComponent length, which counts once per API operation.
 */
export function queryValue(text: string): string {
  return text.replace(/[%&#+\s\p{Cc}]/gu, encodeURIComponent);
}
