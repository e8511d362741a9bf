import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { applyRules, type RuleSettings } from '../rules/apply-rules.js';
import { loadSite, type LoadedSite } from '../node/load-site.js';
import { loadRuleConfig } from '../node/rule-config.js';
import type { CliIo } from './command.js';
import { createProgress } from './progress.js';
import { parseRuleOptions } from './rule-options.js';

const STAGES = { pages: 'Reading pages', openapi: 'Reading OpenAPI documents', endpoints: 'Building endpoint pages', content: 'Reading page content' } as const;

/** A site loaded for a command, with the rule settings in effect (for diagnostics found later, by `build`). */
export interface CommandSite extends LoadedSite {
  rules: RuleSettings;
}

/**
 * `loadSite` for a command, with progress on a terminal while it reads (none for `--format json`),
 * and the rules of quire.config.json overridden by `--rule`. The problems of the configuration
 * file come first among the diagnostics.
 */
export async function loadSiteForCommand(target: string, io: CliIo, options: { strict: boolean; format: string; offline?: boolean; rule?: string[]; 'no-content'?: boolean; 'no-cache'?: boolean }): Promise<CommandSite> {
  const fromCommandLine = parseRuleOptions(options.rule ?? []);
  for (const warning of fromCommandLine.warnings) io.stderr.write(`quire: warning: ${warning}\n`);
  const ruleConfig = await loadRuleConfig(target, { cwd: io.cwd });
  const rules: RuleSettings = { ...ruleConfig.rules, ...fromCommandLine.rules };
  const progress = createProgress(io, { enabled: options.format === 'text' });
  let site: LoadedSite;
  try {
    site = await loadSite(target, {
      cwd: io.cwd,
      strict: options.strict,
      offline: options.offline ?? false,
      rules,
      ignore: ruleConfig.ignore,
      content: !(options['no-content'] ?? false),
      // Left to loadSite's default otherwise, which is off when run from the sources (the tests).
      ...(options['no-cache'] ? { cache: false } : {}),
      onProgress: (stage, done, total) => progress.update(STAGES[stage], stage === 'endpoints' ? undefined : done, total),
    });
  } finally {
    progress.done();
  }
  const configDiagnostics: Diagnostic[] = applyRules(ruleConfig.diagnostics, rules);
  return { ...site, diagnostics: [...configDiagnostics, ...site.diagnostics], sources: { ...ruleConfig.sources, ...site.sources }, rules };
}
