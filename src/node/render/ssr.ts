/**
 * Compiles the server renderer (server-entry.tsx + templates/) with esbuild into a temporary ES module inside
 * docgen's own folder, so that `react` resolves to docgen's copy, then imports it (Vite's SSR build, in small).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { PageData, RouteRecord, SiteData } from '../../shared/types.js';
import type { ApiReferenceProps } from '../../../templates/api/types.js';
import type { renderSplitApiReference } from './api-split.js';
import { DocgenError } from '../diagnostics/error.js';
import { docgenRoot } from '../paths.js';

export type RenderApp = (props: { site: SiteData; page: PageData; route: RouteRecord | null }) => Promise<string>;
export type RenderApiReference = (props: ApiReferenceProps) => string;
export type RenderSplitApiReference = typeof renderSplitApiReference;

/** The compiled server renderer. */
export interface ServerRenderer {
  renderApp: RenderApp;
  /** A small document's reference: one fragment. */
  renderApiReference: RenderApiReference;
  /** A large document's reference: page body plus lazily loaded parts (issue #4 "Scale", src/node/openapi/split.ts). */
  renderSplitApiReference: RenderSplitApiReference;
  /** The theme's source files (to watch in dev). */
  inputs: string[];
}

/**
 * Bundles and loads the server renderer.
 * @returns the render functions plus the theme's source files (to watch in dev)
 * @throws DocgenError TemplateRenderFailed when the theme does not compile (file:line from esbuild)
 */
export async function loadServerRenderer(): Promise<ServerRenderer> {
  const root = docgenRoot();
  let code: string;
  let inputs: string[];
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: ['src/node/render/server-entry.tsx'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      loader: { '.css': 'empty' },
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    code = result.outputFiles[0]!.text;
    inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new DocgenError({
      code: 'TemplateRenderFailed',
      message: `The theme could not be compiled: ${first?.text ?? String(error)}.`,
      file: first?.location ? path.resolve(root, first.location.file) : undefined,
      line: first?.location?.line,
      column: first?.location ? first.location.column + 1 : undefined,
    });
  }
  const dir = path.join(root, 'node_modules', '.cache', 'docgen');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `ssr-${process.pid}-${Date.now()}-${Math.random().toString(16).slice(2)}.mjs`);
  await writeFile(file, code);
  try {
    const mod = (await import(pathToFileURL(file).href)) as Omit<ServerRenderer, 'inputs'>;
    return { renderApp: mod.renderApp, renderApiReference: mod.renderApiReference, renderSplitApiReference: mod.renderSplitApiReference, inputs };
  } finally {
    await rm(file, { force: true });
  }
}
