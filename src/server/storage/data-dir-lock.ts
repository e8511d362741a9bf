import { link, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { currentProcess, formatProcessIdentity, parseProcessIdentity, processState } from './process-identity.js';

/** The data folder is held by another live process (or one on another machine that cannot be checked). */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    /** The machine of that process, when it is not this one. */
    readonly host?: string,
  ) {
    super(
      host === undefined
        ? `The data folder ${dataDir} is in use by process ${pid} (quire serve?). Stop it first, or use DATABASE_URL.`
        : `The data folder ${dataDir} is in use by process ${pid} on ${host} (quire serve?), which cannot be checked from here. ` +
            `Stop it first; if no quire runs there any more, delete ${lockFilePath(dataDir)}.`,
    );
  }
}

/** Held while a process has the embedded database open; PGlite must not be opened twice. */
export interface DataDirLock {
  release(): Promise<void>;
}

/** The lock file of a data folder. */
export function lockFilePath(dataDir: string): string {
  return join(dataDir, 'quire.lock');
}

/**
 * Lock files this process holds, shared by every copy of this module in the process (the ESM and
 * CommonJS builds may both be loaded): a lock naming this process is held only if listed here.
 */
function heldHere(): Set<string> {
  const key = Symbol.for('quire-docs.data-dir-locks');
  const scope = globalThis as { [key]?: Set<string> };
  return (scope[key] ??= new Set());
}

/** The process that holds the lock whose text this is (`host` when on another machine), or undefined when none does. */
async function holder(text: string, file: string): Promise<{ pid: number; host?: string } | undefined> {
  const owner = parseProcessIdentity(text);
  if (owner === undefined) return undefined;
  // Our own pid in a lock we do not hold: left by an earlier process that had this pid.
  if (owner.pid === process.pid) return heldHere().has(file) ? { pid: owner.pid } : undefined;
  const state = await processState(owner);
  if (state === 'gone') return undefined;
  return state === 'elsewhere' && owner.host !== undefined ? { pid: owner.pid, host: owner.host } : { pid: owner.pid };
}

/**
 * Takes `<dataDir>/quire.lock`, which records this process (pid, machine, boot and start time),
 * or fails with a {@link DataDirBusyError} naming the process that has it. A lock whose process
 * is gone is taken over, including one whose pid now belongs to another process.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = resolve(lockFilePath(dataDir));
  if (heldHere().has(file)) throw new DataDirBusyError(dataDir, process.pid);
  const me = formatProcessIdentity(await currentProcess());
  // The whole text is written aside and linked into place, so no one ever reads a half-written lock.
  const draft = `${file}.${process.pid}.tmp`;
  await writeFile(draft, me);
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await createExclusively(draft, file, me);
        heldHere().add(file);
        return { release: () => release(file, me) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = await holder(await readFile(file, 'utf8').catch(() => ''), file);
        if (owner !== undefined) throw new DataDirBusyError(dataDir, owner.pid, owner.host);
        // Two processes taking over one stale lock at the same instant could both succeed; a
        // stale lock is rare and a start that close rarer, so this stays a plain remove.
        await rm(file, { force: true });
      }
    }
  } finally {
    await rm(draft, { force: true });
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

/** Creates `file` with `text` unless it exists (EEXIST), from `draft`, which holds that text. */
async function createExclusively(draft: string, file: string, text: string): Promise<void> {
  try {
    await link(draft, file);
  } catch (error) {
    // File systems without hard links (FAT, some network mounts): an exclusive create, whose
    // text another process may, for an instant, read empty.
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    const handle = await open(file, 'wx');
    try {
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
  }
}

/** Removes the lock if it is still ours (a process that judged it stale may have taken it). */
async function release(file: string, me: string): Promise<void> {
  heldHere().delete(file);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === me) await rm(file, { force: true });
}
