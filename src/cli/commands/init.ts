import { existsSync } from 'node:fs';
import path from 'node:path';
import { writeFilesAtomically, WriteFilesError } from '../../node/write-files.js';
import { ExitCode, outputFormat, parseCommandLine, UsageError, type Command } from '../command.js';
import { INIT_FILES } from './init-site.js';

const usage = `Usage: quire init [dir]

Writes a minimal site into [dir] (default: the current folder; created when missing): docs.json
with its $schema, two pages (index.mdx, quickstart.mdx) and an OpenAPI file (openapi.yaml) whose
operation gets a generated page. The site passes \`quire validate\` and \`quire build\` as it is.
Writes nothing when any of these files exists already.

Options:
  --format <format>  text (default) or json (one JSON document: root, written, existing,
                     and error when nothing was written)
  -h, --help         Show this help

Exit code: 0 when the site was written, 1 when a file exists or writing failed, 2 on a usage error.`;

/** `quire init`: a minimal site to start from. */
export const initCommand: Command = {
  name: 'init',
  summary: 'Write a minimal site (docs.json, two pages, an OpenAPI file) to start from',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine({ args: argv, allowPositionals: true, options: { format: { type: 'string' } } });
    if (positionals.length > 1) throw new UsageError(`expected at most one folder, got ${positionals.length}`);
    const json = outputFormat(values.format) === 'json';
    const folder = path.resolve(io.cwd, positionals[0] ?? '.');
    const shown = (file: string) => path.relative(io.cwd, path.join(folder, file)) || file;
    const report = (fields: { written?: string[]; existing?: string[]; error?: string }) =>
      io.stdout.write(`${JSON.stringify({ root: folder, written: [], existing: [], ...fields }, null, 2)}\n`);
    // Every file is checked before any is written, so that a refusal leaves the folder as it was.
    const existing = INIT_FILES.filter((file) => existsSync(path.join(folder, file.path))).map((file) => shown(file.path));
    if (existing.length) {
      const message = `${existing.join(', ')} ${existing.length === 1 ? 'exists' : 'exist'} already; nothing was written.`;
      if (json) report({ existing, error: message });
      else io.stderr.write(`quire init: ${message}\n  hint: Run quire init in an empty folder, or pass one: quire init my-docs\n`);
      return ExitCode.problems;
    }
    try {
      await writeFilesAtomically(INIT_FILES.map((file) => ({ kind: 'write', path: path.join(folder, file.path), content: file.content })));
    } catch (error) {
      if (error instanceof WriteFilesError) {
        if (json) report({ error: error.message });
        else io.stderr.write(`quire init: ${error.message}\n`);
        return ExitCode.problems;
      }
      throw error;
    }
    const written = INIT_FILES.map((file) => shown(file.path));
    const target = path.relative(io.cwd, folder);
    if (json) report({ written });
    else io.stdout.write(`Wrote ${written.join(', ')}.\nNext: quire validate${target ? ` ${target}` : ''}\n`);
    return ExitCode.ok;
  },
};
