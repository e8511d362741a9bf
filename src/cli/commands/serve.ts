import { resolve as resolvePath } from 'node:path';
import type { AgentJobRunner, GitHost, RunningServer, Store } from '../../server/index.js';
import { DataDirBusyError, holderName } from '../../server/storage/data-dir-lock.js';
import { describeStoreLocation, resolveStoreLocation } from '../../server/storage/store-location.js';
import { ExitCode, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';
import { checkServerPackages } from '../server-packages.js';

const DEFAULT_PORT = 4319;
/** Shown in --help; kept beside DEFAULT_MODEL_IDS, which this file does not import eagerly. */
const DEFAULT_MODEL_IDS_TEXT = { sonnet: 'claude-sonnet-5-5', opus: 'claude-opus-5-5' };

const USAGE = `Usage: quire serve [options]

Runs the platform's HTTP API (quire-docs/server) on 127.0.0.1 with the embedded PostgreSQL
(PGlite), or a PostgreSQL server when DATABASE_URL is set. Stops on Ctrl-C.

Options:
  --port <n>                       port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>                    address to listen on (default 127.0.0.1)
  --data-dir <dir>                 PGlite data folder (default: $QUIRE_DATA_DIR or .quire/data)
  --database-url <url>             PostgreSQL server instead of PGlite (default: $DATABASE_URL)
  --repo <project>=<path>          agent jobs of <project> work on this local git repository
                                   (repeatable; projects without one answer 404)
  --github <project>=<owner/repo>  agent jobs of <project> work on this GitHub repository
                                   ($GITHUB_TOKEN; repeatable)
  --site <project>=<dir>           the docs site (folder of its docs.json) the assistant, search
                                   and page routes of <project> answer from; indexed at start and
                                   again when its files change (repeatable)
  --base <branch>                  branch pull requests target (default: the repository's)
  --concurrency <n>                agent jobs this process runs at once (default 2)
  --quiet                          do not log requests

On a PGlite data folder, quire keys and quire conversations reach the running server through
quire.sock in that folder (owner only).

Agent jobs are queued in the database (pg-boss): several quire serve processes on one
PostgreSQL server (DATABASE_URL) share the queue, and a job whose process died is run again
or ended as interrupted by the others once its lease runs out. On a PGlite data folder, which
one process holds, a restarted server takes such a job back at once.

Needs the server's packages, which installing quire-docs leaves out:
  npm install @anthropic-ai/sdk @electric-sql/pglite pg pg-boss
Without one, quire serve names it and exits with code 2.

The assistant (POST /v1/assistant/{projectId}/message) answers from the --site of the project
with the model of ANTHROPIC_API_KEY (QUIRE_ASSISTANT_MODEL, default the agent's sonnet); it
answers 503 without them. Assistant keys (quire keys create --kind assistant) reach only the
assistant, search and page routes, limited per key and per client address (429, Retry-After).

Environment of the agent (POST /v1/agent/{projectId}/job answers 503 without it):
  ANTHROPIC_API_KEY      key of the Anthropic API (required for the agent)
  ANTHROPIC_BASE_URL     base URL of the Messages API (default: the SDK's)
  QUIRE_MODEL_SONNET     model id behind "sonnet" (default ${DEFAULT_MODEL_IDS_TEXT.sonnet})
  QUIRE_MODEL_OPUS       model id behind "opus" (default ${DEFAULT_MODEL_IDS_TEXT.opus})
  QUIRE_AGENT_LEASE_MS   ms a process holds a job without renewing it (default 30000)
  QUIRE_AGENT_POLL_MS    ms between looks for queued jobs and others' events (default 500)
  GITHUB_TOKEN           token for --github; GITHUB_API_URL for GitHub Enterprise`;

/** The parsed options of `quire serve`. */
export interface ServeOptions {
  port: number;
  host: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Local repositories by project id. */
  repos: Record<string, string>;
  /** GitHub repositories by project id. */
  github: Record<string, { owner: string; repo: string }>;
  /** Docs sites (folders of a docs.json) by project id: what the assistant, search and page routes answer from. */
  sites: Record<string, string>;
  base?: string;
  concurrency: number;
  quiet: boolean;
}

function positiveInteger(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= (allowZero ? 0 : 1) && value <= 65_535)) throw new UsageError(`--${name} must be a whole number, got "${text}".`);
  return value;
}

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Splits `<project>=<value>`; a value alone is refused, since it would serve every project. */
function projectBinding(option: string, text: string, what: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals < 0) {
    throw new UsageError(`--${option} takes <project>=${what}, got "${text}": say which project the repository belongs to, e.g. --${option} docs=${text}.`);
  }
  const project = text.slice(0, equals);
  const value = text.slice(equals + 1);
  if (!PROJECT_ID.test(project)) throw new UsageError(`--${option}: "${project}" is not a project id (letters, digits, - and _; up to 64).`);
  if (value === '') throw new UsageError(`--${option} ${project}= needs ${what} after the "=".`);
  return [project, value];
}

/** Reads the command line of `quire serve`. */
export function parseServeArgs(argv: string[]): ServeOptions {
  const { values } = parseCommandLine({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      repo: { type: 'string', multiple: true },
      github: { type: 'string', multiple: true },
      site: { type: 'string', multiple: true },
      base: { type: 'string' },
      concurrency: { type: 'string' },
      quiet: { type: 'boolean' },
    },
  });
  const repos: Record<string, string> = {};
  for (const [project, path] of (values.repo ?? []).map((text) => projectBinding('repo', text, '<path>'))) {
    if (repos[project] !== undefined) throw new UsageError(`--repo gives project "${project}" two repositories.`);
    repos[project] = path;
  }
  const github: ServeOptions['github'] = {};
  for (const [project, name] of (values.github ?? []).map((text) => projectBinding('github', text, '<owner/repo>'))) {
    const [owner, repo, ...more] = name.split('/');
    if (!owner || !repo || more.length > 0) throw new UsageError(`--github takes <project>=<owner/repo>, got "${name}".`);
    if (repos[project] !== undefined || github[project] !== undefined) {
      throw new UsageError(`Project "${project}" is given two repositories (--repo and --github).`);
    }
    github[project] = { owner, repo };
  }
  const sites: Record<string, string> = {};
  for (const [project, folder] of (values.site ?? []).map((text) => projectBinding('site', text, '<dir>'))) {
    if (sites[project] !== undefined) throw new UsageError(`--site gives project "${project}" two sites.`);
    sites[project] = folder;
  }
  return {
    port: positiveInteger('port', values.port, DEFAULT_PORT, true),
    host: values.host ?? '127.0.0.1',
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    ...(values['database-url'] !== undefined ? { databaseUrl: values['database-url'] } : {}),
    repos,
    github,
    sites,
    ...(values.base !== undefined ? { base: values.base } : {}),
    concurrency: positiveInteger('concurrency', values.concurrency, 2),
    quiet: values.quiet === true,
  };
}

/** The server module, loaded when a server starts: its dependencies (PGlite, pg, the Anthropic SDK) would slow every other command's start. */
type ServerModule = typeof import('../../server/index.js');

/** A whole number of milliseconds from the environment, or the default. */
function millisecondsFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 50) throw new UsageError(`${name} must be a whole number of milliseconds (50 or more), got "${text}".`);
  return Number(text);
}

/** Refuses a --repo that is not a git repository, before the server accepts jobs for it. */
async function checkLocalRepositories(repos: Record<string, string>, cwd: string): Promise<void> {
  const { resolve } = await import('node:path');
  const { runGit } = await import('../../server/git/git-cli.js');
  for (const [project, path] of Object.entries(repos)) {
    const absolute = resolve(cwd, path);
    const probe = await runGit(absolute, ['rev-parse', '--git-dir']).catch(() => undefined);
    if (!probe || probe.exitCode !== 0) {
      throw new UsageError(`--repo ${project}=${path}: ${absolute} is not a git repository (git rev-parse failed there).`);
    }
  }
}

/** The agent runner from the options and environment, or what is missing for one. */
function agentFrom(server: ServerModule, options: ServeOptions, io: CliIo, store: Store, embedded: boolean): AgentJobRunner | string {
  const { createAgentJobRunner, createAnthropicModel, createGitHubHost, createLocalGitHost } = server;
  const apiKey = io.env.ANTHROPIC_API_KEY;
  const missing: string[] = [];
  if (Object.keys(options.repos).length === 0 && Object.keys(options.github).length === 0) {
    missing.push('a repository (start quire serve with --repo <project>=<path> or --github <project>=<owner/repo>)');
  }
  if (!apiKey) missing.push("the model's key (set ANTHROPIC_API_KEY)");
  if (Object.keys(options.github).length > 0 && !io.env.GITHUB_TOKEN) missing.push('a GitHub token for --github (set GITHUB_TOKEN)');
  if (missing.length > 0) return `The agent is not configured on this server: it needs ${missing.join(' and ')}.`;
  const hosts = new Map<string, GitHost>();
  for (const [project, repository] of Object.entries(options.repos)) {
    hosts.set(project, createLocalGitHost({ repository: resolvePath(io.cwd, repository), ...(options.base ? { baseBranch: options.base } : {}) }));
  }
  for (const [project, github] of Object.entries(options.github)) {
    hosts.set(
      project,
      createGitHubHost({
        ...github,
        token: io.env.GITHUB_TOKEN!,
        ...(io.env.GITHUB_API_URL ? { baseUrl: io.env.GITHUB_API_URL } : {}),
        ...(options.base ? { baseBranch: options.base } : {}),
      }),
    );
  }
  const modelIds = {
    ...(io.env.QUIRE_MODEL_SONNET ? { sonnet: io.env.QUIRE_MODEL_SONNET } : {}),
    ...(io.env.QUIRE_MODEL_OPUS ? { opus: io.env.QUIRE_MODEL_OPUS } : {}),
  };
  const leaseMs = millisecondsFrom(io.env, 'QUIRE_AGENT_LEASE_MS');
  const pollMs = millisecondsFrom(io.env, 'QUIRE_AGENT_POLL_MS');
  return createAgentJobRunner({
    store,
    model: createAnthropicModel({
      apiKey: apiKey!,
      modelIds,
      ...(io.env.ANTHROPIC_BASE_URL ? { baseURL: io.env.ANTHROPIC_BASE_URL } : {}),
    }),
    // Each project works on its own repository; a project without one answers 404.
    hostFor: (projectId) => hosts.get(projectId),
    concurrency: options.concurrency,
    // The embedded data folder is locked to this process: a job found running at start was left
    // by a process that ended, whatever its lease says.
    soleServer: embedded,
    ...(leaseMs !== undefined ? { leaseMs } : {}),
    ...(pollMs !== undefined ? { pollMs } : {}),
    onUnexpectedError: (error, job) =>
      io.stderr.write(
        `quire serve: ${job ? `job ${job.id} failed unexpectedly` : 'agent queue'}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ),
  });
}

async function startAdminSocket(store: Store, dataDir: string, io: CliIo) {
  const { createAdminHandler } = await import('../../server/admin/admin-handler.js');
  const { adminSocketPath, listenAdminSocket } = await import('../../server/admin/admin-socket.js');
  const socket = await listenAdminSocket(createAdminHandler(store), adminSocketPath(dataDir)).catch((error: unknown) => {
    io.stderr.write(`quire serve: no admin socket (${error instanceof Error ? error.message : String(error)}); stop the server to manage keys.\n`);
    return undefined;
  });
  if (socket) io.stdout.write(`quire serve: quire keys and quire conversations reach this server through ${socket.path}\n`);
  return socket;
}

/** A started `quire serve`: the HTTP server, its store and agent; `close` stops all of it. */
export interface StartedServe {
  running: RunningServer;
  store: Store;
  agent: AgentJobRunner | undefined;
  close(): Promise<void>;
}

/** Opens the store, wires the agent and listens; prints where. */
export async function startServe(options: ServeOptions, io: CliIo): Promise<StartedServe> {
  checkServerPackages();
  const server = await import('../../server/index.js');
  const { createApiHandler, listen, openStore } = server;
  const location = resolveStoreLocation(options, io.env, io.cwd);
  await checkLocalRepositories(options.repos, io.cwd);
  const store = await openStore(location);
  let agent: AgentJobRunner | string;
  try {
    agent = agentFrom(server, options, io, store, 'dataDir' in location);
  } catch (error) {
    await store.close();
    throw error;
  }
  // The sites are indexed before the server listens: its first answers are from them.
  const stopWatching: Array<() => void> = [];
  try {
    for (const [project, folder] of Object.entries(options.sites)) stopWatching.push(await indexSite(store, project, resolvePath(io.cwd, folder), io));
  } catch (error) {
    for (const stop of stopWatching) stop();
    if (typeof agent !== 'string') await agent.stop();
    await store.close();
    throw error;
  }
  const assistant = io.env.ANTHROPIC_API_KEY
    ? server.createAnthropicAssistantModel({
        apiKey: io.env.ANTHROPIC_API_KEY,
        ...(io.env.ANTHROPIC_BASE_URL ? { baseURL: io.env.ANTHROPIC_BASE_URL } : {}),
        ...(io.env.QUIRE_ASSISTANT_MODEL ? { model: io.env.QUIRE_ASSISTANT_MODEL } : io.env.QUIRE_MODEL_SONNET ? { model: io.env.QUIRE_MODEL_SONNET } : {}),
      })
    : undefined;
  const handler = createApiHandler({
    store,
    ...(typeof agent === 'string' ? { agentUnavailable: agent } : { agent }),
    ...(assistant
      ? { assistant }
      : { assistantUnavailable: "The assistant is not configured on this server: it needs the model's key (set ANTHROPIC_API_KEY)." }),
    ...(options.quiet
      ? {}
      : {
          log: (entry) => io.stdout.write(`${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms${entry.keyId ? ` key=${entry.keyId}` : ''}\n`),
        }),
    onError: (error) => io.stderr.write(`quire serve: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  });
  let running: RunningServer;
  try {
    running = await listen(handler, { host: options.host, port: options.port });
  } catch (error) {
    for (const stop of stopWatching) stop();
    if (typeof agent !== 'string') await agent.stop();
    await store.close();
    throw error;
  }
  io.stdout.write(`quire serve: listening on ${running.url} (storage: ${describeStoreLocation(location)})\n`);
  // The embedded data folder is this process's alone: quire keys and quire conversations reach
  // it through a socket in the folder, while this runs.
  const admin = 'dataDir' in location ? await startAdminSocket(store, location.dataDir, io) : undefined;
  if (typeof agent === 'string') io.stdout.write(`quire serve: agent jobs disabled: ${agent}\n`);
  return {
    running,
    store,
    agent: typeof agent === 'string' ? undefined : agent,
    async close() {
      for (const stop of stopWatching) stop();
      await admin?.close();
      await running.close();
      // Jobs outlive their requests; let the running ones finish before the store goes away.
      // Queued ones stay in the queue for the next start or another server.
      if (typeof agent !== 'string') await agent.stop();
      await store.close();
    },
  };
}

/**
 * Indexes the site in `folder` for `project` (the search, page and assistant routes), then again
 * after each change under it (a failed read keeps the last index and says why). Refuses a folder
 * without a docs.json. Returns a function that stops watching.
 */
async function indexSite(store: Store, project: string, folder: string, io: CliIo): Promise<() => void> {
  const { existsSync } = await import('node:fs');
  if (!existsSync(resolvePath(folder, 'docs.json'))) throw new UsageError(`--site ${project}=${folder}: there is no docs.json in ${folder}.`);
  const { readSiteIndex } = await import('../site-index.js');
  const { watchFolder } = await import('../watch.js');
  const index = async (when: string) => {
    const started = performance.now();
    const read = await readSiteIndex(folder, io, { offline: true });
    if (!read.ok) {
      io.stderr.write(`quire serve: the site of ${project} was not ${when}: ${read.message}\n`);
      return;
    }
    await store.siteIndex.replace(project, read.pages, read.instructions);
    const sections = read.pages.reduce((sum, page) => sum + page.sections.length, 0);
    io.stdout.write(
      `quire serve: site of ${project} ${when}: ${read.pages.length} pages, ${sections} sections (${Math.round(performance.now() - started)} ms)\n`,
    );
  };
  await index('indexed');
  return watchFolder(
    folder,
    () => index('indexed again'),
    (error) => io.stderr.write(`quire serve: watching the site of ${project}: ${error instanceof Error ? error.message : String(error)}\n`),
    { settleMs: 300 },
  );
}

/** One line: who holds the data folder and the ways out. */
function busyDataDirMessage(error: DataDirBusyError): string {
  return (
    `the data folder ${error.dataDir} is in use by ${holderName(error.pid)} (quire serve?); ` +
    'stop that one first, give this one another --data-dir, or run both on a PostgreSQL server (DATABASE_URL).'
  );
}

/** `quire serve`: the HTTP API on 127.0.0.1. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the platform HTTP API (quire-docs/server) on 127.0.0.1',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<ExitCode> {
    const options = parseServeArgs(argv);
    // Listened for from the start: Ctrl-C while PGlite opens (seconds) stops the server once it
    // is up, with the data folder's lock and socket removed, instead of killing it half-started.
    let stop!: () => void;
    const stopRequested = new Promise<void>((resolve) => (stop = resolve));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    let started: StartedServe;
    try {
      started = await startServe(options, io);
    } catch (error) {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // Another process has the folder: a situation to resolve, not a crash (no stack trace).
      if (!(error instanceof DataDirBusyError)) throw error;
      io.stderr.write(`quire serve: ${busyDataDirMessage(error)}\n`);
      return ExitCode.problems;
    }
    await stopRequested;
    io.stdout.write('quire serve: stopping (waiting for running agent jobs)\n');
    await started.close();
    return ExitCode.ok;
  },
};
