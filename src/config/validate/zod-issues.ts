import * as z from 'zod/mini';
import type { DiagnosticCode } from '../../diagnostics/codes.js';
import { didYouMean, didYouMeanText, nearMisses } from '../../diagnostics/suggest.js';
import { getAtPointer, joinPointer, joinPointerTokens } from '../../json/pointer.js';
import type { Reporter } from './report.js';
import { objectKeys, schemaAt } from './schema-keys.js';

type Issue = z.core.$ZodIssue;

/**
 * The codes the schema checks report, written out for each area (rather than built from the area
 * and a rule name) so that a code read in a message is one search away from this table.
 */
const SCHEMA_CODES = {
  config: {
    unknownKey: 'config/unknown-key',
    missingField: 'config/missing-field',
    invalidType: 'config/invalid-type',
    invalidValue: 'config/invalid-value',
    emptyValue: 'config/empty-value',
    tooSmall: 'config/too-small',
    tooBig: 'config/too-big',
  },
  navigation: {
    unknownKey: 'navigation/unknown-key',
    missingField: 'navigation/missing-field',
    invalidType: 'navigation/invalid-type',
    invalidValue: 'navigation/invalid-value',
    emptyValue: 'navigation/empty-value',
    tooSmall: 'navigation/too-small',
    tooBig: 'navigation/too-big',
  },
} as const satisfies Record<IssueContext['area'], Record<string, DiagnosticCode>>;

/** What {@link reportZodIssues} needs to know about the value that was validated. */
export interface IssueContext {
  /** Pointer of the validated value in the merged document. */
  pointer: string;
  /** The validated value, to quote what the user wrote. */
  value: unknown;
  /** Its schema, to list the keys an object may have. */
  schema: z.core.$ZodType;
  /** Names the value at `path` (relative to the validated value) in words, e.g. '`colors.primary`'. */
  subject: (path: readonly PropertyKey[]) => string;
  /** First segment of the diagnostic codes: `config` or `navigation`. */
  area: 'config' | 'navigation';
  /** Severity of unknown keys. */
  unknownKeySeverity: 'error' | 'warning';
  /** Severity of an unknown key that is a near miss of a known one (a typo); defaults to `unknownKeySeverity`. */
  nearMissSeverity?: 'error';
}

/** Validates `context.value` against `context.schema` and reports each problem once. */
export function validateWithSchema(context: IssueContext, reporter: Reporter): boolean {
  const result = z.safeParse(context.schema, context.value);
  if (result.success) return true;
  reportZodIssues(result.error.issues, [], context, reporter);
  return false;
}

/** Turns zod issues (relative to `context.value` plus `base`) into findings. */
export function reportZodIssues(issues: readonly Issue[], base: readonly PropertyKey[], context: IssueContext, reporter: Reporter): void {
  for (const issue of issues) reportIssue(issue, [...base, ...issue.path], context, reporter);
}

function reportIssue(issue: Issue, path: PropertyKey[], context: IssueContext, reporter: Reporter): void {
  const pointer = joinPointerTokens(context.pointer, path.map(String));
  const actual = getAtPointer(context.value, joinPointerTokens('', path.map(String)));
  const subject = context.subject(path);
  const codes = SCHEMA_CODES[context.area];

  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = objectKeys(schemaAt(context.schema, path) ?? context.schema);
      for (const key of issue.keys) {
        const suggestions = didYouMean(key, known);
        const finding = {
          code: codes.unknownKey,
          severity: unknownKeySeverity(key, known, actual, context),
          message: `Unknown key "${key}" in ${subject}.`,
          pointer: joinPointer(pointer, key),
          hint: didYouMeanText(suggestions) ?? `Known keys: ${known.join(', ')}.`,
          at: 'key' as const,
        };
        reporter.report(suggestions.length ? { ...finding, suggestions } : finding);
      }
      return;
    }
    case 'invalid_type': {
      if (actual === undefined) {
        reporter.report({
          code: codes.missingField,
          severity: 'error',
          message: `${subject} is required.`,
          pointer,
          hint: `Add ${subject} (${describeExpected(issue.expected)}).`,
        });
        return;
      }
      reporter.report({
        code: codes.invalidType,
        severity: 'error',
        message: `${subject} must be ${describeExpected(issue.expected)}, not ${describeValue(actual)}.`,
        pointer,
        hint: typeHint(issue.expected, actual),
      });
      return;
    }
    case 'invalid_value': {
      const allowed = issue.values.map((value) => String(value));
      const suggestions = typeof actual === 'string' ? didYouMean(actual, allowed) : [];
      const finding = {
        code: codes.invalidValue,
        severity: 'error' as const,
        message: `${subject} is ${JSON.stringify(actual)}, which is not one of: ${allowed.map((value) => JSON.stringify(value)).join(', ')}.`,
        pointer,
        hint: didYouMeanText(suggestions) ?? `Use one of the listed values.`,
      };
      reporter.report(suggestions.length ? { ...finding, suggestions } : finding);
      return;
    }
    case 'invalid_union':
      reportUnion(issue, path, actual, context, reporter);
      return;
    case 'too_small': {
      const empty = Number(issue.minimum) === 1 && (typeof actual === 'string' || Array.isArray(actual));
      reporter.report({
        code: empty ? codes.emptyValue : codes.tooSmall,
        severity: 'error',
        message: empty
          ? `${subject} cannot be empty.`
          : `${subject} needs at least ${issue.minimum} ${issue.origin === 'array' ? 'items' : issue.origin === 'string' ? 'characters' : ''}`.trimEnd() + '.',
        pointer,
        hint: empty ? 'Give it a value, or remove it.' : 'Add the missing items.',
      });
      return;
    }
    case 'too_big':
      reporter.report({
        code: codes.tooBig,
        severity: 'error',
        message:
          `${subject} allows at most ${issue.maximum} ${issue.origin === 'array' ? 'items' : issue.origin === 'string' ? 'characters' : ''}`.trimEnd() + '.',
        pointer,
        hint: 'Remove the extra items or merge them.',
      });
      return;
    case 'invalid_key':
    case 'invalid_element':
      reportZodIssues(issue.issues, path, context, reporter);
      return;
    default:
      reporter.report({
        code: codes.invalidValue,
        severity: 'error',
        message: `${subject}: ${issue.message}`,
        pointer,
        hint: 'Correct the value as described.',
      });
  }
}

/**
 * A union failed. Rather than listing every alternative's complaints, pick the alternative the
 * value was meant to be (the one whose type it has) and report that alternative's problems alone.
 */
function unknownKeySeverity(key: string, known: readonly string[], object: unknown, context: IssueContext): 'error' | 'warning' {
  if (!context.nearMissSeverity) return context.unknownKeySeverity;
  // A key the object already has is not what a near miss meant.
  const present = object !== null && typeof object === 'object' ? object : {};
  return nearMisses(
    key,
    known.filter((candidate) => !Object.hasOwn(present, candidate)),
  ).length > 0
    ? context.nearMissSeverity
    : context.unknownKeySeverity;
}

function reportUnion(issue: z.core.$ZodIssueInvalidUnion, path: PropertyKey[], actual: unknown, context: IssueContext, reporter: Reporter): void {
  const alternatives = issue.errors.filter((issues) => issues.length > 0);
  const wrongType = (issues: readonly Issue[]) => issues.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0);
  const candidates = alternatives.filter((issues) => !wrongType(issues));
  if (candidates.length > 0) {
    const best = candidates.reduce((left, right) => (right.length < left.length ? right : left));
    reportZodIssues(best, path, context, reporter);
    return;
  }
  const expected = [
    ...new Set(
      alternatives.flatMap((issues) =>
        issues
          .filter((inner) => inner.code === 'invalid_type' && inner.path.length === 0)
          .map((inner) => describeExpected((inner as z.core.$ZodIssueInvalidType).expected)),
      ),
    ),
  ];
  const subject = context.subject(path);
  const pointer = joinPointerTokens(context.pointer, path.map(String));
  if (actual === undefined) {
    reporter.report({
      code: SCHEMA_CODES[context.area].missingField,
      severity: 'error',
      message: `${subject} is required.`,
      pointer,
      hint: `Add ${subject} (${joinOr(expected)}).`,
    });
    return;
  }
  reporter.report({
    code: SCHEMA_CODES[context.area].invalidType,
    severity: 'error',
    message: `${subject} must be ${joinOr(expected)}, not ${describeValue(actual)}.`,
    pointer,
    hint: 'Check the documentation of this setting for its accepted forms.',
  });
}

function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'a valid value';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "a string", "a list", ... for zod's `expected` names. */
export function describeExpected(expected: string): string {
  switch (expected) {
    case 'array':
      return 'a list';
    case 'object':
    case 'record':
      return 'an object';
    case 'boolean':
      return 'true or false';
    case 'int':
    case 'number':
      return 'a number';
    default:
      return `a ${expected}`;
  }
}

/** "a string", "a list", "null", ... for a JSON value. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'boolean':
      return String(value);
    case 'number':
      return `the number ${value}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function typeHint(expected: string, actual: unknown): string {
  if (expected === 'boolean' && (actual === 'true' || actual === 'false')) return `Write ${actual} without quotes.`;
  if (expected === 'number' && typeof actual === 'string' && actual.trim() !== '' && !Number.isNaN(Number(actual))) return `Write ${actual} without quotes.`;
  if (expected === 'array' && (typeof actual === 'string' || (actual !== null && typeof actual === 'object'))) return 'Wrap the value in [ ].';
  if (expected === 'string' && typeof actual === 'number') return `Write "${actual}" in quotes.`;
  return `Replace it with ${describeExpected(expected)}.`;
}
