/**
 * Writing the migrated site: the target folder check, copying content, site.config.ts, a home page when the old
 * site's home was a custom page, and MIGRATION.md. Shared by `migrate docusaurus` and `migrate vitepress`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import type { UserConfig } from '../config/schema.js';
import { DocgenError } from '../diagnostics/error.js';
import { sitePackageJson } from '../init/starter.js';
import { docgenVersion } from '../paths.js';
import type { MigrationReport } from './report.js';

/**
 * A migrated site's configuration, with keys of issue 16 and 18 added to the schema on main meanwhile:
 * `onUnknownComponent` is set to 'warn' (the old site's own components are not carried over, so their children are
 * shown and each use is a warning naming file:line, instead of the build stopping at the first);
 * `markdown.headingIds: 'vitepress'` for a VitePress site; `showLastUpdateTime` as the Docusaurus site had it.
 */
export type MigratedConfig = Omit<UserConfig, 'markdown'> & {
  markdown?: UserConfig['markdown'] & { headingIds?: 'github' | 'vitepress' };
  onUnknownComponent?: 'throw' | 'warn' | 'ignore';
  showLastUpdateTime?: boolean;
};

/**
 * Refuses a target folder that exists and is not empty (nothing of the user's is ever overwritten).
 * @throws DocgenError TargetNotEmpty
 */
export function ensureEmptyDir(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new DocgenError({
      code: 'TargetNotEmpty',
      message: `${dir} is not empty. Choose a new or empty folder (--out <dir>), or empty this one first.`,
      file: dir,
    });
  }
  mkdirSync(dir, { recursive: true });
}

/**
 * Copies a folder's files into another (merging), leaving out `node_modules` and dot files.
 * @returns the number of files copied
 */
export function copyTree(from: string, to: string, skip: (relative: string) => boolean = () => false): number {
  let count = 0;
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(from, source);
      if (relative === '') return true;
      if (relative.split(path.sep).some((part) => part === 'node_modules' || part.startsWith('.')) || skip(relative)) return false;
      if (statSync(source).isFile()) count += 1;
      return true;
    },
  });
  return count;
}

/** Today in UTC as YYYY-MM-DD (the config's `buildDate`). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Writes site.config.ts: the config as an object literal (JSON is valid TypeScript) with a header saying where it
 * came from; and beside it package.json (the npm scripts `dev`, `build`, `serve`, as `docgen init` writes) and
 * .gitignore.
 * @param source the file it was migrated from, as the header names it
 */
export function writeSiteConfig(out: string, config: MigratedConfig, source: string, command: string): void {
  writeFileSync(path.join(out, 'package.json'), sitePackageJson(path.basename(out), docgenVersion()));
  writeFileSync(path.join(out, '.gitignore'), 'node_modules/\ndist/\n');
  const body = JSON.stringify(config, null, 2);
  const text = [
    `// Written by \`docgen ${command}\` from ${source} on ${today()}.`,
    '// What could not be carried over is listed in MIGRATION.md. Keys: README.md "Configuration".',
    "import { defineConfig } from 'docgen';",
    '',
    `export default defineConfig(${body});`,
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'site.config.ts'), text);
}

/** A home page (`layout: home`) for a site whose home was a custom page docgen cannot carry over. */
export function writeHomePage(out: string, home: { title: string; tagline: string; entry?: string; entryLabel: string }): void {
  const frontMatter = {
    title: home.title,
    layout: 'home',
    hero: {
      name: home.title,
      ...(home.tagline ? { tagline: home.tagline } : {}),
      ...(home.entry ? { actions: [{ text: home.entryLabel, link: home.entry, theme: 'brand' }] } : {}),
    },
  };
  writeFileSync(path.join(out, 'content', 'index.md'), `---\n${stringifyYaml(frontMatter)}---\n`);
}

/** Writes MIGRATION.md (the report) and returns its text. */
export function writeReport(out: string, report: MigrationReport, header: string): string {
  const body = report.items.length > 0 ? report.format() : 'Everything was carried over.';
  writeFileSync(path.join(out, 'MIGRATION.md'), `# ${header}\n\nNot carried over (file:line, what to do):\n\n\`\`\`\n${body}\n\`\`\`\n`);
  return body;
}
