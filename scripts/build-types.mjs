// Writes lib/index.d.ts, the declarations of docgen's public API (src/node/index.ts: defineConfig, the config
// types, the theme contract and the props of every overridable component), for `exports["."].types`. Run by
// `prepack`, so that the package a site installs type-checks its site.config.ts without our sources.
// dts-bundle-generator folds every local module into one file; the config types, which src/node/config/schema.ts
// derives from its zod schema (`z.input<typeof userConfigSchema>`), are then written out in full by the
// TypeScript checker, since zod is bundled into lib/ and not installed with docgen.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const { generateDtsBundle } = require('dts-bundle-generator');
const root = fileURLToPath(new URL('..', import.meta.url));
const schemaFile = `${root}src/node/config/schema.ts`;

const [bundled] = generateDtsBundle([{ filePath: `${root}src/node/index.ts`, output: { noBanner: true } }], {
  preferredConfigPath: `${root}tsconfig.types.json`,
});

/** The expanded type of each `export type X = z.infer|input|output<typeof y>` alias of schema.ts, by name. */
function expandedSchemaTypes() {
  const options = {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  };
  const program = ts.createProgram([schemaFile], options);
  const checker = program.getTypeChecker();
  const flags =
    ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.MultilineObjectLiterals;
  const types = new Map();
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(schemaFile)))) {
    if (symbol.flags & ts.SymbolFlags.TypeAlias)
      types.set(symbol.name, checker.typeToString(checker.getDeclaredTypeOfSymbol(symbol), undefined, flags));
  }
  return types;
}

const expanded = expandedSchemaTypes();
const lines = bundled.split('\n');
const out = [];
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  if (line === "import { z } from 'zod';") continue;
  if (/^declare const \w+: z\./.test(line)) {
    // A schema's declaration: skip it, to its last line (`}>;`, `}, z.core.$strict>;`... at column 0).
    while (!/;$/.test(lines[i]) || (i !== lines.indexOf(line, i) && /^\s/.test(lines[i]))) i++;
    continue;
  }
  const alias =
    /^export type (\w+) = z\.(?:infer|input|output)<typeof \w+>;$/.exec(line) ??
    /^type (\w+) = z\.(?:infer|input|output)<typeof \w+>;$/.exec(line);
  if (alias) {
    const type = expanded.get(alias[1]);
    if (!type) throw new Error(`build-types: no expanded type for ${alias[1]}`);
    // The sidebar items are a recursive type of their own (SidebarItemConfig), which the schema only checks as unknown.
    out.push(
      `${line.startsWith('export') ? 'export ' : ''}type ${alias[1]} = ${type.replace(/items: unknown\[\];/g, 'items: SidebarItemConfig[];')};`,
    );
    continue;
  }
  out.push(line);
}
const text = out.join('\n');
if (/\bz\.|from 'zod'/.test(text)) throw new Error('build-types: lib/index.d.ts still refers to zod');
mkdirSync(`${root}lib`, { recursive: true });
writeFileSync(`${root}lib/index.d.ts`, text);
