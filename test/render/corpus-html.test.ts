import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { corpusScratch, hasCorpus, materializeCorpusSite } from '../helpers/corpus.js';

/**
 * Corpus sites of different makes: a large OpenAPI reference, and (QUIRE_FULL_CORPUS=1) guides
 * with components, which the fixture sites cover in `npm test` (each site adds 10-20 s to CI).
 */
const SITES = process.env.QUIRE_FULL_CORPUS === '1' ? ['AhaSend__docs', 'teamhanko__docs'] : ['teamhanko__docs'];

interface BuildReport {
  built: boolean;
  renderFailures: Array<{ file?: string; href: string; stage: string; message: string }>;
  unwritten: Array<{ file: string; url: string; siteOwn: boolean }>;
  diagnostics: Array<{ file?: string; severity: string; code: string }>;
}

describe.skipIf(!hasCorpus)('quire build --html on corpus sites', () => {
  const scratch = hasCorpus ? corpusScratch('quire-corpus-html-') : '';
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it.each(SITES)(
    '%s: every page that validates renders, in the shell, with its sidebar',
    async (site) => {
      const folder = path.join(scratch, site);
      const out = path.join(scratch, `${site}-out`);
      materializeCorpusSite(site, folder);
      const result = await quireInProcess(['build', '--html', folder, '-o', out, '--format', 'json', '--offline']);
      const report = JSON.parse(result.stdout) as BuildReport;
      expect(report.built).toBe(true);
      // A page may fail only where validate reports an error in its file (its MDX does not compile).
      const withErrors = new Set(
        report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => path.basename(diagnostic.file ?? '')),
      );
      const unexplained = report.renderFailures.filter((failure) => !withErrors.has(path.basename(failure.file ?? failure.href)));
      expect(unexplained).toEqual([]);
      // Every URL of llms.txt is a file of the build (each page's Markdown), none answers 404.
      expect(report.unwritten).toEqual([]);
      expect(readFileSync(path.join(out, 'llms.txt'), 'utf8').match(/\.md\)/g)?.length ?? 0).toBeGreaterThan(10);
      // A site without a page at `/` forwards from there to its first page (`./intro`: URLs lead from the page's folder).
      let home = readFileSync(path.join(out, 'index.html'), 'utf8');
      const forward = /<meta http-equiv="refresh" content="0; url=\.\/([^"]*)">/.exec(home)?.[1];
      if (forward !== undefined) home = readFileSync(path.join(out, `${forward}.html`), 'utf8');
      expect(home).toMatch(/^<!DOCTYPE html>/);
      expect(home).toContain('<aside id="sidebar"');
      expect(home.match(/class="nav-link/g)?.length ?? 0).toBeGreaterThan(5);
    },
    120_000,
  );
});
