import { describe, expect, it } from 'vitest';
import { didYouMean, didYouMeanText, editDistance, nearMisses } from '../../src/diagnostics/suggest.js';

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

describe('nearMisses', () => {
  const groupKeys = ['group', 'groups', 'pages', 'icon', 'tag', 'root', 'expanded', 'hidden', 'openapi', 'searchable', 'public'];
  it.each([
    ['pagess', 'pages'],
    ['grups', 'groups'],
    ['Hidden', 'hidden'],
    ['expandable', 'expanded'],
    ['searchble', 'searchable'],
  ])('treats %s as a typo of %s', (input, expected) => {
    expect(nearMisses(input, groupKeys)[0]).toBe(expected);
  });

  it.each(['anchor', 'sidebarTitle', 'iconType', 'description', 'x'])('treats %s as a name of its own', (input) => {
    expect(nearMisses(input, groupKeys)).toEqual([]);
  });

  it('still offers a containing key as a suggestion, without calling it a typo', () => {
    expect(didYouMean('iconType', groupKeys)).toEqual(['icon']);
    expect(nearMisses('iconType', groupKeys)).toEqual([]);
  });
});
