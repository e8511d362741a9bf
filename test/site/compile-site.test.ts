import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite, createCompiler, formatDiagnostics } from '../../src/index.js';
import { loadSite } from '../../src/node/index.js';
import { fixtureCases, fixturePath } from '../helpers/fixtures.js';
import { asInputs, siteInputsOf } from '../helpers/site-inputs.js';

const place = ({
  code,
  severity,
  file,
  line,
  column,
  message,
  hint,
}: {
  code: string;
  severity: string;
  file: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}) => ({ code, severity, at: `${file}:${line}:${column}`, message, ...(hint ? { hint } : {}) });

// The fixtures of fixtures/content compiled from memory: the files are read here, by the test,
// and compileSite gets their texts; it reads nothing itself. Same diagnostics as loadSite's.
describe('compileSite on fixtures/content, with no disk', () => {
  for (const name of fixtureCases('content')) {
    it(name, () => {
      const folder = fixturePath('content', name);
      const result = compileSite(asInputs(siteInputsOf(folder)), { offline: true });
      expect(result.wanted).toEqual({ files: [], urls: [], openApiFiles: false });
      const actual = result.diagnostics.map(place);
      expect(actual).toEqual(JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf8')));
      expect(result.summary.errors + result.summary.warnings).toBe(result.diagnostics.length);
      expect(formatDiagnostics(result.diagnostics, result.sources)).not.toMatch(/undefined/);
    });
  }
});

describe('compileSite', () => {
  it('says what it needs and was not given, and is complete once given it', () => {
    const folder = fixturePath('content', 'snippets');
    const all = siteInputsOf(folder);
    const pages = new Map([...all.texts].filter(([file]) => file !== 'docs.json'));
    const without = compileSite({ files: all.files, texts: pages }, { offline: true });
    expect(without.wanted.files).toEqual(['docs.json']);
    const compiler = createCompiler({ offline: true }, { files: all.files, texts: pages });
    compiler.compile();
    const done = compiler.update([{ file: 'docs.json', content: all.texts.get('docs.json') as string }]);
    expect(done.wanted).toEqual({ files: [], urls: [], openApiFiles: false });
    expect(done.diagnostics).toEqual(compileSite(asInputs(all), { offline: true }).diagnostics);
  });

  it('reports a folder without docs.json as one error', () => {
    const result = compileSite({ files: ['index.mdx'], texts: new Map([['index.mdx', '# Home\n']]) });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['config/not-found']);
    expect(result.summary.errors).toBe(1);
  });

  it('gives the summary quire validate prints', () => {
    const folder = fixturePath('content', 'valid-links');
    const result = compileSite(asInputs(siteInputsOf(folder)), { offline: true });
    expect(result.summary).toMatchObject({ errors: 0, warnings: 0, files: result.site.files.length });
    expect(result.summary.navigation?.pages).toBeGreaterThan(0);
    expect(result.summary.pages).toBe(result.site.pages?.byPath.size);
  });

  it('gives loadSite what loadSite gives: the same site from the disk and from memory', async () => {
    for (const name of ['broken-links', 'snippets', 'reached-pages']) {
      const folder = fixturePath('content', name);
      const fromDisk = await loadSite(folder, { cwd: folder, offline: true });
      const fromMemory = compileSite(asInputs(siteInputsOf(folder)), { offline: true });
      expect(fromMemory.diagnostics).toEqual(fromDisk.diagnostics);
      expect(fromMemory.site.tree).toEqual(fromDisk.tree);
      expect([...fromMemory.site.content.keys()]).toEqual([...fromDisk.content.keys()]);
    }
  });
});
