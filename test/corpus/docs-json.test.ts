import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/index.js';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { expectedJson, folderReader } from '../helpers/fixtures.js';
import { reasonFor } from './docs-json-reasons.js';

interface ExpectedDiagnostic {
  code: string;
  severity: string;
  file: string;
  line: number | undefined;
  column: number | undefined;
  pointer: string;
  message: string;
  reason: string;
}

const expectationFile = path.join(import.meta.dirname, 'docs-json.expected.json');

// Every docs.json of the shared corpus parses, and every diagnostic it produces is a known,
// explained defect of that site: a change in what Quire reports shows up as a diff here.
describe.skipIf(!hasCorpus)('parseDocsJson on the corpus sites', () => {
  const sites = corpusSites();
  const previous: Record<string, ExpectedDiagnostic[]> = existsSync(expectationFile) ? JSON.parse(readFileSync(expectationFile, 'utf8')) : {};
  const actual: Record<string, ExpectedDiagnostic[]> = {};

  for (const site of sites) {
    const folder = path.join(corpusSitesRoot, site);
    const text = readFileSync(path.join(folder, 'docs.json'), 'utf8');
    const result = parseDocsJson(text, { file: 'docs.json', readFile: folderReader(folder) });
    const reasons = new Map((previous[site] ?? []).map((entry) => [`${entry.code} ${entry.file} ${entry.pointer}`, entry.reason]));
    actual[site] = result.diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      severity: diagnostic.severity,
      file: diagnostic.file,
      line: diagnostic.line,
      column: diagnostic.column,
      pointer: diagnostic.pointer,
      message: diagnostic.message,
      reason: reasons.get(`${diagnostic.code} ${diagnostic.file} ${diagnostic.pointer}`) ?? reasonFor(diagnostic),
    }));
    if (actual[site].length === 0) delete actual[site];
  }

  const expected = expectedJson(expectationFile, actual) as Record<string, ExpectedDiagnostic[]>;

  it('has 52 sites', () => {
    expect(sites.length).toBe(52);
  });

  for (const site of sites) {
    it(site, () => {
      expect(actual[site] ?? []).toEqual(expected[site] ?? []);
      for (const entry of expected[site] ?? []) expect(entry.reason).not.toBe('REASON NEEDED');
    });
  }
});
