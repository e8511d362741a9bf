import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteClient } from '../../src/server/index.js';

let template: Promise<string> | undefined;

/**
 * Copies to `target` (which must not exist) a data folder PGlite has initialized, and returns
 * `target`. PGlite's initdb on a new folder costs 4-10 s of CPU (WebAssembly, more in a process
 * of its own), the most of many server tests; a copy costs a fraction of a second. The template
 * is made once per test process, by `openPgliteClient` alone, as the store starts on a new folder:
 * no migration, no lock, no row, no mode change. A command on the copy then runs as on a
 * folder PGlite has just created (it migrates, locks, restricts the modes). What happens to a
 * folder that does not exist yet (its creation, its modes) is tested on fresh folders.
 */
export async function initializedDataDir(target: string): Promise<string> {
  template ??= (async () => {
    const parent = mkdtempSync(join(tmpdir(), 'quire-pglite-template-'));
    process.once('exit', () => rmSync(parent, { recursive: true, force: true }));
    const folder = join(parent, 'data');
    const database = await openPgliteClient(folder);
    await database.close();
    return folder;
  })();
  cpSync(await template, target, { recursive: true, errorOnExist: true, force: false });
  return target;
}
