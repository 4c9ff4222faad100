/**
 * The bundled theme (server-entry.tsx + templates/), kept across builds (issue #8): bundling it takes esbuild
 * 0.1-0.3 s, a large share of a one-page incremental rebuild, and it only changes with docgen itself. One module
 * per engine fingerprint (docgen's code, theme and dependencies), next to the other caches inside docgen's folder
 * so that `react` resolves to docgen's copy; full builds, their worker threads and incremental builds import it.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../cache/atomic-file.js';
import { cacheRoot } from '../paths.js';

/** Modules of other engines kept (a build of another docgen checkout may be importing one right now). */
const KEEP_OTHER_ENGINES = 2;

/**
 * The theme module of this engine, bundled when no build kept one (or when asked to).
 * @param engine the engine fingerprint (cache/build-fingerprint.ts engineFingerprint)
 * @param options.rebundle bundle it again even when kept (`--force`)
 * @returns its absolute path
 * @throws DocgenError TemplateRenderFailed when the theme does not compile
 */
export async function themeModule(engine: string, options: { rebundle?: boolean } = {}): Promise<string> {
  const dir = cacheRoot();
  const file = path.join(dir, `theme-${engine.slice(0, 16)}.mjs`);
  if (!options.rebundle && existsSync(file)) return file;
  const { bundleServerRenderer } = await import('../render/ssr.js');
  const { code } = await bundleServerRenderer();
  writeFileAtomicSync(file, code); // a thread importing it meanwhile reads the old module or the new one
  removeOlderModules(dir, file);
  return file;
}

/** Removes the modules of other engines but the newest KEEP_OTHER_ENGINES. */
function removeOlderModules(dir: string, current: string): void {
  const others = readdirSync(dir)
    .filter((name) => /^theme-[0-9a-f]{16}\.mjs$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== current)
    .map((file) => ({ file, mtime: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { file } of others.slice(KEEP_OTHER_ENGINES)) rmSync(file, { force: true });
}
