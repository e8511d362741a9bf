import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonSharingStrings } from '../../src/json/parse-shared.js';
import { hasDuplicateKeys } from '../../src/json/text.js';

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
        const result = parseJsonSharingStrings(text).value;
        expect(result).toStrictEqual(JSON.parse(text));
        expect(JSON.stringify(result)).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });

  it('throws where JSON.parse throws', () => {
    const broken = fc
      .tuple(
        fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value, null, 1)),
        fc.nat(),
        fc.constantFrom('', ',', '}', ']', '"', ':', ' x', '{', '[', '\\', '\n'),
      )
      .map(([text, at, insert]) => text.slice(0, at % (text.length + 1)) + insert + text.slice(at % (text.length + 1)));
    fc.assert(
      fc.property(broken, (text) => {
        expect(parsed((source) => parseJsonSharingStrings(source).value, text)).toStrictEqual(parsed(JSON.parse, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps __proto__ an own property and refuses broken texts', () => {
    const text = '{"a": {"b": {"c": {"d": "same", "e": ["same"]}}}, "f": {"g": {"h": "same"}}, "__proto__": {"x": 1}}';
    const result = parseJsonSharingStrings(text).value as Record<string, unknown>;
    expect(result).toStrictEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['a', 'f', '__proto__']);
    for (const text of ['', ' ', '{', '{"a" 1}', '{"a": 1,}', '[1,]', '{} {}', '"\\x"'])
      expect(parsed(parseJsonSharingStrings, text)).toStrictEqual({ throws: true });
  });

  it('is suspect exactly when the fast duplicate-key pass finds a repeated key or deep nesting', () => {
    // Texts with a key repeated somewhere (at any level) or not, and nesting around the limit.
    const withRepeat = fc.tuple(fc.jsonValue({ maxDepth: 6 }), fc.nat(), fc.boolean()).map(([value, pick, repeat]) => {
      const text = JSON.stringify(value, null, pick % 3);
      if (!repeat) return text;
      // Object openings only: the pattern also matches inside a string (a key `{`), and text put there breaks the JSON.
      const objects = [...text.matchAll(/\{\s*"((?:[^"\\]|\\.)*)"\s*:/g)].filter((match) => !insideString(text, match.index));
      const chosen = objects[pick % Math.max(objects.length, 1)];
      if (!chosen || chosen.index === undefined) return text;
      return `${text.slice(0, chosen.index + 1)}"${chosen[1]}": 0, ${text.slice(chosen.index + 1)}`;
    });
    fc.assert(
      fc.property(withRepeat, fc.integer({ min: 1, max: 8 }), (text, maxDepth) => {
        expect(parseJsonSharingStrings(text, maxDepth).suspect).toBe(hasDuplicateKeys(text, maxDepth));
      }),
      { numRuns: 1000 },
    );
    expect(parseJsonSharingStrings('{"a": {"b": {"c": {"d": {"e": 1, "e": 2}}}}}').suspect).toBe(true);
    expect(parseJsonSharingStrings('{"a": 1, "a": 2}').suspect).toBe(true);
    expect(parseJsonSharingStrings('{"a": {"b": [{"x": ":"}, {"y": "\\":"}]}}').suspect).toBe(false);
  });
});

/** Whether `offset` of a JSON text falls inside a string. */
function insideString(text: string, offset: number): boolean {
  let inside = false;
  for (let index = 0; index < offset; index++) {
    const code = text[index];
    if (code === '\\' && inside) index++;
    else if (code === '"') inside = !inside;
  }
  return inside;
}
