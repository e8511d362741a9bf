import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The data folder is held by another live process. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data folder ${dataDir} is in use by process ${pid} (quire serve?). Stop it first, or use DATABASE_URL.`);
  }
}

/** Held while a process has the embedded database open; PGlite must not be opened twice. */
export interface DataDirLock {
  release(): Promise<void>;
}

/** Whether process `pid` runs on this machine (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/quire.lock` (holding our pid) or fails with a message naming the process that
 * has it. A lock left by a process that is gone is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'quire.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirBusyError(dataDir, owner);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
