/**
 * Runs `docgen build` as a child process and measures wall time and peak RSS. Peak RSS comes from GNU time
 * (`/usr/bin/time -v` family, Debian package `time`: the largest resident set of the build process or any child it
 * waited for); without it, /proc/<pid>/status VmHWM of the child and its descendants is sampled every 20 ms.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const GNU_TIME = '/usr/bin/time';

/**
 * Median of numbers (the lower middle for an even count, so it is always a measured value).
 * @param {number[]} xs values; empty gives NaN
 * @returns {number}
 */
export function median(xs) {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
}

/**
 * Deletes what a cold build must not find: the output folder and docgen's cache (node_modules/.cache/docgen).
 * @param {string} root site root
 * @param {string} [outDir] output folder relative to root (default dist)
 */
export function clearBuildState(root, outDir = 'dist') {
  rmSync(path.join(root, outDir), { recursive: true, force: true });
  rmSync(path.join(root, 'node_modules/.cache/docgen'), { recursive: true, force: true });
}

/**
 * Builds a site once.
 * @param {{ bin: string, root: string, extraArgs?: string[] }} options docgen launcher (bin/docgen.js); site root;
 *   more CLI flags (e.g. `--force`)
 * @returns {Promise<{ ok: boolean, wallMs: number, peakRssBytes: number, routes: number, stages: Record<string, number>, output: string }>}
 *   wall time in ms from spawn to exit; peak RSS in bytes (NaN when unmeasurable); routes from "built N routes" (or "rebuilt 1 changed page of N routes");
 *   stage times in ms parsed from the report; stdout+stderr
 */
export async function measureBuild({ bin, root, extraArgs = [] }) {
  const args = [bin, 'build', '--root', root, ...extraArgs];
  const useTime = existsSync(GNU_TIME);
  const tmp = useTime ? mkdtempSync(path.join(tmpdir(), 'docgen-bench-time-')) : null;
  const timeFile = tmp ? path.join(tmp, 'rss') : null;
  const [cmd, argv] = useTime
    ? [GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, process.execPath, ...args]]
    : [process.execPath, args];
  const started = performance.now();
  const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const sampler = useTime ? null : sampleTreeHwm(child.pid);
  const code = await new Promise((resolve) => child.on('close', (c) => resolve(c)));
  const wallMs = performance.now() - started;
  let peakRssBytes = NaN;
  let cpuMs = NaN;
  if (useTime) {
    // GNU time reports user and system seconds and kilobytes; an abnormal exit adds a "Command exited…" line first.
    const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
    const [user, system, kilobytes] = lines.at(-1).split(' ').map(Number);
    peakRssBytes = kilobytes * 1024;
    cpuMs = (user + system) * 1000;
    rmSync(tmp, { recursive: true, force: true });
  } else {
    peakRssBytes = sampler.stop();
  }
  return {
    ok: code === 0,
    wallMs,
    peakRssBytes,
    cpuMs,
    routes: Number(/built (\d+) routes|changed pages? of (\d+) routes/.exec(output)?.slice(1).find(Boolean) ?? NaN),
    stages: parseStages(output),
    output,
  };
}

/**
 * Parses docgen's stage lines ("✓ compiling markdown   17.01 s") into milliseconds.
 * @param {string} output build stdout
 * @returns {Record<string, number>} stage name -> ms
 */
export function parseStages(output) {
  const stages = {};
  for (const m of output.matchAll(/^✓ (.+?)\s+([\d.]+) (m?s)$/gm))
    stages[m[1].trim()] = Number(m[2]) * (m[3] === 's' ? 1000 : 1);
  return stages;
}

/**
 * Total size of the files under a folder.
 * @param {string} dir folder
 * @returns {{ bytes: number, files: number, byExt: Record<string, number> }} total bytes, file count, bytes per
 *   extension (`.html`, `.json`…)
 */
export function folderSize(dir) {
  let bytes = 0;
  let files = 0;
  const byExt = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const size = statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
    const ext = path.extname(entry.name);
    byExt[ext] = (byExt[ext] ?? 0) + size;
    bytes += size;
    files++;
  }
  return { bytes, files, byExt };
}

/** Samples VmHWM of pid and its descendants every 20 ms; stop() returns the largest value seen, in bytes. */
function sampleTreeHwm(pid) {
  let peak = NaN;
  const tick = () => {
    for (const p of descendants(pid)) {
      try {
        const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1]);
        if (Number.isFinite(kb) && !(kb * 1024 <= peak)) peak = kb * 1024;
      } catch {
        // the process exited between listing and reading
      }
    }
  };
  const timer = setInterval(tick, 20);
  return { stop: () => (clearInterval(timer), peak) };
}

function descendants(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const kids = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // gone
    }
  }
  return out;
}
