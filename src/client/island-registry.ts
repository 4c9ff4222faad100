/**
 * The site's interactive components (bundle/islands.ts), each loaded from its own chunk: name -> loader. Empty in
 * docgen's own runtime; for a site with its own components a generated module takes this one's place at bundle time
 * (src/node/bundle/theme-plugin.ts).
 */
import type { ComponentType } from 'react';

export const islands: Record<string, () => Promise<ComponentType<Record<string, unknown>>>> = {};
