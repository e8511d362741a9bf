import { describe, expect, it } from 'vitest';
import { readPage, type PageParsers } from '../../src/content/index.js';

// readPage with a native parser injected (as quire-docs/node injects satteri): what it refuses is
// confirmed by the reference parser; anything else it throws is a crash, reported on the page.
// The real parser is tested in test/node/native-parser.test.ts; these stand-ins throw on purpose.

const page = '# Title\n\nSee [the guide](/guide).\n';
const crashing = () => {
  throw new Error('panicked at crates/satteri/src/lib.rs:12:5: index out of bounds');
};
const refusing = () => {
  throw new Error(
    '3:1: Unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_` (note: to create a comment in MDX, use `{/* text */}`) (mdx-jsx:unexpected-character)',
  );
};

describe('readPage with a native parser', () => {
  it('reads a page the native parser crashes on with the reference, and says so', () => {
    const facts = readPage(page, { file: 'a.mdx', parsers: { native: crashing } });
    expect(facts.links).toEqual([{ url: '/guide', kind: 'link', line: 3, column: 5 }]);
    expect(facts.diagnostics).toEqual([
      expect.objectContaining({
        code: 'content/parser-crash',
        severity: 'warning',
        file: 'a.mdx',
        line: 1,
        column: 1,
        message: expect.stringContaining('panicked at crates/satteri/src/lib.rs:12:5'),
      }),
    ]);
  });

  it('says the content is not checked when the reference runs out of time after a crash', () => {
    const parsers: PageParsers = { native: crashing, confirm: () => undefined };
    const facts = readPage(`---\ntitle: A\n---\n${page}`, { file: 'a.mdx', parsers });
    expect(facts.frontmatter).toEqual(expect.objectContaining({ title: 'A' }));
    expect(facts.links).toEqual([]);
    expect(facts.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message.includes('its content is not checked')])).toEqual([
      ['content/parser-crash', true],
    ]);
  });

  it('keeps the native refusal, at its place and with its hint, when the reference runs out of time', () => {
    const facts = readPage('Text\n\n<!-- note -->\n', { file: 'a.mdx', parsers: { native: refusing, confirm: () => undefined } });
    expect(facts.diagnostics).toEqual([
      expect.objectContaining({
        code: 'content/syntax',
        line: 3,
        column: 1,
        message:
          'The page does not parse as MDX: Unexpected character `!` (U+0021) before name, expected a character that can start a name, such as a letter, `$`, or `_`.',
        hint: 'HTML comments (`<!-- ... -->`) are not MDX: write `{/* ... */}` instead.',
      }),
    ]);
  });

  it('takes the reference’s word over a refusal: its tree, or its message', () => {
    expect(readPage(page, { file: 'a.mdx', parsers: { native: refusing } })).toEqual(readPage(page, { file: 'a.mdx' }));
    const broken = 'Text\n\n<Card>\n';
    expect(readPage(broken, { file: 'a.mdx', parsers: { native: refusing } }).diagnostics).toEqual(readPage(broken, { file: 'a.mdx' }).diagnostics);
  });

  it('leaves a stack overflow to the reference, which says the page is too deep', () => {
    const overflowing = () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    const deep = `${'<div>\n'.repeat(10_000)}x\n${'</div>\n'.repeat(10_000)}`;
    expect(readPage(deep, { file: 'deep.mdx', parsers: { native: overflowing } }).diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'content/too-deep',
    ]);
  });
});
