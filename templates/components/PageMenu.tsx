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
 * @param path the route path (without base); `anchor`, an API operation's id, names that operation's twin instead
 */
export function PageMenu({ site, path, kind, twin }: { site: SiteData; path: string; kind: RouteKind; twin?: string }) {
  const t = useMessages();
  if (!hasTwin(site.twins, path, kind)) return null;
  const href = withBase(site.baseUrl, twin ?? twinPath(path));
  const prompt = encodeURIComponent(t('pageMenu.prompt', { url: site.url.replace(/\/$/, '') + href }));
  return (
    <details className="dg-page-menu">
      <summary>{t('pageMenu.label')}</summary>
      <ul className="dg-page-menu__list">
        <li>
          <button type="button" className="dg-page-menu__copy" data-twin={href}>
            {t('pageMenu.copy')}
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
