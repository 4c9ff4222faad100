/**
 * A small watch queue (Eleventy src/WatchQueue.js): changes are collected while a rebuild runs and trigger exactly
 * one follow-up rebuild with everything that arrived meanwhile.
 */

interface WatchQueue {
  /** Records a changed file; starts a rebuild unless one is running. */
  push(file: string): void;
  /** Resolves when no rebuild is running or queued. */
  idle(): Promise<void>;
}

/**
 * Creates the queue.
 * @param run rebuilds for a batch of absolute file paths; a rejection is passed to onError and the queue goes on
 * @param options.settleMs wait this long after the first change of a batch, so one save is one batch (default 10)
 */
export function createWatchQueue(
  run: (files: Set<string>) => Promise<void>,
  options: { settleMs?: number; onError?: (error: unknown) => void } = {},
): WatchQueue {
  let pending = new Set<string>();
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const drain = async () => {
    while (pending.size > 0) {
      const batch = pending;
      pending = new Set();
      try {
        await run(batch);
      } catch (error) {
        options.onError?.(error);
      }
    }
    running = null;
  };
  const start = () => {
    timer = null;
    if (!running) running = drain();
  };
  return {
    push(file) {
      pending.add(file);
      if (!running && !timer) timer = setTimeout(start, options.settleMs ?? 10);
    },
    async idle() {
      while (timer || running) {
        if (running) await running;
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}
