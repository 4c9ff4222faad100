import type { ComponentProps } from 'react';
import { useMessages } from '../i18n/use-messages.js';

/**
 * A code block with a copy button. The button is plain markup: src/client/copy.ts handles its clicks by
 * event delegation, so it works the same whether the block was hydrated or rendered on navigation. CSS hides it
 * until JavaScript runs.
 */
export function CodeBlock(props: ComponentProps<'pre'>) {
  const t = useMessages();
  return (
    <div className="dg-code__body">
      {/* tabIndex: a code block that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable). */}
      <pre {...props} tabIndex={0} />
      <button type="button" className="dg-copy" aria-label={t('code.copyLabel')}>
        {t('code.copy')}
      </button>
    </div>
  );
}
