/** Template-only Vue components carried into VitePress pages (src/node/migrate/vue-components.ts). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderTemplateComponents, templateComponents } from '../../../../src/node/migrate/vue-components.js';
import { removeDir } from '../../../helpers/site.js';

const root = mkdtempSync(path.join(tmpdir(), 'docgen-vue-components-'));
afterAll(() => removeDir(root));

mkdirSync(path.join(root, '.vitepress/theme/components'), { recursive: true });
mkdirSync(path.join(root, '.vitepress/theme/parts'), { recursive: true });
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
write('.vitepress/theme/components/Bound.vue', '<template><img :src="src"></template>\n');

describe('templateComponents', () => {
  it('finds the registered and the folder components that are a static template alone', () => {
    expect([...templateComponents(root).keys()].sort()).toEqual(['NonInheritBadge', 'Note']);
  });
});

describe('renderTemplateComponents', () => {
  const components = templateComponents(root);

  it('puts the template in place of each use, on the use line, with the slot and the attributes', () => {
    const { text, rendered } = renderTemplateComponents(
      '## input <NonInheritBadge />\n\n<Note id="n1">Read **this**.</Note>\n\n<Note />\n\n<Counter />\n',
      components,
    );
    expect(text).toBe(
      '## input <a href="/env" class="x"><Badge type="info" text="non-inherit" /></a>\n\n<div id="n1" class="note">Read **this**.</div>\n\n<div class="note">Nothing to note.</div>\n\n<Counter />\n',
    );
    expect([...rendered].sort()).toEqual(['NonInheritBadge', 'Note']);
  });

  it('leaves code alone', () => {
    const page = '`<Note />` in code\n\n```vue\n<Note />\n```\n';
    expect(renderTemplateComponents(page, components).text).toBe(page);
  });
});
