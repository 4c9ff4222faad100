import { useEffect, useState } from 'react';
import type { SiteData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';

/** localStorage key of the announcement dismissal flag (spec §4). Value: the dismissed announcement's id. */
export const ANNOUNCEMENT_KEY = 'docgen.announcement.dismiss';

/**
 * Optional announcement bar (spec §4). Renders nothing when none is configured (the real site configures none).
 * A dismissed announcement stays hidden in later visits; storage errors degrade silently (spec §8).
 */
export function AnnouncementBar({ announcement }: { announcement: SiteData['announcementBar'] }) {
  const t = useMessages();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      setDismissed(announcement !== null && window.localStorage.getItem(ANNOUNCEMENT_KEY) === announcement.id);
    } catch {
      console.warn('[docgen] localStorage is unavailable: the announcement dismissal will not be remembered.');
    }
  }, [announcement]);
  if (!announcement || dismissed) return null;
  return (
    <div className="dg-announcement" role="region" aria-label={t('announcement.label')}>
      <p className="dg-announcement__content">{announcement.content}</p>
      {announcement.isCloseable && (
        <button
          type="button"
          className="dg-announcement__close"
          aria-label={t('announcement.close')}
          onClick={() => {
            setDismissed(true);
            try {
              window.localStorage.setItem(ANNOUNCEMENT_KEY, announcement.id);
            } catch {
              console.warn('[docgen] localStorage is unavailable: the announcement dismissal will not be remembered.');
            }
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
