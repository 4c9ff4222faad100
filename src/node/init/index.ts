/**
 * `docgen init [dir] [--locale ja|en]` (issue 16, item 6): writes a starter site that builds as it is, into a new
 * or empty folder, and prints the next steps. Nothing is installed or run: it takes well under a second.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pc from 'picocolors';
import { ensureEmptyDir } from '../migrate/write-site.js';
import { docgenVersion } from '../paths.js';
import { starterFiles, type StarterLocale } from './starter.js';

/**
 * Creates the starter site.
 * @param dir the folder to create it in (created when missing)
 * @param locale 'ja' or 'en': the text of the pages and the interface
 * @returns the files written, relative to `dir`
 * @throws DocgenError TargetNotEmpty when `dir` holds anything
 */
export async function runInit(dir: string, locale: StarterLocale): Promise<string[]> {
  const root = path.resolve(dir);
  ensureEmptyDir(root);
  const name = path.basename(root);
  const files = starterFiles(name, locale, docgenVersion());
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const shown = path.relative(process.cwd(), root) || '.';
  console.log(`${pc.green('✔')} created a docgen site in ${shown}: ${Object.keys(files).length} files\n`);
  console.log('Next steps:');
  if (shown !== '.') console.log(`  cd ${shown}`);
  console.log('  npm install');
  console.log('  npm run dev      # edit content/ and see it at http://127.0.0.1:3000/');
  console.log('  npm run build    # the static site in dist/');
  return Object.keys(files);
}
