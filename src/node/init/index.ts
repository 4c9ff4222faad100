/**
 * `docgen init [dir] [--locale ja|en]`: writes a starter site that builds as it is and prints
 * the next steps. `dir` may be new, empty, or a project of its own (`docgen init .` beside a package.json): its
 * package.json gains the docgen-cli dependency and the scripts, its .gitignore the missing lines; any other file
 * init would write must not exist yet. Nothing is installed or run: it takes well under a second.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pc from 'picocolors';
import { DocgenError } from '../diagnostics/error.js';
import { docgenDependency, PACKAGE_NAME } from '../paths.js';
import { SITE_GITIGNORE, SITE_SCRIPTS, starterFiles, type StarterLocale } from './starter.js';

/** Files init merges into when they exist, instead of refusing. */
const MERGED = new Set(['package.json', '.gitignore']);

/**
 * Creates the starter site.
 * @param dir the folder to create it in (created when missing)
 * @param locale 'ja' or 'en': the text of the pages and the interface
 * @returns the files written or merged, relative to `dir`
 * @throws DocgenError TargetFileExists, naming every file that exists (nothing is written then), or
 *   ConfigInvalid when an existing package.json is not a JSON object
 */
export async function runInit(dir: string, locale: StarterLocale): Promise<string[]> {
  const root = path.resolve(dir);
  const name = path.basename(root);
  const files = starterFiles(name, locale, docgenDependency(root));
  const taken = Object.keys(files).filter((file) => !MERGED.has(file) && existsSync(path.join(root, file)));
  if (taken.length > 0) {
    throw new DocgenError({
      code: 'TargetFileExists',
      message: `${path.relative(process.cwd(), root) || '.'} already has ${taken.join(', ')}. init writes no file over another: move ${taken.length === 1 ? 'it' : 'them'} away, or choose a new folder (docgen init <dir>).`,
      file: path.join(root, taken[0]!),
    });
  }
  const packageFile = path.join(root, 'package.json');
  const ownPackage = existsSync(packageFile);
  if (ownPackage)
    files['package.json'] = mergedPackageJson(
      packageFile,
      JSON.parse(files['package.json']!) as { dependencies: Record<string, string> },
    );
  const gitignore = path.join(root, '.gitignore');
  if (existsSync(gitignore)) files['.gitignore'] = mergedGitignore(readFileSync(gitignore, 'utf8'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const shown = path.relative(process.cwd(), root) || '.';
  const scripts = JSON.parse(files['package.json']!) as { scripts: Record<string, string> };
  const run = (command: keyof typeof SITE_SCRIPTS) =>
    Object.entries(scripts.scripts).find(([, script]) => script === SITE_SCRIPTS[command])?.[0] ?? command;
  console.log(
    `${pc.green('✔')} created a docgen site in ${shown}: ${Object.keys(files).length} files${ownPackage ? ' (package.json: dependency and scripts added)' : ''}\n`,
  );
  console.log('Next steps:');
  if (shown !== '.') console.log(`  cd ${shown}`);
  console.log('  npm install');
  console.log(`  npm run ${run('dev')}      # edit content/ and see it at http://127.0.0.1:3000/`);
  console.log(`  npm run ${run('build')}    # the static site in dist/`);
  console.log('  git push         # .github/workflows/deploy-docs.yml publishes it with GitHub Pages');
  return Object.keys(files);
}

/**
 * An existing package.json with docgen-cli as a dependency (unless it has one) and the dev/build/serve scripts;
 * a script name the project already uses for something else gets the `docs:` prefix (`docs:build`).
 */
function mergedPackageJson(file: string, starter: { dependencies: Record<string, string> }): string {
  const text = readFileSync(file, 'utf8');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: `package.json is not valid JSON (${(error as Error).message}). Fix it, then run docgen init again.`,
      file,
    });
  }
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg))
    throw new DocgenError({ code: 'ConfigInvalid', message: 'package.json is not a JSON object.', file });
  const record = (key: string) =>
    typeof pkg[key] === 'object' && pkg[key] !== null ? (pkg[key] as Record<string, string>) : {};
  const scripts = record('scripts');
  for (const [name, command] of Object.entries(SITE_SCRIPTS)) {
    if (Object.values(scripts).includes(command)) continue;
    scripts[scripts[name] === undefined ? name : `docs:${name}`] = command;
  }
  pkg.scripts = scripts;
  if (!(PACKAGE_NAME in record('dependencies')) && !(PACKAGE_NAME in record('devDependencies'))) {
    pkg.dependencies = { ...record('dependencies'), [PACKAGE_NAME]: starter.dependencies[PACKAGE_NAME]! };
  }
  const indent = /^\{\r?\n(\s+)/.exec(text)?.[1] ?? '  ';
  return `${JSON.stringify(pkg, null, indent)}\n`;
}

/** An existing .gitignore with the lines docgen's site needs added at its end. */
function mergedGitignore(text: string): string {
  const lines = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const missing = SITE_GITIGNORE.filter(
    (line) => !lines.has(line) && !lines.has(line.replace(/\/$/, '')) && !lines.has(`/${line}`),
  );
  if (missing.length === 0) return text;
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${missing.join('\n')}\n`;
}
