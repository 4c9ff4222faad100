/** `@theme/Details`: a native `<details>` in docgen's style (works without JavaScript). */
import type { ReactNode } from 'react';

export default function Details({ summary, children }: { summary?: ReactNode; children?: ReactNode }) {
  return (
    <details className="dg-details">
      {typeof summary === 'string' ? <summary>{summary}</summary> : summary}
      {children}
    </details>
  );
}
