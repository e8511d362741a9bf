import fc from 'fast-check';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseSimpleYaml } from '../../src/frontmatter/simple-yaml.js';
import { frontmatterYaml } from '../helpers/yaml-arbitraries.js';

describe('parseSimpleYaml', () => {
  it('reads plain, quoted and boolean values', () => {
    expect(parseSimpleYaml("title: Get a plant\nsidebarTitle: \"Get: one\"\ndescription: 'It''s'\nhidden: true\n")).toBeUndefined();
    expect(parseSimpleYaml('title: Get a plant\nsidebarTitle: "Get: one"\nicon: \'leaf\'\nhidden: true\r\n\n')).toEqual({
      title: 'Get a plant',
      sidebarTitle: 'Get: one',
      icon: 'leaf',
      hidden: true,
    });
  });

  it.each([
    'count: 3',
    'title: 1.0',
    'title: ~',
    'title: null',
    'title: True',
    'tags:\n  - a',
    'title: a: b',
    'title: a # note',
    'title: "a\\"b"',
    'title: *ref',
    'a: 1\na: 2',
    'title: >\n  folded',
    'nested:\n  key: v',
    '  indented: x',
    'title: -x',
  ])('leaves %j to the YAML parser', (text) => {
    expect(parseSimpleYaml(text)).toBeUndefined();
  });

  it('agrees with the YAML parser whenever it answers', () => {
    const word = fc.stringMatching(/^[A-Za-z_][\w-]{0,6}$/);
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 8 }).map((text) => text.replace(/[\r\n]/g, '')),
      fc.constantFrom('true', 'false', 'yes', 'no', '1', '0x1', '.5', 'null', '~', 'a: b', 'a #b', '"q"', "'q'", '[a]', '{a}', '-1', 'on', 'Off'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(word, value), { maxLength: 5 }), (pairs) => {
        const text = pairs.map(([key, raw]) => `${key}: ${raw}`).join('\n');
        const simple = parseSimpleYaml(text);
        if (simple === undefined) return;
        let full: unknown;
        try {
          full = parse(text, { uniqueKeys: true }) ?? {};
        } catch {
          throw new Error(`the fast path accepted text the YAML parser rejects: ${JSON.stringify(text)}`);
        }
        expect(simple).toEqual(full);
      }),
      { numRuns: 3000 },
    );
  });
  it('agrees with the YAML parser on texts built from YAML building blocks, whenever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(frontmatterYaml, (text) => {
        const simple = parseSimpleYaml(text);
        if (simple === undefined) return;
        answered++;
        const document = parseDocument(text, { uniqueKeys: true });
        expect(document.errors.map((error) => error.message)).toEqual([]);
        expect(simple).toEqual(document.toJS() ?? {});
      }),
      { numRuns: 5000 },
    );
    // The property means something only if the fast path answers often enough.
    expect(answered).toBeGreaterThan(100);
  });
});
