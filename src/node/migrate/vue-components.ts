/**
 * A VitePress site's own Vue components that are a template alone, carried into the migrated pages as what they
 * render: a component registered in `.vitepress/theme/index.*` (`app.component('Name', Imported)` of a `.vue`
 * import) or a file of `.vitepress/theme/components/` or `.vitepress/components/` whose single-file component has
 * a `<template>` and no `<script>`, and whose template binds nothing (no `{{ }}`, `v-` directive, `:prop` or
 * `@event`), renders the same HTML on every use. Each use (`<NonInheritBadge />`, `<Note>slot</Note>`) is replaced
 * by that template: `<slot />` by the use's content (else the slot's own), the use's attributes added to the
 * template's single root element, as Vue's attribute fallthrough does. Components that need Vue to run are left to
 * the page check (vitepress-pages.ts), which reports them.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** A component that is its template alone: the template's HTML, on one line when it is used inline. */
interface TemplateComponent {
  template: string;
}

/** A capitalised tag with its attributes, self-closing or with content on the same line. */
const USE =
  /<([A-Z][A-Za-z0-9]*)((?:\s+[^\s/>"'=]+(?:="[^"]*"|='[^']*')?)*)\s*(?:\/>|>([^<]*(?:<(?!\/\1>)[^<]*)*)<\/\1>)/g;

/**
 * Finds the site's template-only components.
 * @param vitepressRoot the folder holding `.vitepress/`
 * @returns name -> component (empty when there is none)
 */
export function templateComponents(vitepressRoot: string): Map<string, TemplateComponent> {
  const files = new Map<string, string>();
  for (const dir of ['.vitepress/theme/components', '.vitepress/components']) {
    const folder = path.join(vitepressRoot, dir);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder))
      if (name.endsWith('.vue')) files.set(name.slice(0, -'.vue'.length), path.join(folder, name));
  }
  for (const [name, file] of registered(vitepressRoot)) files.set(name, file);
  const components = new Map<string, TemplateComponent>();
  for (const [name, file] of files) {
    const template = templateOnly(readFileSync(file, 'utf8'));
    if (template !== null) components.set(name, { template });
  }
  return components;
}

/** `app.component('Name', Imported)` in `.vitepress/theme/index.*`, with `import Imported from './x.vue'`. */
function registered(vitepressRoot: string): Map<string, string> {
  const out = new Map<string, string>();
  const theme = ['index.ts', 'index.mts', 'index.js', 'index.mjs']
    .map((name) => path.join(vitepressRoot, '.vitepress/theme', name))
    .find((file) => existsSync(file));
  if (!theme) return out;
  const source = readFileSync(theme, 'utf8');
  const imports = new Map<string, string>();
  for (const [, local, spec] of source.matchAll(/import\s+(\w+)\s+from\s+['"]([^'"]+\.vue)['"]/g))
    imports.set(local!, path.resolve(path.dirname(theme), spec!));
  for (const [, name, local] of source.matchAll(/\.component\(\s*['"]([A-Z]\w*)['"]\s*,\s*(\w+)\s*\)/g)) {
    const file = imports.get(local!);
    if (file && existsSync(file)) out.set(name!, file);
  }
  return out;
}

/** The template of a single-file component that is a static template alone, on one line; else null. */
function templateOnly(sfc: string): string | null {
  if (/<script\b/i.test(sfc)) return null;
  const match = /<template>([\s\S]*)<\/template>/.exec(sfc);
  if (!match) return null;
  const template = match[1]!.trim();
  if (/\{\{|\sv-[\w-]+|\s[:@#][\w-]|<template\b|<component\b/.test(template)) return null;
  return template
    .replace(/>\s+</g, '><')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\s+>/g, '>');
}

/**
 * Replaces the uses of template-only components in a page by their template, outside fenced and inline code.
 * @returns the page's text, and the names of the components it rendered
 */
export function renderTemplateComponents(
  text: string,
  components: ReadonlyMap<string, TemplateComponent>,
): { text: string; rendered: Set<string> } {
  const rendered = new Set<string>();
  if (components.size === 0) return { text, rendered };
  let fence: string | undefined;
  const lines = text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return line;
    }
    if (fence) return line;
    // Inline code spans stay as written: only the text between them is rewritten.
    return line
      .split(/(`[^`]*`)/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : part.replace(USE, (whole, name: string, attributes: string, slot: string | undefined) => {
              const component = components.get(name);
              if (!component) return whole;
              rendered.add(name);
              return expand(component.template, attributes.trim(), slot);
            }),
      )
      .join('');
  });
  return { text: lines.join('\n'), rendered };
}

/** The template with `<slot />` filled and the use's attributes on its root element. */
function expand(template: string, attributes: string, slot: string | undefined): string {
  let html = template.replace(/<slot\s*\/>|<slot>([\s\S]*?)<\/slot>/g, (_, fallback: string | undefined) =>
    slot !== undefined && slot !== '' ? slot : (fallback ?? ''),
  );
  if (attributes !== '') html = html.replace(/^<([\w-]+)/, `<$1 ${attributes}`);
  return html;
}
