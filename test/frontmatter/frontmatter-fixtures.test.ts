import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/frontmatter/frontmatter.js';
import { asPageFields } from '../helpers/platform-frontmatter.js';
import { expectedJson, fixtureCases, fixturePath } from '../helpers/fixtures.js';

// Each folder of fixtures/frontmatter is one page: page.mdx; expected.json, what parseFrontmatter
// returns; platform.json, how the platform read it (front-matter + js-yaml 3, recorded by
// scripts/record-frontmatter-platform.mjs): { attributes } or { error }.
describe('parseFrontmatter on fixtures/frontmatter', () => {
  for (const name of fixtureCases('frontmatter')) {
    it(name, () => {
      const folder = fixturePath('frontmatter', name);
      const text = readFileSync(path.join(folder, 'page.mdx'), 'utf8');
      const actual = parseFrontmatter(text, 'page.mdx');
      expect(actual).toEqual(expectedJson(path.join(folder, 'expected.json'), actual));
      const platform = JSON.parse(readFileSync(path.join(folder, 'platform.json'), 'utf8')) as { attributes?: unknown; error?: string };
      // An endpoint that is not text reads fine and fails the platform's build after reading
      // (see frontmatter-fields.ts): that error is a field's, compared with the fields below.
      const fieldCodes = ['frontmatter/invalid-field', 'frontmatter/unknown-value', 'frontmatter/invalid-endpoint'];
      const errors = actual.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && diagnostic.code !== 'frontmatter/invalid-endpoint');
      if (platform.error !== undefined) {
        // The platform fails the build here: so does Quire, at a line inside the block.
        expect(errors.length).toBeGreaterThan(0);
        expect(actual.data).toBeUndefined();
        return;
      }
      expect(errors).toEqual([]);
      // A block that is not a mapping gives the page no fields on the platform.
      const attributes =
        typeof platform.attributes === 'object' && platform.attributes !== null && !Array.isArray(platform.attributes)
          ? asPageFields(platform.attributes as Record<string, unknown>)
          : {};
      // Fields of the wrong type, or values the platform does not define, are dropped with a diagnostic each.
      for (const diagnostic of actual.diagnostics) {
        const field = diagnostic.pointer.slice(1);
        if (fieldCodes.includes(diagnostic.code) && !Object.hasOwn(actual.data ?? {}, field)) delete attributes[field];
      }
      expect(actual.data ?? {}).toEqual(attributes);
    });
  }
});
