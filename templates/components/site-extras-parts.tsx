/**
 * What only some sites show: the docs version dropdown, the versions in the mobile menu, the locale dropdown, a
 * versioned doc's banner, an untranslated page's notice, navbar dropdowns, the announcement bar and footer links. One chunk of its own, loaded by `theme.prepare`
 * (site-extras.ts) on such sites only, so that a site with one version and one language does not download it
 * (a doc page's first-load JavaScript stays within 80 KiB gzip).
 */
import type { DocNavigation, SiteData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';
import { versionLinks } from './VersionDropdown.js';

export { AnnouncementBar } from './AnnouncementBar.js';
export { FooterLinks } from './FooterLinks.js';
export { LocaleDropdown } from './LocaleDropdown.js';
export { NavbarDropdown } from './NavbarDropdown.js';
export { activeVersion, VersionDropdown } from './VersionDropdown.js';
export { UntranslatedNotice } from './UntranslatedNotice.js';
export { VersionBanner } from './VersionBanner.js';

/**
 * The docs versions in the mobile menu, where the navbar's dropdown is hidden (Docusaurus lists them there
 * too): a link per version to the same doc in it. Nothing on a one-version site.
 */
export function MobileVersions({
  site,
  version,
  currentHref,
}: {
  site: SiteData;
  version: DocNavigation['version'] | undefined;
  currentHref: string;
}) {
  const t = useMessages();
  const links = versionLinks(site, version, currentHref);
  if (links.length === 0) return null;
  return (
    <section className="dg-mobile-menu__versions" aria-label={t('version.dropdown')}>
      <p className="dg-mobile-menu__heading">{t('version.dropdown')}</p>
      <ul className="dg-mobile-menu__items">
        {links.map((link) => (
          <li key={link.name}>
            <a
              className="dg-mobile-menu__link"
              href={link.href}
              data-version={link.name}
              aria-current={link.active ? 'true' : undefined}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
