import type { AgentJobRunner, GitHost, RunningServer, Store } from '../../server/index.js';
import { describeStoreLocation, resolveStoreLocation } from '../../server/storage/store-location.js';
import { ExitCode, parseCommandLine, UsageError, type CliIo, type Command } from '../command.js';

const DEFAULT_PORT = 4319;

const USAGE = `Usage: quire serve [options]

Runs the platform's HTTP API (quire-docs/server) on 127.0.0.1 with the embedded PostgreSQL
(PGlite), or a PostgreSQL server when DATABASE_URL is set. Stops on Ctrl-C.

Options:
  --port <n>             port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>          address to listen on (default 127.0.0.1)
  --data-dir <dir>       PGlite data folder (default: $QUIRE_DATA_DIR or .quire/data)
  --database-url <url>   PostgreSQL server instead of PGlite (default: $DATABASE_URL)
  --repo <path>          agent jobs work on this local git repository
  --github <owner/repo>  agent jobs work on this GitHub repository ($GITHUB_TOKEN)
  --base <branch>        branch pull requests target (default: the repository's default)
  --concurrency <n>      agent jobs running at once (default 2)
  --quiet                do not log requests

Environment of the agent (POST /v1/agent/{projectId}/job answers 503 without it):
  ANTHROPIC_API_KEY      key of the Anthropic API (required for the agent)
  ANTHROPIC_BASE_URL     base URL of the Messages API (default: the SDK's)
  QUIRE_MODEL_SONNET     model id behind "sonnet"
  QUIRE_MODEL_OPUS       model id behind "opus"
  GITHUB_TOKEN           token for --github; GITHUB_API_URL for GitHub Enterprise`;

/** The parsed options of `quire serve`. */
export interface ServeOptions {
  port: number;
  host: string;
  dataDir?: string;
  databaseUrl?: string;
  repo?: string;
  github?: { owner: string; repo: string };
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

/** Reads the command line of `quire serve`. */
export function parseServeArgs(argv: string[]): ServeOptions {
  const { values } = parseCommandLine({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      repo: { type: 'string' },
      github: { type: 'string' },
      base: { type: 'string' },
      concurrency: { type: 'string' },
      quiet: { type: 'boolean' },
    },
  });
  if (values.repo && values.github) throw new UsageError('Give --repo or --github, not both.');
  let github: ServeOptions['github'];
  if (values.github !== undefined) {
    const [owner, repo, ...more] = values.github.split('/');
    if (!owner || !repo || more.length > 0) throw new UsageError('--github takes owner/repo.');
    github = { owner, repo };
  }
  return {
    port: positiveInteger('port', values.port, DEFAULT_PORT, true),
    host: values.host ?? '127.0.0.1',
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    ...(values['database-url'] !== undefined ? { databaseUrl: values['database-url'] } : {}),
    ...(values.repo !== undefined ? { repo: values.repo } : {}),
    ...(github ? { github } : {}),
    ...(values.base !== undefined ? { base: values.base } : {}),
    concurrency: positiveInteger('concurrency', values.concurrency, 2),
    quiet: values.quiet === true,
  };
}

/** The server module, loaded when a server starts: its dependencies (PGlite, pg, the Anthropic SDK) would slow every other command's start. */
type ServerModule = typeof import('../../server/index.js');

/** The agent runner from the options and environment, or why there is none. */
function agentFrom(server: ServerModule, options: ServeOptions, io: CliIo, store: Store): AgentJobRunner | string {
  const { createAgentJobRunner, createAnthropicModel, createGitHubHost, createLocalGitHost } = server;
  const apiKey = io.env.ANTHROPIC_API_KEY;
  if (!options.repo && !options.github) return 'no repository (give --repo or --github)';
  if (!apiKey) return 'ANTHROPIC_API_KEY is not set';
  let host: GitHost;
  if (options.github) {
    const token = io.env.GITHUB_TOKEN;
    if (!token) return 'GITHUB_TOKEN is not set (needed by --github)';
    host = createGitHubHost({
      ...options.github,
      token,
      ...(io.env.GITHUB_API_URL ? { baseUrl: io.env.GITHUB_API_URL } : {}),
      ...(options.base ? { baseBranch: options.base } : {}),
    });
  } else {
    host = createLocalGitHost({ repository: options.repo!, ...(options.base ? { baseBranch: options.base } : {}) });
  }
  const modelIds = {
    ...(io.env.QUIRE_MODEL_SONNET ? { sonnet: io.env.QUIRE_MODEL_SONNET } : {}),
    ...(io.env.QUIRE_MODEL_OPUS ? { opus: io.env.QUIRE_MODEL_OPUS } : {}),
  };
  return createAgentJobRunner({
    jobs: store.agentJobs,
    model: createAnthropicModel({ apiKey, modelIds, ...(io.env.ANTHROPIC_BASE_URL ? { baseURL: io.env.ANTHROPIC_BASE_URL } : {}) }),
    // One repository serves every project of this server.
    hostFor: () => host,
    concurrency: options.concurrency,
    onUnexpectedError: (error, job) => io.stderr.write(`quire serve: job ${job.id} failed unexpectedly: ${String(error)}\n`),
  });
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
  const server = await import('../../server/index.js');
  const { createApiHandler, listen, openStore } = server;
  const location = resolveStoreLocation(options, io.env, io.cwd);
  const store = await openStore(location);
  const agent = agentFrom(server, options, io, store);
  const handler = createApiHandler({
    store,
    ...(typeof agent === 'string' ? {} : { agent }),
    ...(options.quiet
      ? {}
      : {
          log: (entry) =>
            io.stdout.write(
              `${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms${entry.keyId ? ` key=${entry.keyId}` : ''}\n`,
            ),
        }),
    onError: (error) => io.stderr.write(`quire serve: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  });
  let running: RunningServer;
  try {
    running = await listen(handler, { host: options.host, port: options.port });
  } catch (error) {
    await store.close();
    throw error;
  }
  io.stdout.write(`quire serve: listening on ${running.url} (storage: ${describeStoreLocation(location)})\n`);
  if (typeof agent === 'string') io.stdout.write(`quire serve: agent jobs disabled: ${agent}\n`);
  return {
    running,
    store,
    agent: typeof agent === 'string' ? undefined : agent,
    async close() {
      await running.close();
      // Jobs outlive their requests; let them finish before the store goes away.
      if (typeof agent !== 'string') await agent.idle();
      await store.close();
    },
  };
}

/** `quire serve`: the HTTP API on 127.0.0.1. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the platform HTTP API (quire-docs/server) on 127.0.0.1',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<ExitCode> {
    const options = parseServeArgs(argv);
    const started = await startServe(options, io);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    io.stdout.write('quire serve: stopping (waiting for running agent jobs)\n');
    await started.close();
    return ExitCode.ok;
  },
};
