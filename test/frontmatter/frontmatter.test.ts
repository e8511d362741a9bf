import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/frontmatter/frontmatter.js';

describe('parseFrontmatter', () => {
  it('reads the fields of the navigation and keeps the others', () => {
    const text = '---\ntitle: "Users"\nsidebarTitle: Users\nicon: user\ndeprecated: true\nopenapi: GET /users\nog:image: /a.png\n---\n\n# Body\n';
    expect(parseFrontmatter(text, 'users.mdx')).toEqual({
      data: { title: 'Users', sidebarTitle: 'Users', icon: 'user', deprecated: true, openapi: 'GET /users', 'og:image': '/a.png' },
      diagnostics: [],
    });
  });

  it("keeps fields named like built-in object properties as the page's own", () => {
    // Both the fast path (plain lines) and the YAML parser (a number) look these names up.
    for (const text of ['---\nconstructor: a\ntoString: b\n---\n', '---\nconstructor: 1\nhasOwnProperty: [x]\n---\n']) {
      const { data, diagnostics } = parseFrontmatter(text, 'a.mdx');
      expect(diagnostics).toEqual([]);
      expect(Object.keys(data ?? {})).toHaveLength(2);
    }
  });

  it('checks the fields the platform defines on the fast path too', () => {
    expect(parseFrontmatter('---\nmode: wide\nnoindex: true\n---\n', 'a.mdx')).toEqual({ data: { mode: 'wide', noindex: true }, diagnostics: [] });
    expect(parseFrontmatter('---\nmode: Wide\nDescription: Users\n---\n', 'a.mdx').diagnostics).toEqual([
      expect.objectContaining({ code: 'frontmatter/unknown-value', line: 2, column: 1, suggestions: ['wide'] }),
      expect.objectContaining({ code: 'frontmatter/misspelled-field', line: 3, column: 1, suggestions: ['description'] }),
    ]);
  });

  it('returns nothing for a page without frontmatter, or with an empty one', () => {
    expect(parseFrontmatter('# Title\n', 'a.mdx')).toEqual({ data: undefined, diagnostics: [] });
    expect(parseFrontmatter('---\n---\n# Title\n', 'a.mdx')).toEqual({ data: {}, diagnostics: [] });
  });

  it('places invalid YAML at its line and column in the MDX file', () => {
    const text = '---\ntitle: Users\ndescription: a: b\n---\n';
    const { data, diagnostics } = parseFrontmatter(text, 'docs/users.mdx');
    expect(data).toBeUndefined();
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'frontmatter/invalid-yaml', file: 'docs/users.mdx', line: 3, severity: 'error' })]);
    expect(diagnostics[0]?.column).toBeGreaterThan(1);
  });

  it('reports duplicate keys, which YAML parsers would otherwise resolve silently', () => {
    const { diagnostics } = parseFrontmatter('---\ntitle: A\ntitle: B\n---\n', 'a.mdx');
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'frontmatter/invalid-yaml', line: 3, hint: 'Remove one of the two keys.' })]);
  });

  it('drops a known field of the wrong type with a warning at its line', () => {
    const { data, diagnostics } = parseFrontmatter('---\ntitle: A\nhidden: "yes"\ntag:\n  - a\n---\n', 'a.mdx');
    expect(data).toEqual({ title: 'A' });
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer, diagnostic.line])).toEqual([
      ['frontmatter/invalid-field', '/hidden', 3],
      ['frontmatter/invalid-field', '/tag', 4],
    ]);
  });

  it('takes an empty field as no value, without a warning', () => {
    expect(parseFrontmatter('---\ntitle: A\ndescription:\nsidebarTitle: \nhidden:\n---\n', 'a.mdx')).toEqual({ data: { title: 'A' }, diagnostics: [] });
  });

  it('reads a number or boolean title as its text, and warns only when that is not what was written', () => {
    expect(parseFrontmatter('---\ntitle: 3.1\ntag: true\n---\n', 'a.mdx')).toEqual({ data: { title: '3.1', tag: 'true' }, diagnostics: [] });
    const { data, diagnostics } = parseFrontmatter('---\ntitle: 3.10\nversion: 0x1F\n---\n', 'a.mdx');
    expect(data).toEqual({ title: '3.1', version: '31' });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'frontmatter/invalid-field',
        severity: 'warning',
        line: 2,
        message: '`title` is read as the number 3.1, not the text `3.10`.',
        hint: 'Quote the value: `title: "3.10"`.',
      }),
      expect.objectContaining({ code: 'frontmatter/invalid-field', line: 3, message: '`version` is read as the number 31, not the text `0x1F`.' }),
    ]);
  });

  it('refuses a YAML alias bomb instead of expanding it', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 9; level++)
      levels.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(',')}]`,
      );
    const { data, diagnostics } = parseFrontmatter(`---\n${levels.join('\n')}\n---\n`, 'bomb.mdx');
    expect(data).toBeUndefined();
    expect(diagnostics[0]?.code).toBe('frontmatter/invalid-yaml');
  });

  it('ignores, with a warning, frontmatter that is YAML but not a mapping, as the platform does', () => {
    expect(parseFrontmatter('---\n- a\n- b\n---\n', 'a.mdx')).toEqual({
      data: {},
      diagnostics: [expect.objectContaining({ code: 'frontmatter/not-a-mapping', severity: 'warning', line: 2, column: 1 })],
    });
    expect(parseFrontmatter('---\nLicensing\n---\n', 'a.mdx')).toEqual({
      data: {},
      diagnostics: [expect.objectContaining({ code: 'frontmatter/not-a-mapping', severity: 'warning', message: expect.stringContaining('a single value') })],
    });
  });
});
