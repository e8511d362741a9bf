import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonSharingStrings } from '../../src/json/parse-shared.js';

/** What `JSON.parse` says about a text: its value, or that it throws. */
function parsed(parse: (text: string) => unknown, text: string): { value: unknown } | { throws: true } {
  try {
    return { value: parse(text) };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return { throws: true };
  }
}

describe('parseJsonSharingStrings', () => {
  it('gives what JSON.parse gives, with keys in the same order', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(0, 1, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const result = parseJsonSharingStrings(text);
        expect(result).toStrictEqual(JSON.parse(text));
        expect(JSON.stringify(result)).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });

  it('throws where JSON.parse throws', () => {
    const broken = fc.tuple(fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value, null, 1)), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', ' x', '{', '[', '\\', '\n'))
      .map(([text, at, insert]) => text.slice(0, at % (text.length + 1)) + insert + text.slice(at % (text.length + 1)));
    fc.assert(
      fc.property(broken, (text) => {
        expect(parsed(parseJsonSharingStrings, text)).toStrictEqual(parsed(JSON.parse, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps __proto__ an own property and refuses broken texts', () => {
    const text = '{"a": {"b": {"c": {"d": "same", "e": ["same"]}}}, "f": {"g": {"h": "same"}}, "__proto__": {"x": 1}}';
    const result = parseJsonSharingStrings(text) as Record<string, any>;
    expect(result).toStrictEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['a', 'f', '__proto__']);
    for (const text of ['', ' ', '{', '{"a" 1}', '{"a": 1,}', '[1,]', '{} {}', '"\\x"']) expect(parsed(parseJsonSharingStrings, text)).toStrictEqual({ throws: true });
  });
});
