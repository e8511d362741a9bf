import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DataDirBusyError, lockDataDir } from '../../src/server/storage/data-dir-lock.js';
import { parseProcessIdentity } from '../../src/server/storage/process-identity.js';

// A file system without hard links, when a test asks for one.
const fileSystem = vi.hoisted(() => ({ hardLinks: true }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    link: (...args: Parameters<typeof actual.link>) =>
      fileSystem.hardLinks ? actual.link(...args) : Promise.reject(Object.assign(new Error('operation not permitted, link'), { code: 'EPERM' })),
  };
});

const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

/** A live process that is not this one. */
function idleProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const newDataDir = () => mkdtempSync(join(tmpdir(), 'quire-lock-unit-'));
const lockIn = (dataDir: string) => join(dataDir, 'quire.lock');

describe('lockDataDir', () => {
  it('records this process, refuses a second lock in the same process, and removes the file on release', async () => {
    const dataDir = newDataDir();
    const lock = await lockDataDir(dataDir);
    const recorded = parseProcessIdentity(readFileSync(lockIn(dataDir), 'utf8'));
    expect(recorded).toMatchObject({ pid: process.pid, host: hostname() });
    if (existsSync('/proc/self/stat')) expect(recorded?.startTicks).toMatch(/^\d+$/);
    await expect(lockDataDir(dataDir)).rejects.toThrow(new DataDirBusyError(dataDir, process.pid));
    await lock.release();
    expect(existsSync(lockIn(dataDir))).toBe(false);
    await (await lockDataDir(dataDir)).release();
  });

  it('refuses a lock of a live process, in the format older versions wrote (a bare pid) too', async () => {
    const dataDir = newDataDir();
    const other = idleProcess();
    writeFileSync(lockIn(dataDir), `${other.pid}\n`);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`The data folder ${dataDir} is in use by process ${other.pid} (quire serve?).`);
  });

  it('takes over a lock whose process is gone', async () => {
    const dataDir = newDataDir();
    const gone = idleProcess();
    gone.kill('SIGKILL');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(lockIn(dataDir), `${JSON.stringify({ pid: gone.pid, host: hostname() })}\n`);
    await (await lockDataDir(dataDir)).release();
  });

  it('takes over a lock naming this very pid that this process does not hold (an earlier process had the pid)', async () => {
    const dataDir = newDataDir();
    writeFileSync(lockIn(dataDir), `${process.pid}\n`);
    const lock = await lockDataDir(dataDir);
    expect(parseProcessIdentity(readFileSync(lockIn(dataDir), 'utf8'))?.pid).toBe(process.pid);
    await lock.release();
  });

  it.skipIf(!existsSync('/proc/self/stat'))('tells a live process from the one that wrote the lock by its start time and boot', async () => {
    const dataDir = newDataDir();
    const other = idleProcess();
    await new Promise((resolve) => other.once('spawn', resolve));
    const stat = readFileSync(`/proc/${other.pid}/stat`, 'utf8');
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const write = (fields: object) => writeFileSync(lockIn(dataDir), `${JSON.stringify({ pid: other.pid, host: hostname(), ...fields })}\n`);

    write({ bootId, startTicks });
    await expect(lockDataDir(dataDir)).rejects.toThrow(`in use by process ${other.pid}`);
    // The pid is the same, but the process that wrote the lock started at another time...
    write({ bootId, startTicks: String(Number(startTicks) - 1) });
    await (await lockDataDir(dataDir)).release();
    // ... or before the machine restarted.
    write({ bootId: '00000000-0000-0000-0000-000000000000', startTicks });
    await (await lockDataDir(dataDir)).release();
  });

  it('leaves a lock from another machine alone, saying which file to delete if nothing runs there', async () => {
    const dataDir = newDataDir();
    writeFileSync(lockIn(dataDir), `${JSON.stringify({ pid: 4242, host: 'build-agent-7' })}\n`);
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} is in use by process 4242 on build-agent-7 (quire serve?), which cannot be checked from here. ` +
        `Stop it first; if no quire runs there any more, delete ${lockIn(dataDir)}.`,
    );
  });

  it('works on a file system without hard links, by an exclusive create', async () => {
    const dataDir = newDataDir();
    fileSystem.hardLinks = false;
    try {
      const lock = await lockDataDir(dataDir);
      expect(parseProcessIdentity(readFileSync(lockIn(dataDir), 'utf8'))?.pid).toBe(process.pid);
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirBusyError);
      await lock.release();
      expect(existsSync(lockIn(dataDir))).toBe(false);
    } finally {
      fileSystem.hardLinks = true;
    }
  });

  it('on release, leaves alone a lock another process has taken over', async () => {
    const dataDir = newDataDir();
    const lock = await lockDataDir(dataDir);
    const other = idleProcess();
    writeFileSync(lockIn(dataDir), `${other.pid}\n`);
    await lock.release();
    expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${other.pid}\n`);
  });
});
