import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { quire, repositoryRoot } from '../helpers/cli.js';
import { SETUP_TIMEOUT_MS } from '../server/backends.js';
import { initializedDataDir } from '../server/initialized-data-dir.js';
import { startServeProcess, type ServeProcess } from '../server/serve-process.js';

// A data folder in use, and a server that goes away, as a user meets them: real processes.

const started: Array<ServeProcess | ChildProcess> = [];
afterEach(async () => {
  for (const process of started.splice(0)) {
    if ('stop' in process) await process.stop();
    else process.kill('SIGKILL');
  }
});

const newDataDir = () => join(mkdtempSync(join(tmpdir(), 'quire-lock-')), 'data');
// One PGlite has initialized already (initializedDataDir): each new folder costs a quire serve
// process 4-10 s of CPU in initdb. The umask test below keeps a new folder: it is about creating one.
const initializedNewDataDir = () => initializedDataDir(newDataDir());
// Not from the environment: a DATABASE_URL there would take the commands off the data folder.
const env = { DATABASE_URL: '' };

describe('quire serve on a data folder in use', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('prints one line naming the process that has it and exits 1, without a stack trace', async () => {
    const dataDir = await initializedNewDataDir();
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

  it("after kill -9 takes the folder over, even when the stale lock names the new process's own pid", async () => {
    const dataDir = await initializedNewDataDir();
    const lock = join(dataDir, 'quire.lock');
    const killed = await startServeProcess(['--data-dir', dataDir, '--quiet'], env);
    await killed.kill9();
    // The system closed the dead server's socket; the file stays, and nobody answers on it.
    expect(statSync(lock).isSocket()).toBe(true);
    const restarted = await startServeProcess(['--data-dir', dataDir, '--quiet'], env);
    started.push(restarted);
    expect((await fetch(`${restarted.url}/v1/analytics/demo/assistant`)).status).toBe(401);
    await restarted.kill9();

    // As after a restart of a container whose server is process 1: where the old lock kept its
    // process id, the id of the process now starting (written by that very process, before it
    // becomes quire serve). An id is no lock: it starts.
    const samePid = await startServeProcess(['--data-dir', dataDir, '--quiet'], env, `rm -f '${lock}'; printf '{"pid":%s}\\n' $$ > '${lock}'`);
    started.push(samePid);
    expect((await fetch(`${samePid.url}/v1/analytics/demo/assistant`)).status).toBe(401);
    expect(statSync(lock).isSocket()).toBe(true);
    await samePid.stop();
    started.pop();
    expect(existsSync(lock)).toBe(false);
  });
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
         const { mkdirSync } = require('node:fs');
         mkdirSync(process.argv[1], { recursive: true });
         const lock = require('node:net').createServer((socket) => socket.end(JSON.stringify({ pid: process.pid }) + '\\n'));
         lock.listen(process.argv[1] + '/quire.lock', () =>
           createServer((request, response) => {
             if (request.url === '/admin/ping') return response.end('{}');
             request.once('data', () => process.kill(process.pid, 'SIGKILL'));
           }).listen(process.argv[2], () => console.log('ready')));`,
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

  it('a real quire serve killed with kill -9 inside the import leaves none of it: the import is one transaction', async () => {
    const dataDir = await initializedNewDataDir();
    const server = await startServeProcess(['--data-dir', dataDir, '--quiet'], env);
    started.push(server);
    // Enough that the import is still writing when the test sees the log grow and kills the
    // server (an import that ends first fails the test: it exits 0): seconds of inserts.
    const count = 5_000;
    const history = join(dataDir, '..', 'history.jsonl');
    const response = 'Like so. '.repeat(100);
    writeFileSync(
      history,
      Array.from(
        { length: count },
        (_, index) => `${JSON.stringify({ timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString(), query: `How ${index}?`, response })}\n`,
      ).join(''),
    );
    // The server is killed as soon as its write-ahead log grows: inside the import's transaction.
    const wal = join(dataDir, 'pg_wal');
    const walWrites = () =>
      readdirSync(wal)
        .map((name) => `${name}:${statSync(join(wal, name)).mtimeMs}`)
        .join();
    const before = walWrites();
    const importing = spawn(
      process.execPath,
      [join(repositoryRoot, 'dist/cli/index.js'), 'conversations', 'import', '--project', 'demo', '--data-dir', dataDir, history],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    importing.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = new Promise<number | null>((resolve) => importing.once('exit', resolve));
    while (walWrites() === before) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.kill9();
    started.pop();
    expect(await exitCode).toBe(1);
    expect(stderr).toMatch(
      /^quire conversations: The running quire serve \(process \d+\) did not answer \((ECONNRESET|socket hang up)\); it may have stopped\. The import is one transaction/,
    );
    expect(stderr.split('\n')).toHaveLength(2);

    // Restarted, the folder holds none of the file: the same import brings all of it.
    const again = quire(['conversations', 'import', '--project', 'demo', '--data-dir', dataDir, history], { env });
    expect(again.stderr).toBe(`Imported ${count} conversation(s) into project demo (PGlite in ${dataDir}); 0 already there.\n`);
    expect(again.code).toBe(0);
  });
});

/** Modes of everything under `folder` (`path mode`, octal), the folder itself first. */
function modesUnder(folder: string): string[] {
  const modes = [`. dir ${(statSync(folder).mode & 0o777).toString(8)}`];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    modes.push(`${path.slice(folder.length + 1)} ${entry.isDirectory() ? 'dir ' : ''}${(statSync(path).mode & 0o777).toString(8)}`);
  }
  return modes;
}

describe('the data folder of quire serve under umask 022', { timeout: SETUP_TIMEOUT_MS }, () => {
  it("is its owner's alone: the folder and its folders 0700, every file 0600, keys and conversations included", async () => {
    const dataDir = newDataDir();
    const server = await startServeProcess(['--data-dir', dataDir, '--quiet'], env, 'umask 022');
    started.push(server);
    const ownerOnly = (line: string) => / (dir 700|600)$/.test(line);
    expect(modesUnder(dataDir).filter((line) => !ownerOnly(line))).toEqual([]);
    expect(modesUnder(dataDir).length).toBeGreaterThan(900);

    // A key and a conversation written through the running server, then a stop.
    expect(quire(['keys', 'create', '--project', 'demo', '--data-dir', dataDir], { env }).code).toBe(0);
    const history = join(dataDir, '..', 'history.jsonl');
    writeFileSync(history, `${JSON.stringify({ timestamp: '2025-06-02T00:00:00Z', query: 'How?', response: 'Like so.' })}\n`);
    expect(quire(['conversations', 'import', '--project', 'demo', '--data-dir', dataDir, history], { env }).code).toBe(0);
    await server.stop();
    started.pop();
    expect(modesUnder(dataDir).filter((line) => !ownerOnly(line))).toEqual([]);
  });
});
