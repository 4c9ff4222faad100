/**
 * The theme as the engine sees it (src/shared/theme.ts ThemeModule): the server entry and the browser entry import
 * this and nothing else from templates/.
 */
import type { ThemeModule } from '../src/shared/theme.js';
import { App } from './App.js';
import { ContentRendererContext } from './components/content-renderer.js';
import { pageLoaders } from './pages/index.js';
import { prepareSite } from './components/site-extras.js';

/** docgen's theme; overridden components are swapped in at bundle time (src/node/bundle/theme-plugin.ts). */
export const theme: ThemeModule = { App, pageLoaders, ContentRendererContext, prepare: prepareSite };
