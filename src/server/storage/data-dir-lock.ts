import { createHash } from 'node:crypto';
import { chmod, mkdir, realpath, rm, stat } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The data folder is held by another live process. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    /** The process that holds it, as it answered on the lock; undefined when it did not say. */
    readonly pid: number | undefined,
  ) {
    super(`The data folder ${dataDir} is in use by ${holderName(pid)} (quire serve?). Stop it first, or use DATABASE_URL.`);
  }
}

/** `process 42`, or `another process` when the holder did not say which. */
export function holderName(pid: number | undefined): string {
  return pid === undefined ? 'another process' : `process ${pid}`;
}

/** Held while a process has the embedded database open; PGlite must not be opened twice. */
export interface DataDirLock {
  /** Where the lock listens (a socket in the data folder, where the path allows). */
  path: string;
  release(): Promise<void>;
}

/** The lock of a data folder, in the folder: a Unix socket, not a file. */
export function lockFilePath(dataDir: string): string {
  return join(dataDir, 'quire.lock');
}

/** Longest Unix socket path the platforms accept (sun_path is 104 to 108 bytes). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the lock of `dataDir` (its real path) listens: `quire.lock` in the folder; a named pipe on
 * Windows; beside the temporary files, named after the folder, when the folder's path is too long
 * for a socket.
 */
function lockSocketPath(dataDir: string, realDataDir: string): string {
  const name = `quire-${createHash('sha256').update(realDataDir).digest('hex').slice(0, 24)}.lock`;
  if (process.platform === 'win32') return `\\\\?\\pipe\\${name}`;
  const inFolder = lockFilePath(dataDir);
  return Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH ? inFolder : join(tmpdir(), name);
}

/** What a connection to a lock found: a live holder (and its pid, if it said), or nobody. */
type Probe = { live: true; pid: number | undefined } | { live: false };

/** Connects to the lock at `path`: whoever accepts holds it, and answers with its pid. */
function probe(path: string): Promise<Probe> {
  return new Promise((resolvePromise) => {
    let text = '';
    const socket = createConnection(path);
    const done = (result: Probe) => {
      socket.destroy();
      resolvePromise(result);
    };
    const answered = () => {
      const pid = Number((/^\{"pid":(\d+)\}/.exec(text) ?? [])[1]);
      done({ live: true, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    };
    // Connected but silent for a second (a holder stopped in a debugger): still a holder.
    socket.setTimeout(1000, answered);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', answered);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (text !== '') return answered();
      // Nobody listens on the socket (its process died), or it is a file older versions wrote
      // (ECONNREFUSED), or it was removed meanwhile (ENOENT): no holder. Anything else (EACCES:
      // another user's socket) may be a holder; the safe side is to say so.
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? { live: false } : { live: true, pid: undefined });
    });
  });
}

/** Listens on `path`, answering every connection with this process's pid; EADDRINUSE when taken. */
function listenLock(path: string): Promise<Server> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.end(`${JSON.stringify({ pid: process.pid })}\n`);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      server.on('error', () => {});
      // The lock does not keep the process alive; the store that holds it does.
      server.unref();
      resolvePromise(server);
    });
  });
}

/**
 * Takes the lock of `dataDir` (created, owner only, when missing), or fails with a
 * {@link DataDirBusyError} naming the process that has it. The lock is a socket this process
 * listens on: the operating system closes it when the process dies, however it dies (`kill -9`,
 * out of memory, a container stopped), so a lock nobody answers on is stale and taken over. No
 * process id is trusted: after a restart the system may hand the dead holder's pid to anyone,
 * this process included.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = lockSocketPath(resolve(dataDir), await realpath(dataDir));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let server: Server;
    try {
      server = await listenLock(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const before = await stat(path).catch(() => undefined);
      const found = await probe(path);
      if (found.live) throw new DataDirBusyError(dataDir, found.pid);
      // Stale. Removed only if it is still the file we found dead: another process taking it
      // over at the same time may have put its live socket there meanwhile.
      const now = await stat(path).catch(() => undefined);
      if (before !== undefined && now !== undefined && now.ino === before.ino && now.dev === before.dev) await rm(path, { force: true });
      continue;
    }
    if (process.platform !== 'win32') await chmod(path, 0o600);
    let released: Promise<void> | undefined;
    return {
      path,
      // Closing removes the socket file (libuv unlinks it), so nothing is left behind.
      release: () => (released ??= new Promise<void>((resolvePromise) => server.close(() => resolvePromise()))),
    };
  }
  throw new Error(`Could not lock the data folder ${dataDir}: its lock ${path} kept changing.`);
}
