import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyPointer } from '../helpers/pointers.js';
import { offsetInJson, offsetsInJson } from '../../src/json/text.js';
import { parsePointer } from '../../src/json/pointer.js';

describe('offsetsInJson', () => {
  it('finds every value where offsetInJson does, in one pass, and leaves out pointers that are not there', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const all = everyPointer(JSON.parse(text));
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

describe('locationsInJson', () => {
  it('places a subset of pointers (and their ancestors) exactly as the full scan does', async () => {
    const { scanJson } = await import('../../src/json/scan.js');
    const { locationsInJson } = await import('../../src/json/text.js');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2, '\t'), fc.array(fc.nat(), { maxLength: 6 }), (value, indent, picks) => {
        const text = JSON.stringify(value, null, indent);
        const all = scanJson(text, { locations: true }).locations as Map<string, { key?: number; start: number }>;
        const every = [...all.keys()];
        // Some pointers of the text, and some that are not in it (under a value that is).
        const asked = picks.map((pick) => every[pick % every.length] as string).flatMap((pointer) => [pointer, `${pointer}/absent`, `${pointer}/0/x`]);
        const found = locationsInJson(text, asked);
        for (const [pointer, location] of found) {
          const full = all.get(pointer);
          expect(full, pointer).toBeDefined();
          expect(location, pointer).toEqual(full?.key === undefined ? { start: full?.start } : { key: full.key, start: full?.start });
        }
        // Every asked pointer in the text is found, and so is each of its ancestors.
        for (const pointer of asked) {
          for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
            expect(found.has(current), current).toBe(all.has(current));
            if (current === '') break;
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
