import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from '../../src/server/storage/data-dir-lock.js';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

const newDataDir = () => mkdtempSync(join(tmpdir(), 'quire-lock-unit-'));
const lockIn = (dataDir: string) => join(dataDir, 'quire.lock');

/** Another process that holds the lock of `dataDir` (listens on it, answering its pid), until killed. */
async function holderProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:net').createServer((socket) => socket.end(JSON.stringify({ pid: process.pid }) + '\\n'))
         .listen(process.argv[1], () => console.log('ready'));`,
      lockIn(dataDir),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });

describe('lockDataDir', () => {
  it('listens on a socket in the folder (owner only), refuses a second lock in the same process, and removes the socket on release', async () => {
    const dataDir = newDataDir();
    const lock = await lockDataDir(dataDir);
    expect(lock.path).toBe(lockIn(dataDir));
    expect(statSync(lockIn(dataDir)).isSocket()).toBe(true);
    expect(statSync(lockIn(dataDir)).mode & 0o777).toBe(0o600);
    await expect(lockDataDir(dataDir)).rejects.toThrow(new DataDirBusyError(dataDir, process.pid));
    await lock.release();
    await lock.release();
    expect(existsSync(lockIn(dataDir))).toBe(false);
    await (await lockDataDir(dataDir)).release();
  });

  it('creates a missing data folder for its owner alone', async () => {
    const dataDir = join(newDataDir(), 'data');
    await (await lockDataDir(dataDir)).release();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('refuses a folder another live process holds, naming it', async () => {
    const dataDir = newDataDir();
    const holder = await holderProcess(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`The data folder ${dataDir} is in use by process ${holder.pid} (quire serve?).`);
  });

  it('takes over the lock of a holder killed with kill -9: the socket is left, but nobody answers on it', async () => {
    const dataDir = newDataDir();
    await killed(await holderProcess(dataDir));
    expect(statSync(lockIn(dataDir)).isSocket()).toBe(true);
    const lock = await lockDataDir(dataDir);
    expect(statSync(lockIn(dataDir)).isSocket()).toBe(true);
    await lock.release();
  });

  it('takes over a lock file as older versions wrote it, whatever pid it names (this one, a live one)', async () => {
    const dataDir = newDataDir();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    children.push(other);
    for (const pid of [process.pid, other.pid]) {
      writeFileSync(lockIn(dataDir), `${JSON.stringify({ pid, startTicks: '1' })}\n`);
      await (await lockDataDir(dataDir)).release();
    }
  });

  it('locks a folder whose path is too long for a socket with a socket in the temporary folder, named after it', async () => {
    const dataDir = join(newDataDir(), 'a-folder-name-long-enough-to-push-the-socket-path-past-the-limit-'.repeat(2));
    mkdirSync(dataDir);
    const lock = await lockDataDir(dataDir);
    expect(lock.path.startsWith(tmpdir())).toBe(true);
    expect(statSync(lock.path).isSocket()).toBe(true);
    await expect(lockDataDir(`${dataDir}/`)).rejects.toThrow(DataDirBusyError);
    await lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
