/**
 * `@docusaurus/BrowserOnly`: docgen renders a migrated site's components at build time only, so what needs the
 * browser shows its `fallback`, as Docusaurus' server render does.
 */
import type { ReactNode } from 'react';

export default function BrowserOnly({ fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  return <>{fallback ?? null}</>;
}
