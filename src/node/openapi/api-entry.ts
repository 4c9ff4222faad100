/**
 * How one OpenAPI document of site.config.ts `apis` is loaded, by its file: the options every loader (full build,
 * `docgen dev`) passes to loadApiDocument, and how its warnings are printed. Light: no parser imported here.
 */
import path from 'node:path';
import pc from 'picocolors';
import type { ResolvedConfig } from '../config/resolve.js';
import type { DroppedHtmlPolicy } from './dropped-html.js';
import type { ApiDocumentModel } from '../../shared/api-model.js';
import { readPolicyOf, type ReadPolicy } from '../read-policy.js';

/** What loadApiDocument needs from the config entry. */
export interface ApiLoadOptions {
  validation: 'strict' | 'warn';
  /** The site's `onDroppedHtml`: what raw HTML the allow-list drops from descriptions is (SECURITY.md "Raw HTML"). */
  onDroppedHtml: DroppedHtmlPolicy;
  /**
   * The folders its `$ref`s may read: the project, the content folder, config `allowedReadPaths`; and the origins
   * of config `allowedRemoteOrigins` (read-policy.ts).
   */
  readPolicy: ReadPolicy;
}

/**
 * The load options of a document of `apis`.
 * @param file absolute path of the document
 * @returns its entry's options; `strict` for a file no entry names (it cannot be loaded as part of the site then)
 */
export function apiLoadOptions(
  config: Pick<
    ResolvedConfig,
    'apis' | 'root' | 'onDroppedHtml' | 'contentPath' | 'allowedReadPaths' | 'allowedRemoteOrigins'
  >,
  file: string,
): ApiLoadOptions {
  const entry = config.apis.find((api) => path.resolve(config.root, api.spec) === file);
  return {
    validation: entry?.validation ?? 'strict',
    onDroppedHtml: config.onDroppedHtml,
    readPolicy: readPolicyOf(config),
  };
}

/** What else than the file's bytes changes its model (the OpenAPI cache's variant, cache/api-cache.ts). */
export function apiLoadVariant(options: ApiLoadOptions): string {
  const { roots, remote } = options.readPolicy;
  return `${options.validation}\0${options.onDroppedHtml}\0${roots.join('\0')}${remote ? `\0${remote.origins.join('\0')}` : ''}`;
}

/**
 * Prints a model's warnings (`validation: 'warn'` schema errors, OpenAPI 3.2 fields not rendered) to stderr, each
 * as `warning [OpenApiInvalid] message` then `file:line:column` relative to the root, like errors (format.ts).
 */
export function printApiWarnings(model: ApiDocumentModel, root: string): void {
  for (const w of model.warnings ?? []) {
    const lines = [`${pc.yellow(pc.bold(`warning [${w.code}]`))} ${w.message}`];
    if (w.file)
      lines.push(
        `  ${pc.cyan(`${path.relative(root, w.file) || w.file}${w.line ? `:${w.line}:${w.column ?? 1}` : ''}`)}`,
      );
    if (w.frame) lines.push(w.frame.replace(/^/gm, '  '));
    console.warn(lines.join('\n'));
  }
}
