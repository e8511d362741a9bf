import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { resolveWorkspacePath, WorkspacePathError, type WorkspaceEntry } from './workspace.js';

/** Files larger than this are listed but not read: documentation sources are small. */
export const MAX_READ_BYTES = 1024 * 1024;
/** A listing stops after this many files, so a huge repository cannot flood the model. */
export const MAX_LISTED_FILES = 5000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * File operations confined to one directory: lexical checks first, then the real path of
 * whatever exists is checked to be inside the root, so a symbolic link cannot lead out.
 */
export class ConfinedDirectory {
  private rootRealPath: Promise<string>;

  constructor(private readonly root: string) {
    this.rootRealPath = realpath(root);
  }

  private async assertInside(absolute: string, shown: string): Promise<void> {
    const root = await this.rootRealPath;
    const real = await realpath(absolute);
    const fromRoot = relative(root, real);
    if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || fromRoot.startsWith(sep)) {
      throw new WorkspacePathError(`"${shown}" leads outside the repository through a symbolic link.`);
    }
  }

  /** The nearest ancestor of `absolute` that exists (the root at worst). */
  private async nearestExisting(absolute: string): Promise<string> {
    let current = absolute;
    for (;;) {
      try {
        await lstat(current);
        return current;
      } catch (error) {
        if (!isMissing(error)) throw error;
        current = dirname(current);
      }
    }
  }

  /** Files under `directory`, recursively; symbolic links are not followed or listed. */
  async list(directory = ''): Promise<WorkspaceEntry[]> {
    const start = resolveWorkspacePath(directory);
    const absolute = join(this.root, start);
    try {
      await this.assertInside(absolute, directory);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const entries: WorkspaceEntry[] = [];
    const walk = async (relativeDir: string): Promise<void> => {
      const children = await readdir(join(this.root, relativeDir), { withFileTypes: true });
      for (const child of children.sort((a, b) => a.name.localeCompare(b.name))) {
        if (entries.length >= MAX_LISTED_FILES) return;
        const path = relativeDir ? `${relativeDir}/${child.name}` : child.name;
        if (path === '.git') continue;
        if (child.isDirectory()) await walk(path);
        else if (child.isFile()) entries.push({ path, size: (await lstat(join(this.root, path))).size });
      }
    };
    const stats = await lstat(absolute);
    if (stats.isDirectory()) await walk(start);
    else if (stats.isFile()) entries.push({ path: start, size: stats.size });
    return entries;
  }

  /** The file's text, or undefined when it does not exist. */
  async read(path: string): Promise<string | undefined> {
    const normalised = resolveWorkspacePath(path);
    const absolute = join(this.root, normalised);
    try {
      await this.assertInside(absolute, path);
      const stats = await lstat(absolute);
      if (stats.isSymbolicLink()) {
        // Inside the repository, but reading through links would let the set of files a
        // caller can reach depend on the links; treat the link's target as the file instead.
        return this.read(
          relative(await this.rootRealPath, await realpath(absolute))
            .split(sep)
            .join('/'),
        );
      }
      if (!stats.isFile()) throw new WorkspacePathError(`"${path}" is not a file.`);
      if (stats.size > MAX_READ_BYTES) throw new WorkspacePathError(`"${path}" is larger than ${MAX_READ_BYTES} bytes.`);
      return await readFile(absolute, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Writes through a temporary file in the same folder and a rename, so the change is atomic. */
  async write(path: string, content: string): Promise<string> {
    const normalised = resolveWorkspacePath(path);
    if (normalised === '') throw new WorkspacePathError('A file path is required.');
    const absolute = join(this.root, normalised);
    const parent = dirname(absolute);
    await this.assertInside(await this.nearestExisting(parent), path);
    const existing = await lstat(absolute).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (existing?.isSymbolicLink()) throw new WorkspacePathError(`"${path}" is a symbolic link; write the file it points to.`);
    if (existing && !existing.isFile()) throw new WorkspacePathError(`"${path}" is not a file.`);
    await mkdir(parent, { recursive: true });
    await this.assertInside(parent, path);
    const temporary = join(parent, `.${randomBytes(6).toString('hex')}.quire-tmp`);
    try {
      await writeFile(temporary, content, { encoding: 'utf8', flag: 'wx' });
      await rename(temporary, absolute);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return normalised;
  }
}
