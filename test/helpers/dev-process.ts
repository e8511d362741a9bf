import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'dist/cli/index.js');

/** A running `quire dev` (the built CLI, dist/cli/index.js). */
export interface DevProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** `quire dev` on `site`, on a free port, offline, with `args` after; resolves once it prints its URL. */
export function startDev(site: string, env: Record<string, string> = {}, args: readonly string[] = []): Promise<DevProcess> {
  const child = spawn(process.execPath, [cli, 'dev', site, '--port', '0', '--offline', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /quire dev: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve({ child, url, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`quire dev exited with ${code}: ${output}`)));
  });
}

/**
 * Stops `quire dev` and waits for it to exit: on its way out it writes what it keeps for the next
 * start into the site's cache folder, which the folder's removal must not race.
 */
export async function stopDev(dev: { child: ChildProcess } | undefined): Promise<void> {
  if (!dev || dev.child.exitCode !== null || dev.child.signalCode !== null) return;
  const exited = new Promise((resolve) => dev.child.once('exit', resolve));
  dev.child.kill('SIGINT');
  await exited;
}
