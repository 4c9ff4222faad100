/**
 * The brand colour of a migrated site: the primary colour its stylesheets give the old theme, carried into docgen's
 * theme variables so that links, accents and focus rings keep the site's colour. Docusaurus sites set Infima's
 * `--ifm-color-primary` in `customCss` (the classic preset's `theme.customCss`, by convention src/css/custom.css);
 * VitePress sites `--vp-c-brand-1` (`--vp-c-brand` before 1.0) in a stylesheet of `.vitepress/theme/`. Both set it
 * on `:root` for light mode and again for dark mode (`[data-theme='dark']`, VitePress `.dark`).
 *
 * The rest of such a stylesheet styles the old theme's markup and is not carried over. Stylesheets are parsed with
 * PostCSS; colours read and adjusted with colord.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import namesPlugin from 'colord/plugins/names';
import fg from 'fast-glob';
import postcss, { type Rule } from 'postcss';
import type { MigrationReport } from './report.js';

extend([a11yPlugin, namesPlugin]);

/** The primary colour of each mode, as the site wrote it (`#764abc`, `rgb(…)`), and where it was found. */
export interface BrandColours {
  light: string;
  dark: string;
  /** The stylesheet (site-relative, POSIX) and the custom property it was read from, for the header comment. */
  source: string;
  variable: string;
}

/** The custom properties each tool's theme takes its primary colour from, most specific first. */
const BRAND_VARIABLES = {
  docusaurus: ['--ifm-color-primary'],
  vitepress: ['--vp-c-brand-1', '--vp-c-brand'],
} as const;

/**
 * The stylesheets of a Docusaurus site that may set its colours: the classic preset's `theme.customCss` (a path or a
 * list, relative to the site or absolute when written with `require.resolve`), else src/css/custom.css when it exists.
 * @param presets the config's `presets`
 * @param site the site folder (absolute)
 */
export function docusaurusStylesheets(presets: unknown[] | undefined, site: string): string[] {
  const sheets: string[] = [];
  for (const preset of presets ?? []) {
    const options = Array.isArray(preset) ? (preset[1] as { theme?: { customCss?: unknown } } | undefined) : undefined;
    const custom = options?.theme?.customCss;
    for (const file of Array.isArray(custom) ? custom : [custom])
      if (typeof file === 'string' && file.endsWith('.css')) sheets.push(path.resolve(site, file));
  }
  const conventional = path.join(site, 'src', 'css', 'custom.css');
  return sheets.length > 0 ? sheets : existsSync(conventional) ? [conventional] : [];
}

/**
 * The stylesheets of a VitePress site's custom theme: every `.css` file below `.vitepress/theme/`.
 * @param site the VitePress source folder (the one holding `.vitepress/`)
 */
export function vitepressStylesheets(site: string): string[] {
  return fg.sync('.vitepress/theme/**/*.css', { cwd: site, absolute: true, dot: true, ignore: ['**/node_modules/**'] });
}

/**
 * Reads the brand colour from the site's stylesheets: the first of the tool's variables set on `:root` (or `html`)
 * outside any at-rule, with `var()` references resolved among the custom properties the same stylesheets set; the
 * dark mode's from a `[data-theme='dark']` or `.dark` rule, else the light one (as the old theme inherits it).
 * Stylesheets that are missing, outside the site or do not parse are skipped.
 * @param files absolute paths, in the order the site loads them (a later one overrides)
 * @returns undefined when none sets a colour docgen can read
 */
export function readBrandColours(
  tool: keyof typeof BRAND_VARIABLES,
  files: string[],
  site: string,
): BrandColours | undefined {
  const light = new Map<string, { value: string; file: string }>();
  const dark = new Map<string, { value: string; file: string }>();
  for (const file of files) {
    const relative = path.relative(site, file);
    if (relative.startsWith('..') || path.isAbsolute(relative) || !existsSync(file)) continue;
    let root: postcss.Root;
    try {
      root = postcss.parse(readFileSync(file, 'utf8'), { from: file });
    } catch {
      continue;
    }
    root.each((node) => {
      if (node.type !== 'rule') return;
      const mode = modeOf(node);
      if (!mode) return;
      node.walkDecls(/^--/, (decl) => {
        (mode === 'dark' ? dark : light).set(decl.prop, { value: decl.value.trim(), file: relative });
      });
    });
  }
  for (const variable of BRAND_VARIABLES[tool]) {
    const found = light.get(variable);
    const lightColour = found && resolveColour(found.value, [light]);
    if (!found || !lightColour) continue;
    const darkSet = dark.get(variable);
    const darkColour = (darkSet && resolveColour(darkSet.value, [dark, light])) ?? lightColour;
    return { light: lightColour, dark: darkColour, source: found.file.split(path.sep).join('/'), variable };
  }
  return undefined;
}

/** Which mode a top-level rule sets: light for `:root`/`html` (or their light variant), dark for a dark one. */
function modeOf(rule: Rule): 'light' | 'dark' | undefined {
  let mode: 'light' | 'dark' | undefined;
  for (const selector of rule.selectors.map((s) => s.replace(/\s+/g, '').replace(/"/g, "'"))) {
    if (/^(:root|html)?(\[data-theme='?dark'?\]|\.dark)$/.test(selector)) mode = 'dark';
    else if (/^(:root|html)(\[data-theme='?light'?\])?$/.test(selector)) mode ??= 'light';
  }
  return mode;
}

/** A declared value as a colour, following `var(--x[, fallback])` through the scopes (at most 8 deep). */
function resolveColour(value: string, scopes: Map<string, { value: string }>[], depth = 0): string | undefined {
  const reference = /^var\(\s*(--[\w-]+)\s*(?:,\s*(.+))?\)$/.exec(value.trim());
  if (reference) {
    if (depth >= 8) return undefined;
    const declared = scopes.map((scope) => scope.get(reference[1]!)).find(Boolean);
    if (declared) return resolveColour(declared.value, scopes, depth + 1);
    return reference[2] ? resolveColour(reference[2], scopes, depth + 1) : undefined;
  }
  return colord(value).isValid() ? value : undefined;
}

/** WCAG 2.2 SC 1.4.3: text at least 4.5:1 against its background. */
const TEXT_CONTRAST = 4.5;

/**
 * The shade of a colour that reads as text on every background given: the colour itself when it does, else darker
 * (on light backgrounds) or lighter (on dark ones) in steps of 2 % lightness.
 */
function readableOn(colour: Colord, backgrounds: string[], lighten: boolean): Colord {
  let shade = colour;
  for (let i = 0; i < 50 && backgrounds.some((bg) => shade.contrast(bg) < TEXT_CONTRAST); i++)
    shade = lighten ? shade.lighten(0.02) : shade.darken(0.02);
  return shade;
}

/** docgen's page backgrounds in each mode (templates/styles/base.css --dg-bg, --dg-bg-soft). */
const BACKGROUNDS = { light: ['#ffffff', '#f5f7fa'], dark: ['#1b1b1d', '#242526'] };

/**
 * The stylesheet that gives docgen's theme the brand colour: `--dg-primary` (accents, borders) and the API
 * reference's as written, `--dg-primary-text` and `--dg-focus` (links, labels, focus rings) a shade that reads on the
 * page background (readableOn).
 */
export function brandStylesheet(brand: BrandColours): string {
  const block = (selector: string, colour: string, mode: 'light' | 'dark') => {
    const text = readableOn(colord(colour), BACKGROUNDS[mode], mode === 'dark').toHex();
    return [
      `${selector} {`,
      `  --dg-primary: ${colour};`,
      `  --dg-primary-text: ${text};`,
      `  --dg-focus: ${text};`,
      '}',
      `${selector === ':root' ? '' : `${selector} `}.dg-api-ref {`,
      `  --dg-api-primary: ${colour};`,
      '}',
    ].join('\n');
  };
  // The brand button (home page hero, 404 page) has white text in both modes: the light mode's shade that reads on
  // white, as its background.
  const button = readableOn(colord(brand.light), ['#ffffff'], false).toHex();
  return [
    `/* The site's brand colour (${brand.variable} in ${brand.source}), written by docgen migrate. Links and focus`,
    '   rings use a shade of it that reads at 4.5:1 on the page (WCAG 2.2 SC 1.4.3). */',
    block(':root', brand.light, 'light'),
    block('html[data-theme="dark"]', brand.dark, 'dark'),
    `.dg-button--brand {\n  background: ${button};\n  border-color: ${button};\n}`,
    '',
  ].join('\n');
}

/**
 * The `brand` of a migrated config (write-site.ts writes it as theme/brand.css), with a line in the report.
 * @returns `{ brand }`, or `{}` when the stylesheets set no colour docgen reads
 */
export function brandOf(
  tool: keyof typeof BRAND_VARIABLES,
  files: string[],
  site: string,
  report: MigrationReport,
): { brand?: BrandColours } {
  const brand = readBrandColours(tool, files, site);
  if (!brand) return {};
  report.add(
    path.join(site, brand.source),
    `the brand colour (${brand.variable}: ${brand.light}, dark mode ${brand.dark}) is carried into theme/brand.css; the stylesheet's other rules style the old theme and are not carried over`,
    `${brand.variable}:`,
  );
  return { brand };
}
