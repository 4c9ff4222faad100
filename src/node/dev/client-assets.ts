/**
 * Client assets in memory for `docgen dev`: the build's client bundle options run in an esbuild context
 * (`write: false`, incremental rebuilds on theme edits), plus the dev-only client (SSE listener, error overlay),
 * which is bundled here and nowhere else, so it can never reach `docgen build` output.
 */
import path from 'node:path';
import { context, type OutputFile } from 'esbuild';
import { clientBuildOptions, clientBundleError, manifestFrom, type AssetsManifest } from '../bundle/client.js';
import { runtimeFile } from '../bundle/runtime-files.js';
import type { ThemeConfig } from '../config/theme.js';
import { cacheRoot, docgenRoot } from '../paths.js';
import { metafileFiles } from '../render/ssr.js';

/** One file served from memory. */
interface MemoryAsset {
  contents: Uint8Array;
  type: string;
}

/** The in-memory client: its manifest and files by URL pathname (with base). */
export interface ClientAssets {
  manifest: AssetsManifest;
  files: Map<string, MemoryAsset>;
  /** Absolute source files of both bundles (theme, client runtime), for the watcher. */
  inputs: string[];
}

export interface ClientBundler {
  /**
   * Rebuilds both bundles incrementally.
   * @throws DocgenError ClientBundleFailed with file:line:column
   */
  rebuild(): Promise<ClientAssets>;
  dispose(): Promise<void>;
}

/** Where the dev client is served, relative to the base URL. */
export const DEV_CLIENT_PATH = '__docgen/client.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/**
 * Creates the two esbuild contexts (nothing is bundled until rebuild()).
 * @param base the site's base URL ('/' or '/x/'), prefixed to every asset URL
 * @param theme the site's `theme` (resolved config), bundled in; a change needs a new bundler
 */
export async function createClientBundler(base: string, theme?: ThemeConfig): Promise<ClientBundler> {
  const root = docgenRoot();
  const virtualOut = path.join(cacheRoot(), 'dev-out'); // never written: write is false
  const main = await context({ ...clientBuildOptions({ outDir: virtualOut, minify: false, theme }), write: false });
  const dev = await context({
    absWorkingDir: root,
    entryPoints: [runtimeFile('src/client/dev/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    write: false,
    outfile: path.join(virtualOut, DEV_CLIENT_PATH),
    metafile: true,
    logLevel: 'silent',
  });
  return {
    async rebuild() {
      let results;
      try {
        results = await Promise.all([main.rebuild(), dev.rebuild()]);
      } catch (error) {
        throw clientBundleError(error);
      }
      const files = new Map<string, MemoryAsset>();
      for (const result of results) addFiles(files, result.outputFiles ?? [], virtualOut, base);
      const inputs = results.flatMap((r) => metafileFiles(r.metafile!, root));
      return { manifest: manifestFrom(results[0].metafile!, root, virtualOut, base), files, inputs };
    },
    async dispose() {
      await Promise.all([main.dispose(), dev.dispose()]);
    },
  };
}

function addFiles(files: Map<string, MemoryAsset>, outputs: OutputFile[], outDir: string, base: string): void {
  for (const output of outputs) {
    const url = base + path.relative(outDir, output.path).split(path.sep).join('/');
    files.set(url, { contents: output.contents, type: TYPES[path.extname(output.path)] ?? 'application/octet-stream' });
  }
}
