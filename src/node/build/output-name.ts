import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';

/**
 * How build messages name the output: the output folder relative to the working folder, or, in the build of one
 * locale of a multi-locale site, that locale (its site is kept in docgen's cache until it joins the
 * output folder).
 */
export function outputName(config: ResolvedConfig): string {
  return config.locale
    ? `locale ${config.locale.settings.locale}`
    : path.relative(process.cwd(), config.outPath) || '.';
}
