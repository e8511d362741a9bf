import fc from 'fast-check';
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

  it('gives the distance of the whole table, also where it compares only what lies between a shared start and end', () => {
    // Optimal string alignment over the whole strings, as the textbook writes it.
    const reference = (a: string, b: string): number => {
      const left = a.toLowerCase();
      const right = b.toLowerCase();
      const table = Array.from({ length: left.length + 1 }, (_, i) => Array.from({ length: right.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= left.length; i++) {
        for (let j = 1; j <= right.length; j++) {
          const row = table[i] as number[];
          const above = table[i - 1] as number[];
          row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (left[i - 1] === right[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1])
            row[j] = Math.min(row[j] as number, ((table[i - 2] as number[])[j - 2] as number) + 1);
        }
      }
      return (table[left.length] as number[])[right.length] as number;
    };
    // Few letters, so that the strings share starts and ends and transpositions cross them.
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '/', 'c'), maxLength: 9 });
    fc.assert(
      fc.property(text, text, fc.constantFrom(1, 2, 3, Number.POSITIVE_INFINITY), (a, b, limit) => {
        const exact = reference(a, b);
        expect(editDistance(a, b)).toBe(exact);
        // Past the limit it only says so: some number above it.
        const bounded = editDistance(a, b, limit);
        if (exact <= limit) expect(bounded).toBe(exact);
        else expect(bounded).toBeGreaterThan(limit);
      }),
      { seed: 7, numRuns: 3000 },
    );
    expect(editDistance('snippets/en/setup-intro.mdx', 'snippets/en/setup-itnro.mdx')).toBe(1);
  });

  it('ranks as comparing every candidate in full would', () => {
    // rank skips the edit distance of candidates a cheap bound rules out; the ranking is that of
    // the rules in full: distance within the limit, else a long shared prefix, else containment.
    const full = (input: string, candidates: readonly string[]): string[] => {
      const limit = Math.max(1, Math.min(3, Math.floor(input.length / 3)));
      const lowered = input.toLowerCase();
      const scored = candidates.flatMap((candidate) => {
        const other = candidate.toLowerCase();
        if (candidate === input) return [];
        if (other === lowered) return [{ candidate, score: 0 }];
        const distance = editDistance(input, candidate);
        if (distance <= limit) return [{ candidate, score: distance }];
        let prefix = 0;
        while (prefix < lowered.length && prefix < other.length && lowered[prefix] === other[prefix]) prefix++;
        if (prefix >= Math.max(5, Math.ceil(0.6 * Math.min(lowered.length, other.length)))) return [{ candidate, score: limit + 0.25 }];
        if (lowered.length >= 3 && other.length >= 3 && (other.includes(lowered) || lowered.includes(other))) return [{ candidate, score: limit + 0.5 }];
        return [];
      });
      return scored.sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate)).map((entry) => entry.candidate);
    };
    const name = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '/', '-', 'é', '1'), minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 30 }), (input, candidates) => {
        expect(didYouMean(input, candidates, 100)).toEqual(full(input, candidates));
      }),
      { seed: 11, numRuns: 2000 },
    );
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
