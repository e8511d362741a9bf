import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandOpenApiEndpoints, parseDocsJson, parseFrontmatter, resolveNavigation, type PageFrontmatter } from '../src/index.js';
import { repositoryRoot } from './helpers/cli.js';
import { fixturePath } from './helpers/fixtures.js';

/** The README's TypeScript examples that are whole programs (they use no name they do not define, but the inputs declared below). */
function completeExamples(): string[] {
  const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  return blocks.filter((block) => block.includes('parseFrontmatter(') || block.includes('await loadSite('));
}

describe("the README's library examples", () => {
  it('type-check under strict TypeScript as written', () => {
    const examples = completeExamples();
    expect(examples).toHaveLength(2);
    const folder = mkdtempSync(path.join(repositoryRoot, 'test', '.readme-'));
    const files = examples.map((example, index) => {
      const file = path.join(folder, `example-${index}.ts`);
      // Against the package's declaration files (dist/, built before the tests), as a reader's
      // `import 'quire-docs'` resolves: against src/ tsc checked the whole source tree too, 17 s
      // of the 17.3 s this file took in CI.
      const source = example
        .replace(/from 'quire-docs\/node'/g, `from '${path.join(repositoryRoot, 'dist/node/index.js')}'`)
        .replace(/from 'quire-docs'/g, `from '${path.join(repositoryRoot, 'dist/index.js')}'`);
      writeFileSync(
        file,
        `declare const docsJsonText: string;\ndeclare const pageTexts: Map<string, string>;\ndeclare const openApiText: string;\n${source}\nexport {};\n`,
      );
      return file;
    });
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(repositoryRoot, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--noUncheckedIndexedAccess',
        '--target',
        'ES2022',
        '--module',
        'ESNext',
        '--moduleResolution',
        'Bundler',
        '--skipLibCheck',
        '--types',
        'node',
        ...files,
      ],
      { cwd: repositoryRoot, encoding: 'utf8' },
    );
    rmSync(folder, { recursive: true, force: true });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    // tsc reads the whole source graph the examples import: about 15 s of CPU, past the default
    // 30 s on a busy 2-core machine (it timed out in a CI run beside other builds).
  }, 120_000);

  it('the browser example gives the page of an MDX endpoint page', () => {
    // The README's first complete example, on fixtures/cli/mdx-endpoint-title.
    const site = fixturePath('cli', 'mdx-endpoint-title');
    const read = (file: string) => readFileSync(path.join(site, file), 'utf8');
    const pageTexts = new Map(['index.mdx', 'api/get-user.mdx'].map((file) => [file, read(file)]));
    const parsed = parseDocsJson(read('docs.json'), { file: 'docs.json' });
    if (!parsed.config) throw new Error('the fixture is valid');
    const frontmatter = new Map<string, PageFrontmatter>();
    for (const [file, text] of pageTexts) {
      const { data } = parseFrontmatter(text, file);
      if (data) frontmatter.set(file.replace(/\.mdx?$/, ''), data);
    }
    const { tree } = resolveNavigation(parsed.config, { files: pageTexts.keys(), frontmatter, locate: parsed.locate });
    const { pages } = expandOpenApiEndpoints(tree, { 'openapi.yaml': read('openapi.yaml') });
    // The navigation's own document gives every operation a page (listed nowhere, as on the
    // platform), and the MDX page documents one at its own URL, with its own title.
    expect(pages.map((page) => [page.url, page.metadata.title])).toEqual([
      ['/api-reference/get-a-user', 'Get a user'],
      ['/api/get-user', 'Fetch one user'],
    ]);
    // Without the frontmatter, the core cannot know that the MDX page documents an operation.
    expect(
      expandOpenApiEndpoints(resolveNavigation(parsed.config, { files: pageTexts.keys() }).tree, { 'openapi.yaml': read('openapi.yaml') }).pages.map(
        (page) => page.url,
      ),
    ).toEqual(['/api-reference/get-a-user']);
  });
});
