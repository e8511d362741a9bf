import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { upgradeMintJson, type UpgradeMintJsonResult } from '../upgrade/index.js';
import { writeFilesAtomically, WriteFilesError, type FileChange } from './write-files.js';

/** Options of {@link upgradeSite}. */
export interface UpgradeSiteOptions {
  /** Compute docs.json but write nothing. */
  dryRun?: boolean;
  /** Overwrite an existing docs.json. */
  force?: boolean;
  /** Delete mint.json once docs.json is written (in the same atomic step). */
  remove?: boolean;
}

/** What {@link upgradeSite} did. */
export interface SiteUpgrade {
  /** The site folder, absolute. */
  root: string;
  /** The text of mint.json, when it could be read. */
  source?: string;
  /** The upgrade of that text. */
  result?: UpgradeMintJsonResult;
  /** Files written and deleted, relative to `root`. */
  written: string[];
  deleted: string[];
  /** Why nothing was written, when that is not an error of mint.json itself. */
  error?: string;
}

/** Upgrades `<root>/mint.json` to `<root>/docs.json` on disk: the node side of `quire upgrade`. */
export async function upgradeSite(root: string, options: UpgradeSiteOptions = {}): Promise<SiteUpgrade> {
  const run: SiteUpgrade = { root, written: [], deleted: [] };
  const mintPath = path.join(root, 'mint.json');
  const docsPath = path.join(root, 'docs.json');
  try {
    run.source = await readFile(mintPath, 'utf8');
  } catch (error) {
    run.error =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'There is no mint.json here: nothing to upgrade.'
        : `mint.json could not be read: ${(error as Error).message}`;
    return run;
  }
  run.result = upgradeMintJson(run.source, { file: 'mint.json' });
  const text = run.result.text;
  if (text === undefined || options.dryRun) return run;
  if (!options.force && (await exists(docsPath))) {
    run.error = 'docs.json exists already: nothing was written. Use --force to overwrite it.';
    return run;
  }
  const changes: FileChange[] = [{ kind: 'write', path: docsPath, content: text }];
  if (options.remove) changes.push({ kind: 'delete', path: mintPath });
  try {
    await writeFilesAtomically(changes);
    run.written.push('docs.json');
    if (options.remove) run.deleted.push('mint.json');
  } catch (error) {
    run.error =
      error instanceof WriteFilesError && !error.rolledBack
        ? `Writing ${error.file} failed (${error.message}), and some files could not be put back: ${error.leftovers.join(', ')} hold the originals.`
        : `Writing failed (${(error as Error).message}): nothing changed.`;
  }
  return run;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
