import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/config/parse-docs-json.js';
import { upgradeMintJson } from '../../src/upgrade/index.js';
import { repositoryRoot } from '../helpers/cli.js';
import { expectedJson } from '../helpers/fixtures.js';

const corpus = path.join(repositoryRoot, '../shared/corpus/mintjson');
const SECTION_KINDS = ['tab', 'anchor', 'version', 'language', 'dropdown', 'product', 'item'];

/** Each page of a docs.json navigation with the sections (tabs, anchors, versions, ...) it sits in, sorted. */
function pagesBySection(navigation: unknown, ignore: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (node: unknown, section: string[]): void => {
    if (typeof node === 'string') out.push(`${section.join(' > ')} | ${node}`);
    else if (Array.isArray(node)) for (const child of node) walk(child, section);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const kind = SECTION_KINDS.find((key) => typeof record[key] === 'string');
      const next = kind && !ignore.includes(kind) ? [...section, `${kind} ${String(record[kind])}`] : section;
      for (const key of ['tabs', 'anchors', 'versions', 'languages', 'dropdowns', 'products', 'menu', 'groups', 'pages'])
        if (record[key] !== undefined) walk(record[key], next);
    }
  };
  walk(navigation, []);
  return out.sort();
}

/**
 * The sites whose own docs.json (written when they moved) differs from the upgrade, and why: both
 * changed content in the same commit. `ignore` lists section kinds the site dropped. The entries
 * that still differ ("section | page") are listed in corpus-pairs.expected.json, for review.
 */
const explained: Record<string, { why: string; ignore?: string[] }> = {
  'Comfy-Org__docs': {
    why: 'The migration commit also reworked "Get Started": it removed pre_package, gettingstarted and manual_install, added installation/ and tutorials/basic/ pages, and gave the Chinese language its own zh-CN pages; mint.json\'s groups have no version, so the upgrade lists them in both languages, as the platform does.',
  },
  PrefectHQ__prefect: {
    why: 'The migration commit dropped the version switcher (v2 pages stayed, one v2 page less) and moved settings-ref from the API reference into Develop, and removed whats-new-prefect-3; every other page keeps its tab.',
    ignore: ['version'],
  },
};

/** The expected differences as checked in, so that UPDATE=1 rewrites one site at a time. */
function previous(): Record<string, unknown> {
  const file = path.join(repositoryRoot, 'test/upgrade/corpus-pairs.expected.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

const sites = existsSync(corpus) ? readdirSync(corpus).filter((site) => existsSync(path.join(corpus, site, 'docs.after-migration.json'))) : [];

describe.skipIf(sites.length === 0)('upgradeMintJson on the corpus pairs', () => {
  it('finds the five pairs', () => expect(sites.length).toBe(5));

  for (const site of sites) {
    it(site, () => {
      const result = upgradeMintJson(readFileSync(path.join(corpus, site, 'mint.json'), 'utf8'));
      expect(result.text, JSON.stringify(result.diagnostics)).toBeDefined();
      expect(parseDocsJson(result.text).diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
      const theirs = JSON.parse(readFileSync(path.join(corpus, site, 'docs.after-migration.json'), 'utf8')) as { navigation: unknown };
      const expectation = explained[site];
      const ours = pagesBySection(result.config?.navigation, expectation?.ignore);
      const their = pagesBySection(theirs.navigation, expectation?.ignore);
      if (expectation === undefined) {
        expect(ours).toEqual(their);
        return;
      }
      const differences = { onlyOurs: ours.filter((entry) => !their.includes(entry)), onlyTheirs: their.filter((entry) => !ours.includes(entry)) };
      expect(differences.onlyOurs.length + differences.onlyTheirs.length, 'an explained site differs').toBeGreaterThan(0);
      const expected = expectedJson(path.join(repositoryRoot, 'test/upgrade/corpus-pairs.expected.json'), { ...previous(), [site]: differences }) as Record<
        string,
        unknown
      >;
      expect(differences, expectation.why).toEqual(expected[site]);
    });
  }
});
