/**
 * A code sample with a copy button (the button is shown once src/client/api/enhance.ts runs).
 */
import { useMessages } from '../i18n/use-messages.js';

export function CodeBlock({ code, lang, role }: { code: string; lang: string; role?: string }) {
  const t = useMessages();
  return (
    <div className="dg-code" data-lang={lang}>
      <button type="button" className="dg-copy dg-needs-js" data-copy="">
        {t('api.copy')}
      </button>
      <pre className="dg-code__pre" data-role={role} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
