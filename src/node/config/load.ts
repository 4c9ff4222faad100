/**
 * Loads site.config.ts: bundle with esbuild, import the bundle, validate (STYLE.md Config; Vite
 * bundleConfigFile / loadConfigFromBundledFile).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Message } from 'esbuild';
import { codeFrame } from '../diagnostics/code-frame.js';
import { DocgenError } from '../diagnostics/error.js';
import { runtimeFile } from '../bundle/runtime-files.js';
import { docgenRoot, PACKAGE_NAME } from '../paths.js';
import { resolveConfig, type ResolvedConfig } from './resolve.js';
import { versionsFileOf } from '../site/inputs.js';

const CONFIG_FILE = 'site.config.ts';

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Absolute paths of the config file and every local file it imports (to watch in dev). */
  dependencies: string[];
  /** Versions of the packages the config imports (its Markdown plugins among them), by package name. */
  packages: Record<string, string>;
}

/**
 * Loads and validates the site configuration of a project.
 * @param root absolute project root holding site.config.ts
 * @param overrides CLI flags merged over the file (e.g. { outDir, baseUrl })
 * @throws DocgenError ConfigNotFound | ConfigLoadFailed (syntax error, throws at import) | ConfigInvalid
 */
export async function loadConfig(
  root: string,
  overrides: { outDir?: string; baseUrl?: string } = {},
): Promise<LoadedConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new DocgenError({
      code: 'ConfigNotFound',
      message: `No ${CONFIG_FILE} in ${root}. Run docgen from the site's folder, or pass --root.`,
      file,
    });
  }
  const { code, dependencies, packages } = await bundleConfig(file);
  const exported = await importBundled(file, code);
  return {
    config: withVersionStyles(resolveConfig({ exported, file, root, overrides, packages })),
    dependencies,
    packages,
  };
}

/**
 * A versioned site (versions.json beside site.config.ts) gets the theme's styles of the version dropdown,
 * banner and badge, as a multi-locale site gets locales.css (i18n/locale-config.ts); so does a site whose navbar has
 * a dropdown (its menu looks like the version dropdown's). Other sites keep their stylesheet as it was.
 */
function withVersionStyles(config: ResolvedConfig): ResolvedConfig {
  const dropdown = config.themeConfig.navbar.items.some((item) => item.type === 'dropdown');
  if (!dropdown && !existsSync(versionsFileOf(config.root))) return config;
  return {
    ...config,
    theme: {
      ...config.theme,
      css: [path.join(docgenRoot(), runtimeFile('templates/styles/versions.css')), ...config.theme.css],
    },
  };
}

async function bundleConfig(
  file: string,
): Promise<{ code: string; dependencies: string[]; packages: Record<string, string> }> {
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      plugins: [
        {
          // `import { defineConfig } from 'docgen-cli'` (or the older 'docgen') works from any folder, installed or not.
          name: 'docgen-define-config',
          setup(b) {
            b.onResolve({ filter: /^docgen(-cli)?$/ }, () => ({ path: 'docgen', namespace: 'docgen-config' }));
            b.onLoad({ filter: /.*/, namespace: 'docgen-config' }, () => ({
              contents: 'export function defineConfig(config) { return config }',
              loader: 'js',
            }));
          },
        },
      ],
    });
    const dependencies = Object.keys(result.metafile.inputs)
      .filter((input) => !input.startsWith('docgen-config:'))
      .map((input) => path.resolve(input));
    const imported = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external).map((i) => i.path),
    );
    return { code: result.outputFiles[0]!.text, dependencies, packages: packageVersions(path.dirname(file), imported) };
  } catch (error) {
    const message = (error as { errors?: Message[] }).errors?.[0];
    const loc = message?.location;
    const locFile = loc ? path.resolve(loc.file) : file;
    throw new DocgenError({
      code: 'ConfigLoadFailed',
      message: `${CONFIG_FILE} could not be compiled: ${message?.text ?? String(error)}. Fix the syntax error shown below.`,
      file: locFile,
      line: loc?.line,
      column: loc ? loc.column + 1 : undefined,
      frame:
        loc && existsSync(locFile) ? codeFrame(readFileSync(locFile, 'utf8'), loc.line, loc.column + 1) : undefined,
    });
  }
}

/**
 * The installed version of each package named by bare imports (`remark-math`, `@scope/pkg/sub`), found in the
 * node_modules folders above `dir` as Node resolves them; built-in modules and docgen itself are left out.
 * @returns package name -> version ('' when its package.json cannot be read)
 */
function packageVersions(dir: string, specifiers: string[]): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const specifier of specifiers) {
    if (
      specifier.startsWith('node:') ||
      specifier === 'docgen' ||
      specifier === PACKAGE_NAME ||
      specifier.startsWith('.') ||
      path.isAbsolute(specifier)
    )
      continue;
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    if (name in versions) continue;
    versions[name] = '';
    for (let at = dir; ; at = path.dirname(at)) {
      const manifest = path.join(at, 'node_modules', name, 'package.json');
      if (existsSync(manifest)) {
        try {
          versions[name] = String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version ?? '');
        } catch {
          // unreadable: keyed by name only
        }
        break;
      }
      if (path.dirname(at) === at) break;
    }
  }
  return versions;
}

async function importBundled(file: string, code: string): Promise<unknown> {
  // Beside the config so that its bare imports resolve from the project's node_modules.
  const temp = `${file}.timestamp-${Date.now()}-${Math.random().toString(16).slice(2)}.mjs`;
  writeFileSync(temp, code);
  try {
    const mod = await import(pathToFileURL(temp).href);
    return mod.default;
  } catch (error) {
    const err = error as Error & { code?: string };
    const missing =
      err?.code === 'ERR_MODULE_NOT_FOUND' ? /Cannot find package '([^']+)'/.exec(err.message)?.[1] : undefined;
    const declared = missing !== undefined && declaredDependency(path.dirname(file), missing);
    throw new DocgenError({
      code: 'ConfigLoadFailed',
      message: declared
        ? `${CONFIG_FILE} imports '${missing}', which package.json lists but is not installed. Run \`npm install\` in ${path.dirname(file)}.`
        : `${CONFIG_FILE} threw while loading: ${err?.message ?? String(error)}. Fix the code that throws.`,
      file,
      cause: error,
    });
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Whether the package.json of `dir` lists `name` among its dependencies of any kind. */
function declaredDependency(dir: string, name: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    return ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].some(
      (field) => typeof manifest[field] === 'object' && manifest[field] !== null && name in (manifest[field] as object),
    );
  } catch {
    return false;
  }
}
