import { describe, expect, it } from 'vitest';
import { formatDiagnostics, parseDocsJson } from '../../src/index.js';

describe('formatDiagnostics', () => {
  it('prints file:line:column, severity, code, message, a code frame and the hint', () => {
    const text = '{\n  "theme": "mint",\n  "name": "Acme",\n  "colors": { "primary": "#0D9373" },\n  "navigation": {\n    "tabs": [\n      { "tab": "API", "groups": [], "pages": ["a"] }\n    ]\n  }\n}\n';
    const { diagnostics, sources } = parseDocsJson(text);
    expect(formatDiagnostics(diagnostics, sources)).toBe(
      [
        'docs.json:7:33 warning navigation/empty-list `groups` of tab "API" is empty: the platform drops the empty list, so the tab shows no pages from it.',
        '  6 |     "tabs": [',
        '> 7 |       { "tab": "API", "groups": [], "pages": ["a"] }',
        `    | ${' '.repeat(32)}^`,
        '  hint: Add groups or remove the empty list.',
        '',
        'docs.json:7:37 error navigation/mixed-children Tab "API" holds both `groups` and `pages`; a navigation element holds one kind of child.',
        '  6 |     "tabs": [',
        '> 7 |       { "tab": "API", "groups": [], "pages": ["a"] }',
        `    | ${' '.repeat(36)}^`,
        '  hint: Move the pages into a group, or the groups into `pages`.',
        '',
      ].join('\n'),
    );
  });

  it('shows a window of a very long line so the caret stays on the problem', () => {
    const minified = JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' }, description: 'x'.repeat(500), navigation: { pages: ['a'] }, naem: 1 });
    const { diagnostics, sources } = parseDocsJson(minified);
    const [heading, line, caret] = formatDiagnostics(diagnostics, sources).split('\n');
    expect(heading).toMatch(/^docs\.json:1:\d+ warning config\/unknown-key/);
    expect(line).toMatch(/^> 1 \| …/);
    const caretColumn = (caret as string).indexOf('^');
    expect((line as string).slice(caretColumn, caretColumn + 6)).toBe('"naem"');
  });

  it('colours only when asked', () => {
    const { diagnostics, sources } = parseDocsJson('{ "theme": "mint" ');
    expect(formatDiagnostics(diagnostics, sources)).not.toContain('\u001b[');
    expect(formatDiagnostics(diagnostics, sources, { color: true })).toContain('\u001b[31merror\u001b[0m');
  });

  it('prints diagnostics without a known text without a code frame', () => {
    const { diagnostics } = parseDocsJson({ theme: 'mint' });
    const text = formatDiagnostics(diagnostics);
    expect(text.split('\n')[0]).toBe('docs.json error config/missing-field `name` is required.');
    expect(text).not.toContain(' | ');
  });
});
