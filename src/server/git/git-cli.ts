import { execFile } from 'node:child_process';

/** What a finished git command printed. */
export interface GitOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * Runs `git` with arguments (never through a shell) in `cwd`. Resolves with the exit code
 * instead of rejecting, so callers decide which failures are expected.
 */
export function runGit(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...args],
      {
        cwd,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(error);
          return;
        }
        resolve({ stdout, stderr, exitCode: typeof error?.code === 'number' ? error.code : 0 });
      },
    );
  });
}

/** Runs git and returns its trimmed output; rejects with git's own message when it fails. */
export async function git(cwd: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const output = await runGit(cwd, args, env);
  if (output.exitCode !== 0) {
    throw new Error(`git ${args[0]} failed: ${output.stderr.trim() || output.stdout.trim()}`);
  }
  return output.stdout.trim();
}
