import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import type { CheckContext } from './context.js';

/** A required member is absent. */
export function missing(context: CheckContext, pointer: string, message: string, hint: string): void {
  context.report({ code: 'openapi/missing-field', severity: 'error', message, pointer, hint, suggestions: [] });
}

export function wrongType(context: CheckContext, pointer: string, expected: string, hint?: string): void {
  context.report({
    code: 'openapi/invalid-type',
    severity: 'error',
    message: `This value must be ${expected}.`,
    pointer,
    hint: hint ?? `Write ${expected} here.`,
  });
}

export function invalidValue(context: CheckContext, pointer: string, value: string, allowed: readonly string[], what: string): void {
  const suggestions = didYouMean(value, allowed);
  context.report({
    code: 'openapi/invalid-value',
    severity: 'error',
    message: `${what} ${JSON.stringify(value)} is not one of ${allowed.map((name) => `"${name}"`).join(', ')}.`,
    pointer,
    hint: didYouMeanText(suggestions) ?? `Use one of ${allowed.join(', ')}.`,
    suggestions,
  });
}
