/**
 * Turns the exported config object into a ResolvedConfig: validated, defaults filled, paths absolute
 * (VitePress resolveConfig).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { codeFrame } from '../diagnostics/code-frame.js';
import { THEME_COMPONENT_NAMES } from '../../shared/theme.js';
import { DocgenError } from '../diagnostics/error.js';
import { markdownPluginsKey, type MarkdownPlugins } from '../markdown/plugins.js';
import type { Messages } from '../../shared/messages.js';
import type { LocaleBuild } from '../i18n/locale-build.js';
import { resolveMessages } from './messages.js';
import { userConfigSchema, type ValidatedConfig } from './schema.js';
import { resolveThemePaths } from './theme.js';
import { leavesAsNamed, originOfEntry, readPolicyOf } from '../read-policy.js';

/** Configuration with every field present; paths absolute. */
export interface ResolvedConfig extends Omit<ValidatedConfig, 'markdown'> {
  /** The site's Markdown plugins and what they are (markdown/plugins.ts markdownPluginsKey; '' without plugins). */
  markdown: ValidatedConfig['markdown'] & MarkdownPlugins & { key: string };
  root: string;
  configFile: string;
  /** Absolute content and output folders. */
  contentPath: string;
  outPath: string;
  /** UI labels of the default locale: its catalogue with the site's overrides (config/messages.ts). */
  messages: Messages;
  /** Set only in the build of one locale of a multi-locale site (i18n/locale-config.ts). */
  locale?: LocaleBuild;
}

/**
 * Validates and completes a configuration object.
 * @param options.exported the config module's default export
 * @param options.file absolute path of site.config.ts (named in errors)
 * @param options.overrides CLI flags, applied over the file
 * @param options.packages versions of the packages the config imports, by name (they key its Markdown plugins)
 * @throws DocgenError ConfigInvalid naming the key path, e.g. `themeConfig.navbar.items[1].href`
 */
export function resolveConfig(options: {
  exported: unknown;
  file: string;
  root: string;
  overrides?: { outDir?: string; baseUrl?: string };
  packages?: Record<string, string>;
}): ResolvedConfig {
  const { exported, file, root, overrides = {} } = options;
  if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) {
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: `site.config.ts must export an object as default (got ${describe(exported)}). Use \`export default defineConfig({ ... })\`.`,
      file,
    });
  }
  const merged = { ...exported, ...definedOnly(overrides) };
  const parsed = userConfigSchema.safeParse(merged);
  if (!parsed.success) throw configError(parsed.error, file);
  const config = parsed.data;
  const markdown = config.markdown as ValidatedConfig['markdown'] & MarkdownPlugins;
  const resolved: ResolvedConfig = {
    ...config,
    markdown: { ...markdown, key: markdownPluginsKey(markdown, options.packages ?? {}) },
    theme: resolveThemePaths(config.theme, { root, file, locate: (keys) => locateKey(file, keys) }),
    title: config.title.replaceAll('{product}', config.product),
    allowedReadPaths: config.allowedReadPaths.map((p) => path.resolve(root, p)),
    allowedRemoteOrigins: config.allowedRemoteOrigins.map((entry) => originOfEntry(entry)!),
    root,
    configFile: file,
    contentPath: path.resolve(root, config.contentDir),
    outPath: path.resolve(root, config.outDir),
    messages: resolveMessages(config.i18n),
  };
  assertNamedFilesReadable(resolved);
  return resolved;
}

/**
 * Every file or folder the config names for docgen to read (the content folder, `apis[].spec`, theme files) is
 * inside the project or a folder of `allowedReadPaths` as written (read-policy.ts leavesAsNamed, SECURITY.md).
 * @throws DocgenError ConfigInvalid naming the key path and the file
 */
function assertNamedFilesReadable(config: ResolvedConfig): void {
  const policy = readPolicyOf({
    root: config.root,
    contentPath: config.root,
    allowedReadPaths: config.allowedReadPaths,
  });
  const named: [PropertyKey[], string][] = [
    [['contentDir'], config.contentPath],
    ...config.apis.map((api, i): [PropertyKey[], string] => [['apis', i, 'spec'], path.resolve(config.root, api.spec)]),
    ...Object.entries(config.theme.components).map(([name, f]): [PropertyKey[], string] => [
      ['theme', 'components', name],
      f!,
    ]),
    ...Object.entries(config.theme.mdxComponents).map(([name, f]): [PropertyKey[], string] => [
      ['theme', 'mdxComponents', name],
      f,
    ]),
    ...config.theme.css.map((f, i): [PropertyKey[], string] => [['theme', 'css', i], f]),
  ];
  for (const [keys, file] of named) {
    if (!leavesAsNamed(file, policy)) continue;
    throw new DocgenError({
      code: 'ConfigInvalid',
      message: `site.config.ts: '${formatKeyPath(keys)}' names ${file}, outside the project; docgen reads no file outside it (SECURITY.md). Move it into the project, or list its folder in \`allowedReadPaths\`.`,
      file: config.configFile,
      ...locateKey(config.configFile, keys),
    });
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/** Formats a key path like zod's issue path: `themeConfig.navbar.items[1].href`. */
function formatKeyPath(keys: readonly PropertyKey[]): string {
  return keys.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');
}

/** zod's message for a value that matches none of a union's forms, when the schema gives none of its own. */
const GENERIC_UNION = 'Invalid input';

/**
 * The issue to report for a value that matched none of a union's forms (zod's `invalid_union`, whose message is only
 * "Invalid input"): that of the form it came closest to, found again inside nested unions. Closest: the form whose
 * literal fields (a `type: 'docSidebar'`) it does not contradict, then the one with the fewest issues, then the
 * first. A union with a message of its own (the schema's `error`) keeps it.
 */
function closestIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0 || issue.message !== GENERIC_UNION) return issue;
  const contradicts = (issues: z.core.$ZodIssue[]) => issues.some((inner) => inner.code === 'invalid_value');
  const literals = issue.errors.map((issues) => issues.find((inner) => inner.code === 'invalid_value'));
  const key = (inner: z.core.$ZodIssue | undefined) => (inner ? JSON.stringify(inner.path) : undefined);
  if (literals.every((inner) => inner !== undefined && key(inner) === key(literals[0]))) {
    // Every form names a value of the same field (a `type`): list them all.
    const values = literals.flatMap((inner) => (inner?.code === 'invalid_value' ? inner.values : []));
    const expected = [...new Set(values)].map((value) => JSON.stringify(value)).join('|');
    return { ...literals[0]!, path: [...issue.path, ...literals[0]!.path], message: `expected one of ${expected}` };
  }
  const [best] = [...issue.errors].sort(
    (a, b) => Number(contradicts(a)) - Number(contradicts(b)) || a.length - b.length,
  );
  const inner = best?.[0];
  return inner ? closestIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue) : issue;
}

function configError(error: z.ZodError, file: string): DocgenError {
  const issue = closestIssue(error.issues[0]!);
  const keys = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const keyPath = formatKeyPath(keys);
  const reason =
    issue.code === 'unrecognized_keys'
      ? `unknown key '${keyPath}'. Remove it or check its spelling${validNames(issue.path)}`
      : `'${keyPath}' is invalid: ${issue.message}`;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem(s))` : '';
  const located = locateKey(file, keys);
  return new DocgenError({
    code: 'ConfigInvalid',
    message: `site.config.ts: ${reason}${more}.`,
    hint: 'The accepted keys are documented in README.md, "Configuration".',
    file,
    ...located,
  });
}

/** For an unknown key among theme.components: the list of names that can be overridden. */
function validNames(parent: readonly PropertyKey[]): string {
  return formatKeyPath(parent) === 'theme.components'
    ? ` (the components that can be overridden: ${THEME_COMPONENT_NAMES.join(', ')})`
    : '';
}

/**
 * Best-effort source position of the last named key of a path (config files are code, not data): each named key
 * is looked for after the one before it, so `blog.feedOptions.type` is found below `blog` and `feedOptions`, not at
 * the first `type:` of the file; when one of them is not written there (a spread, a variable), the first
 * occurrence of the last key.
 */
function locateKey(file: string, keys: readonly PropertyKey[]): { line?: number; column?: number; frame?: string } {
  const named = keys.filter((k): k is string => typeof k === 'string');
  if (named.length === 0) return {};
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const keyAt = (key: string, from: number): number | undefined => {
    const pattern = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`, 'gm');
    pattern.lastIndex = from;
    const match = pattern.exec(source);
    return match ? match.index + match[1]!.length : undefined;
  };
  let at: number | undefined = -1;
  for (const key of named) {
    at = keyAt(key, at + 1);
    if (at === undefined) break;
  }
  at ??= keyAt(named.at(-1)!, 0);
  if (at === undefined) return {};
  const before = source.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  return { line, column, frame: codeFrame(source, line, column) };
}
