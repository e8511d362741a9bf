/** A file the agent may see, by its path relative to the repository root (always `/`-separated). */
export interface WorkspaceEntry {
  path: string;
  size: number;
}

/**
 * A branch's files as the agent edits them. Paths are relative and `/`-separated; every
 * implementation refuses paths that leave the repository (see `resolveWorkspacePath`).
 */
export interface Workspace {
  /** Files under `directory` (the root when absent), recursively, sorted by path. */
  listFiles(directory?: string): Promise<WorkspaceEntry[]>;
  /** The file's text, or undefined when there is no such file. */
  readFile(path: string): Promise<string | undefined>;
  /** Replaces or creates the file, atomically: readers see the old or the new text, never part. */
  writeFile(path: string, content: string): Promise<void>;
  /** Paths written since the workspace was opened. */
  changedFiles(): string[];
  /** Commits the changes to the branch; undefined when there was nothing to commit. */
  commit(message: string): Promise<{ sha: string } | undefined>;
  /** Releases what the workspace holds (temporary checkout, caches). */
  dispose(): Promise<void>;
}

/** Why a path was refused. */
export class WorkspacePathError extends Error {
  override name = 'WorkspacePathError';
}

/**
 * Checks an agent-supplied path and returns it normalised (no `.` segments, no trailing slash,
 * '' for the root). Refuses absolute paths, `..`, backslashes, NUL, and anything inside `.git`.
 * Symbolic links are the implementation's business: only it can see the file system.
 */
export function resolveWorkspacePath(path: string): string {
  if (path.includes('\0')) throw new WorkspacePathError('Paths may not contain NUL characters.');
  if (path.includes('\\')) throw new WorkspacePathError('Use `/` to separate path segments, not `\\`.');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    throw new WorkspacePathError(`"${path}" is absolute; give a path relative to the repository root.`);
  }
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new WorkspacePathError(`"${path}" leaves the repository ("..").`);
  if (segments[0] === '.git') throw new WorkspacePathError('The .git folder is not part of the documentation.');
  return segments.join('/');
}
