import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { applyRules, type RuleSettings } from '../rules/apply-rules.js';
import { openSite, type LoadedSite, type LoadSiteOptions } from '../node/load-site.js';
import type { SiteUpdate } from '../site/types.js';
import { reportSite, type SiteReport } from '../node/site-report.js';
import { loadRuleConfig } from '../node/rule-config.js';
import { UsageError, type CliIo } from './command.js';
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
export async function loadSiteForCommand(target: string, io: CliIo, options: CommandSiteOptions): Promise<CommandSite> {
  return (await openSiteForCommand(target, io, options)).site;
}

/** What {@link loadSiteForCommand} takes: the command's options. */
export interface CommandSiteOptions {
  strict: boolean;
  format: string;
  offline?: boolean;
  rule?: string[];
  'no-content'?: boolean;
  'no-cache'?: boolean;
  cache?: string;
  workers?: string;
  text?: boolean;
  'max-page-size'?: string;
}

/** A site loaded for a command, kept compiled for updates (`--watch`). */
export interface OpenedCommandSite {
  site: CommandSite;
  /** Reads the files given (relative to the site folder), updates the site with them, and gives it. */
  update(files: Iterable<string>): Promise<CommandSite>;
  /** What the last {@link update} changed: the page files whose facts changed, and whether anything besides pages did (`SiteUpdate`). */
  changed?: Pick<SiteUpdate, 'changedPages' | 'changedNavigation'>;
}

/** The rules, their file's problems and the `loadSite` options of a command's options. */
async function commandLoad(target: string, io: CliIo, options: CommandSiteOptions) {
  if (options['no-cache'] && options.cache !== undefined) throw new UsageError('--cache and --no-cache cannot be used together');
  if (options.cache === '') throw new UsageError('--cache needs a folder');
  const workers = parseWorkers(options.workers);
  const maxPageBytes = parseMaxPageSize(options['max-page-size']);
  const fromCommandLine = parseRuleOptions(options.rule ?? []);
  for (const warning of fromCommandLine.warnings) io.stderr.write(`quire: warning: ${warning}\n`);
  const ruleConfig = await loadRuleConfig(target, { cwd: io.cwd });
  const rules: RuleSettings = { ...ruleConfig.rules, ...fromCommandLine.rules };
  const progress = createProgress(io, { enabled: options.format === 'text' });
  const configDiagnostics: Diagnostic[] = applyRules(ruleConfig.diagnostics, rules);
  const loadOptions: LoadSiteOptions = {
    cwd: io.cwd,
    strict: options.strict,
    offline: options.offline ?? false,
    rules,
    ignore: ruleConfig.ignore,
    content: !(options['no-content'] ?? false),
    // Left to loadSite's default otherwise, which is off when run from the sources (the tests).
    ...(options['no-cache'] ? { cache: false } : {}),
    ...(options.cache !== undefined ? { cache: true, cacheDir: options.cache } : {}),
    onCacheUnavailable: (dir, error) =>
      warnOnce(
        io,
        `the content cache cannot be written in ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)}): every page is parsed. --cache <dir> puts it elsewhere; --no-cache turns it off.`,
      ),
    ...(workers === undefined ? {} : { workers }),
    ...(options.text === false ? { text: false } : {}),
    ...(maxPageBytes === undefined ? {} : { maxPageBytes }),
    onProgress: (stage, done, total) => progress.update(STAGES[stage], stage === 'endpoints' ? undefined : done, total),
  };
  return { rules, ruleConfig, configDiagnostics, progress, loadOptions };
}

/** {@link loadSiteForCommand}, keeping the site's compiler for updates. */
export async function openSiteForCommand(
  target: string,
  io: CliIo,
  options: CommandSiteOptions,
  more: { onOutline?: (site: CommandSite) => void | Promise<void> } = {},
): Promise<OpenedCommandSite> {
  const { rules, ruleConfig, configDiagnostics, progress, loadOptions } = await commandLoad(target, io, options);
  const forCommand = (site: LoadedSite): CommandSite => ({
    ...site,
    diagnostics: [...configDiagnostics, ...site.diagnostics],
    sources: { ...ruleConfig.sources, ...site.sources },
    rules,
  });
  let opened: Awaited<ReturnType<typeof openSite>>;
  const { onOutline } = more;
  try {
    opened = await openSite(target, { ...loadOptions, ...(onOutline ? { onOutline: (outline: LoadedSite) => onOutline(forCommand(outline)) } : {}) });
  } finally {
    progress.done();
  }
  let site = forCommand(opened.site);
  const result: OpenedCommandSite = {
    site,
    async update(files) {
      const updated = await opened.update(files);
      if (updated) site = forCommand(updated.site);
      result.changed = updated
        ? { changedPages: updated.update.changedPages, changedNavigation: updated.update.changedNavigation }
        : { changedPages: [], changedNavigation: true };
      return site;
    },
  };
  return result;
}

/**
 * The report of a site for a command (see `reportSite`): the one kept from the last run when
 * nothing changed, else the site loaded as {@link loadSiteForCommand} loads it. The problems of
 * the configuration file come first among the diagnostics.
 */
export async function reportSiteForCommand(target: string, io: CliIo, options: CommandSiteOptions): Promise<SiteReport> {
  const { ruleConfig, configDiagnostics, progress, loadOptions } = await commandLoad(target, io, options);
  let report: SiteReport;
  try {
    ({ report } = await reportSite(target, loadOptions));
  } finally {
    progress.done();
  }
  const diagnostics = [...configDiagnostics, ...report.diagnostics];
  return { ...report, diagnostics, sources: { ...ruleConfig.sources, ...report.sources } };
}

/** Warnings already printed to an output, so that `--watch` says each once. */
const warned = new WeakMap<CliIo, Set<string>>();

function warnOnce(io: CliIo, warning: string): void {
  const seen = warned.get(io) ?? new Set<string>();
  warned.set(io, seen);
  if (seen.has(warning)) return;
  seen.add(warning);
  io.stderr.write(`quire: warning: ${warning}\n`);
}

/** Help text of `--cache` and `--no-cache`, its descriptions starting at `column`, for the commands that read pages. */
export function cacheHelp(column: number): string {
  const indent = ' '.repeat(column);
  return (
    `${'  --cache <dir>'.padEnd(column)}Keep the content cache in <dir> (default .quire/cache beside\n${indent}docs.json; it keeps what each page's text parses to, so that the\n${indent}next run parses only the changed ones). A folder that cannot be\n${indent}written runs without it, saying so\n` +
    `${'  --no-cache'.padEnd(column)}Parse every page: neither read nor write the content cache`
  );
}

/** Help text of `--workers`, its descriptions starting at `column`, for the commands that read pages. */
export function workersHelp(column: number): string {
  const indent = ' '.repeat(column);
  return `${'  --workers <n>'.padEnd(column)}No effect, kept for scripts that pass it: pages are parsed in\n${indent}the main thread by satteri, which was as fast as parser threads`;
}

/** Help text of `--max-page-size`, its descriptions starting at `column`, for the commands that read pages. */
export function maxPageSizeHelp(column: number): string {
  const indent = ' '.repeat(column);
  return `  --max-page-size <size>\n${indent}Pages larger than this (bytes, or with KB or MB: 500KB, 4MB)\n${indent}are not parsed: one warning each (default 2MB)`;
}

/** Units of `--max-page-size`, in bytes: KB and MB are 1,024 and 1,048,576 bytes, as the warning's KiB and MiB. */
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 * 1024, mb: 1024 * 1024, mib: 1024 * 1024 };

/** The largest `--max-page-size`: V8 holds no string much longer, and a page this size takes minutes to parse. */
const LARGEST_PAGE_SIZE = 512 * 1024 * 1024;

/** The value of `--max-page-size` in bytes (`2097152`, `500KB`, `1.5MB`), or a usage error. */
export function parseMaxPageSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match ? SIZE_UNITS[(match[2] as string).toLowerCase()] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : Number.NaN;
  if (!(bytes >= 1 && bytes <= LARGEST_PAGE_SIZE))
    throw new UsageError(`--max-page-size must be a size from 1 byte to 512MB (bytes, or with KB or MB: 500KB, 4MB), not "${value}"`);
  return bytes;
}

/** More threads than this is a typing mistake: each costs tens of megabytes. */
const MAX_WORKERS = 256;

/** The value of `--workers`: a whole number from 0 to {@link MAX_WORKERS}, or a usage error. */
export function parseWorkers(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const workers = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(workers <= MAX_WORKERS)) throw new UsageError(`--workers must be a whole number from 0 to ${MAX_WORKERS}, not "${value}"`);
  return workers;
}
