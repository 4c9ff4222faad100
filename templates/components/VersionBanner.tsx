import type { DocNavigation, SiteData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * The banner of a doc in an unreleased or unmaintained version (Docusaurus DocVersionBanner), linking to the same doc
 * in the last version (or its first doc), and the version badge (Docusaurus DocVersionBadge). Texts from the message
 * catalogue (`version.*`). Nothing on a site with one version.
 */
export function VersionBanner({ site, version }: { site: SiteData; version: DocNavigation['version'] | undefined }) {
  const t = useMessages();
  const own = site.versions?.items.find((item) => item.name === version?.name);
  const last = site.versions?.items.find((item) => item.last);
  if (!own || !last || !version) return null;
  const params = { siteTitle: site.title, versionLabel: own.label };
  return (
    <>
      {own.banner !== 'none' && (
        <div className="dg-version-banner" role="note">
          <p className="dg-version-banner__text">
            {t(own.banner === 'unreleased' ? 'version.unreleased' : 'version.unmaintained', params)}
          </p>
          <p className="dg-version-banner__text">
            {t.parts('version.latestSuggestion', {
              versionLabel: last.label,
              latestVersionLink: (
                <a
                  key="latest"
                  className="dg-version-banner__link"
                  href={version.alternates[last.name] ?? last.href}
                  data-version={last.name}
                >
                  <b>{t('version.latestLink')}</b>
                </a>
              ),
            })}
          </p>
        </div>
      )}
      <span className="dg-version-badge">{t('version.badge', { versionLabel: own.label })}</span>
    </>
  );
}
