/**
 * The one list of a site's input files and folders: the build fingerprint (cache/build-fingerprint.ts) hashes the
 * files below them, `docgen dev`'s watcher (dev/watch.ts) watches them, so an edit the watcher sees is one the
 * next build sees and the other way round. Cheap on purpose (node:fs and node:path only): it runs before every
 * build, the warm ones included.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';

/** Where a site's versions.json is: beside site.config.ts, as Docusaurus has it beside docusaurus.config.js. */
export function versionsFileOf(root: string): string {
  return path.join(root, 'versions.json');
}

/** The folders of a versioned site's older versions (Docusaurus' layout), relative to the site's root. */
const VERSIONED_FOLDERS = ['versioned_docs', 'versioned_sidebars'];

/** What a site's build reads besides its config and theme. */
export interface SiteInputs {
  /** The content folder: its pages and static files. */
  content: string;
  /**
   * Other folders whose files all count: a versioned site's versioned_docs/ and versioned_sidebars/ (only with a
   * versions.json), and a locale's translated versions. Absolute, those that exist.
   */
  folders: string[];
  /** Single files: versions.json (when present) and the OpenAPI documents. Absolute. */
  files: string[];
}

/** A site's inputs, as the fingerprint hashes them and the watcher watches them. */
export function siteInputs(
  config: Pick<ResolvedConfig, 'root' | 'contentPath' | 'apis'> & { locale?: { versionsRoot?: string } | null },
): SiteInputs {
  const versions = versionsFileOf(config.root);
  const versioned = existsSync(versions);
  const folders = [
    ...(versioned ? VERSIONED_FOLDERS.map((name) => path.join(config.root, name)) : []),
    ...(config.locale?.versionsRoot ? [config.locale.versionsRoot] : []),
  ].filter((folder) => existsSync(folder));
  return {
    content: config.contentPath,
    folders,
    files: [...(versioned ? [versions] : []), ...config.apis.map((api) => path.resolve(config.root, api.spec))],
  };
}
