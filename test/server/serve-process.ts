import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from '../helpers/cli.js';
import type { NumberedAgentJobEvent } from '../../src/server/index.js';

/** A `quire serve` child process (the built CLI, dist/cli/index.js) on 127.0.0.1. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no cleanup of any kind, as a crash or an out-of-memory kill. */
  kill9(): Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts `quire serve --port 0 <args>` and resolves once it listens. `shellFirst`: a shell script
 * run first by the process that then becomes the server (`exec`), so with the server's pid in `$$`.
 */
export function startServeProcess(args: string[], env: Record<string, string>, shellFirst?: string): Promise<ServeProcess> {
  const command = [process.execPath, join(repositoryRoot, 'dist/cli/index.js'), 'serve', '--port', '0', ...args];
  const options = { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child =
    shellFirst === undefined ? spawn(command[0]!, command.slice(1), options) : spawn('/bin/sh', ['-c', `${shellFirst}\nexec "$0" "$@"`, ...command], options);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (url) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (more: Buffer) => (output += more.toString()));
        resolve({
          url,
          child,
          output: () => output,
          async kill9() {
            child.kill('SIGKILL');
            await exited(child);
          },
          async stop() {
            child.kill('SIGTERM');
            await exited(child);
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`quire serve exited (${code ?? signal}) before listening:\n${output}`)));
  });
}

/**
 * Reads an NDJSON event stream, handing each event to `onEvent`, until it ends or breaks (the
 * server was killed); resolves with the events read either way.
 */
export async function readEventStream(response: Response, onEvent: (event: NumberedAgentJobEvent) => void = () => {}): Promise<NumberedAgentJobEvent[]> {
  const events: NumberedAgentJobEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const event = JSON.parse(buffered.slice(0, newline)) as NumberedAgentJobEvent;
        buffered = buffered.slice(newline + 1);
        events.push(event);
        onEvent(event);
      }
    }
  } catch {
    // The connection broke: what was read is what the client got.
  }
  return events;
}
