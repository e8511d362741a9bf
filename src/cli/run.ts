import { ExitCode, UsageError, type CliIo, type Command } from './command.js';
import { commands } from './commands/index.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { missingServerPackage, missingServerPackageMessage } from './server-packages.js';

const VERSION = '0.1.0';

function topLevelHelp(): string {
  const width = commands.reduce((widest, command) => Math.max(widest, command.name.length), 0);
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return ['Usage: quire <command> [options]', '', 'Commands:', ...lines, '', 'Run `quire <command> --help` for the options of a command.', ''].join('\n');
}

/** The first line of a command's help: `Usage: quire validate [dir] [options]`. */
function usageLine(command: Command): string {
  return command.usage.split('\n', 1)[0] ?? `Usage: quire ${command.name}`;
}

/** Runs the CLI with the given arguments (without `node` and the script) and returns the exit code. */
export async function run(argv: string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(topLevelHelp());
    return name === undefined ? ExitCode.usage : ExitCode.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  const command: Command | undefined = commands.find((candidate) => candidate.name === name);
  if (!command) {
    const [suggestion] = didYouMean(
      name,
      commands.map((candidate) => candidate.name),
      1,
    );
    io.stderr.write(
      `quire: unknown command ${name}${suggestion ? `; did you mean ${suggestion}?` : ''}\nUsage: quire <command> [options] (quire --help lists the commands)\n`,
    );
    return ExitCode.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.usage.endsWith('\n') ? command.usage : `${command.usage}\n`);
    return ExitCode.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // One usage line, not the whole help: the error is what the user needs to see.
      io.stderr.write(`quire ${command.name}: ${error.message}\n${usageLine(command)} (quire ${command.name} --help for all options)\n`);
      return ExitCode.usage;
    }
    // The server's packages are optional peers: their absence is a setup to complete, not a crash.
    const missing = missingServerPackage(error);
    if (missing !== undefined) {
      io.stderr.write(`quire ${command.name}: ${missingServerPackageMessage(missing)}\n`);
      return ExitCode.usage;
    }
    throw error;
  }
}
