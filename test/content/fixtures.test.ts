import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostics } from '../../src/index.js';
import { loadSite } from '../../src/node/index.js';
import { expectedJson, fixtureCases, fixturePath } from '../helpers/fixtures.js';

// Each folder of fixtures/content is a small site (docs.json, pages, snippets, images, perhaps an
// OpenAPI document) loaded offline with its content read; expected.json holds every diagnostic of
// the site (code, severity, place, message, hint), so that a check that stops firing, fires twice
// or moves shows here. `valid-*` sites must have none at all.
describe('loadSite content checks on fixtures/content', () => {
  for (const name of fixtureCases('content')) {
    it(name, async () => {
      const folder = fixturePath('content', name);
      const site = await loadSite(folder, { cwd: folder, offline: true });
      const actual = site.diagnostics.map(({ code, severity, file, line, column, message, hint }) => ({
        code,
        severity,
        at: `${file}:${line}:${column}`,
        message,
        ...(hint ? { hint } : {}),
      }));
      expect(actual).toEqual(expectedJson(path.join(folder, 'expected.json'), actual));
      if (name.startsWith('valid-')) expect(actual).toEqual([]);
      else expect(actual.length).toBeGreaterThan(0);
      // Each diagnostic points into the text of its file, and prints with a code frame there.
      for (const diagnostic of site.diagnostics) {
        const text = site.sources[diagnostic.file] ?? readFileSync(path.join(folder, diagnostic.file), 'utf8');
        const lines = text.split('\n');
        expect(diagnostic.line, diagnostic.code).toBeLessThanOrEqual(lines.length);
        expect(diagnostic.column, diagnostic.code).toBeLessThanOrEqual((lines[(diagnostic.line ?? 1) - 1] as string).length + 1);
      }
      expect(formatDiagnostics(site.diagnostics, site.sources)).not.toMatch(/undefined/);
    });
  }
});
