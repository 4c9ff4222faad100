/**
 * `docgen migrate <tool> <site> [--out dir]`: runs the migration and prints what it wrote, the
 * report of what it could not carry over, and the next steps.
 */
import path from 'node:path';
import pc from 'picocolors';
import { migrateDocusaurus, type MigrationResult } from './docusaurus.js';
import { migrateVitepress } from './vitepress.js';

/**
 * Migrates a site and prints the outcome.
 * @param tool the site's generator
 * @param site its folder
 * @param out the new site's folder (default: `<site name>-docgen` in the current folder)
 * @throws DocgenError from the migration (no config, unreadable config, target not empty)
 */
export async function runMigrate(
  tool: 'docusaurus' | 'vitepress',
  site: string,
  out?: string,
): Promise<MigrationResult> {
  const source = path.resolve(site);
  const target = path.resolve(out ?? `${path.basename(source)}-docgen`);
  const result =
    tool === 'docusaurus' ? await migrateDocusaurus(source, target) : await migrateVitepress(source, target);
  const shown = path.relative(process.cwd(), target) || '.';
  const versioned = result.versionedPages
    ? `; ${result.versionedPages} pages of older versions to ${shown}/versioned_docs`
    : '';
  console.log(
    `${pc.green('✔')} ${result.pages} pages and ${result.files - result.pages - (result.versionedPages ?? 0)} other files copied to ${shown}/content${versioned}, ${shown}/site.config.ts written`,
  );
  if (result.reportCount > 0) {
    console.log(
      `\n${pc.yellow(`Not carried over (${result.reportCount}, also in ${shown}/MIGRATION.md):`)}\n${result.report}`,
    );
  }
  // npm scripts, not `npx docgen`: outside a folder that has docgen-cli installed, npx would fetch the npm package
  // named `docgen`, another project. `npm run` finds docgen in the site's or a parent folder's node_modules/.bin.
  console.log(`\nNext: cd ${shown} && npm install && npm run build   (or npm run dev)`);
  return result;
}
