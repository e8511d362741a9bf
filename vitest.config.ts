import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: on our 2-core machines, one, and the
    // suite ran file after file (16 minutes in CI). Most files wait on child processes, a
    // database or the disk part of the time: two forks keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
