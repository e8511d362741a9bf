import path from 'node:path';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { unifiedDiff } from '../../migrate/diff.js';
import type { MigrationPlan, MovedPage } from '../../migrate/types.js';
import { applyMdxMigration, planMdxMigration, type MdxMigration } from '../../node/migrate-mdx.js';
import { WriteFilesError } from '../../node/write-files.js';
import { ExitCode, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';
import { plural, useColor } from '../output.js';
import { createProgress } from '../progress.js';
import { append } from '../../util/arrays.js';

const usage = `Usage: quire migrate-mdx [dir] [options]

Moves the hand-written MDX endpoint pages of the site in [dir] (default: the current folder) into
their OpenAPI documents. For each page listed in docs.json whose frontmatter has
\`openapi: [spec] METHOD /path\` (or \`webhook name\`), the operation's extension gets
\`metadata\` (the frontmatter without \`openapi\`), \`content\` (the body) and \`href\` (the page's
URL). The extension is the one the document already uses: \`x-mint\` (which the platform reads)
if it has any, else \`x-quire\`; the plan says which and why. Its docs.json entries become \`METHOD /path\` (\`spec METHOD /path\` where needed);
the MDX file is deleted. YAML documents keep their comments, key order and quoting; JSON files
their indentation. Pages that cannot move stay, each with the reason. When docs.json or an
OpenAPI document the pages use has errors, nothing changes. Every file is written, or none.

Options:
  --dry-run          Print the plan and a diff of every file; change nothing
  --format <format>  text (default) or json (one JSON document)
  --extension <name> Vendor extension to write the page settings in, in every document
                     (default: the one each document uses, x-mint before x-quire; x-quire
                     when it uses neither)
  -h, --help         Show this help

Exit code: 0 when every endpoint page moved (or there was none), 1 when a page stays, a
document is invalid or the files could not be written (then nothing changed), 2 on a usage error.`;

/** \`quire migrate-mdx\`: moves MDX endpoint pages into their OpenAPI documents. */
export const migrateMdxCommand: Command = {
  name: 'migrate-mdx',
  summary: 'Move MDX endpoint pages into their OpenAPI documents and point docs.json at the endpoints',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean', default: false }, format: { type: 'string', default: 'text' }, extension: { type: 'string' } },
    });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not "${values.format}"`);
    if (values.extension !== undefined && !/^x-[\w.-]+$/.test(values.extension))
      throw new UsageError(`--extension must name a vendor extension (x-...), not "${values.extension}"`);
    const json = values.format === 'json';
    const dryRun = values['dry-run'];
    const progress = createProgress(io, { enabled: !json });
    const migration = await planMdxMigration(positionals[0] ?? '.', {
      cwd: io.cwd,
      ...(values.extension !== undefined ? { extension: values.extension } : {}),
      onProgress: (stage, done, total) => progress.update(stage === 'pages' ? 'Reading pages' : 'Reading OpenAPI documents', done, total),
    });
    const { plan } = migration;
    const name = (file: string) => displayName(migration, io, file);
    let failure: string | undefined;
    if (!dryRun && plan.changes.length > 0) {
      progress.update('Writing files');
      try {
        await applyMdxMigration(migration);
      } catch (error) {
        failure = writeFailure(error);
      }
    }
    progress.done();
    const problems =
      failure !== undefined || plan.blocked || plan.kept.length > 0 || migration.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
    if (json) io.stdout.write(`${JSON.stringify(jsonReport(migration, name, dryRun, failure), null, 2)}\n`);
    else io.stdout.write(textReport(migration, io, name, dryRun, failure));
    return problems ? ExitCode.problems : ExitCode.ok;
  },
};

function writeFailure(error: unknown): string {
  if (error instanceof WriteFilesError) {
    return error.rolledBack
      ? `Writing ${error.file} failed (${error.message}); every file was put back as it was: nothing changed.`
      : `Writing ${error.file} failed (${error.message}), and some files could not be put back: ${error.leftovers.join(', ')} hold the originals.`;
  }
  return (error as Error).message;
}

function textReport(migration: MdxMigration, io: CliIo, name: (file: string) => string, dryRun: boolean, failure: string | undefined): string {
  const { plan } = migration;
  const out: string[] = [];
  const diagnostics = formatDiagnostics(migration.diagnostics, migration.sources, { color: useColor(io) });
  if (diagnostics) out.push(diagnostics, '');
  const moving = failure === undefined ? plan.moved : [];
  if (moving.length) {
    out.push(`${dryRun ? 'Would move' : 'Moved'} ${plural(moving.length, 'page')}:`);
    for (const page of moving) append(out, describeMove(page, name));
    out.push(`${dryRun ? 'Would write' : 'Wrote'} the page settings in:`);
    for (const choice of plan.extensions) out.push(`  ${name(choice.spec)} → ${choice.extension}: ${choice.why}`);
  }
  if (plan.kept.length) {
    out.push(`${dryRun ? 'Would keep' : 'Kept'} ${plural(plan.kept.length, 'page')}:`);
    for (const page of plan.kept) out.push(`  ${name(page.file)} (${page.code})`);
  }
  if (dryRun) {
    if (plan.changes.length) out.push('', `Changes in ${name('.')} (apply with \`patch -p1\` there):`);
    for (const change of plan.changes)
      out.push('', unifiedDiff(change.file, change.previous, change.kind === 'write' ? change.content : undefined).replace(/\n$/, ''));
    out.push('', `Dry run: nothing was changed${plan.changes.length ? `; ${summary(plan, name)} without --dry-run` : ''}.`);
  } else if (failure !== undefined) out.push(failure);
  else if (plan.changes.length) out.push(`${summary(plan, name, true)}.`);
  else if (plan.blocked) out.push('Nothing was changed.');
  else if (plan.kept.length === 0) out.push('No MDX endpoint page to migrate.');
  else out.push('Nothing was changed.');
  return `${out.join('\n')}\n`;
}

function describeMove(page: MovedPage, name: (file: string) => string): string[] {
  const operation = page.kind === 'webhook' ? `webhook ${page.path}` : `${page.method} ${page.path}`;
  return [
    `  ${name(page.file)} → ${name(page.spec)} ${operation} (${page.extension}, href ${page.href})`,
    ...page.entries.map((entry) => `    ${name(entry.file)} ${entry.pointer}: ${JSON.stringify(entry.from)} → ${JSON.stringify(entry.to)}`),
  ];
}

function summary(plan: MigrationPlan, name: (file: string) => string, done = false): string {
  const written = plan.changes.filter((change) => change.kind === 'write').map((change) => name(change.file));
  const deleted = plan.changes.filter((change) => change.kind === 'delete').length;
  return `${done ? 'Wrote' : 'would write'} ${written.join(', ')}; ${done ? 'deleted' : 'would delete'} ${plural(deleted, 'page file')}`;
}

function jsonReport(migration: MdxMigration, name: (file: string) => string, dryRun: boolean, failure: string | undefined) {
  const { plan } = migration;
  const changed =
    dryRun || failure !== undefined
      ? { written: [], deleted: [] }
      : {
          written: plan.changes.filter((change) => change.kind === 'write').map((change) => name(change.file)),
          deleted: plan.changes.filter((change) => change.kind === 'delete').map((change) => name(change.file)),
        };
  const report: Record<string, unknown> = {
    root: migration.root,
    dryRun,
    blocked: plan.blocked,
    moved: plan.moved.map((page) => ({
      ...page,
      file: name(page.file),
      spec: name(page.spec),
      entries: page.entries.map((entry) => ({ ...entry, file: name(entry.file) })),
    })),
    extensions: plan.extensions.map((choice) => ({ ...choice, spec: name(choice.spec) })),
    kept: plan.kept.map((page) => ({ ...page, file: name(page.file) })),
    ...changed,
    diagnostics: migration.diagnostics,
  };
  if (failure !== undefined) report.error = failure;
  if (dryRun)
    report.changes = plan.changes.map((change) => ({
      kind: change.kind,
      file: name(change.file),
      diff: unifiedDiff(change.file, change.previous, change.kind === 'write' ? change.content : undefined),
    }));
  return report;
}

/** A file of the plan (relative to the site) as the user named the site: relative to the current folder. */
function displayName(migration: MdxMigration, io: CliIo, file: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return file;
  return path.relative(io.cwd, path.join(migration.root, file)).split(path.sep).join('/') || file;
}
