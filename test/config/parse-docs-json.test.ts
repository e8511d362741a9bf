import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../../src/index.js';

const minimal = { theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, navigation: { pages: ['index'] } };

describe('parseDocsJson', () => {
  it('returns the configuration as written, keeping unknown top-level keys', () => {
    const source = {
      ...minimal,
      feedback: { thumbs: true },
      navigation: { pages: ['index', { group: 'A', pages: ['a', { group: 'B', pages: ['b'], expanded: false }] }] },
    };
    const result = parseDocsJson(JSON.stringify(source));
    expect(result.config).toEqual(source);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['config/legacy-key']);
  });

  it('accepts an already parsed value, without line numbers, and does not modify it', () => {
    const value = structuredClone({ ...minimal, colors: { primary: 'green' } });
    const frozen = structuredClone(value);
    const result = parseDocsJson(value);
    expect(result.config).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'config/invalid-value', pointer: '/colors/primary', file: 'docs.json' })]);
    expect(result.diagnostics[0]).not.toHaveProperty('line');
    expect(value).toEqual(frozen);
  });

  it('follows $refs of a parsed value through readFile and leaves the input untouched', () => {
    const value = { ...minimal, navigation: { tabs: [{ $ref: 'tab.json' }] } };
    const result = parseDocsJson(value, { readFile: (file) => (file === 'tab.json' ? '{ "tab": "A", "pages": ["a"] }' : undefined) });
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.navigation.tabs).toEqual([{ tab: 'A', pages: ['a'] }]);
    expect(value.navigation.tabs[0]).toEqual({ $ref: 'tab.json' });
  });

  it('names referenced files relative to the folder of docs.json', () => {
    const files: Record<string, string> = { 'site/nav/en.json': '{ "tab": "A", "pagess": [] }' };
    const column = (files['site/nav/en.json'] as string).indexOf('"pagess"') + 1;
    const result = parseDocsJson(JSON.stringify({ ...minimal, navigation: { tabs: [{ $ref: './nav/en.json' }] } }), {
      file: 'site/docs.json',
      readFile: (file) => files[file],
    });
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'site/nav/en.json', pointer: '/pagess', line: 1, column })]);
  });

  it('treats a readFile that throws as a missing file', () => {
    const result = parseDocsJson(JSON.stringify({ ...minimal, redirects: { $ref: 'r.json' } }), {
      readFile: () => {
        throw new Error('EACCES');
      },
    });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['config/ref-missing']);
  });

  it('reports a $ref without readFile instead of ignoring it', () => {
    const result = parseDocsJson(JSON.stringify({ ...minimal, redirects: { $ref: 'r.json' } }));
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['config/ref-unavailable']);
  });

  it('strips a byte order mark', () => {
    expect(parseDocsJson(`\uFEFF${JSON.stringify(minimal)}`).diagnostics).toEqual([]);
  });

  it('refuses text over the size limit without parsing it', () => {
    const result = parseDocsJson(JSON.stringify(minimal), { maxSize: 10 });
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'json/too-large' })]);
  });

  it('reports deep nesting instead of overflowing the stack', () => {
    const deep = `{"theme":"mint","name":"a","colors":{"primary":"#000"},"navigation":{"pages":[${'['.repeat(5000)}${']'.repeat(5000)}]}}`;
    expect(parseDocsJson(deep).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['json/too-deep']);
    let nested: Record<string, unknown> = { group: 'leaf', pages: ['a'] };
    for (let depth = 0; depth < 2000; depth++) nested = { group: `g${depth}`, pages: [nested] };
    const codes = parseDocsJson({ ...minimal, navigation: { groups: [nested] } }).diagnostics.map((diagnostic) => diagnostic.code);
    expect(codes).toContain('json/too-deep');
  });

  it('survives a cyclic object passed by a caller', () => {
    const cyclic: Record<string, unknown> = { ...minimal };
    cyclic.self = cyclic;
    expect(() => parseDocsJson(cyclic)).not.toThrow();
    expect(parseDocsJson(cyclic).config).toBeUndefined();
  });

  it('reports unknown top-level keys as errors under strict', () => {
    const text = JSON.stringify({ ...minimal, naem: 'x' });
    expect(parseDocsJson(text).diagnostics[0]).toMatchObject({ severity: 'warning', suggestions: ['name'] });
    expect(parseDocsJson(text, { strict: true }).diagnostics[0]).toMatchObject({ severity: 'error', suggestions: ['name'] });
    expect(parseDocsJson(text, { strict: true }).config).toBeUndefined();
  });

  it('points at the key of an unknown key and at the value of a wrong value', () => {
    const text =
      '{\n  "theme": "mint",\n  "name": "Acme",\n  "colors": { "primary": "#0D9373" },\n  "navigation": { "groups": [ { "group": "A", "pagess": ["a"], "hidden": "no" } ] }\n}';
    const line = text.split('\n')[4] as string;
    const diagnostics = parseDocsJson(text).diagnostics;
    // The misspelt `pages` is the one problem of the group: no second report that it has no pages.
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[0]).toMatchObject({ code: 'navigation/unknown-key', line: 5, column: line.indexOf('"pagess"') + 1, suggestions: ['pages'] });
    expect(diagnostics[1]).toMatchObject({ code: 'navigation/invalid-type', line: 5, column: line.indexOf('"no"') + 1 });
  });
});
