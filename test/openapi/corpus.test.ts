import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEndpointPages, findOperation, findSchema, findWebhook, hasErrors, loadOpenApi, type OpenApiDocument } from '../../src/index.js';
import { corpusRoot, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { expectedJson } from '../helpers/fixtures.js';
import { frontmatterReferences, type FrontmatterReference } from './frontmatter.js';

/** What Quire makes of one corpus file. */
interface FileOutcome {
  version: string;
  /** No error diagnostics: the description can be used as it is. */
  valid: boolean;
  operations: number;
  pages: number;
  /** Diagnostic codes with their counts. */
  codes: Record<string, number>;
}

/** Per site: the outcome of each OpenAPI file and what the `openapi:` frontmatter of its MDX pages refers to. */
interface SiteOutcome {
  files: Record<string, FileOutcome>;
  frontmatter: { matched: number; problems: Array<{ page: string; value: string; finding: string; suggestions: string[] }> };
}

const expectationFile = path.join(import.meta.dirname, 'corpus.expected.json');
const rows = hasCorpus
  ? readFileSync(`${corpusRoot}OPENAPI.tsv`, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [site, file, , version, operations] = line.split('\t') as [string, string, string, string, string];
        return { site, file, version, operations: Number(operations) };
      })
  : [];

// Every OpenAPI file of the shared corpus either loads and expands, or fails with diagnostics
// only; the outcome of each (operation count, diagnostic codes) is checked in, so any change in
// what Quire accepts or reports shows up as a diff. The `openapi:` frontmatter of the corpus's
// MDX pages is looked up in the site's descriptions, and the misses are recorded per site.
describe.skipIf(!hasCorpus)('OpenAPI files of the corpus', () => {
  const actual: Record<string, SiteOutcome> = {};
  const documents = new Map<string, OpenApiDocument>();
  for (const row of rows) {
    const site = (actual[row.site] ??= { files: {}, frontmatter: { matched: 0, problems: [] } });
    const text = readFileSync(`${corpusRoot}${row.file}`, 'utf8');
    const relative = row.file.slice(`sites/${row.site}/`.length);
    let outcome: FileOutcome;
    try {
      const loaded = loadOpenApi(text, { file: relative });
      const built = loaded.document ? buildEndpointPages(loaded.document) : undefined;
      if (loaded.document) documents.set(row.file, loaded.document);
      const codes: Record<string, number> = {};
      for (const diagnostic of [...loaded.diagnostics, ...(built?.diagnostics ?? [])]) codes[diagnostic.code] = (codes[diagnostic.code] ?? 0) + 1;
      outcome = {
        version: loaded.document?.version ?? 'none',
        valid: loaded.document !== undefined && !hasErrors(loaded.diagnostics),
        operations: built ? built.pages.filter((page) => page.kind === 'endpoint').length + excludedCount(loaded.document as OpenApiDocument) : 0,
        pages: built?.pages.length ?? 0,
        codes,
      };
    } catch (error) {
      outcome = { version: 'threw', valid: false, operations: 0, pages: 0, codes: { [`threw: ${(error as Error).message}`]: 1 } };
    }
    site.files[relative] = outcome;
  }
  for (const [siteName, site] of Object.entries(actual)) {
    const specs = rows
      .filter((row) => row.site === siteName && documents.has(row.file))
      .map((row) => ({ file: row.file.slice(`sites/${siteName}/`.length), document: documents.get(row.file) as OpenApiDocument }));
    for (const reference of frontmatterReferences(path.join(corpusSitesRoot, siteName))) {
      const problem = checkReference(reference, specs);
      if (problem) site.frontmatter.problems.push(problem);
      else site.frontmatter.matched++;
    }
  }
  const expected = expectedJson(expectationFile, actual) as Record<string, SiteOutcome>;

  it('reads every file listed in OPENAPI.tsv', () => {
    expect(rows.length).toBe(519);
    expect(Object.values(actual).reduce((sum, site) => sum + Object.keys(site.files).length, 0)).toBe(519);
  });

  it('never throws, and every file that is not valid has an error diagnostic', () => {
    for (const site of Object.values(actual)) {
      for (const [file, outcome] of Object.entries(site.files)) {
        expect(outcome.version, file).not.toBe('threw');
        if (!outcome.valid) expect(Object.keys(outcome.codes).length, file).toBeGreaterThan(0);
      }
    }
  });

  it('counts the operations OPENAPI.tsv lists for every OpenAPI 3 file', () => {
    for (const row of rows) {
      if (!/^3\./.test(row.version)) continue;
      const outcome = actual[row.site]?.files[row.file.slice(`sites/${row.site}/`.length)];
      expect(outcome?.operations, row.file).toBe(row.operations);
    }
  });

  for (const siteName of Object.keys(actual).sort()) {
    it(siteName, () => {
      expect(actual[siteName]).toEqual(expected[siteName]);
    });
  }
});

/** Whether the spec named in a page's frontmatter is `file`: from the docs root, from the page's folder, or by name without extension. */
function namesSpec(named: string, page: string, file: string): boolean {
  const fromRoot = path.posix.normalize(named.replace(/^\/+/, ''));
  const fromPage = path.posix.normalize(path.posix.join(path.posix.dirname(page), named));
  const stem = (name: string) => name.replace(/\.(json|ya?ml)$/, '');
  return [fromRoot, fromPage].some((candidate) => candidate === file || stem(candidate) === stem(file)) || stem(path.posix.basename(file)) === named;
}

/** Operations marked `x-excluded`, which get no page. */
function excludedCount(document: OpenApiDocument): number {
  let excluded = 0;
  const paths = (document.spec as { paths?: Record<string, Record<string, unknown> | undefined> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      const operation = item?.[method] as Record<string, unknown> | undefined;
      if (operation && operation['x-excluded']) excluded++;
    }
  }
  return excluded;
}

function checkReference(
  reference: FrontmatterReference,
  specs: Array<{ file: string; document: OpenApiDocument }>,
): SiteOutcome['frontmatter']['problems'][number] | undefined {
  const named = reference.spec ? specs.filter((spec) => namesSpec(reference.spec as string, reference.page, spec.file)) : specs;
  const base = { page: reference.page, value: reference.value };
  if (reference.spec && named.length === 0) return { ...base, finding: `no OpenAPI file ${reference.spec} in the corpus copy of the site`, suggestions: [] };
  if (named.length === 0) return { ...base, finding: 'the site has no OpenAPI 3 file in the corpus', suggestions: [] };
  const suggestions = new Set<string>();
  for (const { document } of named) {
    const found =
      reference.kind === 'schema'
        ? findSchema(document, reference.target)
        : reference.kind === 'webhook'
          ? findWebhook(document, reference.target)
          : findOperation(document, reference.method as string, reference.target);
    if (found.match) return undefined;
    for (const suggestion of found.suggestions) suggestions.add(suggestion);
  }
  return { ...base, finding: suggestions.size ? 'near miss' : 'not found', suggestions: [...suggestions].slice(0, 3) };
}
