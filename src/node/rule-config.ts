import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseRuleConfig, type RuleConfig } from '../rules/parse-rule-config.js';
import { isDirectory, toPosix } from './paths.js';

/** The names a rule configuration file may have beside docs.json, the first found is read. */
export const RULE_CONFIG_FILES = ['quire.config.json', '.quirerc.json'] as const;

/** Options of {@link loadRuleConfig}. */
export interface LoadRuleConfigOptions {
  /** Folder that file names in diagnostics are relative to. Default `process.cwd()`. */
  cwd?: string;
}

/** What {@link loadRuleConfig} found. */
export interface LoadedRuleConfig extends RuleConfig {
  /** Absolute path of the file read, or `undefined` when the site has none. */
  file: string | undefined;
  /** Problems of the file, named relative to `cwd`. */
  diagnostics: Diagnostic[];
  /** Text of the file by the name the diagnostics use, for `formatDiagnostics`. */
  sources: Record<string, string>;
}

/**
 * Reads the rule configuration of the site whose docs.json is in `target` (or is `target`):
 * `quire.config.json`, else `.quirerc.json`, in the folder of docs.json. A site without either
 * has no rules and ignores nothing more; a file with errors is reported and only its valid
 * entries are kept. Never throws for problems in the file.
 */
export async function loadRuleConfig(target: string, options: LoadRuleConfigOptions = {}): Promise<LoadedRuleConfig> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(cwd, target);
  const root = isDirectory(absolute) ? absolute : path.dirname(absolute);
  const found: Array<{ file: string; text: string }> = [];
  for (const name of RULE_CONFIG_FILES) {
    const file = path.join(root, name);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) found.push({ file, text });
  }
  const first = found[0];
  if (!first) return { file: undefined, rules: {}, ignore: [], diagnostics: [], sources: {} };
  const name = toPosix(path.relative(cwd, first.file)) || path.basename(first.file);
  const parsed = parseRuleConfig(first.text, name);
  const diagnostics = [...parsed.diagnostics];
  const second = found[1];
  if (second) {
    // Two files would be two answers to one question: one is read, and the user hears which.
    diagnostics.push({
      code: 'rules/two-files',
      severity: 'warning',
      message: `Both ${path.basename(first.file)} and ${path.basename(second.file)} exist; only ${path.basename(first.file)} is read.`,
      file: toPosix(path.relative(cwd, second.file)) || path.basename(second.file),
      pointer: '',
      line: 1,
      column: 1,
      hint: `Merge the settings into ${path.basename(first.file)} and delete ${path.basename(second.file)}.`,
    });
  }
  return { file: first.file, ...parsed.config, diagnostics, sources: diagnostics.length ? { [name]: first.text } : {} };
}
