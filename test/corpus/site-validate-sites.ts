import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import { loadSite, type LoadSiteOptions } from '../../src/node/index.js';
import { collectSources, unreadDirectories } from '../../src/site/openapi-documents.js';
import { corpusScratch, corpusSites, corpusSitesRoot, hasCorpus, materializeCorpusSite } from '../helpers/corpus.js';
import { expectedJson } from '../helpers/fixtures.js';
import { compareWithLinkRot, REASONS } from './link-rot-differences.js';
import { MINTIGNORE } from './mintignore.js';
import { siteFindingReason } from './site-validate-reasons.js';

// The corpus sites are validated in parts, one test file each (site-validate.<part>.test.ts), so
// that vitest's forks validate them side by side: the 52 sites took 100-110 s in one file, alone
// on a 2-core machine, and that file was the last to finish in `npm test`. One site, in whichever
// part it is: `npx vitest run test/corpus/site-validate -t <site id>` (UPDATE=1 to write its expectations).

/** How many test files the corpus sites are dealt into. */
export const CORPUS_PARTS = 3;

/** The folder of the expected findings, one `<site>.json` per corpus site. */
export const expectationFolder = path.join(import.meta.dirname, 'site-validate.expected');
/** The folder of the differences from link-rot's findings, one `<site>.json` per site link-rot checked. */
export const linkRotFolder = path.join(import.meta.dirname, 'link-rot.differences');

// One file per site, not one for all: under UPDATE=1 the parts write their sites' expectations at
// the same time, and a file they all read, changed and wrote again would lose some of them.
const expectationFile = (site: string) => path.join(expectationFolder, `${site}.json`);
const linkRotFile = (site: string) => path.join(linkRotFolder, `${site}.json`);

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

/**
 * The corpus sites of one part (1 to {@link CORPUS_PARTS}). Sites are dealt by their number of
 * files, the largest first, each to the part with the fewest files so far: the parts' times then
 * came within 10% of each other (the size of a site's texts balanced them worse: OpenAPI documents
 * and assets weigh little for their files).
 */
export function corpusPart(part: number): string[] {
  const parts = Array.from({ length: CORPUS_PARTS }, () => ({ files: 0, sites: [] as string[] }));
  const sized = corpusSites().map((site) => ({
    site,
    files: readFileSync(path.join(corpusSitesRoot, site, 'files.txt'), 'utf8')
      .split('\n')
      .filter(Boolean).length,
  }));
  sized.sort((a, b) => b.files - a.files || (a.site < b.site ? -1 : 1));
  for (const { site, files } of sized) {
    const lightest = parts.reduce((least, candidate) => (candidate.files < least.files ? candidate : least));
    lightest.files += files;
    lightest.sites.push(site);
  }
  return (parts[part - 1]?.sites ?? []).sort();
}

/**
 * Every corpus site of `part`, materialized as its repository holds it (every page with its text,
 * every other file present), validated as `quire validate` does, offline (URL documents are
 * skipped with a warning: CI has no network). Every finding is recorded per site with the reason
 * it is a genuine defect of that site; an error that is Quire's mistake is a bug to fix, not an entry.
 */
export function validateCorpusPart(part: number): void {
  describe.skipIf(!hasCorpus)(`quire validate on the corpus sites with their content (part ${part} of ${CORPUS_PARTS})`, () => {
    // Made when a test of the suite runs: a run that filters them all out leaves nothing behind.
    let scratch = '';
    beforeAll(() => {
      scratch = corpusScratch('quire-corpus-');
    });
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    for (const site of corpusPart(part)) {
      it(
        site,
        async () => {
          const previous = readJson<SiteExpectation>(expectationFile(site));
          const folder = path.join(scratch, site);
          materializeCorpusSite(site, folder);
          // The corpus copy of .mintignore is empty: the site's own patterns, as the platform reads them.
          if (MINTIGNORE[site]) writeFileSync(path.join(folder, '.mintignore'), `${MINTIGNORE[site].join('\n')}\n`);
          // content/unreached-page is asked for, though `quire validate` reports it only on request:
          // what it finds on real sites stays recorded and compared with link-rot's findings.
          const options: LoadSiteOptions = { cwd: folder, offline: true, rules: { 'content/unreached-page': 'warning' } };
          const loaded = await loadSite(folder, options);
          rmSync(folder, { recursive: true, force: true });
          const actual = summarize(site, loaded.diagnostics, previous);
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
            expect(comparison).toEqual(expectedJson(linkRotFile(site), comparison));
            expect(comparison.unexplained).toEqual([]);
            for (const kind of Object.keys(comparison.differences)) expect(REASONS[kind], kind).toBeDefined();
            if (comparison.stoppedAt && !comparison.stoppedAt.ignoredBySite) expect(comparison.stoppedAt.reportedByQuire, comparison.stoppedAt.page).toBe(true);
          } else {
            // A site link-rot did not check has no differences recorded.
            if (process.env.UPDATE === '1') rmSync(linkRotFile(site), { force: true });
            expect(existsSync(linkRotFile(site)), linkRotFile(site)).toBe(false);
          }
          const expected = expectedJson(expectationFile(site), actual) as SiteExpectation;
          expect(actual).toEqual(expected);
          for (const finding of expected.findings) expect(finding.reason, `${site} ${finding.code}`).not.toBe('REASON NEEDED');
        },
        600_000,
      );
    }
  });
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
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
