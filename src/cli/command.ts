import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../diagnostics/suggest.js';

/** What a command sees of the outside world; tests pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Standard input, for commands that read `-`; the process's when absent. */
  stdin?: NodeJS.ReadableStream;
}

/** Exit codes shared by every command. */
export const ExitCode = {
  /** The command did what was asked and found no problem. */
  ok: 0,
  /** The command ran and found problems (errors in the input). */
  problems: 1,
  /** The command line itself was wrong. */
  usage: 2,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A `quire <name>` subcommand. */
export interface Command {
  name: string;
  /** One line for `quire --help`. */
  summary: string;
  /** Full text for `quire <name> --help`. */
  usage: string;
  run(argv: string[], io: CliIo): Promise<ExitCode>;
}

/** Thrown by argument parsing; the dispatcher prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The `--format` option shared by the commands: text (the default) or json (one JSON document on stdout, for CI). */
export function outputFormat(value: string | undefined): 'text' | 'json' {
  if (value === undefined || value === 'text') return 'text';
  if (value === 'json') return 'json';
  throw new UsageError(`--format must be text or json, not "${value}"`);
}

/** `parseArgs` whose errors (unknown option, missing value) are usage errors: exit code 2 with the usage. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(describeParseError(error as NodeJS.ErrnoException, config));
  }
}

/**
 * Node's parser messages speak to programmers (`To specify a positional argument starting with a
 * '-', place it ...`); say what is wrong with the option in the user's words, with "did you mean".
 */
function describeParseError(error: NodeJS.ErrnoException, config: ParseArgsConfig): string {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1];
  if (option === undefined) return error.message;
  const options = Object.entries(config.options ?? {});
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const written = option.replace(/=.*/, '');
    // Only long options get a suggestion: any one-letter option is one edit from any other.
    const [suggestion] = written.startsWith('--')
      ? didYouMean(
          written,
          options.map(([name]) => `--${name}`),
          1,
        )
      : [];
    return `unknown option ${written}${suggestion ? `; did you mean ${suggestion}?` : ''}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/argument missing/.test(error.message)) return `option ${option} needs a value`;
    if (/does not take an argument/.test(error.message)) return `option ${option} takes no value`;
  }
  return error.message;
}
