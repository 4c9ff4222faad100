/**
 * Markdown files used as Vue components in a VitePress site. VitePress compiles every `.md` file into a Vue
 * single-file component, so a page may import one (`import Intro from './intro.md'` in its `<script setup>`) or the
 * site may register a folder of them globally (unplugin-vue-components with `extensions: ['vue', 'md']` over
 * `.vitepress/theme/components`), and write `<Intro />` where the file's content goes. Migrated, each use alone on its
 * line is replaced by the file's Markdown (front matter left out), indented as the use, as an include: docgen reads it
 * as part of the page, as VitePress showed the compiled component there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { forEachMdxLine } from './report.js';

/** The folders whose components a VitePress site registers by convention, relative to the folder of `.vitepress/`. */
export const COMPONENT_FOLDERS = ['.vitepress/theme/components', '.vitepress/components'];

/** How deep Markdown components may nest (a component whose Markdown uses another). */
const MAX_DEPTH = 10;

/**
 * The Markdown files of the component folders, by component name (the file name without `.md`).
 * @param vitepressRoot the folder holding `.vitepress/`
 */
export function folderMarkdownComponents(vitepressRoot: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of COMPONENT_FOLDERS) {
    const folder = path.join(vitepressRoot, dir);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder))
      if (name.endsWith('.md')) found.set(name.slice(0, -'.md'.length), path.join(folder, name));
  }
  return found;
}

/** `import Name from './file.md'` on a line of its own (a `<script setup>` line). */
const MARKDOWN_IMPORT = /^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+(['"])([^'"]+\.md)\2\s*;?\s*$/;

/**
 * The Markdown files a page imports as components in its `<script>` blocks, by the name it imports them as.
 * @param file the page's absolute path (relative imports resolve from its folder); `srcDir` resolves `@/`
 * @returns name -> absolute path, and the 0-based lines of the imports
 */
export function importedMarkdownComponents(
  text: string,
  file: string,
  srcDir: string,
): { components: Map<string, string>; lines: Set<number> } {
  const components = new Map<string, string>();
  const lines = new Set<number>();
  if (!text.includes('.md')) return { components, lines };
  let inScript = false;
  forEachMdxLine(text, (line, index) => {
    if (/^<script\b/.test(line)) inScript = true;
    const match = inScript ? MARKDOWN_IMPORT.exec(line) : null;
    if (/<\/script>/.test(line)) inScript = false;
    if (!match) return;
    const spec = match[3]!;
    if (!spec.startsWith('.') && !spec.startsWith('@/')) return;
    const target = spec.startsWith('@/') ? path.join(srcDir, spec.slice(2)) : path.resolve(path.dirname(file), spec);
    if (!existsSync(target)) return;
    components.set(match[1]!, target);
    lines.add(index);
  });
  return { components, lines };
}

/** A line that is one use of a component and nothing else, after its indent or blockquote marks. */
const LONE_USE = /^((?:[ \t]*>)*[ \t]*)<([A-Za-z][\w-]*)\s*(?:\/>|><\/\2>)\s*$/;

/**
 * The PascalCase name of a kebab-case tag (`prompt-for-update` -> `PromptForUpdate`): Vue resolves a tag to the
 * component registered under its name, its camelCase or its PascalCase (runtime-core resolveAssets), so a template
 * may write `<prompt-for-update />` for `PromptForUpdate`. A PascalCase name is returned as it is.
 */
export function pascalCase(name: string): string {
  return name.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Replaces each use of a Markdown component alone on its line (outside fenced code) by the component's Markdown,
 * recursively; its import lines are blanked, and a `<script setup>` left with nothing else is blanked too.
 * @param components name -> absolute path of the `.md` file (folder components and the page's imports)
 * @param expand what the component's text becomes before it is inlined (its own `@include`s resolved from its file)
 * @returns the new text and the names of the components it inlined
 */
export function inlineMarkdownComponents(
  text: string,
  components: ReadonlyMap<string, string>,
  importLines: ReadonlySet<number>,
  expand: (body: string, file: string) => string,
  depth = 0,
): { text: string; inlined: Set<string> } {
  const inlined = new Set<string>();
  if (components.size === 0) return { text, inlined };
  const lines = text.split('\n');
  const replaced = new Map<number, string>();
  forEachMdxLine(text, (line, index) => {
    if (importLines.has(index)) {
      replaced.set(index, '');
      return;
    }
    const use = LONE_USE.exec(line);
    if (!use || depth >= MAX_DEPTH) return;
    const name = components.has(use[2]!) ? use[2]! : pascalCase(use[2]!);
    const file = components.get(name);
    if (!file) return;
    inlined.add(name);
    const own = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
    // The component's own components: the folder's, not the page's imports.
    const nested = inlineMarkdownComponents(expand(own, file), components, new Set(), expand, depth + 1);
    for (const inner of nested.inlined) inlined.add(inner);
    const indent = use[1]!;
    const body = nested.text.replace(/\s+$/, '').split('\n');
    // A block of its own, as the compiled component is: blank lines keep it from joining a paragraph around it.
    replaced.set(index, ['', ...body, ''].map((entry) => (entry ? indent + entry : indent.trimEnd())).join('\n'));
  });
  if (replaced.size === 0) return { text, inlined };
  const out = lines.map((line, index) => replaced.get(index) ?? line).join('\n');
  return { text: withoutEmptyScriptSetup(out), inlined };
}

/** Blanks a `<script setup>` block that holds only blank lines (its imports were taken out). */
function withoutEmptyScriptSetup(text: string): string {
  return text.replace(/^<script\s+(?:[^>]*\s)?setup\b[^>]*>\s*^<\/script>[ \t]*$/m, (block) =>
    block.replace(/[^\n]/g, ''),
  );
}
