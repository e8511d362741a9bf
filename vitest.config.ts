import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that ran longest in CI (2 cores, the run of 27 November 2026 at 0cf111f: 10 s or more
 * each), longest first. Vitest starts the files it timed longest first, and the files it has no
 * times for (a fresh clone, as in CI) largest first: the corpus validation parts
 * (test/corpus/site-validate.N.test.ts) are three-line files that run 35-45 s each, and
 * test/package-types.test.ts is short too. Started last, the suite would wait on one of them alone
 * while the other fork idles: in that run test/render/corpus-render.test.ts (45 s, not listed then)
 * started among the last. A file missing here (new, renamed) falls back to Vitest's order after
 * these; one that grows past 10 s belongs here, in its place.
 */
const LONGEST_FIRST = [
  'test/render/example-site-browser.test.ts',
  'test/render/playground-browser.test.ts',
  'test/content/bad-input.test.ts',
  'test/render/corpus-render.test.ts',
  'test/server/restart.test.ts',
  'test/corpus/site-validate.3.test.ts',
  'test/cli/serve-lock.test.ts',
  'test/corpus/site-validate.2.test.ts',
  'test/corpus/site-validate.1.test.ts',
  'test/content/slug.test.ts',
  'test/content/frontmatter-rewrite.test.ts',
  'test/openapi/reference-validator.test.ts',
  'test/corpus/platform-urls.test.ts',
  'test/render/corpus-html.test.ts',
  'test/server/two-servers.test.ts',
  'test/content/corpus-components.test.ts',
  'test/server/cli.test.ts',
  'test/server/agent-job.test.ts',
  'test/server/assistant.test.ts',
  'test/package-types.test.ts',
  'test/openapi-mdx/endpoint-mdx.test.ts',
  'test/corpus/parser-conformance.test.ts',
  'test/corpus/page-markdown.test.ts',
  'test/hostile/large-docs-json.test.ts',
  'test/corpus/expand.test.ts',
  'test/readme-commands.test.ts',
  'test/render/site-browser.test.ts',
  'test/openapi/code-samples-curl.test.ts',
  'test/server/job-recovery.test.ts',
  'test/readme-examples.test.ts',
  'test/render/site-features-browser.test.ts',
  'test/cli/content-cache.test.ts',
  'test/openapi/code-samples-parse.test.ts',
  'test/server/analytics.test.ts',
  'test/render/corpus-site-render.test.ts',
  'test/cli/validate.test.ts',
  'test/package-install.test.ts',
  'test/cli/rules.test.ts',
  'test/server/store.test.ts',
  'test/hostile/property.test.ts',
  'test/site/incremental.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((known) => file.moduleId.replaceAll('\\', '/').endsWith(`/${known}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // A stable sort: the files not listed keep Vitest's order.
    return sorted
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}

/**
 * The files that need a fresh module graph of their own: they replace modules with `vi.mock`
 * (counting what a module does), or they hold much of the corpus in memory. All others share the
 * modules of their fork with the files that ran before them there (`isolate: false`): each file
 * loading the compiler's modules again took 149 s of the suite's time in CI (2 forks), more
 * than any test file. A file that replaces a module, stubs a global or changes process.env
 * belongs here.
 */
const ISOLATED = [
  'test/node/content-cache.test.ts',
  'test/node/input-record.test.ts',
  'test/corpus/**/*.test.ts',
  'test/content/frontmatter-rewrite.test.ts',
  'test/content/corpus-components.test.ts',
  'test/content/slug.test.ts',
  // Asserts what a page is before prepareRender has loaded KaTeX, which another file of the fork may have done.
  'test/render/page.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // React's production build, as the CLI renders pages (src/cli/render-packages.ts): the tests
    // that render in their own process (quireInProcess, renderFixture, the corpus renders) render
    // what a user's `quire build --html` does, 2.5 times faster (the render and features fixtures:
    // 0.49 s of CPU with the development build, 0.19 s with this one). NODE_ENV=development in the
    // environment keeps React's development build and its warnings.
    env: { NODE_ENV: process.env.NODE_ENV === 'development' ? 'development' : 'production' },
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: on our 2-core machines, one, and the
    // suite ran file after file (16 minutes in CI). Most files wait on child processes, a
    // database or the disk part of the time: two forks keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
    ],
  },
});
