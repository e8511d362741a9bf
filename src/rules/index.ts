export { applyRules, ruleFor, RULE_SEVERITIES } from './apply-rules.js';
export type { RuleSettings, RuleSeverity } from './apply-rules.js';
export { parseRuleConfig } from './parse-rule-config.js';
export type { ParseRuleConfigResult, RuleConfig } from './parse-rule-config.js';
export { DIAGNOSTIC_CODES } from '../diagnostics/codes.js';
export type { DiagnosticCode } from '../diagnostics/codes.js';
