import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/frontmatter/frontmatter.js';
import { asPageFields } from '../helpers/platform-frontmatter.js';
import { frontmatterYaml, multiLineFrontmatter } from '../helpers/yaml-arbitraries.js';

describe('parseFrontmatter on generated frontmatter', () => {
  it('never throws, and places every diagnostic inside the block', () => {
    fc.assert(
      fc.property(frontmatterYaml, (yaml) => {
        const page = `---\n${yaml}\n---\n`;
        const lines = page.split('\n').length;
        for (const diagnostic of parseFrontmatter(page, 'page.mdx').diagnostics) {
          expect(diagnostic.line).toBeGreaterThanOrEqual(1);
          expect(diagnostic.line).toBeLessThan(lines);
          expect(diagnostic.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('reads valid YAML as the YAML parser does, where js-yaml 3 reads it the same way', () => {
    let compared = 0;
    fc.assert(
      fc.property(frontmatterYaml, (yaml) => {
        // js-yaml 3 keeps the spaces before a line break inside quotes, drops the blank lines after
        // an escaped line break, and takes a lone carriage return for a line break: there the
        // platform, and Quire, differ from the YAML parser.
        if (/[ \t]\r?\n|\\\r?\n|\r(?!\n)/.test(yaml)) return;
        // The platform's reader trims the block: a first field indented after blank lines loses its
        // indentation, and the lines after it no longer line up (an error there, and in Quire).
        if (/^\s*\n[ \t]+\S/.test(yaml)) return;
        // A mapping as a key (`? x: y`) becomes a key string written by the YAML library, not by the page.
        if (/^\? /m.test(yaml)) return;
        const document = parseDocument(yaml, { uniqueKeys: true });
        if (document.errors.length > 0) return;
        let value: unknown;
        try {
          value = document.toJS({ maxAliasCount: 100 });
        } catch {
          // An alias of no anchor: an error for both readers.
          return;
        }
        if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Map) return;
        compared++;
        const { data, diagnostics } = parseFrontmatter(`---\n${yaml}\n---\n`, 'page.mdx');
        const expected = asPageFields(value as Record<string, unknown>);
        for (const diagnostic of diagnostics) {
          expect(['frontmatter/invalid-field', 'frontmatter/unknown-value', 'frontmatter/invalid-endpoint']).toContain(diagnostic.code);
          // A field of the wrong type, or a value the platform does not define, is dropped with its diagnostic.
          const field = diagnostic.pointer.slice(1);
          if (!Object.hasOwn(data ?? {}, field)) delete expected[field];
        }
        expect(data).toEqual(expected);
      }),
      { numRuns: 5000 },
    );
    expect(compared).toBeGreaterThan(200);
  });

  it('reads quoted values over several lines the same at any indentation of their continuation lines, as the platform does', () => {
    fc.assert(
      fc.property(multiLineFrontmatter, ({ indented, underIndented }) => {
        const strict = parseFrontmatter(`---\n${indented}\n---\n`, 'page.mdx');
        const lenient = parseFrontmatter(`---\n${underIndented}\n---\n`, 'page.mdx');
        expect(strict.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
        expect(lenient).toEqual(strict);
      }),
      { numRuns: 2000 },
    );
  });
});
