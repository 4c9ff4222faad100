/**
 * A code sample with a copy button (the button is shown once src/client/api/enhance.ts runs).
 */
import { LABELS } from './labels.js';

export function CodeBlock({ code, lang, role }: { code: string; lang: string; role?: string }) {
  return (
    <div className="dg-code" data-lang={lang}>
      <button type="button" className="dg-copy dg-needs-js" data-copy="">
        {LABELS.copy}
      </button>
      <pre className="dg-code__pre" data-role={role} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
