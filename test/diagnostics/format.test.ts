import { describe, expect, it } from 'vitest';
import { formatDiagnostics, parseDocsJson } from '../../src/index.js';

describe('formatDiagnostics', () => {
  it('prints file:line:column, severity, code, message, a code frame and the hint', () => {
    const text =
      '{\n  "theme": "mint",\n  "name": "Acme",\n  "colors": { "primary": "#0D9373" },\n  "navigation": {\n    "tabs": [\n      { "tab": "API", "groups": [], "pages": [] }\n    ]\n  }\n}\n';
    const { diagnostics, sources } = parseDocsJson(text);
    expect(formatDiagnostics(diagnostics, sources)).toBe(
      [
        'docs.json:7:23 warning navigation/mixed-children Tab "API" holds both `pages` and `groups`: the platform shows its pages and ignores the empty `groups`.',
        '  6 |     "tabs": [',
        '> 7 |       { "tab": "API", "groups": [], "pages": [] }',
        `    | ${' '.repeat(22)}^`,
        '  hint: Remove `groups` if it is left over, or move its groups into `pages`.',
        '',
        'docs.json:7:46 warning navigation/empty-list `pages` of tab "API" is empty: the tab shows no pages from it.',
        '  6 |     "tabs": [',
        '> 7 |       { "tab": "API", "groups": [], "pages": [] }',
        `    | ${' '.repeat(45)}^`,
        '  hint: Add pages or remove the empty list.',
        '',
      ].join('\n'),
    );
  });

  it('shows a window of a very long line so the caret stays on the problem', () => {
    const minified = JSON.stringify({
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      description: 'x'.repeat(500),
      navigation: { pages: ['a'] },
      naem: 1,
    });
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
