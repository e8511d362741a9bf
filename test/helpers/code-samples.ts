import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildEndpointPages, loadOpenApi, type BuildEndpointPagesOptions, type EndpointPage } from '../../src/index.js';
import { corpusRoot, hasCorpus } from './corpus.js';
import { fixtureCases, fixturePath } from './fixtures.js';

/**
 * `QUIRE_FULL_SAMPLES=1` (the `test:samples` script) checks every operation of every corpus
 * description: about 10,000 operations and 80,000 samples, a minute or more. Without it the
 * tests take every third description and its first `operations` (eight: about a thousand).
 */
export const fullSampleRun = process.env.QUIRE_FULL_SAMPLES === '1';

/** An endpoint page to check the samples of, and where its operation is described. */
export interface SampledPage {
  file: string;
  page: EndpointPage;
  /** `api.examples.defaults` the samples were made with, when not `all`. */
  defaults?: 'required';
}

/** The endpoint pages of the code-samples fixtures, with the options their options.json gives. */
export function fixturePages(): SampledPage[] {
  const pages: SampledPage[] = [];
  for (const name of fixtureCases('openapi').filter((name) => name.includes('code-samples'))) {
    const folder = fixturePath('openapi', name);
    const spec = readdirSync(folder).find((file) => !['expected.json', 'options.json'].includes(file)) as string;
    const options = JSON.parse(readFileSync(path.join(folder, 'options.json'), 'utf8')) as { pages?: BuildEndpointPagesOptions };
    const { document } = loadOpenApi(readFileSync(path.join(folder, spec), 'utf8'), { file: spec });
    if (!document) throw new Error(`${name}/${spec} does not load`);
    const defaults = options.pages?.codeSamples?.defaults === 'required' ? { defaults: 'required' as const } : {};
    for (const page of buildEndpointPages(document, options.pages).pages) pages.push({ file: `${name}/${spec}`, page, ...defaults });
  }
  return pages;
}

/** The endpoint pages (not webhooks) of the corpus's OpenAPI descriptions, sampled unless {@link fullSampleRun}. */
export function corpusEndpointPages(options: BuildEndpointPagesOptions = {}, operations = 8): SampledPage[] {
  if (!hasCorpus) return [];
  const rows = readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  const pages: SampledPage[] = [];
  for (const [index, row] of rows.entries()) {
    const file = row[1] as string;
    if (!fullSampleRun && index % 3 !== 0) continue;
    const { document } = loadOpenApi(readFileSync(`${corpusRoot}${file}`, 'utf8'), { file });
    if (!document) continue;
    const built = buildEndpointPages(document, options).pages.filter((page) => page.kind === 'endpoint');
    for (const page of fullSampleRun ? built : built.slice(0, operations)) pages.push({ file, page });
  }
  return pages;
}
