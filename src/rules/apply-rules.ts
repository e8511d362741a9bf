import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** What a rule setting does to the diagnostics of its code: drop them, or give them this severity. */
export type RuleSeverity = 'off' | 'warning' | 'error';

/** The severities a rule setting accepts, for checking user input. */
export const RULE_SEVERITIES: readonly RuleSeverity[] = ['off', 'warning', 'error'];

/**
 * Severity settings by diagnostic code (`navigation/missing-page`) or code pattern, where `*`
 * stands for any characters (`openapi/*`, `*`).
 */
export type RuleSettings = Readonly<Record<string, RuleSeverity>>;

/**
 * Codes reported only when a rule setting names them (the code itself, not a pattern):
 * `"content/unreached-page": "warning"`. What they find is real but met by almost no reader, so
 * it is a matter of the site's taste whether to hear of it (docs/warning-audit.md):
 * - `content/unreached-page`: problems of pages no navigation entry lists and no reached page
 *   links to, which the platform publishes as hidden pages, out of search and the sitemap
 *   (langchain-ai/docs: 253 such pages with 651 broken links, left over from a build step).
 */
export const OPT_IN_CODES: readonly string[] = ['content/unreached-page'];

/**
 * `rules` with each of {@link OPT_IN_CODES} off unless `rules` names it: what `loadSite` applies.
 * A pattern (`content/*`, `*`) sets the severity of what is reported; it does not ask for more.
 */
export function withOptInCodes(rules: RuleSettings): RuleSettings {
  const off = OPT_IN_CODES.filter((code) => !Object.hasOwn(rules, code)).map((code) => [code, 'off' as const]);
  return off.length === 0 ? rules : { ...Object.fromEntries(off), ...rules };
}

/**
 * The setting that applies to `code`: its own entry, else the matching pattern with the most
 * characters that are not `*` (so `openapi/*` beats `*`), else `undefined`.
 */
export function ruleFor(code: string, rules: RuleSettings): RuleSeverity | undefined {
  if (Object.hasOwn(rules, code) && !code.includes('*')) return rules[code];
  let best: { severity: RuleSeverity; weight: number } | undefined;
  for (const [key, severity] of Object.entries(rules)) {
    if (!key.includes('*') || !patternMatches(key, code)) continue;
    const weight = key.replaceAll('*', '').length;
    if (!best || weight > best.weight) best = { severity, weight };
  }
  return best?.severity;
}

/** True when `pattern` (`*` for any characters, the rest literal) matches all of `code`. */
export function patternMatches(pattern: string, code: string): boolean {
  const parts = pattern.split('*');
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (!code.startsWith(first) || code.length < first.length + last.length || !code.endsWith(last)) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = code.indexOf(part, at);
    if (found === -1 || found + part.length > code.length - last.length) return false;
    at = found + part.length;
  }
  return true;
}

/**
 * The diagnostics with the rule settings applied: those whose rule is `off` are left out, the
 * others take the severity their rule gives (or keep their own without one). Order is kept and
 * the input is not changed. Pure, so library users tune diagnostics the way the CLI does.
 */
export function applyRules(diagnostics: readonly Diagnostic[], rules: RuleSettings): Diagnostic[] {
  if (Object.keys(rules).length === 0) return [...diagnostics];
  const result: Diagnostic[] = [];
  const cache = new Map<string, RuleSeverity | undefined>();
  for (const diagnostic of diagnostics) {
    if (!cache.has(diagnostic.code)) cache.set(diagnostic.code, ruleFor(diagnostic.code, rules));
    const rule = cache.get(diagnostic.code);
    if (rule === 'off') continue;
    result.push(rule === undefined || rule === diagnostic.severity ? diagnostic : { ...diagnostic, severity: rule });
  }
  return result;
}
