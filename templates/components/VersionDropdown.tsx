import { useRef } from 'react';
import type { DocNavigation, DocsVersion, SiteData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';
import { useDismissableMenu } from './NavbarDropdown.js';

/** The version the reader is in: the doc's own, else the last version (Docusaurus shows the latest one elsewhere). */
export function activeVersion(site: SiteData, version: DocNavigation['version'] | undefined): DocsVersion | undefined {
  const items = site.versions?.items ?? [];
  return items.find((item) => item.name === version?.name) ?? items.find((item) => item.last);
}

/**
 * Where each version's entry of the version menus goes (the dropdown, the mobile menu): the same doc in that version
 * (Docusaurus matches by doc id), or its first doc when it has no such doc.
 * @param version the current doc's version and its alternates, absent off versioned docs
 * @returns one link per version, in the site's order, the reader's version marked active; none on a one-version site
 */
export function versionLinks(
  site: SiteData,
  version: DocNavigation['version'] | undefined,
  currentHref: string,
): { name: string; label: string; href: string; active: boolean }[] {
  const active = activeVersion(site, version);
  return (site.versions?.items ?? []).map((item) => ({
    name: item.name,
    label: item.label,
    href: version && item.name === version.name ? currentHref : (version?.alternates[item.name] ?? item.href),
    active: item.name === active?.name,
  }));
}

/**
 * The docs version dropdown (Docusaurus navbar item `docsVersionDropdown`): the version the reader is in,
 * and a link per version to the same doc in it (Docusaurus matches by doc id), or to that version's first doc when it
 * has no such doc. A `<details>` menu: it opens and its links work before hydration and without script; once
 * hydrated, a click outside it or Escape closes it (as Docusaurus' dropdown does).
 * @param version the current doc's version and its alternates (DocNavigation.version), absent off versioned docs
 * @param currentHref the current page's href (its own version's entry)
 */
export function VersionDropdown({
  site,
  version,
  currentHref,
}: {
  site: SiteData;
  version: DocNavigation['version'] | undefined;
  currentHref: string;
}) {
  const t = useMessages();
  const details = useRef<HTMLDetailsElement>(null);
  useDismissableMenu(details);
  const active = activeVersion(site, version);
  if (!site.versions || !active) return null;
  return (
    // Keyed by the page: a client-side navigation from one of its links shows the next page with the menu closed.
    <details key={currentHref} ref={details} className="dg-version-dropdown">
      <summary
        className="dg-navbar__link dg-version-dropdown__toggle"
        aria-label={`${t('version.dropdown')}: ${active.label}`}
      >
        {active.label}
      </summary>
      <ul className="dg-version-dropdown__menu">
        {versionLinks(site, version, currentHref).map((link) => (
          <li key={link.name}>
            <a
              className={
                link.active
                  ? 'dg-version-dropdown__link dg-version-dropdown__link--active'
                  : 'dg-version-dropdown__link'
              }
              href={link.href}
              data-version={link.name}
              aria-current={link.active ? 'true' : undefined}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
