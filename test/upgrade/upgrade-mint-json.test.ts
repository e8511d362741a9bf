import { existsSync, readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/config/parse-docs-json.js';
import { upgradeMintJson } from '../../src/upgrade/index.js';
import { expectedJson, expectedText, fixtureCases, fixturePath } from '../helpers/fixtures.js';

/**
 * Each case: fixtures/upgrade/<case>/mint.json upgrades to <case>/docs.json (absent when the
 * upgrade stops on an error) with the diagnostics and decisions of <case>/expected.json.
 */
describe('upgradeMintJson (fixtures)', () => {
  for (const name of fixtureCases('upgrade')) {
    it(name, () => {
      const result = upgradeMintJson(readFileSync(fixturePath('upgrade', name, 'mint.json'), 'utf8'));
      expect({ diagnostics: result.diagnostics, decisions: result.decisions }).toEqual(
        expectedJson(fixturePath('upgrade', name, 'expected.json'), { diagnostics: result.diagnostics, decisions: result.decisions }),
      );
      const docsJson = fixturePath('upgrade', name, 'docs.json');
      if (result.text === undefined) {
        if (process.env.UPDATE === '1') rmSync(docsJson, { force: true });
        expect(existsSync(docsJson), 'the upgrade stops: no docs.json is expected').toBe(false);
        expect(result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
        return;
      }
      expect(result.text).toBe(expectedText(docsJson, result.text));
      // What is written validates in Quire with no problem at all, and starts with `$schema`.
      expect(parseDocsJson(result.text).diagnostics).toEqual([]);
      expect(result.text.startsWith('{\n  "$schema": "https://mintlify.com/docs.json",\n  "theme": ')).toBe(true);
      expect(JSON.parse(result.text)).toEqual(result.config);
    });
  }

  it('places every diagnostic in mint.json', () => {
    for (const name of fixtureCases('upgrade')) {
      const result = upgradeMintJson(readFileSync(fixturePath('upgrade', name, 'mint.json'), 'utf8'), { file: 'legacy/mint.json' });
      for (const diagnostic of [...result.diagnostics, ...result.decisions]) {
        expect(diagnostic.file).toBe('legacy/mint.json');
        expect(diagnostic.line, `${name} ${diagnostic.message}`).toBeGreaterThan(0);
        expect(diagnostic.column).toBeGreaterThan(0);
      }
    }
  });

  it('reports a mint.json that is not an object', () => {
    const result = upgradeMintJson('[1, 2]');
    expect(result.config).toBeUndefined();
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.line, diagnostic.column])).toEqual([['upgrade/invalid-value', 1, 1]]);
  });

  it('keeps the order of the navigation, page by page', () => {
    const pages = Array.from({ length: 30 }, (_, index) => `${index % 3 === 0 ? 'api/' : ''}page-${index}`);
    const mint = { name: 'Order', colors: { primary: '#000000' }, tabs: [{ name: 'API', url: 'api' }], navigation: [{ group: 'All', pages }] };
    const navigation = upgradeMintJson(JSON.stringify(mint)).config?.navigation as { tabs: Array<{ groups: Array<{ pages: string[] }> }> };
    expect(navigation.tabs.map((tab) => tab.groups[0]?.pages)).toEqual([
      pages.filter((page) => !page.startsWith('api/')),
      pages.filter((page) => page.startsWith('api/')),
    ]);
  });
});
