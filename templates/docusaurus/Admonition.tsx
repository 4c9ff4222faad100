/** `@theme/Admonition`: the markup of docgen's `:::note` (markdown/remark-directives.ts), titled by the catalogue when untitled. */
import type { ReactNode } from 'react';

const TYPES = ['note', 'tip', 'info', 'warning', 'caution', 'danger', 'important'];

export default function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: string;
  title?: ReactNode;
  children?: ReactNode;
}) {
  const kind = TYPES.includes(type) ? type : 'note';
  return (
    <div className={`dg-admonition dg-admonition--${kind}`} role="note">
      <p className="dg-admonition__title" {...(title ? {} : { 'data-message': `admonition.${kind}` })}>
        {title}
      </p>
      {children}
    </div>
  );
}
