import { describe, expect, it } from 'vitest';
import { parseRuleConfig } from '../../src/rules/parse-rule-config.js';

describe('parseRuleConfig', () => {
  it('reads rules and ignore patterns', () => {
    const text = '{ "$schema": "x", "rules": { "openapi/*": "warning", "navigation/missing-page": "off" }, "ignore": ["drafts/"] }';
    expect(parseRuleConfig(text, 'quire.config.json')).toEqual({
      config: { rules: { 'openapi/*': 'warning', 'navigation/missing-page': 'off' }, ignore: ['drafts/'] },
      diagnostics: [],
    });
  });

  it('reports a syntax error at its line and column and keeps nothing', () => {
    const result = parseRuleConfig('{\n  "rules": { "a/b": "off", }\n}', 'quire.config.json');
    expect(result.config).toEqual({ rules: {}, ignore: [] });
    expect(result.diagnostics).toMatchObject([{ code: 'json/syntax', severity: 'error', file: 'quire.config.json', line: 2, column: 26 }]);
  });

  it('reports a wrong severity with did-you-mean and leaves the entry out', () => {
    const result = parseRuleConfig('{\n  "rules": {\n    "navigation/missing-page": "warn",\n    "openapi/syntax": "off"\n  }\n}', 'q.json');
    expect(result.config.rules).toEqual({ 'openapi/syntax': 'off' });
    expect(result.diagnostics).toMatchObject([
      { code: 'rules/invalid-severity', pointer: '/rules/navigation~1missing-page', line: 3, column: 32, suggestions: ['warning'] },
    ]);
  });

  it('warns about an unknown code or pattern and keeps it', () => {
    const result = parseRuleConfig('{ "rules": { "navigation/missing-pag": "off", "opnapi/*": "off", "openapi/*": "off" } }', 'q.json');
    expect(Object.keys(result.config.rules)).toEqual(['navigation/missing-pag', 'opnapi/*', 'openapi/*']);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.suggestions])).toEqual([
      ['rules/unknown-code', 'warning', ['navigation/missing-page']],
      ['rules/unknown-code', 'warning', ['openapi/*']],
    ]);
  });

  it('reports wrong types and a root that is not an object', () => {
    expect(parseRuleConfig('[]', 'q.json').diagnostics).toMatchObject([{ code: 'rules/invalid-type', line: 1, column: 1 }]);
    const result = parseRuleConfig('{ "rules": [], "ignore": ["a", 1] }', 'q.json');
    expect(result.config.ignore).toEqual(['a']);
    expect(result.diagnostics.map((diagnostic) => `${diagnostic.code} ${diagnostic.pointer}`)).toEqual([
      'rules/invalid-type /rules',
      'rules/invalid-type /ignore/1',
    ]);
  });

  it('reports a key set twice', () => {
    expect(parseRuleConfig('{ "rules": {}, "rules": {} }', 'q.json').diagnostics).toMatchObject([{ code: 'json/duplicate-key', line: 1, column: 16 }]);
  });
});
