/**
 * A VitePress site's own Vue components, carried into the migrated pages as the HTML they render: the components
 * registered in `.vitepress/theme/index.*` (`enhanceApp({ app }) { app.component('Name', X) }`, found by running it),
 * the files of `.vitepress/theme/components/` and `.vitepress/components/`, and the `.vue` files a page imports in
 * its `<script setup>`. Each use on a line of the page (`<NonInheritBadge />`, `<Note title="x">slot</Note>`,
 * `:count="2"`) is rendered by Vue's server renderer (vue-render.ts) with its attributes as props (a bound
 * `:prop="expression"` evaluated with `$frontmatter` and `$site`) and its content as the default slot, and replaced by
 * that HTML, as VitePress prerenders it. A page's `<script setup>` that only imports rendered components is dropped.
 * What cannot render at build time (a browser API in `setup()`, a failed import) is reported once per component with
 * the file:line of its use and left as written; a component whose behaviour is in the browser only (event handlers,
 * `onMounted`) is rendered statically and reported once. Uses spanning lines and uses in code stay as written.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { htmlToText } from './docusaurus-config.js';
import type { MigrationReport } from './report.js';
import { pascalCase } from './vitepress-markdown-components.js';
import type { MigratedConfig } from './write-site.js';
import {
  loadVueComponents,
  SLOT_MARK,
  type ComponentStyles,
  type UnresolvedAsset,
  type VueComponentSet,
  type VueSiteData,
} from './vue-render.js';

/**
 * A component tag with its attributes, self-closing or with content on the same line: capitalised, or kebab-case
 * (`<prompt-for-update-img />`, which Vue resolves to `PromptForUpdateImg`).
 */
const USE =
  /<([A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)((?:\s+[^\s/>"'=]+(?:="[^"]*"|='[^']*')?)*)\s*(?:\/>|>([^<]*(?:<(?!\/\1>)[^<]*)*)<\/\1>)/g;

/** A page's `<script setup>` block, whole lines (VitePress compiles the page as a Vue single-file component). */
const SCRIPT_SETUP = /^<script\s+(?:[^>]*\s)?setup\b[^>]*>\n?([\s\S]*?)^<\/script>[ \t]*$\n?/gm;

/**
 * The page's own `<script setup>` block: the first one outside fenced code (VitePress hoists the script blocks
 * markdown-it reads as HTML; a `<script setup>` in a ```vue example is code shown, not run), or null.
 * @returns the match: [0] the block, [1] its content, `index` its offset
 */
function scriptSetupOf(text: string): RegExpExecArray | null {
  if (!text.includes('<script')) return null;
  const fenced = fencedLines(text);
  for (const match of text.matchAll(SCRIPT_SETUP)) {
    const line = text.slice(0, match.index).split('\n').length - 1;
    if (!fenced[line]!.fenced) return match as RegExpExecArray;
  }
  return null;
}

/** Renders the site's Vue components into its pages. */
export interface VueComponentRenderer {
  /** The names of the components it knows, which the page check does not report. */
  names: Set<string>;
  /** The components the theme shows on the home page around hero and features (vue-render.ts homeSlotsOf). */
  homeSlots: string[];
  /**
   * Renders the uses on one page.
   * @param file the page's absolute path (resolves its `.vue` imports); `shown` its path as the report names it
   * @param relativePath the page's path in the source folder (what `useData().page.relativePath` gives)
   * @returns the page's text with the uses replaced (line for line), whether its `<script setup>` was blanked (it ran
   *   and every use rendered), and the names of the components it rendered or reported
   */
  renderPage(
    text: string,
    file: string,
    shown: string,
    relativePath: string,
  ): Promise<{ text: string; scriptDropped: boolean; handled: Set<string> }>;
  /** The CSS of the components the pages rendered (vue-render.ts VueComponentSet.styles). */
  styles(): ComponentStyles;
  /** The asset files the components import, to publish (vue-render.ts VueComponentSet.assets). */
  assets(): Map<string, string>;
}

/**
 * Copies the components' asset files into the migrated content folder, where they are static files published at the
 * URL the rendered HTML names (one already there, the copy of the source folder, is left as it is).
 * @returns the number of files copied
 */
export function copyVueAssets(contentDir: string, renderer: VueComponentRenderer): number {
  let copied = 0;
  for (const [published, file] of renderer.assets()) {
    const target = path.join(contentDir, ...published.split('/'));
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
    copied++;
  }
  return copied;
}

/** Where the migrated site keeps its components' CSS, relative to its root (site.config.ts `theme.css`). */
export const VUE_STYLES_FILE = 'theme/vue-components.css';

/**
 * The main colour and font variables of VitePress' default theme (client/theme-default/styles/vars.css), which the
 * components' CSS uses, as docgen's theme variables (templates/styles/base.css), so that they follow its colour mode.
 */
const VITEPRESS_VARIABLES = `:root {
  --vp-c-brand-1: var(--dg-primary-text);
  --vp-c-brand-2: var(--dg-primary);
  --vp-c-brand-3: var(--dg-primary);
  --vp-c-brand-soft: color-mix(in srgb, var(--dg-primary) 14%, transparent);
  --vp-c-text-1: var(--dg-text);
  --vp-c-text-2: var(--dg-text-muted);
  --vp-c-text-3: var(--dg-text-muted);
  --vp-c-bg: var(--dg-bg);
  --vp-c-bg-alt: var(--dg-bg-soft);
  --vp-c-bg-soft: var(--dg-bg-soft);
  --vp-c-bg-elv: var(--dg-bg);
  --vp-c-divider: var(--dg-border);
  --vp-c-border: var(--dg-border);
  --vp-c-gutter: var(--dg-border);
  --vp-c-default-soft: var(--dg-bg-soft);
  --vp-c-yellow-1: #915930;
  --vp-c-red-1: #b8272c;
  --vp-c-green-1: #18794e;
  --vp-font-family-base: var(--dg-font);
  --vp-font-family-mono: var(--dg-font-mono);
}
`;

/**
 * The migrated config with the components' CSS in `theme.css`, after writing it ({@link writeVueStyles}); the
 * config unchanged when they have none.
 */
export function withVueStyles(
  config: MigratedConfig,
  out: string,
  renderer: VueComponentRenderer,
  report: MigrationReport,
): MigratedConfig {
  const css = writeVueStyles(out, renderer, report);
  return css ? { ...config, theme: { ...config.theme, css: [...(config.theme?.css ?? []), css] } } : config;
}

/**
 * Writes the CSS of the site's Vue components (their compiled `<style>` blocks and their inline styles as classes)
 * to {@link VUE_STYLES_FILE} in the migrated site and reports the blocks it could not carry.
 * @returns the file as site.config.ts `theme.css` names it, or undefined when the components have no CSS
 */
export function writeVueStyles(
  out: string,
  renderer: VueComponentRenderer,
  report: MigrationReport,
): string | undefined {
  const { css, skipped } = renderer.styles();
  for (const style of skipped) report.add(style.file, `Vue component style: ${style.why}`, style.line);
  if (css === '') return undefined;
  const file = path.join(out, VUE_STYLES_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `/* Written by \`docgen migrate vitepress\`: the CSS of the site's Vue components (vue-render.ts). */\n${VITEPRESS_VARIABLES}${css}`,
  );
  return `./${VUE_STYLES_FILE}`;
}

/**
 * Finds and compiles the site's Vue components.
 * @param vitepressRoot the folder holding `.vitepress/`; `pages` the pages' absolute paths
 * @returns a renderer; one that renders nothing (after a report line) when the components do not compile
 */
export async function createVueRenderer(options: {
  vitepressRoot: string;
  /** The pages' folder (VitePress `srcDir`). */
  srcDir: string;
  pages: string[];
  site: VueSiteData;
  report: MigrationReport;
  /** The config's `vite.resolve.alias`, as written: applied to the components' imports and asset URLs. */
  alias?: unknown;
  /** The config's `vite.define`, as written: the constants the components read (`__VERSION__`). */
  define?: unknown;
  /** VitePress `cleanUrls`: the page URLs a data loader's createContentLoader gives have no `.html`. */
  cleanUrls?: boolean;
}): Promise<VueComponentRenderer> {
  const { vitepressRoot, report } = options;
  const folderComponents = new Map<string, string>();
  for (const dir of ['.vitepress/theme/components', '.vitepress/components']) {
    const folder = path.join(vitepressRoot, dir);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder))
      if (name.endsWith('.vue')) folderComponents.set(name.slice(0, -'.vue'.length), path.join(folder, name));
  }
  const theme = ['index.ts', 'index.mts', 'index.js', 'index.mjs']
    .map((name) => path.join(vitepressRoot, '.vitepress/theme', name))
    .find((file) => existsSync(file));
  const nothing: VueComponentRenderer = {
    names: new Set(),
    homeSlots: [],
    renderPage: async (text) => ({ text, scriptDropped: false, handled: new Set() }),
    styles: () => ({ css: '', skipped: [] }),
    assets: () => new Map(),
  };
  if (folderComponents.size === 0 && !theme && !options.pages.some((page) => hasScriptSetup(page))) return nothing;
  let set: VueComponentSet;
  try {
    set = await loadVueComponents({
      root: options.srcDir,
      siteRoot: vitepressRoot,
      files: [...folderComponents.values()],
      folderComponents,
      theme,
      site: options.site,
      alias: options.alias,
      define: options.define,
      cleanUrls: options.cleanUrls,
      onProblem: (file, message, line) => report.add(file, message, line),
    });
  } catch (error) {
    report.add(
      theme ?? [...folderComponents.values()][0]!,
      `the site's Vue components could not be compiled, none is rendered: ${firstLine(error)}`,
    );
    return nothing;
  }
  const reported = new Set<string>();
  const once = (key: string, shown: string, message: string, line: number) => {
    if (reported.has(key)) return;
    reported.add(key);
    report.add(shown, message, line);
  };
  return {
    names: new Set([...set.byName.keys()].filter((name) => set.byName.get(name) !== undefined)),
    homeSlots: set.homeSlots,
    styles: () => set.styles(),
    assets: () => set.assets(),
    async renderPage(text, file, shown, relativePath) {
      const frontmatter = frontMatterOf(text);
      const page = {
        frontmatter,
        relativePath,
        title: typeof frontmatter.title === 'string' ? frontmatter.title : options.site.title,
        description: typeof frontmatter.description === 'string' ? frontmatter.description : options.site.description,
      };
      const script = scriptSetupOf(text);
      let scope: Record<string, unknown> = {};
      let scriptRan = false;
      if (script)
        try {
          scope = await set.pageScope(file, script[1]!, page);
          scriptRan = true;
        } catch (error) {
          once(
            `script:${shown}`,
            shown,
            `Vue <script setup> cannot run at build time (${firstLine(error)}): the components it imports are left as written`,
            lineAt(text, script.index),
          );
        }
      const componentOf = (name: string): unknown =>
        name === 'Badge' ? undefined : (scope[name] ?? set.byName.get(name) ?? set.byName.get(pascalCase(name)));
      const handled = new Set<string>();
      let failures = 0;
      /** Reports the asset imports whose attribute or style declaration a render left out. */
      const reportUnresolved = (line: number, unresolved: UnresolvedAsset[]) => {
        for (const asset of unresolved)
          once(
            `asset:${asset.file}:${asset.spec}`,
            asset.file,
            `the asset '${asset.spec}' ${asset.why}: the attribute or style declaration that uses it is left out of the page rendered at ${shown}:${line}; copy the file into the site and import it from there`,
            asset.line ?? 1,
          );
      };
      /** Renders one use (`whole` as written, `template` what Vue compiles) or returns it as written. */
      const renderUse = async (name: string, whole: string, template: string, line: number, slot?: string) => {
        handled.add(name);
        try {
          const { html, missing, unresolved } = await set.render(template, scope, page, slot);
          reportUnresolved(line, unresolved);
          for (const spec of missing)
            once(
              `missing:${name}:${spec}`,
              shown,
              `Vue component <${name}> is rendered without what it uses from '${spec}' (not in the site): add it by hand if it matters`,
              line,
            );
          const browserOnly = browserBehaviour(componentOf(name));
          if (browserOnly)
            once(
              `static:${name}`,
              shown,
              `Vue component <${name}> is rendered statically: its ${browserOnly} does not run in the built page`,
              line,
            );
          return html;
        } catch (error) {
          if (name in scope) failures++;
          once(
            `failed:${name}`,
            shown,
            `Vue component <${name}> cannot render at build time (${firstLine(error)}): left as written`,
            line,
          );
          return whole;
        }
      };
      /**
       * The `{{ expression }}`s of a piece of prose (a page with a script: rewriteVitepressPage left them), each
       * replaced by its value with the script's bindings, as VitePress interpolates the page's text; one that
       * cannot be evaluated (the script did not run, it throws or gives nothing) is left out and reported.
       */
      const interpolate = async (prose: string, line: number) => {
        let result = '';
        let last = 0;
        for (const match of prose.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)) {
          result += prose.slice(last, match.index);
          last = match.index + match[0].length;
          let value = '';
          if (scriptRan)
            try {
              value = (await set.render(`{{ ${match[1]} }}`, scope, page)).html;
            } catch {
              value = '';
            }
          if (value === '')
            once(
              `expression:${line}:${match[1]}`,
              shown,
              `Vue expression {{ ${match[1]} }} has no value at build time: left out; replace it with its text`,
              line,
            );
          result += value;
        }
        return result + prose.slice(last);
      };
      const lines = fencedLines(text);
      const out: string[] = [];
      /** The HTML that closes a component whose Markdown content is being read, by the line of its `</Name>`. */
      const closings = new Map<number, string>();
      for (let index = 0; index < lines.length; index++) {
        const { line, fenced } = lines[index]!;
        const closing = closings.get(index);
        if (closing !== undefined) {
          // Its own HTML block, even when the content's last paragraph runs up to the closing tag.
          out.push(lines[index - 1]!.line.trim() === '' ? closing : `\n${closing}`);
          continue;
        }
        const wrapper = fenced ? undefined : markdownSlotAt(lines, index);
        if (wrapper && componentOf(wrapper.name) !== undefined) {
          const indent = /^\s*/.exec(line)![0];
          // Rendered around its slot, whose Markdown the lines after it carry on being read as.
          const html = await renderUse(
            wrapper.name,
            line,
            `${line.trim().slice(0, -1)}>${SLOT_MARK}</${wrapper.name}>`,
            index + 1,
            SLOT_MARK,
          );
          const at = html.indexOf(SLOT_MARK);
          if (html === line) out.push(line);
          else if (at === -1) {
            // It does not show its slot: nothing of the content is on the page, as in VitePress.
            out.push(indent + html);
            for (let i = index; i < wrapper.end; i++) out.push('');
            index = wrapper.end;
          } else {
            const before = html.slice(0, at);
            const after = html.slice(at + SLOT_MARK.length).replaceAll(SLOT_MARK, '');
            const block = customBlockOf(before, after);
            if (block) {
              // VitePress' container markup, styled by VitePress' theme: docgen's container of that type.
              const colons = ':'.repeat(containerColons(lines, index, wrapper.end));
              const title = block.title.toLowerCase() === block.type ? '' : ` ${block.title}`;
              out.push(`${indent}${colons} ${block.type}${title}`);
              closings.set(wrapper.end, `${indent}${colons}`);
            } else {
              out.push(indent + before);
              closings.set(wrapper.end, indent + after);
            }
          }
          continue;
        }
        const block = fenced ? undefined : blockAt(lines, index);
        if (block && componentOf(block.name) !== undefined) {
          const whole = lines
            .slice(index, block.end + 1)
            .map((entry) => entry.line)
            .join('\n');
          out.push(await renderUse(block.name, whole, whole, index + 1));
          for (const [, inner] of whole.matchAll(/<([A-Z][A-Za-z0-9]*)/g)) handled.add(inner!);
          // As many lines as the block had, so that later lines keep their numbers in reports.
          for (let i = index; i < block.end; i++) out.push('');
          index = block.end;
          continue;
        }
        const template = fenced || !script ? undefined : vueTemplateAt(lines, index);
        if (template && !scriptRan) {
          // Its data is not there (the script did not run, reported above): its interpolations are left out, as
          // rewriteVitepressPage leaves out those of other pages.
          for (let i = index; i <= template.end; i++) out.push(lines[i]!.line.replace(/\{\{[^}]*\}\}/g, ''));
          index = template.end;
          continue;
        }
        if (template) {
          // An HTML block that is a Vue template over the page's data (`<tr v-for="repo in data">` with
          // `{{ repo.name }}`, data imported by its <script setup>): rendered with the page's bindings.
          const whole = lines
            .slice(index, template.end + 1)
            .map((entry) => entry.line)
            .join('\n');
          // A binding the template reads that has no value (a data loader that could not run, a package's export)
          // renders as nothing: said, so that an empty list is not taken for the page's content.
          const unknown = Object.keys(scope).filter(
            (key) =>
              scope[key] === undefined && new RegExp(`(?<![\\w$.])${key.replace(/\$/g, '\\$')}(?![\\w$])`).test(whole),
          );
          if (unknown.length > 0)
            once(
              `unknown:${index}`,
              shown,
              `Vue template <${template.name}> uses ${unknown.map((key) => `\`${key}\``).join(', ')}, which has no value at build time: what it renders from it is missing`,
              index + 1,
            );
          try {
            const rendered = await set.render(whole, scope, page);
            reportUnresolved(index + 1, rendered.unresolved);
            out.push(rendered.html);
          } catch (error) {
            failures++;
            once(
              `template:${index}`,
              shown,
              `Vue template <${template.name}> cannot render at build time (${firstLine(error)}): left as written`,
              index + 1,
            );
            out.push(whole);
          }
          for (let i = index; i < template.end; i++) out.push('');
          index = template.end;
          continue;
        }
        if (fenced) {
          out.push(line);
          continue;
        }
        // Inline code spans stay as written: only the text between them is rendered.
        const parts = line.split(/(`[^`]*`)/);
        for (let i = 0; i < parts.length; i += 2) {
          let rendered = '';
          let last = 0;
          for (const match of parts[i]!.matchAll(USE)) {
            const [whole, name, attributes, slot] = match as unknown as [string, string, string, string | undefined];
            if (componentOf(name) === undefined) continue;
            rendered += parts[i]!.slice(last, match.index);
            last = match.index! + whole.length;
            const inner = slot === undefined ? '' : SLOT_MARK;
            rendered += await renderUse(name, whole, `<${name}${attributes}>${inner}</${name}>`, index + 1, slot);
          }
          parts[i] = rendered + parts[i]!.slice(last);
          if (script && parts[i]!.includes('{{')) parts[i] = await interpolate(parts[i]!, index + 1);
        }
        out.push(parts.join(''));
      }
      const rendered = out.join('\n');
      // A script whose own components all rendered is no code the migrated page needs.
      if (!scriptRan || failures > 0) return { text: rendered, scriptDropped: false, handled };
      return { text: blankScriptSetup(rendered), scriptDropped: true, handled };
    },
  };
}

/**
 * A component use whose content is Markdown, starting at `index`: the opening tag alone on its line, then a blank line
 * (markdown-it ends the HTML block there and reads what follows as Markdown, fenced code included), through the line
 * that is its `</Name>` (the same component nested inside counted); undefined otherwise. VitePress compiles the
 * rendered Markdown as the component's slot (guide "Using Vue in Markdown").
 */
function markdownSlotAt(
  lines: { line: string; fenced: boolean }[],
  index: number,
): { name: string; end: number } | undefined {
  const name = OPENING_ALONE.exec(lines[index]!.line)?.[1];
  if (!name || lines[index + 1]?.line.trim() !== '') return undefined;
  let depth = 1;
  for (let end = index + 2; end < lines.length; end++) {
    const { line, fenced } = lines[end]!;
    if (fenced) continue;
    if (OPENING_ALONE.exec(line)?.[1] === name) depth++;
    else if (line.trim() === `</${name}>` && --depth === 0) return { name, end };
  }
  return undefined;
}

/** The types of VitePress' custom containers and GitHub alerts, which docgen's containers have too. */
const CUSTOM_BLOCK_TYPES = new Set(['tip', 'info', 'warning', 'danger', 'details', 'note', 'important', 'caution']);

/**
 * The type and title of VitePress' custom container markup (src/node/markdown/plugins/containers.ts:
 * `<div class="tip custom-block"><p class="custom-block-title">TIP</p>` … `</div>`, `<details class="details
 * custom-block"><summary>Title</summary>` … `</details>`), which a component renders around its slot to look like
 * one; undefined for any other HTML.
 */
function customBlockOf(before: string, after: string): { type: string; title: string } | undefined {
  const match = /^<(div|details)\s+class="([^"]*)"[^>]*>\s*<(p|summary)\b[^>]*>([\s\S]*?)<\/\3>$/.exec(before.trim());
  if (!match || after.trim() !== `</${match[1]}>`) return undefined;
  const classes = match[2]!.split(/\s+/);
  const type = classes.find((name) => CUSTOM_BLOCK_TYPES.has(name));
  if (!classes.includes('custom-block') || !type || (type === 'details') !== (match[1] === 'details')) return undefined;
  return { type, title: htmlToText(match[4]!) };
}

/**
 * The colons of a container written for the component use on lines `start`..`end`: more than any container fence in
 * its content, one more for each component use inside it (which may become a container itself), at least three.
 */
function containerColons(lines: { line: string; fenced: boolean }[], start: number, end: number): number {
  let inner = 2;
  let uses = 0;
  for (let index = start + 1; index < end; index++) {
    const { line, fenced } = lines[index]!;
    if (fenced) continue;
    inner = Math.max(inner, /^\s*(:{3,})/.exec(line)?.[1]?.length ?? 0);
    if (OPENING_ALONE.test(line)) uses++;
  }
  return inner + 1 + uses;
}

/** An opening component tag alone on its line, its attributes on that line: `<Tip title="x">`. */
const OPENING_ALONE =
  /^\s*<([A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?:\s+[^\s/>"'=]+(?:="[^"]*"|='[^']*')?)*\s*>\s*$/;

/**
 * A component use that is an HTML block of several lines starting at `index`: `<Name` at the start of the line,
 * through its `/>` or the line that is `</Name>`; undefined when the use ends on its first line or never ends.
 */
function blockAt(lines: { line: string; fenced: boolean }[], index: number): { name: string; end: number } | undefined {
  const name = /^<([A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?=[\s>/]|$)/.exec(lines[index]!.line)?.[1];
  if (!name) return undefined;
  const first = lines[index]!.line;
  if (new RegExp(`</${name}>\\s*$`).test(first) || /\/>\s*$/.test(first)) return undefined;
  let open = true;
  for (let end = index + 1; end < lines.length; end++) {
    const { line, fenced } = lines[end]!;
    if (fenced) return undefined;
    // The opening tag written over several lines ends with `/>`: a self-closing use.
    if (open && /\/>\s*$/.test(line) && !/^\s*</.test(line)) return { name, end };
    if (/>\s*$/.test(line)) open = false;
    if (line.trimEnd() === `</${name}>`) return { name, end };
  }
  return undefined;
}

/** A Vue directive or interpolation in an HTML block: `v-for=`, `v-if`, `:href=`, `@click=`, `{{ … }}`. */
const VUE_SYNTAX = /\sv-[a-z-]+(?=[\s=>])|\s[:@][a-zA-Z][\w.-]*=|\{\{[^}]*\}\}/;

/**
 * An HTML block of several lines starting at `index` (`<table>` at the start of the line, through the line that is
 * `</table>`) that holds Vue syntax (VUE_SYNTAX), or undefined.
 */
function vueTemplateAt(
  lines: { line: string; fenced: boolean }[],
  index: number,
): { name: string; end: number } | undefined {
  const first = lines[index]!.line;
  const name = /^<([a-z][a-z0-9-]*)(?=[\s>]|$)/.exec(first)?.[1];
  if (!name || new RegExp(`</${name}>\\s*$`).test(first)) return undefined;
  for (let end = index + 1; end < lines.length; end++) {
    const { line, fenced } = lines[end]!;
    if (fenced || line.trim() === '') return undefined; // an HTML block ends at a blank line (CommonMark §4.6)
    if (line.trimEnd() === `</${name}>`) {
      const block = lines.slice(index, end + 1).map((entry) => entry.line);
      return block.some((text) => VUE_SYNTAX.test(text)) ? { name, end } : undefined;
    }
  }
  return undefined;
}

/**
 * The 0-based lines of a page's HTML blocks that are Vue templates (vueTemplateAt), in a page with `<script setup>`:
 * their `{{ }}` are Vue's to render with the page's data, not text to rewrite.
 */
export function vueTemplateLines(text: string): Set<number> {
  const found = new Set<number>();
  if (!scriptSetupOf(text)) return found;
  const lines = fencedLines(text);
  for (let index = 0; index < lines.length; index++) {
    const template = lines[index]!.fenced ? undefined : vueTemplateAt(lines, index);
    if (!template) continue;
    for (let i = index; i <= template.end; i++) found.add(i);
    index = template.end;
  }
  return found;
}

function hasScriptSetup(page: string): boolean {
  return scriptSetupOf(readFileSync(page, 'utf8')) !== null;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** Each line with whether it is fenced code (or a fence). */
function fencedLines(text: string): { line: string; fenced: boolean }[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return { line, fenced: true };
    }
    return { line, fenced: fence !== undefined };
  });
}

/** Blanks the page's `<script setup>` block, keeping its lines (so that later lines keep their numbers). */
export function blankScriptSetup(text: string): string {
  const script = scriptSetupOf(text);
  if (!script) return text;
  const end = script.index + script[0].length;
  return text.slice(0, script.index) + script[0].replace(/[^\n]/g, '') + text.slice(end);
}

/** What a component does in the browser only, read from its source (`__file`, set by vue-render.ts), or null. */
function browserBehaviour(component: unknown): string | null {
  const file = (component as { __file?: string } | null)?.__file;
  if (!file || !existsSync(file)) return null;
  const source = readFileSync(file, 'utf8');
  if (/\s(?:@|v-on:)[\w.-]+=|\bv-model\b/.test(source)) return 'event handling';
  if (/\bon(?:Mounted|BeforeMount)\s*\(/.test(source)) return 'code after mount (onMounted)';
  return null;
}

function frontMatterOf(text: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!match) return {};
  try {
    const value = parseYaml(match[1]!) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function firstLine(error: unknown): string {
  // esbuild's "Build failed with 1 error:" says what on the lines after.
  const first = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] })
    .errors?.[0];
  if (first) return `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}`;
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
