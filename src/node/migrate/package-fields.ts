/**
 * What the new site's package.json keeps of the old one's: its own code may read it (`import packageJson from
 * '../../package.json'` to show `v{packageJson.version}`, as kysely-org/kysely's home page does), so the fields that
 * describe the project stay. Its scripts and dependencies are Docusaurus': docgen's replace them
 * (write-site.ts writeSiteConfig).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MigrationReport } from './report.js';

/** The fields kept as written: npm's descriptive fields (npm docs, "package.json"). */
const KEPT = [
  'name',
  'version',
  'description',
  'keywords',
  'homepage',
  'bugs',
  'license',
  'author',
  'contributors',
  'funding',
  'repository',
];

/**
 * Fields the new site has its own of, or does not need: left out without a word (docgen writes `private`, the
 * scripts and the dependencies, and `type` as sitePackageType reads it; `browserslist` and `engines` describe the Docusaurus toolchain).
 */
const REPLACED = new Set([
  'scripts',
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
  'private',
  'type',
  'browserslist',
  'engines',
]);

/**
 * The fields of a site's package.json the new one keeps (KEPT, in the site's order), and one report line naming
 * what else is left out: scripts that do more than run the `docusaurus` CLI (a step that generates files, say) and
 * fields such as `workspaces` or `overrides`.
 * @param site the old site's folder
 * @returns field -> value as the site wrote it; empty when the site has no readable package.json
 */
export function sitePackageFields(site: string, report: MigrationReport): Record<string, unknown> {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg)) return {};
  const scripts = Object.entries(typeof pkg.scripts === 'object' && pkg.scripts !== null ? pkg.scripts : {})
    .filter(([, command]) => typeof command !== 'string' || !/^docusaurus(\s|$)/.test(command.trim()))
    .map(([name]) => `'${name}'`);
  const fields = Object.keys(pkg).filter((key) => !KEPT.includes(key) && !REPLACED.has(key));
  const left = [
    ...(scripts.length > 0
      ? [`its scripts ${scripts.join(', ')} (run what they do by hand if the site needs it)`]
      : []),
    ...(fields.length > 0 ? [`its fields ${fields.map((field) => `'${field}'`).join(', ')}`] : []),
  ];
  if (left.length > 0)
    report.add(
      'package.json',
      `the new package.json keeps the site's name, version and other descriptive fields, with docgen's scripts and dependencies; not carried over: ${left.join('; ')}`,
    );
  return Object.fromEntries(Object.entries(pkg).filter(([key]) => KEPT.includes(key)));
}

/**
 * The `type` of a site's package.json (`module`, `commonjs`), or null when it has none or none is readable: the new
 * package.json keeps it, since it decides how the site's modules import CommonJS packages. Without it a `.js` module
 * is CommonJS to Node, and esbuild gives `import Icon from '@mdi/react'` the package's `exports.default` when it
 * sets `__esModule`, as webpack does for Docusaurus; with `"type": "module"` both bundlers give Node's answer, the
 * whole `module.exports` (esbuild "Importing CommonJS from ESM", Node docs "Modules: Packages" > "type").
 * @param site the old site's folder
 */
export function sitePackageType(site: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8')) as { type?: unknown };
    return typeof pkg?.type === 'string' ? pkg.type : null;
  } catch {
    return null;
  }
}

/**
 * The step a site's package.json runs before the tool builds the site, which may write pages the migrated site then
 * lacks (generated API or rule pages that other pages link to): the `pre<name>` script of the script that runs
 * `<tool> build` (npm runs it first: npm docs "scripts", "Pre & Post Scripts"), else the commands chained before
 * `<tool> build` in that script (`node scripts/gen.js && docusaurus build`). Read from the site's folder, else the
 * nearest package.json above it (a VitePress site in a repository's `docs/` folder), up to the repository root.
 * @param site the old site's folder
 * @returns the script's name and command, or undefined when no script builds the site or none runs first
 */
export function stepBeforeBuild(
  site: string,
  tool: 'docusaurus' | 'vitepress',
): { script: string; command: string } | undefined {
  const scripts = nearestScripts(path.resolve(site));
  const build = new RegExp(`(^|[\\s/])${tool}\\s+build\\b`);
  for (const [name, command] of Object.entries(scripts)) {
    const parts = command.split(/&&|;/).map((part) => part.trim());
    const at = parts.findIndex((part) => build.test(part));
    if (at < 0) continue;
    const before = typeof scripts[`pre${name}`] === 'string' ? scripts[`pre${name}`]! : parts.slice(0, at).join(' && ');
    if (before.trim() !== '') return { script: scripts[`pre${name}`] ? `pre${name}` : name, command: before };
  }
  return undefined;
}

/** The `scripts` of the package.json in `dir` or the nearest folder above it, up to a `.git` folder. */
function nearestScripts(dir: string): Record<string, string> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(current, 'package.json'), 'utf8')) as { scripts?: unknown };
      const scripts = typeof pkg.scripts === 'object' && pkg.scripts !== null ? pkg.scripts : {};
      return Object.fromEntries(Object.entries(scripts).filter(([, command]) => typeof command === 'string'));
    } catch {
      // no package.json here (or not JSON): look above
    }
    if (existsSync(path.join(current, '.git')) || path.dirname(current) === current) return {};
  }
}
