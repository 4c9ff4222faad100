/**
 * Islands: which of a site's own MDX components (`theme.mdxComponents`) need the browser. Such a component is
 * rendered at build time like any other and then hydrated in the browser, from its own lazily loaded chunk, on the
 * pages that use it (src/client/islands.ts); every other component ships no JavaScript.
 *
 * The rule (static analysis of the component's own code): a component is interactive when one of the site's files
 * it is bundled from (its file and what it imports from the site, not docgen's shims nor packages) uses React
 * state or effects (`useState`, `useReducer`, `useEffect`, `useLayoutEffect`, `useSyncExternalStore`,
 * `useTransition`, a class's `setState`), an event handler prop (`onClick={…}`, `onChange: …`), or
 * `@docusaurus/BrowserOnly` / `useIsBrowser`, which render something else in the browser.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { docusaurusShimsPlugin } from './docusaurus-shims.js';
import { isSiteFile } from './runtime-files.js';

/** What makes a file's component need the browser (see the module's docstring). */
const INTERACTIVE =
  /\buse(?:State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|ActionState|Optimistic|IsBrowser)\b|\bsetState\(|\bon[A-Z][A-Za-z]*(?:=\{|\s*:)|@docusaurus\/BrowserOnly/;

/** Per component file: its answer and the modification time of the file when it was given. */
const answers = new Map<string, { mtime: number; interactive: Promise<boolean> }>();

/**
 * Whether a registered component needs the browser (see the module's docstring). A file that does not bundle is
 * not interactive: its uses are reported where it is rendered (markdown/mdx-evaluate.ts).
 * @param file absolute path of the component's module
 * @param siteRoot what `@site/` names
 */
export function isInteractiveComponent(file: string, siteRoot: string): Promise<boolean> {
  const mtime = mtimeOf(file);
  const known = answers.get(file);
  if (known && known.mtime === mtime) return known.interactive;
  const interactive = analyse(file, siteRoot);
  answers.set(file, { mtime, interactive });
  return interactive;
}

async function analyse(file: string, siteRoot: string): Promise<boolean> {
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      logLevel: 'silent',
      absWorkingDir: path.dirname(file),
      outdir: path.join(path.dirname(file), '.docgen-islands'), // nothing is written
      external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      loader: { '.css': 'empty', '.png': 'empty', '.jpg': 'empty', '.svg': 'empty', '.gif': 'empty', '.webp': 'empty' },
      plugins: [docusaurusShimsPlugin(siteRoot, isSiteFile)],
    });
    const root = path.dirname(file);
    return Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes(':'))
      .map((input) => path.resolve(root, input))
      .filter(isSiteFile)
      .some((input) => INTERACTIVE.test(readFileSync(input, 'utf8')));
  } catch {
    return false;
  }
}

/**
 * Why a component's props cannot go into the page as JSON, or null when they can: a function, a symbol, a bigint, a
 * React element or an object that is not plain data (a class instance, a Map, a Date), with the prop's path.
 * @param props the props of one use, children aside
 */
export function unserialisableProp(props: Record<string, unknown>): string | null {
  const visit = (value: unknown, where: string, seen: Set<object>): string | null => {
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return null;
    if (typeof value !== 'object') return `${where} is a ${typeof value}`;
    if (seen.has(value)) return `${where} refers to itself`;
    if ('$$typeof' in value) return `${where} is a React element`;
    const proto = Object.getPrototypeOf(value) as unknown;
    if (!Array.isArray(value) && proto !== Object.prototype && proto !== null)
      return `${where} is a ${(value as object).constructor?.name ?? 'non-plain object'}`;
    seen.add(value);
    for (const [key, item] of Object.entries(value)) {
      const found = visit(item, Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, seen);
      if (found) return found;
    }
    seen.delete(value);
    return null;
  };
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children') continue;
    const found = visit(value, name, new Set());
    if (found) return found;
  }
  return null;
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}
