import { describe, expect, it } from 'vitest';
import { flattenQuotedScalars } from '../../src/frontmatter/quoted-scalars.js';

describe('flattenQuotedScalars', () => {
  it('writes a quoted value over several lines on one line, keeping the later lines where they were', () => {
    const text = "description: 'caching of \ndata in'\nsidebarTitle: x\n";
    const flattened = flattenQuotedScalars(text);
    expect(flattened?.text).toBe('description: "caching of  data in"\n\nsidebarTitle: x\n');
    // `sidebarTitle` starts at the same offset in both texts' third line.
    expect(flattened?.originalOffset(flattened.text.indexOf('sidebarTitle'))).toBe(text.indexOf('sidebarTitle'));
  });

  it('maps offsets after a flattened value on the same line back to the original', () => {
    const text = "keywords: ['a\nb', 'c']\n";
    const flattened = flattenQuotedScalars(text);
    expect(flattened?.text).toBe('keywords: ["a b", \'c\']\n\n');
    expect(flattened?.originalOffset(flattened.text.indexOf("'c'"))).toBe(text.indexOf("'c'"));
  });

  it('reads escapes and line breaks of double-quoted values as js-yaml 3 does', () => {
    expect(flattenQuotedScalars('a: "x\\\n\n  y \\u00e9\n\n\n z"')?.text).toBe('a: "xy é\\n\\nz"\n\n\n\n\n');
  });

  it.each([
    ['single-line values', 'a: \'x\'\nb: "y"\n'],
    ['quotes inside plain values', "title: It's\n  'more\n  text'\n"],
    ['quotes in block scalars', "a: |\n  'x\n  y\nb: 1\n"],
    ['quotes in comments', "# it's\na: 1 # 'x\nb: 2\n"],
  ])('leaves %s alone', (_, text) => {
    expect(flattenQuotedScalars(text)).toBeUndefined();
  });

  it.each([
    ['an unclosed quote', "a: 'x\ny\n"],
    ['an unknown escape', 'a: "x\\q\ny"\n'],
    ['a document marker inside the quotes', "a: 'x\n---\ny'\n"],
    ['an unclosed flow collection', "a: ['x\ny'\n"],
  ])('gives up on %s, leaving it to the YAML parser', (_, text) => {
    expect(flattenQuotedScalars(text)).toBeUndefined();
  });
});
