import path from 'node:path';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { upgradeSite, type SiteUpgrade } from '../../node/upgrade-site.js';
import type { UpgradeDecision } from '../../upgrade/index.js';
import { ExitCode, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';
import { plural, useColor } from '../output.js';

const usage = `Usage: quire upgrade [dir] [options]

Turns the legacy mint.json of the site in [dir] (default: the current folder) into the docs.json
that means the same, as the platform's \`mint upgrade\` does: the navigation keeps its order,
groups go under the tab, anchor or version whose URL prefix their pages share, \`openapi\` and
\`api\` move into \`api\`, and the theme is chosen as the platform chooses it. Every key docs.json
has no place for is a warning that shows its value. docs.json is written atomically; mint.json
stays unless --remove.

Options:
  --dry-run          Print the docs.json and the decisions made; write nothing
  --force            Overwrite an existing docs.json
  --remove           Delete mint.json once docs.json is written
  --format <format>  text (default) or json (one JSON document)
  -h, --help         Show this help

Exit code: 0 when docs.json was written (or would be, with --dry-run), 1 when mint.json is
missing or has errors, docs.json exists without --force, or writing failed (then nothing
changed), 2 on a usage error.`;

/** What one run did, for both output formats. */
type UpgradeRun = SiteUpgrade & { dryRun: boolean };

/** \`quire upgrade\`: writes docs.json from a legacy mint.json. */
export const upgradeCommand: Command = {
  name: 'upgrade',
  summary: 'Write the docs.json that means the same as a legacy mint.json',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        remove: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
      },
    });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not "${values.format}"`);
    if (values['dry-run'] && values.remove) throw new UsageError('--remove deletes mint.json, which --dry-run never does: use one or the other');
    const root = path.resolve(io.cwd, positionals[0] ?? '.');
    const run: UpgradeRun = {
      ...(await upgradeSite(root, { dryRun: values['dry-run'], force: values.force, remove: values.remove })),
      dryRun: values['dry-run'],
    };
    const name = (file: string) => path.relative(io.cwd, path.join(root, file)).split(path.sep).join('/') || file;
    if (values.format === 'json') io.stdout.write(`${JSON.stringify(jsonReport(run, name), null, 2)}\n`);
    else io.stdout.write(textReport(run, io, name));
    const failed = run.error !== undefined || run.result === undefined || run.result.config === undefined;
    return failed ? ExitCode.problems : ExitCode.ok;
  },
};

function textReport(run: UpgradeRun, io: CliIo, name: (file: string) => string): string {
  const out: string[] = [];
  const result = run.result;
  if (result && run.source !== undefined) {
    const diagnostics = formatDiagnostics(
      result.diagnostics.map((diagnostic) => ({ ...diagnostic, file: name(diagnostic.file) })),
      { [name('mint.json')]: run.source },
      { color: useColor(io) },
    );
    if (diagnostics) out.push(diagnostics, '');
    if (result.decisions.length) {
      out.push(`Decisions (${result.decisions.length}):`);
      for (const decision of result.decisions) out.push(`  ${where(decision, name)} ${decision.message}`);
      out.push('');
    }
    if (run.dryRun && result.text !== undefined)
      out.push(`${name('docs.json')} would be:`, result.text, `Dry run: nothing was written; run without --dry-run to write ${name('docs.json')}.`);
  }
  if (run.error !== undefined) out.push(run.error);
  else if (result && result.text === undefined) out.push('mint.json has errors: nothing was written.');
  else if (run.written.length)
    out.push(
      `Wrote ${name('docs.json')}${run.deleted.length ? ` and deleted ${name('mint.json')}` : `; ${name('mint.json')} stays (delete it, or run with --remove)`}.${result?.diagnostics.length ? ` ${plural(result.diagnostics.length, 'warning')} above.` : ''}`,
    );
  return `${out.join('\n')}\n`;
}

function where(decision: UpgradeDecision, name: (file: string) => string): string {
  return decision.line === undefined ? `${name(decision.file)}:` : `${name(decision.file)}:${decision.line}:${decision.column}`;
}

function jsonReport(run: UpgradeRun, name: (file: string) => string) {
  const report: Record<string, unknown> = {
    root: run.root,
    dryRun: run.dryRun,
    written: run.written.map(name),
    deleted: run.deleted.map(name),
    decisions: (run.result?.decisions ?? []).map((decision) => ({ ...decision, file: name(decision.file) })),
    diagnostics: (run.result?.diagnostics ?? []).map((diagnostic) => ({ ...diagnostic, file: name(diagnostic.file) })),
  };
  if (run.dryRun && run.result?.text !== undefined) report.docsJson = run.result.text;
  if (run.error !== undefined) report.error = run.error;
  return report;
}
