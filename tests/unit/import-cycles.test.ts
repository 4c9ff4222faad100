/**
 * No import cycles in docgen's code (src/ and templates/), static or dynamic, type-only imports included:
 * a cycle between the pipeline's modules (build <-> incremental build) or between the browser runtime and the theme
 * is a layering mistake even when it happens to load.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/site.js';

/** Relative module specifiers of a TypeScript file: `import … from`, `export … from`, `import(…)`. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(
    /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g,
  )) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx` in the sources). */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every cycle's files (relative to `root`), found by depth-first search over the import graph. */
function findCycles(files: string[], root = repoRoot): string[][] {
  const graph = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .map((s) => resolveImport(file, s))
        .filter((f): f is string => f !== null),
    ]),
  );
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting')
        cycles.push(stack.slice(stack.indexOf(next)).map((f) => path.relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import graph', () => {
  it('has no cycle in src/ and templates/', () => {
    const files = fg.sync(['src/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'], { cwd: repoRoot, absolute: true });
    expect(files.length).toBeGreaterThan(100);
    expect(findCycles(files)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const a = path.join(repoRoot, 'src/node/build/pass.ts');
    expect(importsOf(a)).toContain('./compile.js');
    expect(resolveImport(a, './compile.js')).toBe(path.join(repoRoot, 'src/node/build/compile.ts'));

    // A planted graph: a -> b (static) -> c (type-only) -> a (dynamic) is a cycle; d -> a is not part of one.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-cycles-'));
    try {
      const files: Record<string, string> = {
        'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'b.ts': "import type { C } from './sub/c.js';\nexport const b = (c: C) => c;\n",
        'sub/c.ts': "export type C = string;\nexport const load = () => import('../a.js');\n",
        'd.ts': "import { a } from './a.js';\nexport const d = a;\n",
      };
      mkdirSync(path.join(dir, 'sub'));
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
      const absolute = Object.keys(files).map((name) => path.join(dir, name));
      expect(findCycles(absolute, dir)).toEqual([['a.ts', 'b.ts', path.join('sub', 'c.ts')]]);
      // Breaking the dynamic import breaks the cycle.
      writeFileSync(path.join(dir, 'sub/c.ts'), 'export type C = string;\n');
      expect(findCycles(absolute, dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
