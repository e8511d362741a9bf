import { describe, expect, it } from 'vitest';
import { didYouMean, didYouMeanText, editDistance } from '../../src/diagnostics/suggest.js';

describe('didYouMean', () => {
  const navigationKeys = ['group', 'pages', 'icon', 'tag', 'root', 'expanded', 'hidden', 'openapi'];
  it.each([
    ['pagess', 'pages'],
    ['Pages', 'pages'],
    ['expandable', 'expanded'],
    ['expaned', 'expanded'],
    ['opneapi', 'openapi'],
    ['icno', 'icon'],
  ])('suggests %s -> %s', (input, expected) => {
    expect(didYouMean(input, navigationKeys)[0]).toBe(expected);
  });

  it('suggests nothing for unrelated words', () => {
    expect(didYouMean('banana', navigationKeys)).toEqual([]);
    expect(didYouMean('x', navigationKeys)).toEqual([]);
  });

  it('counts a transposition as one edit', () => {
    expect(editDistance('icno', 'icon')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('phrases the suggestions', () => {
    expect(didYouMeanText(['a'])).toBe('Did you mean "a"?');
    expect(didYouMeanText(['a', 'b', 'c'])).toBe('Did you mean "a", "b" or "c"?');
    expect(didYouMeanText([])).toBeUndefined();
  });
});
