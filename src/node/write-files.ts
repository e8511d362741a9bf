import * as nodeFs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { append } from '../util/arrays.js';

/**
 * One change to a file: its new content, or its deletion. Paths are absolute. The content may be
 * a function that makes it, called once when the file is written and not kept: a writer of
 * thousands of large files (`quire build --html`) then holds only those being written.
 */
export type FileChange =
  { kind: 'write'; path: string; content: string | Uint8Array | (() => Promise<string | Uint8Array>) } | { kind: 'delete'; path: string };

/** What {@link writeFilesAtomically} did. */
export interface WriteFilesResult {
  /** Files written, in the order given. */
  written: string[];
  /** Files deleted, in the order given. */
  deleted: string[];
}

/** The file system calls {@link writeFilesAtomically} makes; tests pass one that fails on purpose. */
export interface AtomicFs {
  writeFile(file: string, content: string | Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  link(existing: string, created: string): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
  mkdir(folder: string, options: { recursive: true }): Promise<string | undefined>;
  rmdir(folder: string): Promise<void>;
  lstat(file: string): Promise<{ isDirectory(): boolean; mode: number }>;
  chmod(file: string, mode: number): Promise<void>;
}

/** Options of {@link writeFilesAtomically}. */
export interface WriteFilesOptions {
  /** File system to use; default `node:fs/promises`. */
  fs?: AtomicFs;
}

/**
 * Thrown by {@link writeFilesAtomically} when a change cannot be made. When `rolledBack` is true,
 * every file is as it was before the call; otherwise `leftovers` names what could not be put back
 * (backups keep the original contents; nothing is ever deleted that was not restored).
 */
export class WriteFilesError extends Error {
  override name = 'WriteFilesError';
  /** The file whose change failed. */
  readonly file: string;
  /** Whether every change was undone. */
  readonly rolledBack: boolean;
  /** Files left behind when undoing failed too: backups holding originals, or temporary files. */
  readonly leftovers: string[];

  constructor(message: string, file: string, rolledBack: boolean, leftovers: string[], cause: unknown) {
    super(message, { cause });
    this.file = file;
    this.rolledBack = rolledBack;
    this.leftovers = leftovers;
  }
}

/** How to take back a step already taken; `keeps` is the backup to keep if that fails. */
interface Undo {
  run(): Promise<void>;
  keeps?: string;
}

/**
 * Makes all the changes or none. A write into an existing folder goes first to a temporary file
 * beside its target (same folder, so the rename cannot cross file systems); writes into folders
 * that do not exist yet go into a temporary copy of the top-most missing folder, moved in with
 * one rename. When all are written, each existing target is hard-linked (or copied) to a backup,
 * then the temporary files and folders are renamed in and deleted files are removed. If any step
 * fails, the steps taken are undone in reverse order, so the files are as they were, and a
 * {@link WriteFilesError} says which file failed. Backups are removed only once every change has
 * landed.
 */
export async function writeFilesAtomically(changes: readonly FileChange[], options: WriteFilesOptions = {}): Promise<WriteFilesResult> {
  const fs = options.fs ?? (nodeFs as unknown as AtomicFs);
  checkChanges(changes);
  const undo: Undo[] = [];
  const cleanup: string[] = [];
  const createdFolders: string[] = [];
  const fail = async (file: string, action: string, cause: unknown): Promise<never> => {
    const leftovers: string[] = [];
    for (const step of undo.reverse()) {
      try {
        await step.run();
      } catch (error) {
        leftovers.push(step.keeps ?? (error as { path?: string }).path ?? String(error));
      }
    }
    // Temporary files and backups of untouched files go; a backup holding content that could not
    // be put back stays, and is named in the error.
    for (const file of cleanup) if (!leftovers.includes(file)) await fs.unlink(file).catch(() => undefined);
    for (const folder of createdFolders.reverse()) await fs.rmdir(folder).catch(() => leftovers.push(folder));
    const rolledBack = leftovers.length === 0;
    const message = `could not ${action} ${file}: ${(cause as Error)?.message ?? String(cause)}; ${rolledBack ? 'no file was changed' : `some changes could not be undone: ${leftovers.join(', ')}`}`;
    throw new WriteFilesError(message, file, rolledBack, leftovers, cause);
  };

  // 1. Files in folders that do not exist yet are written into a temporary copy of the top-most
  // missing folder, moved in later with one rename; the others to a temporary file beside their
  // target. Folders are looked at one after the other (files share them), files a few at a time.
  const writes = changes.filter((change): change is Extract<FileChange, { kind: 'write' }> => change.kind === 'write');
  const stages = new Map<string, Stage>();
  const stageOf = new Map<string, Stage | undefined>();
  for (const change of writes) {
    const folder = path.dirname(change.path);
    if (stageOf.has(folder)) continue;
    try {
      const missing = await missingFolders(fs, folder);
      const top = missing[0];
      if (top === undefined) {
        stageOf.set(folder, undefined);
        continue;
      }
      let stage = stages.get(top);
      if (!stage) {
        stage = { top, temporary: siblingName(top, 'tmp'), folders: [], files: [] };
        await fs.mkdir(stage.temporary, { recursive: true });
        stages.set(top, stage);
        createdFolders.push(stage.temporary);
      }
      for (const inner of missing.slice(1)) {
        if (stage.folders.includes(inner)) continue;
        await fs.mkdir(inside(stage, inner), { recursive: true });
        stage.folders.push(inner);
        createdFolders.push(inside(stage, inner));
      }
      stageOf.set(folder, stage);
    } catch (error) {
      await fail(change.path, 'create the folder of', error);
    }
  }
  const staged: Array<{ target: string; temporary: string }> = [];
  const existing = new Map<string, { mode: number } | undefined>();
  await eachConcurrently(writes, async (change, index) => {
    const stage = stageOf.get(path.dirname(change.path));
    if (stage) {
      const temporary = inside(stage, change.path);
      cleanup.push(temporary);
      await fs.writeFile(temporary, await contentOf(change));
      stage.files.push(change.path);
      existing.set(change.path, undefined);
      return;
    }
    const temporary = siblingName(change.path, 'tmp');
    cleanup.push(temporary);
    await fs.writeFile(temporary, await contentOf(change));
    // A replaced file keeps its permissions (an executable script stays executable).
    const current = await existingFile(fs, change.path);
    existing.set(change.path, current);
    if (current) await fs.chmod(temporary, current.mode & 0o7777);
    staged[index] = { target: change.path, temporary };
  }).catch((failure: Failure<FileChange>) => fail(failure.item.path, 'write', failure.cause));

  // 2. Keep every file about to be replaced or deleted as a backup, so that failures can undo.
  const backups = new Map<string, string>();
  const targets = [...new Set(changes.map((change) => change.path))];
  await eachConcurrently(targets, async (target) => {
    const backup = siblingName(target, 'bak');
    if (!(existing.has(target) ? existing.get(target) : await existingFile(fs, target))) return;
    await fs.link(target, backup).catch(() => fs.copyFile(target, backup));
    cleanup.push(backup);
    backups.set(target, backup);
  }).catch((failure: Failure<string>) => fail(failure.item, 'back up', failure.cause));

  // 3. Move the new contents in, then delete; each step knows how to put the original back.
  for (const stage of stages.values()) {
    try {
      await fs.rename(stage.temporary, stage.top);
    } catch (error) {
      await fail(stage.top, 'create', error);
    }
    // Its temporary folders are gone with the rename; undoing removes what it put in place.
    const kept = createdFolders.filter((folder) => folder !== stage.temporary && !folder.startsWith(`${stage.temporary}${path.sep}`));
    createdFolders.length = 0;
    for (const folder of kept) createdFolders.push(folder);
    undo.push({ run: () => removeStaged(fs, stage) });
  }
  const replaced = staged.filter((entry) => entry !== undefined);
  await eachConcurrently(replaced, async ({ target, temporary }) => {
    await fs.rename(temporary, target);
    const backup = backups.get(target);
    undo.push(backup === undefined ? { run: () => fs.unlink(target) } : { run: () => fs.rename(backup, target), keeps: backup });
  }).catch((failure: Failure<{ target: string }>) => fail(failure.item.target, 'replace', failure.cause));
  const deleted: string[] = [];
  for (const change of changes) {
    if (change.kind !== 'delete') continue;
    const backup = backups.get(change.path);
    if (backup === undefined) continue; // Nothing to delete: the file does not exist.
    try {
      await fs.unlink(change.path);
    } catch (error) {
      await fail(change.path, 'delete', error);
    }
    undo.push({ run: () => fs.rename(backup, change.path), keeps: backup });
    deleted.push(change.path);
  }

  // 4. Every change landed: the backups are no longer needed. A backup that cannot be removed is
  // harmless (it holds the previous content), so it is not an error.
  for (const backup of backups.values()) await fs.unlink(backup).catch(() => undefined);
  return { written: writes.map((change) => change.path), deleted };
}

function contentOf(change: Extract<FileChange, { kind: 'write' }>): Promise<string | Uint8Array> | string | Uint8Array {
  return typeof change.content === 'function' ? change.content() : change.content;
}

/** A folder that does not exist yet, built under a temporary name beside it and renamed in at the end. */
interface Stage {
  /** The top-most missing folder. */
  top: string;
  temporary: string;
  /** Missing folders below `top`, parents first, and the files written below it (final paths). */
  folders: string[];
  files: string[];
}

/** Where `target` (below `stage.top`) is while the stage is being written. */
function inside(stage: Stage, target: string): string {
  return path.join(stage.temporary, path.relative(stage.top, target));
}

/** Undoes a stage that was renamed in: its files, then its folders, deepest first. */
async function removeStaged(fs: AtomicFs, stage: Stage): Promise<void> {
  for (const file of stage.files) await fs.unlink(file);
  for (const folder of [...stage.folders].reverse()) await fs.rmdir(folder);
  await fs.rmdir(stage.top);
}

/** Files handled at once: enough to hide the latency of each call, few enough for any system. */
const CONCURRENCY = 16;

/** The first item whose step failed, and why. */
interface Failure<T> {
  item: T;
  cause: unknown;
}

/**
 * Runs `step` on the items, at most {@link CONCURRENCY} at a time, starting them in order. After a
 * failure no new step starts; the ones under way finish (so that what they did can be undone),
 * then the first failure is thrown as a {@link Failure}.
 */
async function eachConcurrently<T>(items: readonly T[], step: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: Failure<T> | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      const item = items[index] as T;
      try {
        await step(item, index);
      } catch (cause) {
        failure ??= { item, cause };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  if (failure) throw failure;
}

/** Rejects programmer errors before touching anything: relative paths and one file changed twice. */
function checkChanges(changes: readonly FileChange[]): void {
  const seen = new Set<string>();
  for (const change of changes) {
    if (!path.isAbsolute(change.path)) throw new TypeError(`writeFilesAtomically needs absolute paths, got "${change.path}"`);
    const key = path.resolve(change.path);
    if (seen.has(key)) throw new TypeError(`writeFilesAtomically got two changes for ${change.path}`);
    seen.add(key);
  }
}

/** The folders from the top-most missing one down to `folder` itself, to be created in that order. */
async function missingFolders(fs: AtomicFs, folder: string): Promise<string[]> {
  const missing: string[] = [];
  let current = folder;
  for (;;) {
    try {
      const stat = await fs.lstat(current);
      if (!stat.isDirectory()) throw Object.assign(new Error(`${current} is not a folder`), { code: 'ENOTDIR', path: current });
      return missing.reverse();
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw error;
    }
    missing.push(current);
    const parent = path.dirname(current);
    if (parent === current) return missing.reverse();
    current = parent;
  }
}

/**
 * The target's status when it exists, `undefined` when it does not. A folder where a file is
 * expected is an error: it is never replaced or deleted.
 */
async function existingFile(fs: AtomicFs, file: string): Promise<{ mode: number } | undefined> {
  let stat: { isDirectory(): boolean; mode: number };
  try {
    stat = await fs.lstat(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
  if (stat.isDirectory()) throw Object.assign(new Error(`${file} is a folder`), { code: 'EISDIR', path: file });
  return stat;
}

/** A hidden name beside `file` that no other change or run uses: `.name.quire-1a2b3c4d.tmp`. */
function siblingName(file: string, suffix: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.quire-${randomBytes(4).toString('hex')}.${suffix}`);
}

/** The names {@link siblingName} gives: temporary files and folders, and backups. */
const LEFTOVER_NAME = /^\..+\.quire-[0-9a-f]{8}\.(?:tmp|bak)$/;

/**
 * Removes what a {@link writeFilesAtomically} killed half way (`kill -9`, a power cut) left in
 * `folder` (and its folders, when `recursive`): temporary files and folders, and backups, by the
 * names it gives them; with `only`, those of that one name. A backup holds the content a target had before that run, which the run
 * that is about to write it replaces anyway. Not to be called while another run writes there.
 * Gives the paths removed; a folder that does not exist has none.
 */
export async function removeLeftovers(folder: string, options: { recursive?: boolean; only?: string } = {}): Promise<string[]> {
  const removed: string[] = [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = await nodeFs.readdir(folder, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const file = path.join(folder, entry.name);
    if (LEFTOVER_NAME.test(entry.name) && (options.only === undefined || entry.name.startsWith(`.${options.only}.quire-`))) {
      await nodeFs.rm(file, { recursive: true, force: true });
      removed.push(file);
    } else if (options.recursive && entry.isDirectory()) {
      append(removed, await removeLeftovers(file, options));
    }
  }
  return removed;
}
