/**
 * How soon V8 hands a hot function to its optimizing compiler (TurboFan) during `docgen build` and `docgen dev`. A build runs much
 * code briefly: a profile of this site's cold build (perf, per thread) showed V8's four background threads compiling
 * TurboFan code for 1.2 s of CPU without diagrams and 1.9 s with them (ELK, the diagram layout engine, is 1.6 MB of
 * GWT-compiled JavaScript), as much as the main and the worker thread ran JavaScript. Most of that code is done before
 * its optimized version would pay off. Raising V8's interrupt budget (bytecode run before a function is considered
 * for optimization) eightfold lets that code finish in the interpreter and Sparkplug, while a loop that runs long
 * (a large site's Markdown) is optimized a few milliseconds later than before, which a long build does not feel.
 * Medians of interleaved cold builds under load, CPU user+sys: this site 4.55 s (default) / 3.45 s (4x) and 3.67 s
 * (4x) / 3.35 s (8x) / 3.18 s (16x) in a second series; the 1,000-page corpus 11.4 s (default, at 35e5d6f) / 10.6 s
 * (4x) / 9.7 s (8x). V8 flags are per process and hold for the worker threads started after this call.
 */
import v8 from 'node:v8';

/** Node 20's V8 (11.3) default of `--interrupt-budget`, in bytes of bytecode. */
const DEFAULT_INTERRUPT_BUDGET = 67_584;

/**
 * Sets V8's interrupt budget to eight times the default, unless node was started with an `--interrupt-budget` of
 * its own (`node --interrupt-budget=... bin/docgen.js build`). Call it before the build's modules load, so that the
 * whole build runs with it. For the `build` and `dev` commands only: a library caller's process is its own.
 */
export function delayOptimization(): void {
  if (process.execArgv.some((arg) => arg.startsWith('--interrupt-budget'))) return;
  v8.setFlagsFromString(`--interrupt-budget=${8 * DEFAULT_INTERRUPT_BUDGET}`);
}
