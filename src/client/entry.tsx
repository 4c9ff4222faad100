/**
 * Browser entry: the site's stylesheet (the theme's, then the site's own `theme.css`, so they win) and the theme,
 * handed to the runtime (start.tsx). The runtime never imports templates/ itself (no import cycle
 * between the runtime and the theme).
 */
import '../../templates/styles/index.css';
import '../../templates/styles/user.css';
import { theme } from '../../templates/index.js';
import { startClient } from './start.js';

void startClient(theme);
