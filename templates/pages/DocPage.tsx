import { Content } from '../components/Content.js';
import { DocBreadcrumbs, DocFooter } from '../components/DocNavigation.js';
import { PageMenu } from '../components/PageMenu.js';
import { siteExtras } from '../components/site-extras.js';
import { Toc, TocDropdown } from '../layout/Toc.js';
import type { PageProps } from '../types.js';

/**
 * A documentation page (spec §2): breadcrumbs, title, the "on this page" dropdown (narrow screens), Markdown
 * content (after the docs version's banner and badge), the edit link, last-updated date and previous/next
 * links, and the table of contents. On a locale's page that has no translation, the untranslated
 * notice.
 */
export default function DocPage({ site, page }: PageProps) {
  // An untranslated page's text is in the default locale's language: screen readers are told so, and it
  // keeps that language's direction inside a right-to-left locale (and the other way round).
  const source = page.nav?.untranslated ? site.i18n?.locales[0] : undefined;
  const original = source?.htmlLang;
  const dir = source && source.direction !== site.i18n?.direction ? source.direction : undefined;
  const extras = siteExtras(site); // the version banner's and untranslated notice's chunk (site-extras.ts)
  return (
    <div className="dg-doc">
      <article className="dg-doc__article">
        {page.nav?.version && extras && <extras.VersionBanner site={site} version={page.nav.version} />}
        {page.nav && <DocBreadcrumbs nav={page.nav} />}
        <h1 className="dg-doc__title" lang={original} dir={dir}>
          {page.title}
        </h1>
        <PageMenu site={site} path={page.path} kind={page.kind} />
        {page.nav?.untranslated && extras && <extras.UntranslatedNotice />}
        <TocDropdown items={page.toc} />
        {original ? (
          <div lang={original} dir={dir}>
            <Content tree={page.content} html={page.contentHtml} />
          </div>
        ) : (
          <Content tree={page.content} html={page.contentHtml} />
        )}
        {page.nav && <DocFooter nav={page.nav} locale={site.locale} />}
      </article>
      <Toc items={page.toc} />
    </div>
  );
}
