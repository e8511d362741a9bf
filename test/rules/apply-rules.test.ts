import { describe, expect, it } from 'vitest';
import type { DiagnosticCode } from '../../src/diagnostics/codes.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { applyRules, ruleFor } from '../../src/rules/apply-rules.js';

const at = (code: DiagnosticCode, severity: Diagnostic['severity']): Diagnostic => ({ code, severity, message: code, file: 'docs.json', pointer: '' });

describe('ruleFor', () => {
  it('prefers the code itself, then the pattern with most literal characters', () => {
    const rules = { '*': 'off', 'navigation/*': 'warning', 'navigation/missing-page': 'error' } as const;
    expect(ruleFor('navigation/missing-page', rules)).toBe('error');
    expect(ruleFor('navigation/duplicate-page', rules)).toBe('warning');
    expect(ruleFor('openapi/syntax', rules)).toBe('off');
  });

  it('matches * anywhere, and nothing without a match', () => {
    expect(ruleFor('config/unknown-key', { '*/unknown-key': 'off' })).toBe('off');
    expect(ruleFor('config/unknown-keys', { '*/unknown-key': 'off' })).toBeUndefined();
    expect(ruleFor('openapi-file/not-a-file', { 'openapi/*': 'off' })).toBeUndefined();
    expect(ruleFor('navigation/missing-page', {})).toBeUndefined();
  });
});

describe('applyRules', () => {
  const diagnostics = [at('navigation/missing-page', 'error'), at('navigation/redirect-to-nothing', 'warning'), at('openapi/syntax', 'error')];

  it('drops what is off and sets the severity of the rest, in order, without changing the input', () => {
    const result = applyRules(diagnostics, { 'navigation/missing-page': 'off', 'navigation/redirect-to-nothing': 'error', 'openapi/*': 'warning' });
    expect(result.map((diagnostic) => `${diagnostic.severity} ${diagnostic.code}`)).toEqual(['error navigation/redirect-to-nothing', 'warning openapi/syntax']);
    expect(diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(['error', 'warning', 'error']);
  });

  it('keeps every diagnostic as it is without rules', () => {
    expect(applyRules(diagnostics, {})).toEqual(diagnostics);
  });
});
