/**
 * How Markdown content (hast) becomes React. The server provides the converter statically; the browser provides
 * it only after loading it lazily for the first client-side navigation, because on first load the content is
 * hydrated from the server's HTML and never rebuilt (about 10 kB gzip less JavaScript per page).
 */
import { createContext } from 'react';
import type { HastRenderer } from '../../src/shared/theme.js';

/** src/shared/hast-to-react.ts's hastToReact, or null while it is not loaded. */
export type { HastRenderer };

export const ContentRendererContext = createContext<HastRenderer | null>(null);
