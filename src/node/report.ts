/**
 * Build output for the terminal, like Vite's: each stage with its time, then emitted assets with raw and gzip
 * sizes (STYLE.md CLI).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pc from 'picocolors';
import { withBase } from '../shared/urls.js';
import type { AssetsManifest } from './bundle/client.js';

export interface Reporter {
  /** Runs a stage and prints its name and duration (ms). */
  task<T>(name: string, run: () => Promise<T> | T): Promise<T>;
  info(message: string): void;
  /**
   * A counter for a stage of many items: call the function it returns with the number done so far. From
   * PROGRESS_AFTER_MS after it was made, at most every PROGRESS_AFTER_MS, it prints `name: done of total unit`:
   * one line rewritten in place on a terminal, plain lines otherwise (CI logs).
   */
  progress(name: string, total: number, unit: string): (done: number) => void;
}

/** A stage shows its progress once it has run this long, then this often (ms). */
export const PROGRESS_AFTER_MS = 2000;

/**
 * @param silent when true, prints nothing (tests, dev server)
 * @param tty whether stdout is a terminal (default: it is): progress lines are then rewritten in place
 */
export function createReporter(silent = false, tty = Boolean(process.stdout.isTTY)): Reporter {
  let progressShown = false; // a progress line on a terminal, to clear before the next output
  const print = (line: string) => {
    if (progressShown) process.stdout.write('\r\x1b[K');
    progressShown = false;
    console.log(line);
  };
  return {
    async task(name, run) {
      const start = performance.now();
      const result = await run();
      if (!silent) print(`${pc.green('✓')} ${name.padEnd(28)} ${pc.dim(formatMs(performance.now() - start))}`);
      return result;
    },
    info(message) {
      if (!silent) print(message);
    },
    progress(name, total, unit) {
      // DOCGEN_PROGRESS_AFTER_MS sets another delay (0 shows every step: tests of a build too quick to wait for).
      const after = Number(process.env.DOCGEN_PROGRESS_AFTER_MS ?? PROGRESS_AFTER_MS);
      const start = performance.now();
      let shownAt = start;
      return (done) => {
        const now = performance.now();
        if (silent || done >= total || now - shownAt < after) return;
        shownAt = now;
        const line = `  ${name}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit} ${pc.dim(`(${formatMs(now - start)})`)}`;
        if (!tty) return print(line);
        process.stdout.write(`\r\x1b[K${line}`);
        progressShown = true;
      };
    },
  };
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Bytes as KiB (1,024 bytes), with the unit: what the issues' size bounds use (the report once said 'kB' for the same figure). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KiB`;
}

/** gzip size in bytes (level 9, as CDNs typically serve). */
function gzipSize(content: Uint8Array | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * Formats the asset table.
 * @param rows output-relative file, raw bytes, gzip bytes
 */
function assetTable(rows: { file: string; bytes: number; gzip: number }[]): string {
  const width = Math.max(...rows.map((r) => r.file.length), 10);
  return rows
    .map((r) => {
      const color = r.file.endsWith('.css') ? pc.magenta : r.file.endsWith('.js') ? pc.cyan : pc.green;
      return `  ${color(r.file.padEnd(width))}  ${formatKb(r.bytes).padStart(11)} ${pc.dim('│ gzip:')} ${formatKb(r.gzip).padStart(10)}`;
    })
    .join('\n');
}

/**
 * Prints the table of emitted client assets (raw and gzip bytes) and what a doc page loads on first visit.
 * @param outPath the output folder the assets were written to
 * @returns gzip bytes of the JS and CSS a doc page loads on first visit
 */
export async function reportAssets(options: {
  report: Reporter;
  outPath: string;
  manifest: AssetsManifest;
  baseUrl: string;
  routes: number;
}): Promise<{ js: number; css: number }> {
  const { report, manifest } = options;
  const rows = await Promise.all(
    manifest.files
      .filter((f) => !f.file.endsWith('.map'))
      .map(async (f) => ({
        file: f.file,
        bytes: f.bytes,
        gzip: gzipSize(await readFile(path.join(options.outPath, f.file))),
      })),
  );
  rows.sort((a, b) => (a.file < b.file ? -1 : 1));
  report.info('\n' + assetTable(rows));
  const byUrl = new Map(rows.map((r) => [withBase(options.baseUrl, '/' + r.file), r.gzip]));
  const js = [manifest.entry, ...manifest.entryImports, ...manifest.pages.doc].reduce(
    (sum, url) => sum + (byUrl.get(url) ?? 0),
    0,
  );
  const css = manifest.css.reduce((sum, url) => sum + (byUrl.get(url) ?? 0), 0);
  report.info(
    `\nfirst load of a doc page: JS ${formatKb(js)} gzip, CSS ${formatKb(css)} gzip (${options.routes} routes)`,
  );
  return { js, css };
}
