import { resolveStoreLocation } from '../../server/storage/store-location.js';
import { ExitCode, outputFormat, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';

const USAGE = `Usage: quire keys <create|list|revoke> [options]

Manage the API keys of quire-docs/server. A key is printed once, when created; only its hash
is stored. Admin keys (quire_…) reach every route of their project; assistant keys
(quire_dsc_…, --kind assistant) reach only the assistant, search and page routes, are
rate-limited, and may be put in a web page. While quire serve runs on the embedded data folder, these go through the
running server (its socket in the data folder), with the same rules. Needs the server's
packages (npm install @anthropic-ai/sdk @electric-sql/pglite pg pg-boss); without one, exits 2 naming it.

  quire keys create --project <id> [--label <text>] [--kind admin|assistant]
                                                      print a new key (stdout, one line)
  quire keys list --project <id>                      list key ids, labels, states
  quire keys revoke <key id or key>                   revoke a key at once

Options:
  --project <id>         project the key is scoped to (letters, digits, - and _)
  --label <text>         a note for humans, e.g. who the key is for
  --kind <kind>          admin (default) or assistant
  --data-dir <dir>       PGlite data folder (default: $QUIRE_DATA_DIR or .quire/data)
  --database-url <url>   PostgreSQL server instead of PGlite (default: $DATABASE_URL)
  --format <format>      text (default) or json (one JSON document on stdout, for CI: the
                         key, the list, or whether it was revoked; "error" when it failed)`;

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The `--project` option of `quire keys` and `quire conversations`: present, and a project id. */
export function requireProject(project: string | undefined): string {
  if (project === undefined) throw new UsageError('--project <id> is required.');
  if (!PROJECT_ID.test(project)) throw new UsageError(`"${project}" is not a project id (letters, digits, - and _; up to 64).`);
  return project;
}

/** `quire keys`: create, list and revoke admin API keys. */
export const keysCommand: Command = {
  name: 'keys',
  summary: 'Create, list and revoke the API keys of quire-docs/server',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseCommandLine({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        label: { type: 'string' },
        kind: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        format: { type: 'string' },
      },
    });
    const [action, ...rest] = positionals;
    if (action !== 'create' && action !== 'list' && action !== 'revoke') {
      throw new UsageError(action === undefined ? 'Say what to do: create, list or revoke.' : `Unknown action "${action}".`);
    }
    const json = outputFormat(values.format) === 'json';
    if (values.kind !== undefined && values.kind !== 'admin' && values.kind !== 'assistant')
      throw new UsageError(`--kind is admin or assistant, not "${values.kind}".`);
    if (values.kind !== undefined && action !== 'create') throw new UsageError('--kind goes with create.');
    const kind = values.kind ?? 'admin';
    const location = resolveStoreLocation({ dataDir: values['data-dir'], databaseUrl: values['database-url'] }, io.env, io.cwd);
    const project = action === 'revoke' ? undefined : requireProject(values.project);
    if (action === 'revoke' && rest.length !== 1) throw new UsageError('Give exactly one key id to revoke.');
    const report = (value: object) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    const fail = (message: string) => {
      if (json) report({ action, error: message });
      else io.stderr.write(`quire keys: ${message}\n`);
      return ExitCode.problems;
    };

    // Loaded here: the server's dependencies (PGlite, pg, the Anthropic SDK) would slow every other command's start.
    const { parseApiKey } = await import('../../server/index.js');
    const { AdminUnavailableError, openAdminAccess } = await import('../../server/admin/admin-access.js');
    let admin;
    try {
      admin = await openAdminAccess(location);
    } catch (error) {
      if (!(error instanceof AdminUnavailableError)) throw error;
      return fail(error.message);
    }
    try {
      if (action === 'create') {
        const created = await admin.createKey(project!, values.label ?? null, kind);
        if (json) {
          report({ action, projectId: project, keyId: created.keyId, kind, label: values.label ?? null, key: created.text, where: admin.where });
        } else {
          io.stderr.write(`Created ${kind} key ${created.keyId} for project ${project} (${admin.where}).\nIt is shown once, below; store it now.\n`);
          io.stdout.write(`${created.text}\n`);
        }
        return ExitCode.ok;
      }
      if (action === 'list') {
        const keys = await admin.listKeys(project!);
        if (json) {
          report({ action, projectId: project, keys, where: admin.where });
          return ExitCode.ok;
        }
        for (const key of keys) {
          const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
          io.stdout.write(`${key.keyId}\t${key.kind}\t${state}\t${key.createdAt}\t${key.label ?? ''}\n`);
        }
        if (keys.length === 0) io.stderr.write(`No keys for project ${project}.\n`);
        return ExitCode.ok;
      }
      // A pasted whole key is accepted too; only its id part is used.
      const keyId = parseApiKey(rest[0]!)?.keyId ?? rest[0]!;
      const revoked = await admin.revokeKey(keyId);
      if (json) report({ action, keyId, revoked, where: admin.where, ...(revoked ? {} : { error: `no key with id ${keyId}.` }) });
      else if (revoked) io.stderr.write(`Revoked key ${keyId}.\n`);
      else io.stderr.write(`quire keys: no key with id ${keyId}.\n`);
      return revoked ? ExitCode.ok : ExitCode.problems;
    } catch (error) {
      // The server it went through stopped answering: one line, not a socket's stack trace.
      if (!(error instanceof AdminUnavailableError)) throw error;
      return fail(error.message);
    } finally {
      await admin.close();
    }
  },
};
