/**
 * `@docusaurus/BrowserOnly`: its `fallback` in the build-time render, as Docusaurus' server render shows it, and its
 * `children()` once mounted in the browser (a component using it is an island: src/node/bundle/islands.ts).
 */
import { type ReactNode, useEffect, useState } from 'react';

export default function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children() : (fallback ?? null)}</>;
}
