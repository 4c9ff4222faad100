/**
 * The bundled theme kept across builds for incremental builds (issue #8): bundling it takes esbuild 0.1-0.3 s,
 * a large share of a one-page rebuild. One module per engine fingerprint (docgen's code, theme and dependencies),
 * next to the other caches inside docgen's folder, so `react` resolves to docgen's copy.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { docgenRoot } from '../paths.js';

function moduleFile(engine: string): string {
  return path.join(docgenRoot(), 'node_modules', '.cache', 'docgen', `theme-${engine.slice(0, 16)}.mjs`);
}

/**
 * The theme module of this engine, bundled now if no build kept one.
 * @param engine the engine fingerprint (build-fingerprint.ts engineFingerprint)
 * @returns its absolute path
 * @throws DocgenError TemplateRenderFailed when the theme does not compile
 */
export async function cachedThemeModule(engine: string): Promise<string> {
  const file = moduleFile(engine);
  if (existsSync(file)) return file;
  const { bundleServerRenderer } = await import('../render/ssr.js');
  const { code } = await bundleServerRenderer();
  store(file, (temp) => writeFileSync(temp, code));
  return file;
}

/**
 * Keeps a theme module a full build bundled (render/ssr.ts writeServerModule) for the next incremental build,
 * replacing the modules of other engines. Errors are ignored: the next incremental build bundles it again.
 */
export function keepThemeModule(engine: string, bundled: string): void {
  try {
    store(moduleFile(engine), (temp) => copyFileSync(bundled, temp));
  } catch {
    // see above
  }
}

/** Writes a module atomically (a temp file renamed) and removes the modules of other engines. */
function store(file: string, write: (temp: string) => void): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  write(temp);
  renameSync(temp, file);
  for (const name of readdirSync(dir)) {
    if (/^theme-[0-9a-f]{16}\.mjs$/.test(name) && path.join(dir, name) !== file) rmSync(path.join(dir, name), { force: true });
  }
}
