import { useMessages } from '../i18n/use-messages.js';

/**
 * On a page of a locale that has no translation of it, says that the text is the default
 * locale's ('locale.untranslated'). A note, not an alert: it is there on load, not a change.
 */
export function UntranslatedNotice() {
  const t = useMessages();
  return (
    <p className="dg-untranslated" role="note">
      {t('locale.untranslated')}
    </p>
  );
}
