import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEndpointPages, loadOpenApi } from '../../src/index.js';
import { loadSite } from '../../src/node/index.js';
import { corpusScratch, corpusSites, corpusSitesRoot, hasCorpus, materializeCorpusSite } from '../helpers/corpus.js';
import { expectedJson } from '../helpers/fixtures.js';

/**
 * The URLs Quire gives generated endpoint and webhook pages, held to the incumbent's own:
 * platform-urls.json is what the incumbent's page generation answers on the corpus
 * (bench/platform-urls.mjs runs it, unmodified, from bench/.cache: never a dependency of Quire).
 * Every difference is listed in platform-urls.differences.json with its reason (REASONS); a
 * difference of no known class fails. Schema pages have no URL of their own to compare: the
 * platform makes none, an `openapi-schema:` page is served at its MDX file's path, in Quire too.
 */
interface Recording {
  tool: string;
  documents: Record<string, { urls?: Record<string, string>; error?: string }>;
  sites: Record<string, { pages: Record<string, string>; error?: string; offline?: string[] }>;
}

/** Why a URL of the incumbent's is not Quire's, by class. */
const REASONS: Record<string, string> = {
  'refused-by-platform':
    "The incumbent's validator refuses the document (a schema it holds to a stricter reading, such as `required` listing a property that `properties` lacks, or an external `$ref`), so it generates no page from it; Quire reads the document (reporting what it finds) and generates them. The corpus sites reference these documents from MDX pages' `openapi:` frontmatter, whose URLs are the MDX pages' own.",
  'platform-throws':
    "The incumbent's generation throws on the document (an `x-mint.href` that is a number: `filePath.startsWith is not a function`); Quire reports the value (`openapi/invalid-extension`) and ignores it.",
  'x-quire-setting':
    'The operation has an `href` in `x-quire` (or in an extension named by the `extension` option), which Quire reads before `x-mint`; the platform reads `x-mint` only. A site written for the platform has neither, and Quire says which `x-mint` value it shadows (`openapi/shadowed-extension-key`).',
};

/** The class of a document the incumbent did not generate pages from. */
const refusal = (error: string) => (error.startsWith('Failed to validate') || error.includes('external') ? 'refused-by-platform' : 'platform-throws');

interface Difference {
  document: string;
  operation: string;
  platform?: string;
  quire?: string;
  reason: string;
}

const recordingFile = path.join(import.meta.dirname, 'platform-urls.json');
const differencesFile = path.join(import.meta.dirname, 'platform-urls.differences.json');
const recording: Recording | undefined = existsSync(recordingFile) ? JSON.parse(readFileSync(recordingFile, 'utf8')) : undefined;

describe.skipIf(!hasCorpus || !recording)("generated page URLs are the platform's", () => {
  const { documents, sites } = recording as Recording;

  it('for every operation and webhook of every corpus description and OpenAPI fixture, as the whole document lists them', () => {
    const differences: Difference[] = [];
    let compared = 0;
    for (const [key, recorded] of Object.entries(documents)) {
      // `<site>/<file>` of the corpus, or `fixtures/openapi/<case>/<file>`.
      const fixture = key.startsWith('fixtures/');
      const file = fixture ? path.basename(key) : key.slice(key.indexOf('/') + 1);
      const { document } = loadOpenApi(readFileSync(fixture ? path.join(import.meta.dirname, '../..', key) : path.join(corpusSitesRoot, key), 'utf8'), {
        file,
      });
      const quire = new Map<string, string>();
      if (document)
        for (const page of buildEndpointPages(document, { directory: 'api-reference' }).pages)
          quire.set(`${page.kind === 'webhook' ? 'webhook' : page.method.toLowerCase()} ${page.path}`, page.url);
      if (recorded.error !== undefined) {
        if (quire.size) differences.push({ document: key, operation: `${quire.size} operations`, reason: refusal(recorded.error) });
        continue;
      }
      const quireHrefs = document ? hrefsOutsideXMint(document.spec as Record<string, unknown>) : new Set<string>();
      for (const [operation, url] of Object.entries(recorded.urls ?? {})) {
        compared++;
        if (quire.get(operation) !== url)
          differences.push({
            document: key,
            operation,
            platform: url,
            ...(quire.has(operation) ? { quire: quire.get(operation) } : {}),
            reason: quireHrefs.has(operation) ? 'x-quire-setting' : 'unexplained',
          });
      }
      for (const [operation, url] of quire) if (!recorded.urls?.[operation]) differences.push({ document: key, operation, quire: url, reason: 'unexplained' });
    }
    expect(compared).toBeGreaterThan(9000);
    const expected = expectedJson(differencesFile, { ...readDifferences(), documents: differences }) as { documents: Difference[] };
    expect(differences).toEqual(expected.documents);
    expect(differences.filter((difference) => !REASONS[difference.reason])).toEqual([]);
  }, 180_000); // 13 s in CI; over 30 s on a machine busier than CI (the default timeout)

  describe("for every page a corpus site's navigation generates", () => {
    // Made when a test of the suite runs: a run that filters them all out leaves nothing behind.
    let scratch = '';
    beforeAll(() => {
      scratch = corpusScratch('quire-urls-');
    });
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    for (const site of corpusSites()) {
      const recorded = sites[site];
      if (!recorded || (Object.keys(recorded.pages).length === 0 && recorded.error === undefined)) continue;
      it(
        site,
        async () => {
          const folder = path.join(scratch, site);
          materializeCorpusSite(site, folder);
          const loaded = await loadSite(folder, { cwd: folder, offline: true, content: false });
          rmSync(folder, { recursive: true, force: true });
          // Pages of MDX files with `openapi:` frontmatter are the files' own pages, not generated ones.
          const mdx = new Set([...loaded.frontmatter].filter(([, frontmatter]) => frontmatter.openapi !== undefined).map(([page]) => `/${page}`));
          const quire = new Map(
            loaded.endpointPages
              .filter((page) => !mdx.has(page.url) || recorded.pages[page.url])
              .map((page) => [page.url, `/${page.file.replace(/^\.?\//, '')} ${page.kind === 'webhook' ? 'webhook' : page.method.toLowerCase()} ${page.path}`]),
          );
          expect(Object.fromEntries([...quire].sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(recorded.pages);
        },
        600_000,
      );
    }
  });
});

/** The operations (`get /users`) whose `href` is written in another extension than `x-mint`. */
function hrefsOutsideXMint(spec: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  for (const [path, item] of Object.entries((spec.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (
        operation &&
        typeof operation === 'object' &&
        Object.keys(operation).some((key) => key !== 'x-mint' && key.startsWith('x-') && (operation[key] as { href?: unknown } | null)?.href !== undefined)
      )
        found.add(`${method} ${path}`);
    }
  }
  return found;
}

function readDifferences(): Record<string, unknown> {
  return existsSync(differencesFile) ? JSON.parse(readFileSync(differencesFile, 'utf8')) : {};
}
