import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { resolveStoreLocation } from '../../server/storage/store-location.js';
import type { ImportProblem } from '../../server/analytics/conversation-import.js';
import { ExitCode, outputFormat, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';
import { requireProject } from './keys.js';

const USAGE = `Usage: quire conversations import --project <id> <file.jsonl | ->

Imports the assistant's conversation history of a project from newline-delimited JSON, one
conversation per line, as GET /v1/analytics/{projectId}/assistant returns them:

  {"id":"01JD5Q0W7S9ZJ6X8T4B2N3M1KQ","timestamp":"2025-05-11T12:00:00.000Z","query":"...","response":"...","sources":[{"title":"...","url":"..."}],"queryCategory":null}

timestamp, query and response are required; id (a ULID whose time is the timestamp) may be left
out, then it is made from the line's content. Importing the same file again adds nothing (the
id decides). Every bad line is reported (line number, field) and then nothing is written; a
good file is written in one transaction. "-" reads standard input.

While quire serve runs on the embedded data folder, the import goes through it. Needs the
server's packages (npm install @anthropic-ai/sdk @electric-sql/pglite pg pg-boss); without one, exits 2 naming it.

Options:
  --project <id>         project the conversations belong to
  --data-dir <dir>       PGlite data folder (default: $QUIRE_DATA_DIR or .quire/data)
  --database-url <url>   PostgreSQL server instead of PGlite (default: $DATABASE_URL)
  --format <format>      text (default) or json (one JSON document on stdout, for CI: file,
                         projectId, imported, skipped, problems (line, field, message), and
                         error when nothing was imported)`;

async function readInput(path: string, io: CliIo): Promise<string> {
  if (path !== '-') return readFile(resolve(io.cwd, path), 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin ?? process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** `quire conversations import`: bring the assistant's history in from a JSONL file. */
export const conversationsCommand: Command = {
  name: 'conversations',
  summary: "Import the assistant's conversation history of quire-docs/server from JSONL",
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        format: { type: 'string' },
      },
    });
    const [action, file, ...extra] = positionals;
    if (action !== 'import') throw new UsageError(action === undefined ? 'Say what to do: import.' : `Unknown action "${action}".`);
    const projectId = requireProject(values.project);
    if (file === undefined || extra.length > 0) throw new UsageError('Give one file to import, or - for standard input.');
    const json = outputFormat(values.format) === 'json';
    const shown = file === '-' ? '(stdin)' : file;
    // One document for --format json, whatever happened: CI reads the counts or the error.
    const report = (fields: { imported?: number; skipped?: number; where?: string; problems?: ImportProblem[]; error?: string }) =>
      io.stdout.write(`${JSON.stringify({ file: shown, projectId, imported: 0, skipped: 0, problems: [], ...fields }, null, 2)}\n`);

    let text: string;
    try {
      text = await readInput(file, io);
    } catch (error) {
      const message = `cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
      if (json) report({ error: message });
      else io.stderr.write(`quire conversations: ${message}\n`);
      return ExitCode.problems;
    }
    const { parseConversationLines } = await import('../../server/analytics/conversation-import.js');
    const parsed = parseConversationLines(projectId, text);
    if (!parsed.ok) {
      const lines = new Set(parsed.problems.map((problem) => problem.line)).size;
      const message = `${lines} bad line(s); nothing was imported.`;
      if (json) {
        report({ problems: parsed.problems, error: message });
        return ExitCode.problems;
      }
      for (const problem of parsed.problems) io.stderr.write(`${shown}:${problem.line}: ${problem.field}: ${problem.message}\n`);
      io.stderr.write(`quire conversations: ${message}\n`);
      return ExitCode.problems;
    }

    const location = resolveStoreLocation({ dataDir: values['data-dir'], databaseUrl: values['database-url'] }, io.env, io.cwd);
    const { AdminUnavailableError, openAdminAccess } = await import('../../server/admin/admin-access.js');
    const fail = (message: string) => {
      if (json) report({ error: message });
      else io.stderr.write(`quire conversations: ${message}\n`);
      return ExitCode.problems;
    };
    let admin;
    try {
      admin = await openAdminAccess(location);
    } catch (error) {
      if (!(error instanceof AdminUnavailableError)) throw error;
      return fail(error.message);
    }
    try {
      const result = await admin.importConversations(projectId, parsed.conversations);
      if (json) report({ imported: result.imported, skipped: result.skipped, where: admin.where });
      else io.stderr.write(`Imported ${result.imported} conversation(s) into project ${projectId} (${admin.where}); ${result.skipped} already there.\n`);
      return ExitCode.ok;
    } catch (error) {
      // The server it went through stopped answering: one line, not a socket's stack trace.
      if (!(error instanceof AdminUnavailableError)) throw error;
      return fail(error.message);
    } finally {
      await admin.close();
    }
  },
};
