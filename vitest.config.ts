import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Vitest starts the files it timed longest first, and the files it has no times for (a fresh
 * install, as in CI) largest first. The corpus validation parts (test/corpus/site-validate.N.test.ts)
 * are three-line files that run 35-45 s each: started last, the suite would wait on them alone.
 */
class CorpusPartsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const part = (file: TestSpecification) => /[\\/]site-validate\.\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(part), ...sorted.filter((file) => !part(file))];
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: on our 2-core machines, one, and the
    // suite ran file after file (16 minutes in CI). Most files wait on child processes, a
    // database or the disk part of the time: two forks keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: CorpusPartsFirst },
  },
});
