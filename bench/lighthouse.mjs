/**
 * Lighthouse (npm `lighthouse@12`, installed into bench/.cache on first use) against `docgen serve` on 127.0.0.1,
 * driving Debian chromium ($CHROME_PATH, default /usr/bin/chromium) with the default mobile preset.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureCachedPackage } from './cache.mjs';

const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

/**
 * Starts `docgen serve <dir> --port 0` and waits for its URL.
 * @param {{ bin: string, dir: string }} options docgen launcher; built site folder
 * @returns {Promise<{ url: string, stop: () => void }>} base URL with a trailing slash; stop() kills the server
 * @throws Error when the server exits before printing its URL
 */
export function startServe({ bin, dir }) {
  const child = spawn(process.execPath, [bin, 'serve', dir, '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill() });
    });
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => reject(new Error(`docgen serve exited with ${code}: ${out}`)));
  });
}

/**
 * Makes Lighthouse available.
 * @returns {{ cli: string } | { error: string }} path of lighthouse/cli/index.js, or why Lighthouse is skipped
 */
export function loadLighthouse() {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) return { error: `no Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)` };
  const r = ensureCachedPackage({ spec: 'lighthouse@12', file: 'lighthouse/cli/index.js' });
  return 'path' in r ? { cli: r.path } : r;
}

/**
 * Runs Lighthouse once on a URL (performance category only).
 * @param {{ cli: string, url: string }} options path from loadLighthouse(); page URL
 * @returns {Promise<{ performance: number, tbtMs: number, fcpMs: number, lcpMs: number, cls: number, siMs: number } | { error: string }>}
 *   performance score 0-100; total blocking time, first/largest contentful paint and speed index in ms; CLS
 */
export async function runLighthouse({ cli, url }) {
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance',
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise((resolve) => child.on('close', resolve));
  try {
    const lhr = JSON.parse(stdout);
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round((lhr.categories.performance.score ?? NaN) * 100),
      tbtMs: num('total-blocking-time'),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      siMs: num('speed-index'),
      cls: num('cumulative-layout-shift'),
    };
  } catch {
    return { error: `lighthouse exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}` };
  }
}
