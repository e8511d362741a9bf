import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import { loadSite, type LoadSiteOptions } from '../../src/node/index.js';
import { corpusScratch, corpusSites, corpusSitesRoot, hasCorpus, materializeCorpusSite } from '../helpers/corpus.js';
import { expectedJson } from '../helpers/fixtures.js';
import { siteFindingReason } from './site-validate-reasons.js';
import { compareWithLinkRot, REASONS, type LinkRotComparison } from './link-rot-differences.js';
import { collectSources, unreadDirectories } from '../../src/site/openapi-documents.js';
import { MINTIGNORE } from './mintignore.js';

/** The findings of one code and severity on one site, with why they are genuine. */
interface Finding {
  code: string;
  severity: string;
  count: number;
  reason: string;
  /** `file:line:column message` of each, in the order Quire reports them. */
  at: string[];
}

interface SiteExpectation {
  errors: number;
  warnings: number;
  findings: Finding[];
}

const expectationFile = path.join(import.meta.dirname, 'site-validate.expected.json');
const linkRotFile = path.join(import.meta.dirname, 'link-rot.differences.json');

// Every corpus site, materialized as its repository holds it (every page with its text, every
// other file present), validated as `quire validate` does, offline (URL documents are skipped
// with a warning: CI has no network). Every finding is recorded per site with the reason it is a
// genuine defect of that site; an error that is Quire's mistake is a bug to fix, not an entry.
describe.skipIf(!hasCorpus)('quire validate on the corpus sites with their content', () => {
  const scratch = corpusScratch('quire-corpus-');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const previous: Record<string, SiteExpectation> = existsSync(expectationFile) ? JSON.parse(readFileSync(expectationFile, 'utf8')) : {};
  const actual: Record<string, SiteExpectation> = {};

  it('has 52 sites', () => {
    expect(corpusSites().length).toBe(52);
  });

  it('knows the .mintignore of every site that has one', () => {
    const withFile = corpusSites().filter((site) =>
      readFileSync(path.join(corpusSitesRoot, site, 'files.txt'), 'utf8')
        .split('\n')
        .includes('.mintignore'),
    );
    expect(Object.keys(MINTIGNORE).sort()).toEqual(withFile);
  });

  for (const site of corpusSites()) {
    it(
      site,
      async () => {
        const folder = path.join(scratch, site);
        materializeCorpusSite(site, folder);
        // The corpus copy of .mintignore is empty: the site's own patterns, as the platform reads them.
        if (MINTIGNORE[site]) writeFileSync(path.join(folder, '.mintignore'), `${MINTIGNORE[site].join('\n')}\n`);
        // content/unreached-page is asked for, though `quire validate` reports it only on request:
        // what it finds on real sites stays recorded and compared with link-rot's findings.
        const options: LoadSiteOptions = { cwd: folder, offline: true, rules: { 'content/unreached-page': 'warning' } };
        const loaded = await loadSite(folder, options);
        rmSync(folder, { recursive: true, force: true });
        actual[site] = summarize(site, loaded.diagnostics, previous[site]);
        // Every broken link the incumbent's checker reports is reported here too, or its difference
        // is of a class explained in link-rot-differences.ts; the page it stopped at is reported
        // (unless the site's .mintignore leaves it out, which the corpus copy of link-rot's run did not know).
        // Offline, no document given by URL is read: links into the folders of its pages are not checked.
        const urls = new Set(loaded.tree ? [...collectSources(loaded.tree.root)].filter((source) => /^https?:\/\//i.test(source)) : []);
        const unknownFolders = loaded.tree ? unreadDirectories(loaded.tree.root, urls) : [];
        const mintignore = ignore().add([...(MINTIGNORE[site] ?? [])]);
        const comparison = compareWithLinkRot(
          site,
          loaded.diagnostics,
          [...loaded.content.keys()],
          (loaded.config ?? loaded.partialConfig)?.redirects ?? [],
          unknownFolders,
          (file) => mintignore.ignores(file),
        );
        if (comparison) {
          const linkRot = expectedJson(linkRotFile, { ...readJson<Record<string, LinkRotComparison>>(linkRotFile), [site]: comparison }) as Record<
            string,
            LinkRotComparison
          >;
          expect(comparison).toEqual(linkRot[site]);
          expect(comparison.unexplained).toEqual([]);
          for (const kind of Object.keys(comparison.differences)) expect(REASONS[kind], kind).toBeDefined();
          if (comparison.stoppedAt && !comparison.stoppedAt.ignoredBySite) expect(comparison.stoppedAt.reportedByQuire, comparison.stoppedAt.page).toBe(true);
        }
        const expected = expectedJson(expectationFile, { ...readExpectations(), [site]: actual[site] }) as Record<string, SiteExpectation>;
        expect(actual[site]).toEqual(expected[site]);
        for (const finding of expected[site]?.findings ?? []) expect(finding.reason, `${site} ${finding.code}`).not.toBe('REASON NEEDED');
      },
      600_000,
    );
  }
});

function readJson<T>(file: string): T {
  return (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as T;
}

/** The expectation file as it is now (UPDATE=1 rewrites it site by site). */
function readExpectations(): Record<string, SiteExpectation> {
  return existsSync(expectationFile) ? JSON.parse(readFileSync(expectationFile, 'utf8')) : {};
}

/** Groups a site's diagnostics by code and severity, keeping a reviewed reason from the last run. */
function summarize(site: string, diagnostics: readonly Diagnostic[], previous: SiteExpectation | undefined): SiteExpectation {
  const groups = new Map<string, Finding>();
  for (const diagnostic of diagnostics) {
    const key = `${diagnostic.severity} ${diagnostic.code}`;
    let group = groups.get(key);
    if (!group) {
      const kept = previous?.findings.find(
        (finding) => finding.code === diagnostic.code && finding.severity === diagnostic.severity && finding.reason !== 'REASON NEEDED',
      )?.reason;
      group = { code: diagnostic.code, severity: diagnostic.severity, count: 0, reason: kept ?? siteFindingReason(site, diagnostic), at: [] };
      groups.set(key, group);
    }
    group.count++;
    group.at.push(`${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`);
  }
  const findings = [...groups.values()].sort((a, b) => a.severity.localeCompare(b.severity) || a.code.localeCompare(b.code));
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return { errors, warnings: diagnostics.length - errors, findings };
}
