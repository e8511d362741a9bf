import { statSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostics } from '../../diagnostics/format.js';
import { generateOpenApiFiles, type GenerateOpenApiFilesResult, type OpenApiFileStatus } from '../../node/openapi-files.js';
import { ExitCode, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';
import { plural, useColor } from '../output.js';
import { createProgress } from '../progress.js';

const usage = `Usage: quire openapi-file <spec> [options]

Writes one MDX page per operation and webhook of an OpenAPI description (a file, or an http(s)
URL) into a folder, then prints the navigation groups to add to docs.json. Each page's
frontmatter says which operation it documents (\`openapi: GET /users\`), with its title,
description, deprecation and the \`metadata\` of the operation's \`x-quire\` and \`x-mint\`
(\`x-quire\` wins where both set a field); their \`content\` is its body.

Options:
  -o, --output <folder>  Folder of the pages (default: the current folder)
  --overwrite            Replace pages that exist and differ (by default they are kept)
  --version <label>      Write \`version: <label>\` into every page (the docs.json version)
  --extension <name>     Another vendor extension with page settings, read before x-quire
                         and x-mint (which are always read)
  --code-samples         Write request samples into each page as a <RequestExample> (the
                         operation's x-codeSamples, then cURL, JavaScript, Python, Go, Java,
                         Ruby, PHP and C#; the platform makes them itself when it renders)
  --format <format>      text (default) or json (one JSON report, for CI)
  -h, --help             Show this help

Pages are named <folder>/<tag>/<operation>.mdx, or after an operation's \`href\`, a page
path from the site folder that must lie inside <folder>. The site folder is the nearest folder
at or above <folder> that holds docs.json, else the current folder; page paths in the
navigation start there. All pages are written, or none: an invalid description, an href
outside the folder or a failed write leaves the disk as it was.

In text format the navigation (JSON) is the only output on stdout; messages go to stderr.

Exit code: 0 when the pages were written or kept, 1 on errors (nothing written), 2 on a usage error.`;

/** `quire openapi-file`: MDX pages from an OpenAPI description. */
export const openApiFileCommand: Command = {
  name: 'openapi-file',
  summary: 'Write an MDX page per operation of an OpenAPI description and print its navigation',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        output: { type: 'string', short: 'o' },
        overwrite: { type: 'boolean', default: false },
        version: { type: 'string' },
        extension: { type: 'string' },
        'code-samples': { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
      },
    });
    if (positionals.length !== 1)
      throw new UsageError(
        positionals.length === 0 ? 'name the OpenAPI description (a file or an http(s) URL)' : `expected one description, got ${positionals.length}`,
      );
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not "${values.format}"`);
    if (values.extension !== undefined && !/^x-[\w.-]+$/.test(values.extension))
      throw new UsageError(`--extension must name a vendor extension (x-...), not "${values.extension}"`);
    if (values.version !== undefined && values.version.trim() === '') throw new UsageError('--version needs a label');
    if (values.output !== undefined && values.output.trim() === '') throw new UsageError('--output needs a folder');
    if (values.output !== undefined && statSync(path.resolve(io.cwd, values.output), { throwIfNoEntry: false })?.isDirectory() === false)
      throw new UsageError(`--output ${values.output} is a file, not a folder`);

    const progress = createProgress(io, { enabled: values.format === 'text' });
    let result: GenerateOpenApiFilesResult;
    try {
      result = await generateOpenApiFiles(positionals[0] as string, {
        cwd: io.cwd,
        overwrite: values.overwrite,
        ...(values.output !== undefined ? { output: values.output } : {}),
        ...(values.version !== undefined ? { version: values.version } : {}),
        ...(values.extension !== undefined ? { extension: values.extension } : {}),
        ...(values['code-samples'] ? { codeSamples: {} } : {}),
        onProgress: (label, done, total) => progress.update(label, done, total),
      });
    } finally {
      progress.done();
    }
    const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    if (values.format === 'json') io.stdout.write(`${JSON.stringify(jsonReport(result, io.cwd, errors), null, 2)}\n`);
    else printText(result, io, errors);
    return errors > 0 ? ExitCode.problems : ExitCode.ok;
  },
};

function printText(result: GenerateOpenApiFilesResult, io: CliIo, errors: number): void {
  const text = formatDiagnostics(result.diagnostics, result.sources, { color: useColor(io, io.stderr) });
  if (text) io.stderr.write(`${text}\n`);
  const warnings = result.diagnostics.length - errors;
  if (errors > 0) {
    io.stderr.write(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}. Nothing was written.\n`);
    return;
  }
  const shown = shownFolder(io.cwd, result.folder);
  const folder = shown === '.' ? 'the current folder' : `${shown}/`;
  const count = (status: OpenApiFileStatus) => result.files.filter((file) => file.status === status).length;
  const kept = result.files.filter((file) => file.status === 'kept');
  if (kept.length) {
    io.stderr.write(
      `Kept ${plural(kept.length, 'page')} that already ${kept.length === 1 ? 'exists and differs' : 'exist and differ'} from the description (--overwrite replaces them):\n`,
    );
    for (const file of kept.slice(0, 20)) io.stderr.write(`  ${shownFolder(io.cwd, file.file)}\n`);
    if (kept.length > 20) io.stderr.write(`  and ${kept.length - 20} more (--format json lists them all)\n`);
  }
  if (result.files.length === 0) {
    io.stderr.write(`${result.spec} has no operations or webhooks to make pages of; nothing was written.\n`);
    return;
  }
  const written = count('written') + count('overwritten');
  const parts = [
    count('overwritten') && `${plural(count('overwritten'), 'page')} replaced`,
    count('unchanged') && `${plural(count('unchanged'), 'page')} already up to date`,
    kept.length && `${plural(kept.length, 'page')} kept`,
  ].filter(Boolean);
  io.stderr.write(`Wrote ${written === 0 ? 'no pages' : plural(written, 'page')} to ${folder}${parts.length ? ` (${parts.join(', ')})` : ''}.\n`);
  const root = shownFolder(io.cwd, result.root);
  const from = result.rootHasDocsJson
    ? `page paths start at ${root === '.' ? 'this folder' : `${root}/`}, which holds docs.json`
    : `page paths start at ${root === '.' ? 'this folder' : `${root}/`}; no docs.json was found at or above ${folder}`;
  io.stderr.write(`Add these groups to the navigation in docs.json (${from}):\n`);
  io.stdout.write(`${JSON.stringify(result.navigation, null, 2)}\n`);
}

function jsonReport(result: GenerateOpenApiFilesResult, cwd: string, errors: number) {
  const byStatus = (status: OpenApiFileStatus) => result.files.filter((file) => file.status === status).map((file) => shownFolder(cwd, file.file));
  return {
    spec: result.spec,
    folder: shownFolder(cwd, result.folder),
    root: shownFolder(cwd, result.root),
    valid: errors === 0,
    errors,
    warnings: result.diagnostics.length - errors,
    written: byStatus('written'),
    overwritten: byStatus('overwritten'),
    unchanged: byStatus('unchanged'),
    kept: byStatus('kept'),
    pages: result.files.map((file) => ({ page: file.page, file: shownFolder(cwd, file.file), openapi: file.openapi, status: file.status })),
    navigation: result.navigation ?? null,
    diagnostics: result.diagnostics,
  };
}

/** A path as the user would type it from `cwd`: relative when inside, else absolute; `/`-separated. */
function shownFolder(cwd: string, target: string): string {
  const relative = path.relative(path.resolve(cwd), target);
  if (relative === '') return '.';
  return (path.isAbsolute(relative) || relative.startsWith('..') ? target : relative).split(path.sep).join('/');
}
