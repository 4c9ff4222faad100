import { useMessages } from '../i18n/use-messages.js';
import type { PageProps } from '../types.js';

/** The not-found page (spec §2, §8): title and a note asking the reader to report the broken link. */
export default function NotFoundPage({ site }: PageProps) {
  const t = useMessages();
  return (
    <div className="dg-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.lead')}</p>
      <p>{t('notFound.reportLink')}</p>
      <p>
        <a className="dg-button dg-button--brand" href={site.baseUrl}>
          {t('notFound.home')}
        </a>
      </p>
    </div>
  );
}
