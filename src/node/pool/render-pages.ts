/**
 * Rendering routes to HTML in a worker thread: a route's page data is read back from the data file the
 * compile step wrote (or given inline for API routes and the not-found page), rendered with the theme module the
 * main thread bundled, and the document is written straight to disk. Nothing of a finished page stays in memory.
 * Pages are rendered while the main thread builds the search index: they name the site shell by its stable URL
 * (`site.json`), never the search manifest, so nothing in a page depends on the index. A huge page (its data written
 * with ContentPieces: stream-data.ts) is rendered and written a run of its content at a time.
 */
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import type { Element, ElementContent, RootContent } from 'hast';
import path from 'node:path';
import type { PageData, SiteData } from '../../shared/types.js';
import type { AssetsManifest } from '../bundle/client.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { assert, DocgenError, type DiagnosticInit } from '../diagnostics/error.js';
import { createFolderMaker } from '../output/folders.js';
import {
  renderRouteHtml,
  renderRouteHtmlInPieces,
  type ContentRun,
  type RouteHtmlInput,
} from '../render/route-html.js';
import { importServerRenderer, type RenderApp } from '../render/ssr.js';
import { releaseMemory } from './release-memory.js';
import type { ContentPieces, NodeRuns } from './stream-data.js';

/** What every route of one build shares; sent once to each worker. */
export interface RenderContext {
  /** Absolute staging folder (route data files are read from it, HTML written into it). */
  staging: string;
  config: Pick<ResolvedConfig, 'url' | 'baseUrl'>;
  /** The site data; its `routes` are the route records that jobs point at. */
  site: SiteData;
  /** URL (with base) of the site shell file (stable: `site.json`). */
  siteUrl: string;
  /** The placeholder in `site.searchManifest`: the theme must not print it (it is not patched). */
  manifestPlaceholder: string;
  manifest: AssetsManifest;
  themeScript: string;
  /** Absolute path of the bundled theme module (incremental/theme-module.ts). */
  rendererFile: string;
}

/** One document to write. */
export interface RenderJob {
  /** Output-relative HTML file, e.g. 'docs/intro.html' or '404.html'. */
  file: string;
  /** Index into `site.routes`, or null for the not-found page. */
  record: number | null;
  /** URL (with base) of the route's data file. */
  dataUrl: string;
  /** Output-relative data file to read the page data from, or the page data itself. */
  dataFile?: string;
  data?: PageData;
  /** A huge page's: where its content's children lie in its data file; it then renders a piece at a time. */
  contentPieces?: ContentPieces;
  /** Pre-rendered API reference body (API routes). */
  fragment?: string;
  /** Source file, named in an error. */
  source?: string;
}

/** What rendering one route gave: its diagnostic when the theme threw, else nothing. */
export type RenderOutcome = { error: DiagnosticInit } | { error?: undefined };

/** A worker's render state for one build context. */
export interface PageRenderer {
  render(job: RenderJob): Promise<RenderOutcome>;
}

/**
 * Prepares a worker for one build's routes: imports the theme module once.
 */
export async function createPageRenderer(context: RenderContext): Promise<PageRenderer> {
  const { renderApp }: { renderApp: RenderApp } = await importServerRenderer(context.rendererFile);
  const ensureFolderOf = createFolderMaker();
  const inputOf = (job: RenderJob, data: PageData): RouteHtmlInput => ({
    config: context.config,
    site: context.site,
    record: job.record === null ? null : context.site.routes[job.record]!,
    data,
    siteUrl: context.siteUrl,
    dataUrl: job.dataUrl,
    manifest: context.manifest,
    renderApp,
    themeScript: context.themeScript,
    fragment: job.fragment,
    source: job.source,
  });
  const targetOf = (job: RenderJob) => {
    const target = path.join(context.staging, job.file);
    ensureFolderOf(target);
    return target;
  };
  const checkManifest = (job: RenderJob, bytes: Buffer) =>
    assert(
      bytes.indexOf(context.manifestPlaceholder) === -1,
      `${job.file} prints the search manifest URL, which is not known while pages render`,
    );
  const render = async (job: RenderJob): Promise<RenderOutcome & { bytes?: number }> => {
    if (job.contentPieces && job.dataFile) {
      const outcome = await renderInPieces(job, job.dataFile, job.contentPieces);
      if (outcome) return outcome;
    }
    // Synchronous I/O: see cache/json-store.ts.
    const data = job.data ?? readData(path.join(context.staging, job.dataFile!));
    let html: string;
    try {
      html = await renderRouteHtml(inputOf(job, data));
    } catch (error) {
      if (error instanceof DocgenError) return { error: error.toJSON() };
      throw error;
    }
    const bytes = Buffer.from(html);
    checkManifest(job, bytes);
    writeFileSync(targetOf(job), bytes);
    return { bytes: bytes.length };
  };
  /**
   * A huge page, a run of its content's children at a time (route-html.ts renderRouteHtmlInPieces): its data file
   * stays bytes, the page data is parsed without the children, and each run is parsed, rendered, written and
   * dropped. @returns null when the theme does not show the content once (the page then renders whole)
   */
  const renderInPieces = async (
    job: RenderJob,
    dataFile: string,
    pieces: ContentPieces,
  ): Promise<(RenderOutcome & { bytes: number }) | null> => {
    const file = readFileSync(path.join(context.staging, dataFile));
    const data = JSON.parse(file.toString('utf8', 0, pieces.start) + file.toString('utf8', pieces.end)) as PageData;
    const text = (start: number, end: number) => file.toString('utf8', start, end);
    const nested = new Map(pieces.nested.map((n) => [n.run, n]));
    function* runsOf(runs: NodeRuns): Generator<[number, number]> {
      const bounds = [runs.start, ...runs.cuts, runs.end];
      for (let i = 1; i < bounds.length; i++) yield [i === 1 ? bounds[0]! : bounds[i - 1]! + 1, bounds[i]!];
    }
    function* runs(): Generator<ContentRun> {
      let run = 0;
      for (const [start, end] of runsOf(pieces)) {
        const split = nested.get(run++);
        if (!split) {
          yield JSON.parse(`[${text(start, end)}]`) as RootContent[];
          continue;
        }
        const skeleton = JSON.parse(text(start, split.rows.start) + text(split.rows.end, end)) as Element;
        const rows = function* () {
          for (const [from, to] of runsOf(split.rows)) yield JSON.parse(`[${text(from, to)}]`) as ElementContent[];
        };
        yield { skeleton, path: split.path, rows: rows() };
      }
    }
    let fd: number | null = null;
    let bytes = 0;
    try {
      const shown = await renderRouteHtmlInPieces(inputOf(job, data), runs(), (html) => {
        const part = Buffer.from(html);
        checkManifest(job, part);
        fd ??= openSync(targetOf(job), 'w');
        for (let at = 0; at < part.length; ) at += writeSync(fd, part, at);
        bytes += part.length;
      });
      return shown ? { bytes } : null;
    } catch (error) {
      if (error instanceof DocgenError) return { error: error.toJSON(), bytes };
      throw error;
    } finally {
      if (fd !== null) closeSync(fd);
    }
  };
  return {
    async render(job) {
      const { bytes, ...outcome } = await render(job);
      // A huge page's data and HTML are garbage now: give their memory back (release-memory.ts).
      if ((bytes ?? 0) >= HUGE_HTML) releaseMemory();
      return outcome;
    },
  };
}

/** Documents from this size (bytes) are followed by a full garbage collection: a 1 MB page's HTML is about 5 MB. */
const HUGE_HTML = 4 * 1024 * 1024;

/** Route data files from this size (bytes) are followed by a full garbage collection once parsed. */
const HUGE_DATA = 16 * 1024 * 1024;

/**
 * Reads a route data file. A huge one's text (twice its size in memory, as Japanese makes it a two-byte string)
 * is garbage once parsed: it is collected before the page renders, so that React's garbage does not come on top.
 */
function readData(file: string): PageData {
  let bytes: Buffer | null = readFileSync(file);
  const size = bytes.length;
  const data = JSON.parse(bytes.toString('utf8')) as PageData;
  bytes = null;
  if (size >= HUGE_DATA) releaseMemory();
  return data;
}

/**
 * Renders a batch of routes in order.
 * @returns the diagnostics of the routes whose theme rendering threw
 */
export async function renderBatch(renderer: PageRenderer, jobs: RenderJob[]): Promise<{ errors: DiagnosticInit[] }> {
  const errors: DiagnosticInit[] = [];
  for (const job of jobs) {
    const outcome = await renderer.render(job);
    if (outcome.error) errors.push(outcome.error);
  }
  return { errors };
}
