import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/index.js';
import { readPage } from '../../src/content/index.js';
import { encodeUriComponent } from '../../src/util/uri.js';

describe('strings that are not well-formed UTF-16', () => {
  it('are encoded with U+FFFD for each lone surrogate, as reading them as UTF-8 would give', () => {
    expect(encodeUriComponent('a\uD800b')).toBe(encodeURIComponent('a\uFFFDb'));
    expect(encodeUriComponent('\uDC00')).toBe('%EF%BF%BD');
    expect(encodeUriComponent('😀 \uD83D')).toBe(`${encodeURIComponent('😀 ')}%EF%BF%BD`);
  });

  it('give a heading an id instead of throwing URIError', () => {
    const facts = readPage('# Head \uD800ing\n', { file: 'page.mdx' });
    expect(facts.headings.map((heading) => heading.id)).toEqual([readPage('# Head \uFFFDing\n', { file: 'page.mdx' }).headings[0]?.id]);
  });

  it('in a $ref fragment with a malformed escape, are a diagnostic', () => {
    const result = parseDocsJson('{"theme": "mint", "name": "A", "colors": {"primary": "#000000"}, "navigation": {"$ref": "#/x%E0"}}', { file: 'docs.json' });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toContain('config/ref-missing');
  });
});
