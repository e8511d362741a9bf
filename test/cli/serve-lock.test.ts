import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { quire } from '../helpers/cli.js';
import { SETUP_TIMEOUT_MS } from '../server/backends.js';
import { startServeProcess, type ServeProcess } from '../server/serve-process.js';

// A data folder in use, and a server that goes away, as a user meets them: real processes.

const started: Array<ServeProcess | ChildProcess> = [];
afterEach(async () => {
  for (const process of started.splice(0)) {
    if ('stop' in process) await process.stop();
    else process.kill('SIGKILL');
  }
});

/** A node process that does nothing until killed; its pid is a live process that is not quire. */
function idleProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  started.push(child);
  return child;
}

const newDataDir = () => join(mkdtempSync(join(tmpdir(), 'quire-lock-')), 'data');
// Not from the environment: a DATABASE_URL there would take the commands off the data folder.
const env = { DATABASE_URL: '' };

describe('quire serve on a data folder in use', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('prints one line naming the process that has it and exits 1, without a stack trace', async () => {
    const dataDir = newDataDir();
    const first = await startServeProcess(['--data-dir', dataDir, '--quiet'], env);
    started.push(first);
    const second = quire(['serve', '--port', '0', '--data-dir', dataDir], { env });
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(
      `quire serve: the data folder ${dataDir} is in use by process ${first.child.pid} (quire serve?); ` +
        'stop that one first, give this one another --data-dir, or run both on a PostgreSQL server (DATABASE_URL).\n',
    );
    expect(second.code).toBe(1);
    // The refused one took nothing from the first: it still answers.
    expect((await fetch(`${first.url}/v1/analytics/demo/assistant`)).status).toBe(401);
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'after kill -9 takes the folder over, even when the dead process\'s pid now belongs to another process',
    async () => {
      const dataDir = newDataDir();
      const killed = await startServeProcess(['--data-dir', dataDir, '--quiet'], env);
      await killed.kill9();
      const lock = join(dataDir, 'quire.lock');
      const left = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number; startTicks: string };
      expect(left.pid).toBe(killed.child.pid);
      // As after a restart of a container: the system gave the dead server's pid to a process
      // that started later (here: a live node process), which is not quire and holds nothing.
      const reuser = idleProcess();
      writeFileSync(lock, `${JSON.stringify({ ...left, pid: reuser.pid })}\n`);

      const next = await startServeProcess(['--data-dir', dataDir, '--quiet'], env);
      started.push(next);
      expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: next.child.pid });
      await next.stop();
      started.pop();
      expect(existsSync(lock)).toBe(false);
    },
  );
});

describe('quire conversations import whose server dies mid-import', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('ends in one line saying what happened and what to do, exit 1', async () => {
    const dataDir = newDataDir();
    const socket = join(dataDir, 'quire.sock');
    // A server that holds the folder and answers the first look at its socket, then dies
    // (SIGKILL) when the import arrives: what a quire serve killed mid-import looks like.
    const server = spawn(
      process.execPath,
      [
        '-e',
        `const { createServer } = require('node:http');
         const { mkdirSync, writeFileSync } = require('node:fs');
         mkdirSync(process.argv[1], { recursive: true });
         writeFileSync(process.argv[1] + '/quire.lock', process.pid + '\\n');
         createServer((request, response) => {
           if (request.url === '/admin/ping') return response.end('{}');
           request.once('data', () => process.kill(process.pid, 'SIGKILL'));
         }).listen(process.argv[2], () => console.log('ready'));`,
        dataDir,
        socket,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    started.push(server);
    await new Promise((resolve) => server.stdout!.once('data', resolve));

    const history = join(dataDir, '..', 'history.jsonl');
    writeFileSync(history, `${JSON.stringify({ timestamp: '2025-06-02T00:00:00Z', query: 'How?', response: 'Like so.' })}\n`);
    const imported = quire(['conversations', 'import', '--project', 'demo', '--data-dir', dataDir, history], { env });
    expect(imported.stdout).toBe('');
    expect(imported.stderr).toBe(
      `quire conversations: The running quire serve (process ${server.pid}) did not answer (ECONNRESET); it may have stopped. ` +
        'The import is one transaction, written whole or not at all: run it again (conversations already there are skipped).\n',
    );
    expect(imported.code).toBe(1);
  });
});
