import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blogRule,
  changesOf,
  configPlanSite,
  configRule,
  defaultRules,
  importRule,
  isPageEditPlan,
  openApiRule,
  pageRule,
  pageSetRule,
  partialRule,
  planChanges,
  sidebarRule,
  staticRule,
  themeRule,
  versionsRule,
  type ChangeRule,
  type FileChange,
  type PlanSite,
} from '../../../../src/node/pipeline/plan.js';

const root = path.resolve('/site');
const at = (relPath: string) => path.join(root, relPath);

const site: PlanSite = {
  root,
  contentPath: at('content'),
  configFiles: new Set([at('site.config.ts'), at('config/nav.ts')]),
  themeFiles: new Set([at('theme/Layout.tsx')]),
  themeFolders: [at('docgen/templates')],
  versionsFile: at('versions.json'),
  versionFolders: [at('versioned_docs')],
  apiDocuments: new Set([at('openapi/zone.yaml'), at('openapi/inventory.yaml')]),
  apiFiles: new Set([at('common/error.yaml')]),
  apiFolders: [at('openapi')],
  routeOfFile: new Map([
    [at('content/docs/a.md'), '/docs/a'],
    [at('content/docs/b.md'), '/docs/b'],
  ]),
  importersOf: (file) => (file === at('snippets/code.ts') ? ['/docs/b'] : []),
};

const changed = (relPath: string): FileChange => ({ file: at(relPath), change: 'changed' });
const plan = (...changes: FileChange[]) => planChanges(site, changes);

describe('each rule of the change planner', () => {
  it('config: site.config.ts or a file it imports reloads the config and everything', () => {
    expect(configRule.plan(changed('config/nav.ts'), site)).toMatchObject({ reloadConfig: true, recompile: 'all' });
    expect(configRule.plan(changed('site.config.ts'), site)).toMatchObject({ reloadConfig: true });
    expect(configRule.plan(changed('content/docs/a.md'), site)).toBeNull();
    const whole = plan(changed('config/nav.ts'));
    expect(whole).toMatchObject({ reloadConfig: true, reloadSite: true, recompile: 'all', rerender: 'all' });
    expect(isPageEditPlan(whole)).toBe(false);
  });

  it("theme: a site theme file or a file of docgen's theme folders re-renders every route, compiles none", () => {
    expect(themeRule.plan(changed('theme/Layout.tsx'), site)).toMatchObject({ rebuildTheme: true, rerender: 'all' });
    expect(themeRule.plan(changed('docgen/templates/layout/Page.tsx'), site)).toMatchObject({ rebuildTheme: true });
    expect(themeRule.plan(changed('theme/Other.tsx'), site)).toBeNull();
    const whole = plan(changed('theme/Layout.tsx'));
    expect(whole.recompile).toEqual(new Set());
    expect(whole.rerender).toBe('all');
    expect(whole.reloadSite).toBe(false);
  });

  it('versions: versions.json or a file of an older version reloads the config (versions are read with it)', () => {
    expect(versionsRule.plan(changed('versions.json'), site)).toMatchObject({ reloadConfig: true, reloadSite: true });
    expect(versionsRule.plan(changed('versioned_docs/version-1.0/a.md'), site)).toMatchObject({ reloadConfig: true });
    expect(versionsRule.plan(changed('versioned.json'), site)).toBeNull();
  });

  it('openapi: a document drops its own model; a $ref target or a file beside the documents drops every model', () => {
    const document = plan(changed('openapi/zone.yaml'));
    expect(document.reloadApis).toEqual(new Set([at('openapi/zone.yaml')]));
    expect(document.reloadSite).toBe(true);
    expect(document.recompile).toEqual(new Set());
    expect(plan(changed('common/error.yaml')).reloadApis).toBe('all');
    expect(plan(changed('openapi/parts/schema.yaml')).reloadApis).toBe('all');
    expect(openApiRule.plan(changed('content/docs/a.md'), site)).toBeNull();
  });

  it('sidebar: a _category_ file reloads the site and re-renders every route (each shows the sidebar)', () => {
    expect(sidebarRule.plan(changed('content/docs/_category_.yml'), site)).toMatchObject({
      reloadSite: true,
      rerender: 'all',
    });
    expect(sidebarRule.plan(changed('content/docs/guide/_category_.json'), site)).not.toBeNull();
    expect(sidebarRule.plan(changed('content/docs/category.yml'), site)).toBeNull();
    // It is neither a static file nor a page.
    expect(plan(changed('content/docs/_category_.yml'))).toMatchObject({ copyStatic: false, recompile: new Set() });
  });

  it('partial: a Markdown partial compiles the pages that import it again, and no other', () => {
    expect(partialRule.plan(changed('content/docs/_shared.md'), site)).toEqual({});
    expect(partialRule.plan(changed('content/_snippets/note.mdx'), site)).toEqual({});
    expect(partialRule.plan(changed('content/docs/a.md'), site)).toBeNull();
    const importing = {
      ...site,
      importersOf: (file: string) => (file === at('content/docs/_shared.md') ? ['/docs/b'] : []),
    };
    expect(planChanges(importing, [changed('content/docs/_shared.md')])).toMatchObject({
      reloadSite: false,
      recompile: new Set(['/docs/b']),
      rerender: new Set(['/docs/b']),
      unmatched: [],
      reasons: [],
    });
    // One no page imports yet (added before the import that names it): nothing to compile, and not unmatched.
    expect(plan({ file: at('content/docs/_new.md'), change: 'added' })).toMatchObject({
      recompile: new Set(),
      unmatched: [],
    });
  });

  it('page set: an added or removed page changes the route table: everything', () => {
    const added = plan({ file: at('content/docs/c.md'), change: 'added' });
    expect(added).toMatchObject({ reloadSite: true, recompile: 'all', reasons: ['content/docs/c.md was added'] });
    const removed = plan({ file: at('content/docs/a.md'), change: 'removed' });
    expect(removed).toMatchObject({ reloadSite: true, recompile: 'all', reasons: ['content/docs/a.md was removed'] });
    // A page file the site does not know (a draft the build skipped) is as good as added.
    expect(pageSetRule.plan(changed('content/docs/draft.md'), site)).toMatchObject({ reloadSite: true });
    expect(pageSetRule.plan(changed('content/docs/a.md'), site)).toBeNull();
  });

  it('page: an edited page compiles and renders only itself, and is listed for the front matter check', () => {
    expect(pageRule.plan(changed('content/docs/a.md'), site)).toEqual({
      edited: ['/docs/a'],
      recompile: ['/docs/a'],
      rerender: ['/docs/a'],
    });
    const edit = plan(changed('content/docs/a.md'), changed('content/docs/b.md'));
    expect(isPageEditPlan(edit)).toBe(true);
    expect(edit.recompile).toEqual(new Set(['/docs/a', '/docs/b']));
    expect(edit.edited).toEqual(new Set(['/docs/a', '/docs/b']));
    expect(edit.reasons).toEqual([]);
  });

  it('import: a file snippet imports read compiles its importers only', () => {
    expect(importRule.plan(changed('snippets/code.ts'), site)).toEqual({
      recompile: ['/docs/b'],
      rerender: ['/docs/b'],
    });
    const edit = plan(changed('snippets/code.ts'));
    expect(isPageEditPlan(edit)).toBe(true);
    expect(edit.recompile).toEqual(new Set(['/docs/b']));
    expect(edit.edited).toEqual(new Set());
    expect(importRule.plan(changed('snippets/other.ts'), site)).toBeNull();
  });

  it('static: changed bytes are copied again; an added or removed file changes link resolution: everything', () => {
    expect(staticRule.plan(changed('content/img/logo.png'), site)).toMatchObject({ copyStatic: true });
    expect(isPageEditPlan(plan(changed('content/img/logo.png')))).toBe(false);
    expect(plan({ file: at('content/img/new.png'), change: 'added' })).toMatchObject({ recompile: 'all' });
    expect(plan({ file: at('content/img'), change: 'removed' })).toMatchObject({ reloadSite: true });
    expect(plan(changed('content'))).toMatchObject({ reloadSite: true, recompile: 'all' });
    expect(staticRule.plan(changed('content/docs/a.md'), site)).toBeNull();
  });
});

describe('the blog rule', () => {
  const blogSite: PlanSite = {
    ...site,
    blogFolder: at('content/blog'),
    routeOfFile: new Map([
      ...site.routeOfFile,
      [at('content/blog/2024-01-05-a.md'), '/blog/2024/01/05/a'],
      [at('content/blog/2024-02-01-b/index.md'), '/blog/2024/02/01/b'],
      [at('content/blog/blog.generated.md'), '/blog'],
      [at('content/blog/blog_tags_x.generated.md'), '/blog/tags/x'],
    ]),
  };

  it('a post edit loads the site again and compiles every blog route (lists, tags, the post), no doc', () => {
    const step = blogRule.plan(changed('content/blog/2024-01-05-a.md'), blogSite);
    expect(step).toEqual({
      reloadSite: true,
      recompile: ['/blog/2024/01/05/a', '/blog/2024/02/01/b', '/blog', '/blog/tags/x'],
      rerender: ['/blog/2024/01/05/a', '/blog/2024/02/01/b', '/blog', '/blog/tags/x'],
      feeds: true,
    });
    const merged = planChanges(blogSite, [changed('content/blog/2024-01-05-a.md')]);
    expect(merged.recompile).toEqual(new Set(['/blog/2024/01/05/a', '/blog/2024/02/01/b', '/blog', '/blog/tags/x']));
    expect(isPageEditPlan(merged)).toBe(false); // an incremental build builds the site
    expect(blogRule.plan(changed('content/blog/authors.yml'), blogSite)).toMatchObject({ reloadSite: true });
  });

  it('writes the feeds again for a blog file or a change every page renders again, not for a doc edit', () => {
    expect(planChanges(blogSite, [changed('content/blog/authors.yml')]).feeds).toBe(true);
    expect(planChanges(blogSite, [changed('site.config.ts')]).feeds).toBe(true);
    const docEdit = planChanges({ ...blogSite, routeOfFile: new Map([[at('content/docs/a.md'), '/docs/a']]) }, [
      changed('content/docs/a.md'),
    ]);
    expect(docEdit.feeds).toBe(false);
    expect(isPageEditPlan(docEdit)).toBe(true);
  });

  it('knows no file outside the blog, and nothing on a site without one', () => {
    expect(blogRule.plan(changed('content/docs/a.md'), blogSite)).toBeNull();
    expect(blogRule.plan(changed('content/blog/2024-01-05-a.md'), site)).toBeNull();
  });
});

describe('planChanges', () => {
  it('merges every rule that applies: a snippet under content/ is a static file and an import', () => {
    const snippetSite = { ...site, importersOf: () => ['/docs/a'] };
    const result = planChanges(snippetSite, [changed('content/code/example.ts')]);
    expect(result.copyStatic).toBe(true);
    expect(result.recompile).toEqual(new Set(['/docs/a']));
  });

  it('lists files no rule knows, which a build must not skip', () => {
    const result = plan(changed('notes/todo.txt'));
    expect(result.unmatched).toEqual([at('notes/todo.txt')]);
    expect(isPageEditPlan(result)).toBe(false);
  });

  it("takes a caller's rules in place of the defaults (a registry)", () => {
    const ignoreImages: ChangeRule = { kind: 'images', plan: (c) => (c.file.endsWith('.png') ? {} : null) };
    const result = planChanges(site, [changed('content/img/logo.png')], [ignoreImages, ...defaultRules.slice(0, 3)]);
    expect(result).toMatchObject({ copyStatic: false, unmatched: [] });
  });

  it('changesOf: gone files are removed, unknown page files added, others changed', () => {
    const exists = (file: string) => !file.endsWith('gone.md');
    expect(
      changesOf([at('content/docs/gone.md'), at('content/docs/new.md'), at('content/docs/a.md')], site, exists),
    ).toEqual([
      { file: at('content/docs/gone.md'), change: 'removed' },
      { file: at('content/docs/new.md'), change: 'added' },
      { file: at('content/docs/a.md'), change: 'changed' },
    ]);
  });
});

describe('configPlanSite', () => {
  it("takes versions.json, the older versions' folders and the OpenAPI documents from the site's inputs", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-plan-'));
    try {
      const config = {
        root: dir,
        contentPath: path.join(dir, 'content'),
        apis: [{ spec: 'openapi/a.yaml', route: '/api', validation: 'warn' as const }],
      };
      expect(configPlanSite(config).versionFolders).toEqual([]);
      writeFileSync(path.join(dir, 'versions.json'), '["1.0"]');
      mkdirSync(path.join(dir, 'versioned_docs'));
      const planned = configPlanSite(config);
      expect(planned.versionsFile).toBe(path.join(dir, 'versions.json'));
      expect(planned.versionFolders).toEqual([path.join(dir, 'versioned_docs')]);
      expect(planned.apiDocuments).toEqual(new Set([path.join(dir, 'openapi/a.yaml')]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
