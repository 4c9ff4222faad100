import type { SiteData } from '../../src/shared/types.js';
import { siteExtras } from '../components/site-extras.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * Dark footer with the site's link columns when it has them (FooterLinks, in the extras chunk), the copyright line
 * and the build date (spec §2, §9: 2025-10-13).
 */
export function Footer({ site }: { site: SiteData }) {
  const t = useMessages();
  const extras = siteExtras(site);
  return (
    <footer className={`dg-footer dg-footer--${site.footer.style}`}>
      {extras && site.footer.links && <extras.FooterLinks columns={site.footer.links} />}
      <p className="dg-footer__copyright">{site.footer.copyright}</p>
      <p className="dg-footer__date">
        {`${t('footer.buildDate')}: `}
        <time dateTime={site.buildDate}>{site.buildDate}</time>
      </p>
    </footer>
  );
}
