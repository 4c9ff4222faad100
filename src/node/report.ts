/**
 * Build output for the terminal, like Vite's: each stage with its time, then emitted assets with raw and gzip
 * sizes (STYLE.md CLI).
 */
import { gzipSync } from 'node:zlib';
import pc from 'picocolors';

export interface Reporter {
  /** Runs a stage and prints its name and duration (ms). */
  task<T>(name: string, run: () => Promise<T> | T): Promise<T>;
  info(message: string): void;
}

/** @param silent when true, prints nothing (tests, dev server) */
export function createReporter(silent = false): Reporter {
  return {
    async task(name, run) {
      const start = performance.now();
      const result = await run();
      if (!silent) console.log(`${pc.green('✓')} ${name.padEnd(28)} ${pc.dim(formatMs(performance.now() - start))}`);
      return result;
    },
    info(message) {
      if (!silent) console.log(message);
    },
  };
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} kB`;
}

/** gzip size in bytes (level 9, as CDNs typically serve). */
export function gzipSize(content: Uint8Array | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * Formats the asset table.
 * @param rows output-relative file, raw bytes, gzip bytes
 */
export function assetTable(rows: { file: string; bytes: number; gzip: number }[]): string {
  const width = Math.max(...rows.map((r) => r.file.length), 10);
  return rows
    .map((r) => {
      const color = r.file.endsWith('.css') ? pc.magenta : r.file.endsWith('.js') ? pc.cyan : pc.green;
      return `  ${color(r.file.padEnd(width))}  ${formatKb(r.bytes).padStart(11)} ${pc.dim('│ gzip:')} ${formatKb(r.gzip).padStart(10)}`;
    })
    .join('\n');
}
