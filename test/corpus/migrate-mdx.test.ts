import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastGlob from 'fast-glob';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import { splitFrontmatter } from '../../src/frontmatter/frontmatter.js';
import { applyMdxMigration, loadSite, planMdxMigration } from '../../src/node/index.js';
import { getAtPointer } from '../../src/json/pointer.js';
import { parseSource } from '../../src/openapi/source.js';
import { corpusSites, corpusSitesRoot, hasCorpus } from '../helpers/corpus.js';
import { fullCorpus } from '../helpers/corpus-content.js';
import { expectedJson } from '../helpers/fixtures.js';

/** The corpus sites that keep MDX pages with `openapi:` frontmatter. */
function sitesWithEndpointPages(): string[] {
  return corpusSites().filter((site) =>
    fastGlob
      .sync(['**/*.mdx', '**/*.md'], { cwd: path.join(corpusSitesRoot, site) })
      .some((file) => /^openapi[ \t]*:/m.test(splitFrontmatter(readFileSync(path.join(corpusSitesRoot, site, file), 'utf8'))?.yaml ?? '')),
  );
}

/**
 * The sites run in `npm test`: between them, pages moved (webhooks among them, into several
 * documents) and every reason a page stays that a corpus site gives (translation fallback, invalid
 * reference, not in the navigation, URL would change, endpoint not found, no document, document
 * unavailable), in about a seventh of the time of all 28 (Firma-esign alone, a site blocked by
 * ambiguous endpoints, took a quarter: those are covered by test/migrate/migrate-mdx.test.ts).
 * QUIRE_FULL_CORPUS=1 (`npm run test:corpus`) runs every site with endpoint pages.
 */
const SAMPLE = ['AhaSend__docs', 'Comfy-Org__docs', 'alltick__docs', 'axiomhq__docs', 'dittofeed__dittofeed', 'dubinc__docs', 'mem0ai__mem0'];

/** Errors as a set of `code file pointer` (lines move when documents grow). */
function errors(diagnostics: readonly Diagnostic[]): Set<string> {
  return new Set(
    diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => `${diagnostic.code} ${diagnostic.file} ${diagnostic.pointer}`),
  );
}

// migrate-mdx on a copy of each corpus site that has endpoint MDX pages: the site still loads
// with no error it did not have, every moved page's body, frontmatter and URL are in its
// operation's extension (x-mint where the document has any, else x-quire), and its entries name
// the endpoint. What moved, into which extension, and what stayed (by reason) is recorded per site in test/corpus/migrate/<site>.json. Documents given by URL are not
// fetched (their pages stay as `migrate/document-unavailable`).
describe.skipIf(!hasCorpus)('migrate-mdx on the corpus sites', () => {
  // Offline and deterministic: a document given by URL is never fetched (a DNS lookup that hangs
  // would also hold up file reads, which share its thread pool).
  beforeAll(() => vi.stubGlobal('fetch', () => Promise.reject(new Error('the corpus test does not fetch'))));
  afterAll(() => vi.unstubAllGlobals());
  const sites = hasCorpus ? sitesWithEndpointPages() : [];
  it('samples sites that have endpoint pages', () => {
    expect(sites.length).toBe(28);
    expect(SAMPLE.filter((site) => !sites.includes(site))).toEqual([]);
  });
  for (const site of sites.filter((candidate) => fullCorpus || SAMPLE.includes(candidate))) {
    it(site, { timeout: 120_000 }, async () => {
      const folder = mkdtempSync(path.join(tmpdir(), `quire-migrate-${site}-`));
      try {
        cpSync(path.join(corpusSitesRoot, site), folder, { recursive: true });
        const options = { cwd: folder, openapiTimeoutMs: 2000 };
        const before = await loadSite(folder, options);
        const migration = await planMdxMigration(folder, options);
        const originals = new Map(migration.plan.moved.map((page) => [page.file, readFileSync(path.join(folder, page.file), 'utf8')]));
        if (migration.plan.changes.length) await applyMdxMigration(migration);
        const after = await loadSite(folder, options);
        const previous = errors(before.diagnostics);
        const added = [...errors(after.diagnostics)].filter((error) => !previous.has(error));
        expect(added.slice(0, 6).join('\n')).toBe('');

        const specs = new Map<string, unknown>();
        for (const page of migration.plan.moved) {
          expect(existsSync(path.join(folder, page.file))).toBe(false);
          if (!specs.has(page.spec)) specs.set(page.spec, parseSource(readFileSync(path.join(folder, page.spec), 'utf8')).value);
          const spec = specs.get(page.spec);
          const extension = (getAtPointer(spec, page.pointer) as Record<string, unknown>)[page.extension] as Record<string, unknown>;
          const split = splitFrontmatter(originals.get(page.file) as string);
          const { openapi: _openapi, ...frontmatter } = (parse(split?.yaml ?? '') ?? {}) as Record<string, unknown>;
          if (Object.keys(frontmatter).length) expect(extension.metadata).toEqual(frontmatter);
          else expect(extension.metadata).toBeUndefined();
          const body = split?.body ?? '';
          const content = body.replace(/\r\n?/g, '\n').trim();
          expect(extension.href).toBe(page.href);
          if (content) expect(String(extension.content).trim()).toBe(content);
          else expect(extension.content).toBeUndefined();
          for (const entry of page.entries) expect(getAtPointer(JSON.parse(readFileSync(path.join(folder, entry.file), 'utf8')), entry.pointer)).toBe(entry.to);
          // The navigation now has the generated page at the page's old URL.
          expect(after.endpointPages.some((generated) => generated.url === page.href)).toBe(true);
        }

        const kept: Record<string, number> = {};
        for (const page of migration.plan.kept) kept[page.code] = (kept[page.code] ?? 0) + 1;
        const actual = {
          moved: migration.plan.moved.map(
            (page) =>
              `${page.file} → ${page.spec} ${page.kind === 'webhook' ? 'webhook' : page.method} ${page.path} [${page.entries.map((entry) => entry.to).join(', ')}]`,
          ),
          extensions: migration.plan.extensions.map((choice) => `${choice.spec}: ${choice.extension} (${choice.reason})`),
          kept,
          blocked: migration.plan.blocked,
        };
        expect(actual).toEqual(expectedJson(path.join(import.meta.dirname, 'migrate', `${site}.json`), actual));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});
