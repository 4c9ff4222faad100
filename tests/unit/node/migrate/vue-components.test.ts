/** A VitePress site's Vue components rendered into its pages (src/node/migrate/vue-components.ts, vue-render.ts). */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createVueRenderer } from '../../../../src/node/migrate/vue-components.js';
import { rewriteVitepressPage } from '../../../../src/node/migrate/vitepress-rewrite.js';
import { MigrationReport } from '../../../../src/node/migrate/report.js';
import { compileSfc, compileSfcStyles } from '../../../../src/node/migrate/vue-render.js';
import { removeDir, repoRoot } from '../../../helpers/site.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-vue-components-'));
afterAll(() => removeDir(root));

mkdirSync(path.join(root, '.vitepress/theme/components'), { recursive: true });
mkdirSync(path.join(root, '.vitepress/theme/parts'), { recursive: true });
mkdirSync(path.join(root, 'own'));
const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);
// Registered under another name than its file's, from another folder (as Vite's theme/index.ts does).
write(
  '.vitepress/theme/parts/Badge2.vue',
  '<template>\n  <a href="/env"\n    class="x"\n  >\n    <Badge type="info" text="non-inherit" />\n  </a>\n</template>\n',
);
write(
  '.vitepress/theme/index.ts',
  "import NI from './parts/Badge2.vue'\nexport default { enhanceApp({ app }) { app.component('NonInheritBadge', NI) } }\n",
);
write(
  '.vitepress/theme/components/Note.vue',
  '<template>\n  <div class="note"><slot>Nothing to note.</slot></div>\n</template>\n',
);
write(
  '.vitepress/theme/components/Counter.vue',
  '<script setup>\nconst n = 1\n</script>\n<template><b>{{ n }}</b></template>\n',
);
write(
  '.vitepress/theme/components/Styled.vue',
  `<template><span class="s" :style="{ color: 'blue', background: 'url(&quot;a;b.png&quot;)' }" style="margin: 0}body{color:red">s</span></template>\n`,
);
write('.vitepress/theme/components/Bound.vue', '<template><img :src="src"></template>\n');
write(
  '.vitepress/theme/components/PromptImage.vue',
  '<template>\n  <p class="prompt-img"><img src="/prompt.png" alt="Prompt"></p>\n</template>\n',
);

write(
  '.vitepress/theme/components/Greeting.vue',
  `<script setup lang="ts">
import { computed } from 'vue'
import { useData } from 'vitepress'
const props = defineProps<{ name: string; count?: number }>()
const { frontmatter, site } = useData()
const label = computed(() => props.name.toUpperCase() + ' x' + (props.count ?? 1))
</script>
<template><p class="greet">{{ label }} on {{ frontmatter.title }} of {{ site.title }}<slot /></p></template>
<style scoped>.greet { color: red }</style>
`,
);
write(
  '.vitepress/theme/components/Clicker.vue',
  '<script setup>\nimport { ref } from "vue"\nconst n = ref(0)\n</script>\n<template><button @click="n++">{{ n }}</button></template>\n',
);
write(
  '.vitepress/theme/components/Browser.vue',
  '<script setup>\nconst w = window.innerWidth\n</script>\n<template><b>{{ w }}</b></template>\n',
);
write(
  'own/Local.vue',
  '<script>\nexport default { props: { items: Array }, computed: { total() { return this.items.length } } }\n</script>\n<template><ul><li v-for="i in items" :key="i">{{ i }}</li><li>{{ total }}</li></ul></template>\n',
);

describe('createVueRenderer', async () => {
  const page = path.join(root, 'guide.md');
  const text = [
    '---',
    'title: Guide',
    'items: [a, b]',
    '---',
    '<script setup>',
    "import Local from './own/Local.vue'",
    '</script>',
    '',
    '## input <NonInheritBadge />',
    '',
    '<Note id="n1">Read **this**.</Note>',
    '',
    '<Note />',
    '',
    '<Counter />',
    '',
    '<Greeting name="vue" :count="1 + 2"> and more</Greeting>',
    '',
    '<Local :items="$frontmatter.items" />',
    '',
    '<Clicker />',
    '',
    '<Browser />',
    '',
    '`<Note />` in code',
    '',
    '```vue',
    '<Note />',
    '```',
    '',
    '<Styled />',
  ].join('\n');
  writeFileSync(page, text);
  const report = new MigrationReport(root);
  const vue = await createVueRenderer({
    vitepressRoot: root,
    srcDir: root,
    pages: [page],
    site: { title: 'Site', description: '', lang: 'en-US', base: '/', themeConfig: {} },
    report,
  });
  const { text: out, scriptDropped } = await vue.renderPage(text, page, 'guide.md', 'guide.md');
  const lines = out.split('\n');

  it('renders template-only components with their slot and attributes, as before', () => {
    expect(lines[8]).toBe(
      '## input <a href="/env" class="x" data-dg-component><Badge type="info" text="non-inherit"></Badge></a>',
    );
    expect(lines[10]).toBe('<div class="note" id="n1" data-dg-component>Read **this**.</div>');
    expect(lines[12]).toBe('<div class="note" data-dg-component>Nothing to note.</div>');
  });

  it('renders components with scripts: <script setup> + TypeScript, props bound, useData(), slots, scoped styles', () => {
    expect(lines[14]).toBe('<b>1</b>');
    expect(lines[16]).toMatch(
      /^<p class="greet" data-v-[0-9a-f]{8} data-dg-component>VUE x3 on Guide of Site and more<\/p>$/,
    );
  });

  it("compiles the components' <style scoped> blocks with the scope id their templates carry", () => {
    const scope = /data-v-[0-9a-f]{8}/.exec(lines[16]!)![0];
    expect(vue.styles().css).toContain(`.greet[${scope}] { color: red\n}`);
  });

  it('marks the elements of component output and makes inline styles classes of the stylesheet, dropping what could leave the rule', () => {
    const name = /class="s (dg-vs-[0-9a-f]{8})" data-dg-component>s<\/span>$/.exec(lines[30]!)?.[1];
    expect(lines[30]).not.toContain('style=');
    expect(vue.styles().css).toContain(`.${name}{color:blue !important;background:url("a;b.png") !important}`);
    expect(vue.styles().css).not.toContain('body{');
  });

  it('renders a component the page imports, with an Options API script and a prop from the front matter', () => {
    expect(lines[18]).toBe('<ul><li>a</li><li>b</li><li>2</li></ul>');
    expect(scriptDropped).toBe(true);
    expect(lines.slice(4, 7)).toEqual(['', '', '']);
  });

  it('renders an interactive component statically and says so; reports one that needs the browser, left as written', () => {
    expect(lines[20]).toBe('<button>0</button>');
    expect(lines[22]).toBe('<Browser />');
    const messages = report.items.map((item) => `${item.file}:${item.line ?? ''} ${item.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(/^guide\.md:21 Vue component <Clicker> is rendered statically: its event handling/),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^guide\.md:23 Vue component <Browser> cannot render at build time \(window is not defined\)/,
      ),
    );
  });

  it('leaves code alone', () => {
    expect(lines.slice(24, 29)).toEqual(['`<Note />` in code', '', '```vue', '<Note />', '```']);
  });
});

/**
 * Migrates one page of a one-page VitePress site in `dir` as migrate does: rewriteVitepressPage, then the Vue
 * renderer. @returns the page's new text and the report's lines (`line message`)
 */
async function migratePage(dir: string, name: string, text: string, define?: Record<string, string>) {
  const page = path.join(dir, name);
  writeFileSync(page, text);
  const report = new MigrationReport(dir);
  const rewritten = rewriteVitepressPage(text, page, name, { srcDir: dir, site: {}, report });
  const vue = await createVueRenderer({
    vitepressRoot: dir,
    srcDir: dir,
    pages: [page],
    site: { title: 'Site', description: '', lang: 'en-US', base: '/', themeConfig: {} },
    report,
    define,
  });
  const { text: out } = await vue.renderPage(rewritten, page, name, name);
  return { out, messages: report.items.map((item) => `${item.line} ${item.message}`) };
}

describe('a component written in kebab-case (Vue resolves <prompt-image> to PromptImage)', async () => {
  const text = [
    '# Prompt',
    '',
    '<prompt-image />',
    '',
    'See <prompt-image></prompt-image> here.',
    '',
    '<my-element>kept</my-element>',
  ].join('\n');
  const lines = (await migratePage(root, 'kebab.md', text)).out.split('\n');

  it('renders it as its PascalCase component, alone on its line or inline; an unknown custom element stays', () => {
    const rendered = '<p class="prompt-img" data-dg-component><img src="/prompt.png" alt="Prompt"></p>';
    expect(lines[2]).toBe(rendered);
    expect(lines[4]).toBe(`See ${rendered} here.`);
    expect(lines[6]).toBe('<my-element>kept</my-element>');
  });
});

describe('an HTML block that is a Vue template over the page data', async () => {
  // tiann/KernelSU website/docs/guide/unofficially-support-devices.md (GPL-3.0), trimmed: the table's rows come from
  // repos.json, which the page's <script setup> imports.
  const dir = path.join(root, 'devices');
  mkdirSync(path.join(dir, 'guide'), { recursive: true });
  writeFileSync(
    path.join(dir, 'repos.json'),
    JSON.stringify([
      {
        maintainer: 'alice',
        maintainer_link: 'https://github.com/alice',
        kernel_name: 'k1',
        kernel_link: 'https://github.com/alice/k1',
        devices: 'Pixel 3',
      },
      {
        maintainer: 'bob',
        maintainer_link: 'https://github.com/bob',
        kernel_name: 'k2',
        kernel_link: 'https://github.com/bob/k2',
        devices: 'Mi 9',
      },
    ]),
  );
  const text = [
    '# Unofficially supported devices',
    '',
    '<script setup>',
    "import data from '../repos.json'",
    '</script>',
    '',
    '<table>',
    '   <tbody>',
    '    <tr v-for="repo in data" :key="repo.devices">',
    '        <td><a :href="repo.maintainer_link" target="_blank" rel="noreferrer">{{ repo.maintainer }}</a></td>',
    '        <td>{{ repo.devices }}</td>',
    '    </tr>',
    '   </tbody>',
    '</table>',
    '',
    'Version {{ $frontmatter.nothing }} and `{{ code }}`.',
    '',
  ].join('\n');
  const { out, messages } = await migratePage(dir, 'guide/devices.md', text);

  it("renders it with the data its <script setup> imports, keeping the page's line count", () => {
    expect(out).toContain(
      '<td><a href="https://github.com/alice" target="_blank" rel="noreferrer" data-dg-component>alice</a></td>',
    );
    expect(out).toContain('<td>Mi 9</td>');
    expect(out).not.toContain('v-for');
    expect(out).not.toContain('{{ repo.');
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
  });

  it('still leaves out an interpolation elsewhere that has no value, and code as written', () => {
    expect(out).toContain('Version  and `{{ code }}`.');
    expect(messages).toEqual([
      '16 Vue expression {{ $frontmatter.nothing }} has no value at build time: left out; replace it with its text',
    ]);
  });
});

describe("components that read Vite's import.meta.env and the config's vite.define", async () => {
  // A theme whose API client picks its URL by import.meta.env.PROD at module scope: the whole theme failed to load.
  const dir = path.join(root, 'env');
  const files: Record<string, string> = {
    'components/client.ts':
      "export const api = import.meta.env.PROD ? 'https://api.example.com' : 'http://localhost:8080';\n",
    'components/Video.vue': [
      '<script setup lang="ts">',
      "import { api } from './client'",
      'defineProps<{ id: string }>()',
      'const mode = `${import.meta.env.MODE} ssr=${import.meta.env.SSR} dev=${import.meta.env.DEV}`',
      'declare const __APP_VERSION__: string',
      'const base = import.meta.env.BASE_URL + " v" + __APP_VERSION__',
      '</script>',
      '<template><p class="video">{{ id }} from {{ api }} ({{ mode }}, {{ base }})</p></template>',
    ].join('\n'),
    '.vitepress/theme/index.ts':
      "import Video from '../../components/Video.vue'\nexport default { enhanceApp({ app }) { app.component('Video', Video) } }\n",
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  // The config's vite.define (`__APP_VERSION__: JSON.stringify(version)`); a call esbuild cannot substitute is left out.
  const define = { __APP_VERSION__: '"1.2.3"', __NOT_SUBSTITUTABLE__: 'compute()' };
  const { out, messages } = await migratePage(dir, 'index.md', '# Home\n\n<Video id="demo" />\n', define);

  it("renders them as the production build does (PROD, SSR, MODE, BASE_URL) with the config's vite.define", () => {
    expect(messages.join('\n')).not.toContain('could not be compiled');
    expect(out).toContain('demo from https://api.example.com (production ssr=true dev=false, / v1.2.3)');
  });
});

describe("a page's <script setup> (vuejs/pinia's docs, which show such scripts as examples)", async () => {
  const dir = path.join(root, 'pinia');
  mkdirSync(dir, { recursive: true });
  const render = (name: string, text: string) => migratePage(dir, name, text);

  it('in a fenced example is code shown, not the page script: nothing runs, nothing is reported', async () => {
    const text = '# SSR\n\n```vue\n<script setup>\nconst main = useMainStore()\n</script>\n```\n';
    const { out, messages } = await render('ssr.md', text);
    expect(out).toBe(text);
    expect(messages).toEqual([]);
  });

  it('whose async setup (a top-level await) fails is reported at its line, and migrate goes on', async () => {
    // ssr/nuxt.md's example written as the page's own script: `useStore` is not defined when it runs.
    const text =
      "# Nuxt\n\n<script setup>\nconst store = useStore()\nawait useAsyncData('user', () => store.fetchUser())\n</script>\n";
    const { out, messages } = await render('nuxt.md', text);
    expect(out).toContain('# Nuxt');
    expect(messages).toEqual([
      '3 Vue <script setup> cannot run at build time (useStore is not defined): the components it imports are left as written',
    ]);
  });
});

describe('scoped styles', () => {
  it('get the same scope id from any checkout of the site (the id hashes the file name and source, not the path)', () => {
    const component = readFileSync(
      path.join(repoRoot, 'tests/fixtures/real-docs/vitest/docs/.vitepress/components/CourseLink.vue'),
      'utf8',
    );
    const ids = ['a', 'b/deeper'].map((checkout) => {
      const file = path.join(root, checkout, 'components/CourseLink.vue');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, component);
      const css = compileSfcStyles(file, path.join(root, checkout)).css;
      const code = compileSfc(file);
      const inCss = /\[(data-v-[0-9a-f]{8})\]/.exec(css)?.[1];
      expect(code).toContain(`__scopeId = "${inCss}"`);
      return inCss;
    });
    expect(ids[0]).toMatch(/^data-v-[0-9a-f]{8}$/);
    expect(ids[1]).toBe(ids[0]);
  });
});

describe('components that import a data file Vite reads through a plugin (YAML, or a type docgen does not read)', async () => {
  // wxt-dev/wxt's showcase component imports `extension-showcase.yml` (its Vite config's yaml plugin): esbuild had
  // no loader for it, and the whole bundle failed, so that no component of the site rendered.
  const dir = path.join(root, 'data-files');
  const files: Record<string, string> = {
    'assets/showcase.yml': '- name: Notes\n  users: 1200\n- name: Tabs\n  users: 80\n',
    'assets/schema.graphql': 'type Query { hello: String }\n',
    '.vitepress/components/Showcase.vue': [
      '<script setup>',
      "import items from '../../assets/showcase.yml'",
      '</script>',
      '<template><ul class="showcase"><li v-for="item in items" :key="item.name">{{ item.name }}: {{ item.users }}</li></ul></template>',
    ].join('\n'),
    '.vitepress/components/Schema.vue': [
      '<script setup>',
      "import schema from '../../assets/schema.graphql'",
      '</script>',
      '<template><pre class="schema">{{ schema.trim() }}</pre></template>',
    ].join('\n'),
    '.vitepress/components/Hello.vue': '<template><p class="hello">Hello</p></template>\n',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const text = ['# Showcase', '', '<Showcase />', '', '<Schema />', '', '<Hello />', ''].join('\n');
  const { out, messages } = await migratePage(dir, 'index.md', text);
  const lines = out.split('\n');

  it('renders the YAML as its data, and every other component; the one whose import is not read is reported', () => {
    expect(lines[2]).toBe('<ul class="showcase" data-dg-component><li>Notes: 1200</li><li>Tabs: 80</li></ul>');
    expect(lines[4]).toBe('<Schema />');
    expect(lines[6]).toBe('<p class="hello" data-dg-component>Hello</p>');
    expect(messages.join('\n')).toMatch(/is of a type docgen does not read/);
    expect(messages.join('\n')).toMatch(/Vue component <Schema> cannot render at build time/);
  });
});

describe('a component whose content is Markdown (its tag alone on a line, then a blank line: VitePress guide "Using Vue in Markdown")', async () => {
  write(
    '.vitepress/theme/components/Tip.vue',
    '<script setup>\ndefineProps({ label: String })\n</script>\n<template><div class="tip"><p>{{ label }}</p><slot /></div></template>\n',
  );
  const text = [
    '# Models',
    '',
    '<Tip label="Note">',
    '',
    "The connection is `app.get('<database>Client')`, **not** a model.",
    '',
    '```ts',
    "const users = app.service('users')",
    '```',
    '',
    '  <Tip label="Inner">',
    '',
    '  Nested.',
    '  </Tip>',
    '',
    '</Tip>',
    '',
    'After.',
  ].join('\n');
  const { out, messages } = await migratePage(root, 'markdown-slot.md', text);
  const lines = out.split('\n');

  it('is rendered around its content, which stays Markdown (code and fenced code included), nested uses too', () => {
    expect(lines[2]).toBe('<div class="tip" data-dg-component><p>Note</p>');
    expect(lines.slice(3, 10)).toEqual(text.split('\n').slice(3, 10));
    expect(lines[10]).toBe('  <div class="tip" data-dg-component><p>Inner</p>');
    // A blank line before the closing HTML that ends a paragraph, so that it is an HTML block of its own.
    expect(lines.slice(12, 15)).toEqual(['  Nested.', '', '  </div>']);
    expect(lines[16]).toBe('</div>');
    expect(lines[18]).toBe('After.');
    expect(messages).toEqual([]);
  });
});

describe("a component that renders VitePress' container markup around its Markdown content", async () => {
  write(
    '.vitepress/theme/components/Callout.vue',
    [
      '<script setup>',
      "defineProps({ type: { type: String, default: 'tip' }, label: String })",
      '</script>',
      '<template>',
      '  <component :is="type === \'details\' ? \'details\' : \'div\'" class="custom-block" :class="type">',
      "    <component :is=\"type === 'details' ? 'summary' : 'p'\" class=\"custom-block-title\">{{ label || type }}</component>",
      '    <slot />',
      '  </component>',
      '</template>',
      '',
    ].join('\n'),
  );
  const text = [
    '<Callout type="warning" label="Important">',
    '',
    'Read **this**.',
    '',
    '<Callout>',
    '',
    '::: info',
    'Inside.',
    ':::',
    '',
    '</Callout>',
    '',
    '</Callout>',
    '',
    '<Callout type="details" label="More">',
    '',
    'Hidden.',
    '</Callout>',
  ].join('\n');
  const { out, messages } = await migratePage(root, 'callout.md', text);
  const lines = out.split('\n');

  it("is written as docgen's container of that type, titled, with more colons than the containers inside it", () => {
    expect(lines[0]).toBe('::::: warning Important');
    expect(lines[2]).toBe('Read **this**.');
    // Its default title (the type) is docgen's default title.
    expect(lines[4]).toBe(':::: tip');
    expect(lines.slice(6, 9)).toEqual(['::: info', 'Inside.', ':::']);
    expect(lines[10]).toBe('::::');
    expect(lines[12]).toBe(':::::');
    expect(lines[14]).toBe('::: details More');
    expect(lines.slice(16, 19)).toEqual(['Hidden.', '', ':::']);
    expect(messages).toEqual([]);
  });
});

describe("VitePress' global <ClientOnly> (registered for every page, as wxt-dev/wxt's home page uses it)", async () => {
  const text = ['# Home', '', '<ClientOnly>', '  <Note />', '</ClientOnly>', '', 'After.'].join('\n');
  const { out, messages } = await migratePage(root, 'client-only.md', text);

  it('renders its content without an element of its own, keeping the page line count', () => {
    const lines = out.split('\n');
    expect(lines[2]!.trim()).toBe('<div class="note" data-dg-component>Nothing to note.</div>');
    expect(out).not.toContain('ClientOnly');
    expect(lines).toHaveLength(text.split('\n').length);
    expect(messages).toEqual([]);
  });
});

describe('interpolations in a page\'s text, with its <script setup>\'s bindings (VitePress guide "Using Vue in Markdown")', async () => {
  const text = [
    '<script setup>',
    "const version = '1.2.3'",
    "const targets = ['chrome', 'firefox']",
    '</script>',
    '',
    '# Release',
    '',
    'Version {{ version }} builds for {{ targets.length }} browsers: {{ targets.join(", ") }}, and `{{ version }}` is code.',
    '',
    'Broken: {{ missing.value }}.',
  ].join('\n');
  const { out, messages } = await migratePage(root, 'interpolations.md', text);
  const lines = out.split('\n');

  it('shows their values, code spans as written, and leaves out one that does not evaluate, reported', () => {
    expect(lines[7]).toBe('Version 1.2.3 builds for 2 browsers: chrome, firefox, and `{{ version }}` is code.');
    expect(lines[9]).toBe('Broken: .');
    expect(messages).toEqual([
      '10 Vue expression {{ missing.value }} has no value at build time: left out; replace it with its text',
    ]);
  });
});
