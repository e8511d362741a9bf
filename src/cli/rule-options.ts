import { RULE_SEVERITIES, type RuleSeverity, type RuleSettings } from '../rules/apply-rules.js';
import { unknownCodeFinding } from '../rules/parse-rule-config.js';
import { UsageError } from './command.js';

/** The help text of `--rule` for a command whose option descriptions start at `column`. */
export function ruleOptionHelp(column: number): string {
  const option = '  --rule <code=sev>'.padEnd(column);
  const indent = ' '.repeat(column);
  return `${option}Set a diagnostic code (or pattern: openapi/*) to off, warning or error;\n${indent}repeatable; overrides quire.config.json (see docs/cli.md)`;
}

/**
 * The settings given with `--rule code=severity` (repeatable), and a warning for each code that
 * names no diagnostic. A malformed value is a usage error.
 */
export function parseRuleOptions(values: readonly string[]): { rules: RuleSettings; warnings: string[] } {
  const rules: Record<string, RuleSeverity> = {};
  const warnings: string[] = [];
  for (const value of values) {
    const equals = value.lastIndexOf('=');
    const code = value.slice(0, equals).trim();
    const severity = value.slice(equals + 1).trim();
    if (equals === -1 || code === '') throw new UsageError(`--rule expects code=severity (e.g. navigation/missing-page=warning), not "${value}"`);
    if (!(RULE_SEVERITIES as readonly string[]).includes(severity))
      throw new UsageError(`--rule ${code}: the severity must be off, warning or error, not "${severity}"`);
    const unknown = unknownCodeFinding(code);
    if (unknown) warnings.push(`--rule ${unknown.message}${unknown.hint ? ` ${unknown.hint}` : ''}`);
    rules[code] = severity as RuleSeverity;
  }
  return { rules, warnings };
}
