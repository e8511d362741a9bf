import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/index.js';
import { expectedJson, fixtureCases, fixturePath, folderReader } from '../helpers/fixtures.js';

// Each folder of fixtures/docs-json is one case: docs.json (plus files it $refs), an optional
// options.json, and expected.json with the diagnostics parseDocsJson must produce.
describe('parseDocsJson on fixtures/docs-json', () => {
  for (const name of fixtureCases('docs-json')) {
    it(name, () => {
      const folder = fixturePath('docs-json', name);
      const options = existsSync(path.join(folder, 'options.json')) ? JSON.parse(readFileSync(path.join(folder, 'options.json'), 'utf8')) : {};
      const text = readFileSync(path.join(folder, 'docs.json'), 'utf8');
      const result = parseDocsJson(text, { ...options, file: 'docs.json', readFile: folderReader(folder) });
      const actual = { valid: result.config !== undefined, diagnostics: result.diagnostics };
      expect(actual).toEqual(expectedJson(path.join(folder, 'expected.json'), actual));
      if (name.startsWith('valid-')) {
        expect(result.diagnostics).toEqual([]);
        expect(result.config).toBeDefined();
      } else {
        expect(result.diagnostics.length).toBeGreaterThan(0);
      }
      // Every diagnostic is placed in a file whose text was read, at a real line.
      for (const diagnostic of result.diagnostics) {
        expect(Object.keys(result.sources)).toContain(diagnostic.file);
        expect(diagnostic.line).toBeGreaterThan(0);
      }
    });
  }
});
