/**
 * How soon V8 hands a hot function to its optimizing compiler (TurboFan) during `docgen build`. A build runs much
 * code briefly: a profile of this site's cold build (perf, per thread) showed V8's four background threads compiling
 * TurboFan code for 1.2 s of CPU without diagrams and 1.9 s with them (ELK, the diagram layout engine, is 1.6 MB of
 * GWT-compiled JavaScript), as much as the main and the worker thread ran JavaScript. Most of that code is done before
 * its optimized version would pay off. Raising V8's interrupt budget (bytecode run before a function is considered
 * for optimization) fourfold keeps the long-running hot loops optimized and lets the rest finish in the interpreter and
 * Sparkplug: this site's cold build took about 1 s less CPU (4.6 -> 3.5 s, interleaved runs), the 1,000-page corpus
 * no more (see the commit). V8 flags are per process and hold for the worker threads started after this call.
 */
import v8 from 'node:v8';

/** Node 20's V8 (11.3) default of `--interrupt-budget`, in bytes of bytecode. */
const DEFAULT_INTERRUPT_BUDGET = 67_584;

/**
 * Sets V8's interrupt budget to four times the default, unless node was started with an `--interrupt-budget` of
 * its own (`node --interrupt-budget=... bin/docgen.js build`). Call it before the build's modules load, so that the
 * whole build runs with it. For the `build` command only: a library caller's process is its own.
 */
export function delayOptimization(): void {
  if (process.execArgv.some((arg) => arg.startsWith('--interrupt-budget'))) return;
  v8.setFlagsFromString(`--interrupt-budget=${4 * DEFAULT_INTERRUPT_BUDGET}`);
}
