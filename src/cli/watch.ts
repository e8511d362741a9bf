import { lstatSync, readdirSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics } from '../diagnostics/format.js';
import { RULE_CONFIG_FILES } from '../node/rule-config.js';
import type { CliIo } from './command.js';
import type { CommandSite, OpenedCommandSite } from './load.js';
import { plural, useColor } from './output.js';

/** How long to wait after a change for the others of the same save (editors write several files). */
const SETTLE_MS = 150;

/** One diagnostic as a line of text, to tell what a run added or removed. */
function keyOf(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line ?? ''}:${diagnostic.column ?? ''} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
}

function counts(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return `${plural(errors, 'error')}, ${plural(diagnostics.length - errors, 'warning')}`;
}

/**
 * `quire validate --watch`: checks the site, then again after each change under its folder,
 * printing only what changed: the new diagnostics in full, the fixed ones as one line each, and
 * the counts. Runs until the process is stopped. Each change updates the site's compiler with the
 * files that changed (see `createCompiler`); a change to the rule configuration opens the site
 * again.
 */
export async function watchSite(open: () => Promise<OpenedCommandSite>, io: CliIo): Promise<never> {
  const color = useColor(io);
  let opened = await open();
  let site: CommandSite = opened.site;
  let previous = new Map(site.diagnostics.map((diagnostic) => [keyOf(diagnostic), diagnostic]));
  const recheck = async (changed: ReadonlySet<string>) => {
    // The rules and the ignored files decide what is read at all: the site is opened again.
    if (reopens(changed)) {
      opened = await open();
      site = opened.site;
    } else site = await opened.update(changed);
    const current = new Map(site.diagnostics.map((diagnostic) => [keyOf(diagnostic), diagnostic]));
    const added = site.diagnostics.filter((diagnostic) => !previous.has(keyOf(diagnostic)));
    const fixed = [...previous.keys()].filter((key) => !current.has(key));
    previous = current;
    const lines: string[] = [];
    for (const key of fixed) lines.push(`fixed: ${key}`);
    const shown = formatDiagnostics(added, site.sources, { color });
    if (shown) lines.push(shown);
    lines.push(added.length || fixed.length ? `${counts(site.diagnostics)}.` : `No change: ${counts(site.diagnostics)}.`);
    io.stdout.write(`${lines.join('\n')}\n`);
  };
  watchFolder(site.root, recheck, (error) => io.stderr.write(`quire validate: ${(error as Error).message}\n`));
  // Said once the watcher is in place: a change made as soon as this is read is seen.
  const text = formatDiagnostics(site.diagnostics, site.sources, { color });
  io.stdout.write(`${text ? `${text}\n` : ''}${counts(site.diagnostics)}. Watching ${site.root} for changes (Ctrl-C stops).\n`);
  return new Promise<never>(() => {});
}

/** Whether a change to these files (relative to the site folder) needs the site opened again: the rules and the ignored files decide what is read at all. */
export function reopens(changed: ReadonlySet<string>): boolean {
  return [...changed].some((file) => (RULE_CONFIG_FILES as readonly string[]).includes(file) || file === '.mintignore');
}

/**
 * Watches `root` and calls `onChanges` with the files (relative, `/`-separated) changed since the
 * last call, once the changes of one save have settled (`settleMs`, default {@link SETTLE_MS}); one call after the
 * other, so that two quick saves are never handled out of order. `node_modules`, `.git` and
 * `.quire` are left out. Returns a function that stops watching.
 */
export function watchFolder(
  root: string,
  onChanges: (changed: ReadonlySet<string>) => Promise<void>,
  onError: (error: unknown) => void,
  options: { settleMs?: number } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = Promise.resolve();
  let pending = new Set<string>();
  const stop = watchTree(
    root,
    (name) => {
      pending.add(name);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const changed = pending;
        pending = new Set();
        running = running.then(() => onChanges(changed)).catch(onError);
      }, options.settleMs ?? SETTLE_MS);
    },
    onError,
  );
  return () => {
    clearTimeout(timer);
    stop();
  };
}

/** Folders never watched: what they hold is not the site's. */
const UNWATCHED = /(^|\/)(node_modules|\.git|\.quire)(\/|$)/;

/**
 * Calls `onChange` with the path (relative, `/`-separated) of each file or folder changed under
 * `root`. Where the system watches a tree itself (macOS, Windows), one recursive watcher; elsewhere
 * one watcher per folder, added as folders appear. Node's recursive watch on Linux (a script, up to
 * Node 22) watches and stats every file, `node_modules` and `.git` included, when it starts: on
 * firecrawl-docs (5,528 pages) that was 0.5 s of CPU between the first page of `quire dev` and the
 * next, and one inotify watch per file.
 */
function watchTree(root: string, onChange: (name: string) => void, onError: (error: unknown) => void): () => void {
  const report = (name: string) => {
    if (!UNWATCHED.test(name)) onChange(name);
  };
  if (process.platform === 'darwin' || process.platform === 'win32') {
    const watcher = watch(root, { recursive: true }, (_event, file) => {
      if (file) report(file.toString().split(path.sep).join('/'));
    });
    return () => watcher.close();
  }
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  /** Watches `folder` (relative; '' for the root) and the folders under it; `created`: a folder that appeared, whose files are changes. */
  const add = (folder: string, created: boolean) => {
    if (closed || watchers.has(folder) || UNWATCHED.test(folder)) return;
    const absolute = path.join(root, folder);
    let watcher: FSWatcher;
    try {
      watcher = watch(absolute, (event, file) => {
        if (!file) return;
        const name = folder ? `${folder}/${file.toString()}` : file.toString();
        report(name);
        if (event !== 'rename') return;
        // A folder removed, moved, or created or moved in (its files changed): watched anew.
        remove(name);
        if (isDirectory(path.join(root, name))) add(name, true);
      });
    } catch {
      // Gone already, or not readable: nothing under it to watch.
      return;
    }
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      // The folder was removed: its watcher ends, and the removal was reported by its parent.
      watcher.close();
      watchers.delete(folder);
      if (error.code !== 'ENOENT' && error.code !== 'EPERM') onError(error);
    });
    watchers.set(folder, watcher);
    let entries: Dirent[];
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) add(name, created);
      else if (created) report(name);
    }
  };
  /** Stops watching `folder` and the folders under it. */
  const remove = (folder: string) => {
    for (const [name, watcher] of watchers) {
      if (name !== folder && !name.startsWith(`${folder}/`)) continue;
      watcher.close();
      watchers.delete(name);
    }
  };
  add('', false);
  return () => {
    closed = true;
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/** Whether `file` is a folder, not a link to one (as the listing sees it). */
function isDirectory(file: string): boolean {
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return false;
  }
}
