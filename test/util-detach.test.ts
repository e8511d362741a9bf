import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detached, detachedCopy } from '../src/util/detach.js';

describe('detached', () => {
  it('gives back every string as it was, byte order marks and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(detached(`\uFEFF${text}\uD800`)).toBe(`\uFEFF${text}\uD800`);
        expect(detachedCopy({ a: [text, { b: text, c: undefined }] })).toEqual({ a: [text, { b: text, c: undefined }] });
      }),
      { numRuns: 500 },
    );
    expect(Object.keys(detachedCopy({ b: 1, a: undefined }))).toEqual(['b', 'a']);
  });
});
