import type { SiteData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';

/** Dark footer with the copyright line and the build date (spec §2, §9: 2025-10-13). */
export function Footer({ site }: { site: SiteData }) {
  const t = useMessages();
  return (
    <footer className={`dg-footer dg-footer--${site.footer.style}`}>
      <p className="dg-footer__copyright">{site.footer.copyright}</p>
      <p className="dg-footer__date">
        {`${t('footer.buildDate')}: `}
        <time dateTime={site.buildDate}>{site.buildDate}</time>
      </p>
    </footer>
  );
}
