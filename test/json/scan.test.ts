import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJson } from '../../src/json/scan.js';

function errorAt(text: string): { line: number; column: number; message: string } | undefined {
  const { error } = scanJson(text);
  if (!error) return undefined;
  const before = text.slice(0, error.offset).split('\n');
  return { line: before.length, column: (before[before.length - 1] as string).length + 1, message: error.message };
}

describe('scanJson syntax errors', () => {
  it.each([
    ['trailing comma in an array', '{\n  "a": [1, 2,]\n}', 2, 13, 'Trailing comma before `]`'],
    ['trailing comma in an object', '{\n  "a": 1,\n}', 2, 9, 'Trailing comma before `}`'],
    ['missing comma between members', '{\n  "a": 1\n  "b": 2\n}', 3, 3, 'Expected `,` or `}`'],
    ['missing closing bracket', '{\n  "a": [1, 2\n', 3, 1, 'Unexpected end of file'],
    ['mismatched bracket', '{\n  "a": [1, 2}\n', 2, 13, 'Found `}`'],
    ['single-quoted string', '{ "a": \'b\' }', 1, 8, 'double quotes'],
    ['unquoted key', '{ a: 1 }', 1, 3, 'Property names must be in double quotes'],
    ['comment', '{\n  // note\n  "a": 1\n}', 2, 3, 'Comments are not allowed'],
    ['unterminated string', '{ "a": "b\n}', 1, 8, 'Unterminated string'],
    ['Python literal', '{ "a": True }', 1, 8, 'Unexpected word `True`'],
    ['leading zero', '{ "a": 01 }', 1, 9, 'Invalid number'],
    ['bad escape', '{ "a": "\\x" }', 1, 9, 'Invalid escape'],
    ['two values', '{} {}', 1, 4, 'Unexpected content after the end'],
    ['empty text', '   ', 1, 4, 'The file is empty'],
    ['missing colon', '{ "a" 1 }', 1, 7, 'Expected `:`'],
  ])('%s', (_name, text, line, column, message) => {
    const error = errorAt(text);
    expect(error).toBeDefined();
    expect(error?.message).toContain(message);
    expect({ line: error?.line, column: error?.column }).toEqual({ line, column });
  });

  it('names the line an unclosed object was opened on', () => {
    const { error } = scanJson('{\n  "a": {\n    "b": 1\n');
    expect(error?.relatedOffset).toBe(9);
  });

  it('finds duplicate keys with both offsets', () => {
    const text = '{ "a": { "b": 1, "b": 2 }, "a~/": 1, "a~/": 2 }';
    const { duplicates } = scanJson(text);
    expect(duplicates).toEqual([
      { pointer: '/a/b', offset: 17, firstOffset: 9 },
      { pointer: '/a~0~1', offset: 37, firstOffset: 27 },
    ]);
  });

  it('records the location of keys and values by pointer', () => {
    const text = '{\n  "tabs": [\n    { "tab": "API" }\n  ]\n}';
    const locations = scanJson(text, { locations: true }).locations;
    expect(locations?.get('/tabs/0/tab')).toEqual({ key: 20, start: 27, end: 32 });
    expect(locations?.get('/tabs/0')).toEqual({ start: 18, end: 34 });
    expect(locations?.get('')).toEqual({ start: 0, end: text.length });
  });

  it('stops at the depth limit instead of overflowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(scanJson(deep, { maxDepth: 512 }).error?.message).toContain('Nesting deeper than 512');
  });
});

describe('scanJson accepts exactly what JSON.parse accepts', () => {
  const accepts = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };

  it('on JSON texts', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(scanJson(text).error).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('on JSON texts with one character changed', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom(',', '}', ']', '"', ':', 'x', ' ', '\\', '{', '[', '0', '-'), (text, position, char) => {
        const index = position % (text.length + 1);
        const mutated = text.slice(0, index) + char + text.slice(index + 1);
        expect(scanJson(mutated).error === undefined).toBe(accepts(mutated));
      }),
      { numRuns: 2000 },
    );
  });

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(scanJson(text).error === undefined).toBe(accepts(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the fast duplicate pass agrees with the scanner', () => {
  it('on JSON texts, with and without a repeated key spliced in', async () => {
    const { hasDuplicateKeys } = await import('../../src/json/text.js');
    const key = fc.constantFrom('a', 'b', 'pages', 'a\\u0062', 'é', '"q"');
    fc.assert(
      fc.property(fc.json(), key, fc.nat(), (text, name, seed) => {
        const objects = [...text.matchAll(/\{/g)];
        const spot = objects[seed % Math.max(1, objects.length)];
        const mutated =
          spot?.index === undefined
            ? text
            : `${text.slice(0, spot.index + 1)}"${name}":1,"${name}":2${text[spot.index + 1] === '}' ? '' : ','}${text.slice(spot.index + 1)}`;
        for (const candidate of [text, mutated]) {
          let valid = true;
          try {
            JSON.parse(candidate);
          } catch {
            valid = false;
          }
          if (!valid) continue;
          expect(hasDuplicateKeys(candidate, 512)).toBe(scanJson(candidate, { maxDepth: 512 }).duplicates.length > 0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('duplicate keys spelled differently', () => {
  it('are one key to JSON.parse, and are found by both passes', async () => {
    const { hasDuplicateKeys } = await import('../../src/json/text.js');
    const text = '{"ab": 1, "a\\u0062": 2}';
    expect(JSON.parse(text)).toEqual({ ab: 2 });
    expect(hasDuplicateKeys(text, 512)).toBe(true);
    expect(scanJson(text).duplicates).toEqual([{ pointer: '/ab', offset: 10, firstOffset: 1 }]);
  });
});
