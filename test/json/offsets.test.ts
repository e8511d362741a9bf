import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offsetInJson, offsetsInJson } from '../../src/json/text.js';
import { joinPointer, parsePointer } from '../../src/json/pointer.js';

/** Every pointer of a value. */
function pointers(value: unknown, pointer = ''): string[] {
  const own = [pointer];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => pointers(item, joinPointer(pointer, index)))];
  if (value && typeof value === 'object') return [...own, ...Object.entries(value).flatMap(([key, item]) => pointers(item, joinPointer(pointer, key)))];
  return own;
}

describe('offsetsInJson', () => {
  it('finds every value where offsetInJson does, in one pass, and leaves out pointers that are not there', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const all = pointers(JSON.parse(text));
        const found = offsetsInJson(text, [...all, '/not/there']);
        expect(found.has('/not/there')).toBe(all.includes('/not/there'));
        for (const pointer of all) expect(found.get(pointer), pointer).toBe(offsetInJson(text, parsePointer(pointer), 'value'));
      }),
      { numRuns: 200 },
    );
  });

  it('reads escaped keys', () => {
    const text = '{"a\\/b": {"c~d": [1, {"e": 2}]}}';
    expect(offsetsInJson(text, ['/a~1b/c~0d/1/e']).get('/a~1b/c~0d/1/e')).toBe(text.indexOf('2'));
  });
});
