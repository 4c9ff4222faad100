/**
 * Islands: which of a site's own MDX components (`theme.mdxComponents`) need the browser. Such a component is
 * rendered at build time like any other and then hydrated in the browser, from its own lazily loaded chunk, on the
 * pages that use it (src/client/islands.ts); every other component ships no JavaScript.
 *
 * The rule (static analysis of the component's own code): a component is interactive when one of the site's files
 * it is bundled from (its file and what it imports from the site, not docgen's shims nor packages) uses React
 * state or effects (`useState`, `useReducer`, `useEffect`, `useLayoutEffect`, `useSyncExternalStore`,
 * `useTransition`, a class's `setState`), an event handler prop (`onClick={…}`, `onChange: …`), or
 * `@docusaurus/BrowserOnly` / `useIsBrowser`, or theme-common's `useColorMode` / `useWindowSize`, which render
 * something else in the browser.
 */
import { readFileSync } from 'node:fs';
import { componentInputFiles, mtimeOf } from '../markdown/site-components.js';
import { isSiteFile } from './runtime-files.js';

/** What makes a file's component need the browser (see the module's docstring). */
const INTERACTIVE =
  /\buse(?:State|Reducer|Effect|LayoutEffect|InsertionEffect|SyncExternalStore|Transition|ActionState|Optimistic|IsBrowser|ColorMode|WindowSize)\b|\bsetState\(|\bon[A-Z][A-Za-z]*(?:=\{|\s*:)|@docusaurus\/BrowserOnly/;

/** Per site file: whether its code matches INTERACTIVE, and the modification time of the file when it was read. */
const answers = new Map<string, { mtime: number; interactive: boolean }>();

/**
 * Whether a registered component needs the browser (see the module's docstring). Its files are those of the bundle
 * its pages render it from (markdown/site-components.ts componentInputFiles), so an edit to any of them is seen. A
 * file that does not bundle is not interactive: its uses are reported where it is rendered (markdown/mdx-evaluate.ts).
 * @param file absolute path of the component's module
 * @param siteRoot what `@site/` names
 */
export async function isInteractiveComponent(file: string, siteRoot: string): Promise<boolean> {
  const inputs = await componentInputFiles(file, siteRoot).catch((): string[] => []);
  return inputs.filter(isSiteFile).some(usesBrowser);
}

function usesBrowser(file: string): boolean {
  const mtime = mtimeOf(file);
  const known = answers.get(file);
  if (known && known.mtime === mtime) return known.interactive;
  let interactive = false;
  try {
    interactive = INTERACTIVE.test(readFileSync(file, 'utf8'));
  } catch {}
  answers.set(file, { mtime, interactive });
  return interactive;
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
