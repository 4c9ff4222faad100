import type { DocNavigation, PageLink } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * Breadcrumbs of a doc page (Docusaurus DocBreadcrumbs): the sidebar, the categories holding the
 * page, then the page itself (aria-current, no link). Nothing when the page is in no sidebar.
 */
export function DocBreadcrumbs({ nav }: { nav: DocNavigation }) {
  const t = useMessages();
  if (nav.breadcrumbs.length === 0) return null;
  const last = nav.breadcrumbs.length - 1;
  return (
    <nav className="dg-breadcrumbs" aria-label={t('doc.breadcrumbs')}>
      <ol className="dg-breadcrumbs__list">
        {nav.breadcrumbs.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className="dg-breadcrumbs__item">
            {crumb.href && i !== last ? (
              <a className="dg-breadcrumbs__link" href={crumb.href}>
                {crumb.label}
              </a>
            ) : (
              <span className="dg-breadcrumbs__text" aria-current={i === last ? 'page' : undefined}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The foot of a doc page (Docusaurus DocItemFooter and DocPaginator): the edit link and last-updated date, then
 * links to the previous and next page.
 * @param locale the site's locale (BCP 47), for the date
 */
export function DocFooter({ nav, locale }: { nav: DocNavigation; locale: string }) {
  const t = useMessages();
  const meta = nav.editUrl || nav.lastUpdated;
  return (
    <>
      {meta && (
        <div className="dg-doc-meta">
          {nav.editUrl && (
            <a className="dg-doc-meta__edit" href={nav.editUrl} target="_blank" rel="noopener noreferrer">
              {t('doc.editPage')}
            </a>
          )}
          {nav.lastUpdated && (
            <p className="dg-doc-meta__updated">
              {t
                .parts('doc.lastUpdated', {
                  date: <time dateTime={nav.lastUpdated}>{formatDate(nav.lastUpdated, locale)}</time>,
                })
                .map((part, i) => (
                  <span key={i}>{part}</span>
                ))}
            </p>
          )}
        </div>
      )}
      {(nav.prev || nav.next) && (
        <nav className="dg-pagination" aria-label={t('doc.pagination')}>
          {nav.prev && <PaginationLink link={nav.prev} kind="prev" sub={nav.prev.sub ?? t('doc.previous')} />}
          {nav.next && <PaginationLink link={nav.next} kind="next" sub={nav.next.sub ?? t('doc.next')} />}
        </nav>
      )}
    </>
  );
}

function PaginationLink({ link, kind, sub }: { link: PageLink; kind: 'prev' | 'next'; sub: string }) {
  return (
    <a className={`dg-pagination__link dg-pagination__link--${kind}`} href={link.href} rel={kind}>
      <span className="dg-pagination__sub">{sub}</span>
      <span className="dg-pagination__label">{link.label}</span>
    </a>
  );
}

/** 'YYYY-MM-DD' as the locale writes a date (UTC, so the server and the browser agree). */
function formatDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
