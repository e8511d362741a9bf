import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { hasErrors, loadOpenApi } from '../../src/index.js';
import { corpusRoot, hasCorpus } from '../helpers/corpus.js';
import { expectedJson } from '../helpers/fixtures.js';

const verdictsFile = path.join(import.meta.dirname, 'reference-verdicts.json');

/** @readme/openapi-parser's verdict on one file: valid, or its first error. */
async function referenceVerdict(file: string): Promise<{ valid: boolean; firstError?: string }> {
  const text = readFileSync(`${corpusRoot}${file}`, 'utf8');
  const value = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000 });
  const result = await validate(value, { validate: { errors: { colorize: false } } });
  return result.valid ? { valid: true } : { valid: false, firstError: result.errors[0]?.message.split('\n')[0] ?? '' };
}

function quireValid(file: string): boolean {
  const loaded = loadOpenApi(readFileSync(`${corpusRoot}${file}`, 'utf8'), { file });
  return loaded.document !== undefined && !hasErrors(loaded.diagnostics);
}

/** The reference's messages for the faults the platform renders and Quire warns about. */
const RENDERED_FAULT = /operationId .* is duplicated|is missing path parameter|has a path parameter named|Found multiple `\w+` parameters named/;

function codeOfFault(message: string): string {
  if (message.includes('operationId')) return 'openapi/duplicate-operation-id';
  if (message.startsWith('Found multiple')) return 'openapi/duplicate-parameter';
  return message.includes('is missing path parameter') ? 'openapi/path-parameter-missing' : 'openapi/path-parameter-not-in-path';
}

function warningCodes(file: string): string[] {
  const loaded = loadOpenApi(readFileSync(`${corpusRoot}${file}`, 'utf8'), { file });
  return loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').map((diagnostic) => diagnostic.code);
}

const files = hasCorpus
  ? readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[1] as string)
  : [];

// @readme/openapi-parser is the reference validator; it is too slow for Quire's main path (about a
// second on GitHub's description) but says which documents are valid. Its verdicts on the whole
// corpus are recorded (UPDATE=1 recomputes them, in about a minute); Quire must agree on every
// file, and a sample is re-validated by both on every run so that the record cannot go stale.
describe.skipIf(!hasCorpus)('Quire agrees with @readme/openapi-parser on the corpus', async () => {
  const recorded = (
    process.env.UPDATE === '1'
      ? expectedJson(verdictsFile, Object.fromEntries(await Promise.all(files.map(async (file) => [file, await referenceVerdict(file)] as const))))
      : JSON.parse(readFileSync(verdictsFile, 'utf8'))
  ) as Record<string, { valid: boolean; firstError?: string }>;

  it('on every file, except Swagger 2.0, which the reference reads and Quire refuses by design, and path or operation ID faults the platform renders', () => {
    const disagreements = files.filter((file) => recorded[file]?.valid !== quireValid(file));
    const swagger = files.filter((file) => readFileSync(`${corpusRoot}${file}`, 'utf8').includes('"swagger"'));
    // Duplicate operation IDs and parameters, and path parameters missing from or absent in the path, are outside
    // the OpenAPI JSON Schemas the platform validates with: it renders those pages, and Quire
    // reports them as warnings (the reference names the first such fault of each file).
    const rendered = files.filter((file) => !swagger.includes(file) && RENDERED_FAULT.test(recorded[file]?.firstError ?? ''));
    expect(disagreements).toEqual([...swagger, ...rendered].sort((a, b) => files.indexOf(a) - files.indexOf(b)));
    for (const file of rendered) expect(warningCodes(file), file).toContain(codeOfFault(recorded[file]?.firstError ?? ''));
    expect(files.filter((file) => recorded[file]?.valid === false).length).toBe(21);
  });

  // Every file the reference rejects, and every 40th file it accepts.
  const sample = files.filter((file, index) => recorded[file]?.valid === false || index % 40 === 0);
  it.each(sample)('%s: the reference still says what is recorded', async (file) => {
    const verdict = await referenceVerdict(file);
    expect(verdict.valid).toBe(recorded[file]?.valid);
  });
});
