/**
 * Imports that name a file of a docs folder through the site root. A Docusaurus page may import a partial or a
 * component kept beside the docs by `@site/<docs path>/…` (the `@site` alias of the site folder:
 * core/src/webpack/base.ts) or, after `siteRootImports`, by a leading slash (`/docs/economy/_partial.mdx`, which
 * webpack resolves against `resolve.roots`, the site folder). Migrate moves each docs folder to `content/<folder>/`,
 * so such an import names nothing in the new site; here it is given the file's new place, `@site/content/<folder>/…`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { escapeRegExp } from '../serve/headers-file.js';
import { scriptFile } from './components.js';
import { forEachMdxLine } from './report.js';

/** Where one docs plugin instance's folder went. */
export interface DocsFolderMove {
  /** The docs folder relative to the original site, `/`-separated (`docs`, `website/docs`). */
  from: string;
  /** Its new place relative to the migrated site, `/`-separated (`content`, `content/releases`). */
  to: string;
}

/**
 * Rewrites, in every `.md`/`.mdx` file the migration wrote outside `src/`, the import and export lines whose
 * specifier is `@site/<from>/<rest>` (optionally after a `!!raw-loader!` prefix) to `@site/<to>/<rest>`, when
 * `<rest>` names a file of the original docs folder (as written, or a script without its extension). Fenced code blocks and other text are left as written. The longest
 * `from` wins, so a docs folder nested in another (`docs` and `docs/api`) keeps its own move.
 * @param out the migrated site's folder
 * @param site the original site's folder
 * @param moves one per docs plugin instance migrated; moves whose `from` equals `to` are ignored
 */
export function retargetDocsImports(out: string, site: string, moves: DocsFolderMove[]): void {
  const active = moves.filter((move) => move.from !== move.to).sort((a, b) => b.from.length - a.from.length);
  if (active.length === 0) return;
  const names = active.map((move) => escapeRegExp(move.from));
  const specifier = new RegExp(
    `((?:\\bfrom|\\bimport\\s*\\(|\\brequire\\s*\\()\\s*['"](?:!!?raw-loader!)?)@site/(${names.join('|')})/([^'"?\\s]+)(?=['"?])`,
    'g',
  );
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(out, file).split(path.sep)[0] === 'src') continue; // the site's own components
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@site/')) continue;
    const lines = text.split('\n');
    forEachMdxLine(text, (line, index) => {
      if (!/^(?:import|export)\s/.test(line)) return;
      lines[index] = line.replace(specifier, (match, open: string, from: string, rest: string) => {
        const move = active.find((candidate) => candidate.from === from);
        const base = path.join(site, from, rest);
        if (!move || !(existsSync(base) || scriptFile(base))) return match;
        return `${open}@site/${move.to}/${rest}`;
      });
    });
    const rewritten = lines.join('\n');
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}
