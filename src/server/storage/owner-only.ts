import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes `folder` and everything in it readable and writable by its owner alone (folders 0700,
 * files 0600), whatever the umask. PGlite creates its files 0666 itself (its file system layer
 * sets the mode explicitly, so no umask helps); they hold the API keys' hashes and the
 * conversations. A file it creates later is out of others' reach anyway: the folder is 0700.
 * Nothing to do on Windows, where modes are not permissions.
 *
 * Synchronous: it runs when the store opens and closes, with nothing else to do meanwhile, and a
 * data folder holds about a thousand files. One awaited `chmod` after another took 50-400 ms a
 * pass (each a trip through libuv's thread pool, which PGlite's file system keeps busy); the
 * same calls made synchronously take 10 ms.
 */
export function restrictToOwner(folder: string): void {
  if (process.platform === 'win32') return;
  chmodSync(folder, 0o700);
  const pending = [folder];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        chmodSync(path, 0o700);
        pending.push(path);
      } else if (entry.isFile()) {
        chmodSync(path, 0o600);
      }
      // Sockets (the lock, the admin socket) are made 0600 by whoever listens on them; links
      // are left alone, since chmod would follow them out of the folder.
    }
  }
}
