import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/helpers/sequencer.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Whole-site builds and Chromium tests are slow-ish on 2 cores; keep them from starving each other.
    pool: 'forks',
    maxWorkers: 2,
    maxConcurrency: 2,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The longest files first: on a clean clone vitest knows no durations (tests/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
  },
});
