import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// One project per runtime so each runs in its own environment; e2e needs the built console.
// Two workers for the projects whose files own nothing shared (temp dirs, port 0): vitest's default is
// one fewer than the cores, i.e. one on a 2-core CI machine, which ran every file of `npm test` in a row.
const PARALLEL = 2;
// Why groups: projects run at the same time unless ordered, and the fault and end-to-end files (second
// processes, full volumes, serve plus Chromium) must own the machine; vitest runs group 0 first, then 1, then 2.
const UNIT = { maxWorkers: PARALLEL, sequence: { groupOrder: 0 } };

export default defineConfig({
  test: {
    // The JSON report feeds CI's closing line (build/ci-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      { test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node', ...UNIT } },
      { test: { name: 'api', include: ['test/api/**/*.test.ts'], environment: 'node', ...UNIT } },
      // Every operation of the upstream contract, called for real and validated against upstream's own schemas.
      { test: { name: 'contract', include: ['test/contract/**/*.test.ts'], environment: 'node', ...UNIT } },
      { test: { name: 'electron', include: ['test/electron/**/*.test.ts'], environment: 'node', ...UNIT } },
      { plugins: [vue()], test: { name: 'renderer', include: ['test/renderer/**/*.test.ts'], environment: 'happy-dom', ...UNIT } },
      // Faults done for real (second processes, full volumes, 50 MB bodies): one file at a time so each owns the machine.
      { test: { name: 'faults', include: ['test/faults/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 60_000, fileParallelism: false, sequence: { groupOrder: 1 } } },
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
