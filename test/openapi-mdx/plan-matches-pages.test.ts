import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildEndpointPages, generateEndpointMdx, hasErrors, loadOpenApi, planOpenApiFiles } from '../../src/index.js';
import { corpusRoot, hasCorpus } from '../helpers/corpus.js';
import { fixtureCases, fixturePath } from '../helpers/fixtures.js';

/**
 * planOpenApiFiles reads pages straight from the operations, without building their models:
 * on every description it must give the files the URLs, metadata, content and grouping that
 * buildEndpointPages gives the pages, except where it must differ: a name that cannot be a file
 * everywhere is written under another (`openapi-file/renamed`), and of two pages at one URL only
 * the later is a file, as on the platform.
 */
function compare(text: string, file: string, extension: string): number {
  const { document, diagnostics } = loadOpenApi(text, { file });
  if (!document || hasErrors(diagnostics)) return 0;
  const options = { directory: 'api-reference', version: 'v1', extension };
  const built = buildEndpointPages(document, options);
  const plan = planOpenApiFiles(document, options);
  expect(
    plan.diagnostics.filter((diagnostic) => !diagnostic.code.startsWith('openapi-file/')),
    file,
  ).toEqual(built.diagnostics);
  if (hasErrors(plan.diagnostics)) return 0;
  const published = new Map(built.pages.map((page) => [page.url, page]));
  expect(
    plan.files.map((entry) => entry.pointer),
    file,
  ).toEqual(built.pages.filter((page) => published.get(page.url) === page).map((page) => page.pointer));
  expect(
    plan.files.map((entry) => entry.content),
    file,
  ).toEqual([...published.values()].map((page) => generateEndpointMdx(page)));
  const renamed = new Set(plan.diagnostics.filter((diagnostic) => diagnostic.code === 'openapi-file/renamed').map((diagnostic) => diagnostic.pointer));
  const urls = new Map(built.pages.map((page) => [page.pointer, page.url]));
  for (const entry of plan.files) if (!renamed.has(entry.pointer)) expect(`/${entry.page}`, file).toBe(urls.get(entry.pointer));
  expect(
    plan.navigation.groups.map((group) => [group.group, group.pages.length]),
    file,
  ).toEqual(built.groups.map((group) => [group.label, new Set(group.pages.map((page) => page.url)).size]));
  return plan.files.length;
}

describe('planOpenApiFiles agrees with buildEndpointPages', () => {
  it('on the OpenAPI fixtures', () => {
    let files = 0;
    for (const name of fixtureCases('openapi')) {
      for (const candidate of ['openapi.yaml', 'openapi.json', 'openapi.yml']) {
        try {
          const text = readFileSync(fixturePath('openapi', name, candidate), 'utf8');
          files += compare(text, `${name}/${candidate}`, 'x-quire') + compare(text, `${name}/${candidate}`, 'x-mint');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
    expect(files).toBeGreaterThan(60);
  });

  // A sample, to keep the suite fast: every file that uses `x-mint`, and every fourth of the others under 1 MB.
  it.skipIf(!hasCorpus)(
    'on OpenAPI files of the corpus, read as a Mintlify site would (x-mint)',
    () => {
      const rows = readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t') as [string, string, string]);
      let files = 0;
      let usingXMint = 0;
      for (const [index, [, file, bytes]] of rows.entries()) {
        const text = readFileSync(`${corpusRoot}${file}`, 'utf8');
        const xMint = text.includes('"x-mint"') || text.includes('x-mint:');
        usingXMint += xMint ? 1 : 0;
        if (xMint || (index % 4 === 0 && Number(bytes) < 1_000_000)) files += compare(text, file, 'x-mint');
      }
      expect(usingXMint).toBeGreaterThan(5);
      expect(files).toBeGreaterThan(1_000);
    },
    120_000,
  );
});
