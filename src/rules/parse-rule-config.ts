import { DIAGNOSTIC_CODES } from '../diagnostics/codes.js';
import { diagnosticAt, inDocumentOrder, type Diagnostic, type Located } from '../diagnostics/diagnostic.js';
import { LineIndex } from '../diagnostics/line-index.js';
import { didYouMean, didYouMeanText } from '../diagnostics/suggest.js';
import { joinPointer } from '../json/pointer.js';
import { scanJson, type JsonLocation } from '../json/scan.js';
import { patternMatches, RULE_SEVERITIES, type RuleSeverity, type RuleSettings } from './apply-rules.js';

/** The settings of a `quire.config.json` file. */
export interface RuleConfig {
  /** Severity by diagnostic code or code pattern. */
  rules: RuleSettings;
  /** Patterns in `.gitignore` syntax, relative to the docs folder, of files Quire neither lists nor checks. */
  ignore: string[];
}

/** What {@link parseRuleConfig} found: the settings it could read, and the problems of the file. */
export interface ParseRuleConfigResult {
  config: RuleConfig;
  /** Problems of the file, at their line and column; with an error, `config` holds only what was valid. */
  diagnostics: Diagnostic[];
}

const TOP_LEVEL_KEYS = ['$schema', 'rules', 'ignore'];

/**
 * Reads the text of a rule configuration file (`quire.config.json`) named `file`: JSON syntax
 * errors, wrong types and unknown severities are errors; unknown keys and rule codes that name
 * no diagnostic are warnings with "did you mean". Entries in error are left out of the result.
 */
export function parseRuleConfig(text: string, file: string): ParseRuleConfigResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const config: RuleConfig = { rules: {}, ignore: [] };
  const diagnostics: Diagnostic[] = [];
  const scan = scanJson(source, { locations: true, maxDepth: 64 });
  const lines = new LineIndex(source);
  const at = (offset: number | undefined) => (offset === undefined ? undefined : lines.position(offset));
  if (scan.error) {
    diagnostics.push(
      diagnosticAt({ code: 'json/syntax', severity: 'error', message: scan.error.message, hint: scan.error.hint }, file, '', at(scan.error.offset)),
    );
    return { config, diagnostics };
  }
  for (const duplicate of scan.duplicates) {
    diagnostics.push(
      diagnosticAt(
        {
          code: 'json/duplicate-key',
          severity: 'error',
          message: 'This key is set twice in the same object; only the last value would count.',
          hint: 'Remove one of the two.',
        },
        file,
        duplicate.pointer,
        at(duplicate.offset),
      ),
    );
  }
  const locations = scan.locations ?? new Map<string, JsonLocation>();
  const report = (finding: Located, pointer: string, on: 'key' | 'value' = 'value') => {
    const location = locations.get(pointer);
    diagnostics.push(diagnosticAt(finding, file, pointer, at(on === 'key' ? (location?.key ?? location?.start) : location?.start)));
  };
  const value: unknown = JSON.parse(source);
  if (!isObject(value)) {
    report(
      {
        code: 'rules/invalid-type',
        severity: 'error',
        message: 'A Quire configuration is a JSON object.',
        hint: 'Write `{ "rules": { ... }, "ignore": [ ... ] }`.',
      },
      '',
    );
    return { config, diagnostics };
  }
  for (const key of Object.keys(value)) {
    if (TOP_LEVEL_KEYS.includes(key)) continue;
    const suggestions = didYouMean(key, TOP_LEVEL_KEYS);
    report(
      {
        code: 'rules/unknown-key',
        severity: 'warning',
        message: `Unknown key "${key}"; it is ignored.`,
        hint: didYouMeanText(suggestions) ?? 'A Quire configuration has `$schema`, `rules` and `ignore`.',
        suggestions,
      },
      joinPointer('', key),
      'key',
    );
  }
  if (value.$schema !== undefined && typeof value.$schema !== 'string') {
    report(
      {
        code: 'rules/invalid-type',
        severity: 'error',
        message: '`$schema` must be a string (the URL or path of the schema).',
        hint: 'Write `"$schema": "./node_modules/quire-docs/dist/quire.config.schema.json"`.',
      },
      '/$schema',
    );
  }
  if (value.rules !== undefined) readRules(value.rules, config, report);
  if (value.ignore !== undefined) readIgnore(value.ignore, config, report);
  return { config, diagnostics: inDocumentOrder(diagnostics) };
}

type Report = (finding: Located, pointer: string, on?: 'key' | 'value') => void;

function readRules(rules: unknown, config: RuleConfig, report: Report): void {
  if (!isObject(rules)) {
    report(
      {
        code: 'rules/invalid-type',
        severity: 'error',
        message: '`rules` must be an object of diagnostic codes and severities.',
        hint: 'Write `"rules": { "navigation/missing-page": "warning" }`.',
      },
      '/rules',
    );
    return;
  }
  const settings: Record<string, RuleSeverity> = {};
  for (const [code, severity] of Object.entries(rules)) {
    const pointer = joinPointer('/rules', code);
    if (typeof severity !== 'string' || !(RULE_SEVERITIES as readonly string[]).includes(severity)) {
      const suggestions = typeof severity === 'string' ? didYouMean(severity, RULE_SEVERITIES) : [];
      report(
        {
          code: 'rules/invalid-severity',
          severity: 'error',
          message: `The severity of "${code}" must be "off", "warning" or "error", not ${JSON.stringify(severity)}.`,
          hint: didYouMeanText(suggestions) ?? 'Use "off" to leave the diagnostics out, "warning" or "error" to set their severity.',
          suggestions,
        },
        pointer,
      );
      continue;
    }
    const unknown = unknownCodeFinding(code);
    if (unknown) report(unknown, pointer, 'key');
    settings[code] = severity as RuleSeverity;
  }
  config.rules = settings;
}

function readIgnore(ignore: unknown, config: RuleConfig, report: Report): void {
  if (!Array.isArray(ignore)) {
    report(
      { code: 'rules/invalid-type', severity: 'error', message: '`ignore` must be a list of patterns.', hint: 'Write `"ignore": ["drafts/", "*.draft.mdx"]`.' },
      '/ignore',
    );
    return;
  }
  ignore.forEach((pattern: unknown, index) => {
    if (typeof pattern === 'string') config.ignore.push(pattern);
    else
      report(
        {
          code: 'rules/invalid-type',
          severity: 'error',
          message: 'Each `ignore` entry must be a string (a pattern in .gitignore syntax).',
          hint: 'Quote the pattern.',
        },
        joinPointer('/ignore', index),
      );
  });
}

/**
 * A warning when `code` names no diagnostic Quire reports (for a pattern: matches none), with
 * the codes the user most likely meant; `undefined` when it is known. Shared with `--rule`.
 */
export function unknownCodeFinding(code: string): Located | undefined {
  const known = code.includes('*')
    ? DIAGNOSTIC_CODES.some((candidate) => patternMatches(code, candidate))
    : (DIAGNOSTIC_CODES as readonly string[]).includes(code);
  if (known) return undefined;
  const suggestions = didYouMean(code, code.includes('*') ? areaPatterns() : DIAGNOSTIC_CODES, 1);
  const what = code.includes('*') ? 'matches no diagnostic code' : 'is not a diagnostic code';
  return {
    code: 'rules/unknown-code',
    severity: 'warning',
    message: `"${code}" ${what}, so this setting changes nothing.`,
    hint: didYouMeanText(suggestions) ?? 'The codes are listed in docs/diagnostics.md.',
    suggestions,
  };
}

/** `openapi/*`, `navigation/*`, ...: the patterns a misspelt pattern is compared with. */
function areaPatterns(): string[] {
  return [...new Set(DIAGNOSTIC_CODES.map((code) => `${code.slice(0, code.indexOf('/'))}/*`))];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
