import { Content } from '../components/Content.js';
import { DocBreadcrumbs, DocFooter } from '../components/DocNavigation.js';
import { VersionBanner } from '../components/VersionBanner.js';
import { Toc, TocDropdown } from '../layout/Toc.js';
import type { PageProps } from '../types.js';

/**
 * A documentation page (spec §2): breadcrumbs, title, the "on this page" dropdown (narrow screens), Markdown
 * content (after the docs version's banner and badge, issue 23), the edit link, last-updated date and previous/next links (issue 18, item 3), and the table of contents.
 */
export default function DocPage({ site, page }: PageProps) {
  return (
    <div className="dg-doc">
      <article className="dg-doc__article">
        {page.nav?.version && <VersionBanner site={site} version={page.nav.version} />}
        {page.nav && <DocBreadcrumbs nav={page.nav} />}
        <h1 className="dg-doc__title">{page.title}</h1>
        <TocDropdown items={page.toc} />
        <Content tree={page.content} html={page.contentHtml} />
        {page.nav && <DocFooter nav={page.nav} locale={site.locale} />}
      </article>
      <Toc items={page.toc} />
    </div>
  );
}
