import { mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfinedDirectory } from '../workspace/fs-workspace.js';
import { isAlive } from '../storage/is-alive.js';
import type { Workspace } from '../workspace/workspace.js';
import { git, runGit } from './git-cli.js';
import { AGENT_AUTHOR, type CommitAuthor, type GitHost, type PullRequest } from './git-host.js';
import { KeyedLock } from './key-lock.js';

/** Options of {@link createLocalGitHost}. */
export interface LocalGitHostOptions {
  /** Path of the repository (a working copy or a bare repository). */
  repository: string;
  /** Branch pull requests target; the repository's HEAD branch when absent. */
  baseBranch?: string;
  author?: CommitAuthor;
}

/** A pull request recorded by the local host, in `<git dir>/quire/pull-requests.json`. */
export interface LocalPullRequest extends PullRequest {
  body: string;
  state: 'open';
  createdAt: string;
}

/**
 * Runs `task` holding a lock file (created exclusively, holding our pid) that other processes
 * wait for; a lock left by a process that is gone is taken over.
 */
async function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  await mkdir(join(path, '..'), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) await rm(path, { force: true });
      else if (attempt > 1000) throw new Error(`${path} stays locked by process ${owner}.`);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  try {
    return await task();
  } finally {
    await rm(path, { force: true });
  }
}

/** The recorded pull requests of a local repository, oldest first. */
export async function readLocalPullRequests(repository: string): Promise<LocalPullRequest[]> {
  try {
    return JSON.parse(await readFile(await pullRequestsFile(repository), 'utf8')) as LocalPullRequest[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function pullRequestsFile(repository: string): Promise<string> {
  return quireFile(repository, 'pull-requests.json');
}

/** A file of Quire's own in the repository's git directory (shared by its worktrees). */
async function quireFile(repository: string, name: string): Promise<string> {
  const commonDir = await git(repository, ['rev-parse', '--git-common-dir']);
  return join(resolve(repository, commonDir), 'quire', name);
}

/**
 * A Git host on a repository of this machine, through the git CLI. Each workspace is a
 * temporary `git worktree` of the branch; pull requests are recorded in a JSON file in the git
 * directory (a local repository has no pull requests of its own).
 */
export function createLocalGitHost(options: LocalGitHostOptions): GitHost {
  const repository = resolve(options.repository);
  const author = options.author ?? AGENT_AUTHOR;
  const branchLock = new KeyedLock();
  const recordLock = new KeyedLock();
  const identity = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };

  const baseBranch = async () => options.baseBranch ?? git(repository, ['symbolic-ref', '--short', 'HEAD']);

  const branchExists = async (branch: string) => (await runGit(repository, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).exitCode === 0;

  /**
   * Removes checkouts of `branch` left by a process that died mid-job (kill -9 leaves its
   * temporary worktree registered, and git refuses a second checkout of the branch). The store
   * lets one job at a time run on a branch, across processes, so any checkout found is stale.
   */
  const removeStaleCheckouts = async (branch: string) => {
    await runGit(repository, ['worktree', 'prune']);
    const listing = await runGit(repository, ['worktree', 'list', '--porcelain']);
    let path: string | undefined;
    for (const line of listing.stdout.split('\n')) {
      if (line.startsWith('worktree ')) path = line.slice('worktree '.length);
      else if (line === `branch refs/heads/${branch}` && path && path !== repository) {
        await runGit(repository, ['worktree', 'remove', '--force', path]);
        await rm(path, { recursive: true, force: true });
      }
    }
  };

  /**
   * Runs a change to the repository's worktrees, in this process and across processes, one at a
   * time: `git worktree prune` in one quire serve removed the half-made entry of another's
   * `git worktree add` ("could not open 'worktrees/…/locked'"), with two servers on one repository.
   */
  const worktreeChange = async <T>(task: () => Promise<T>): Promise<T> => {
    const lockFile = await quireFile(repository, 'worktrees.lock');
    return recordLock.run('worktrees', () => withFileLock(lockFile, task));
  };

  return {
    baseBranch,

    async ensureBranch(branch) {
      return branchLock.run(`create:${branch}`, async () => {
        if (await branchExists(branch)) return { created: false };
        await git(repository, ['branch', '--no-track', branch, `refs/heads/${await baseBranch()}`]);
        return { created: true };
      });
    },

    async deleteBranch(branch) {
      await branchLock.run(`create:${branch}`, async () => {
        if (await branchExists(branch)) await git(repository, ['branch', '-D', branch]);
      });
    },

    async openWorkspace(branch): Promise<Workspace> {
      // One checkout of a branch at a time: git refuses a second worktree of the same branch.
      const release = await branchLock.acquire(`checkout:${branch}`);
      let directory: string | undefined;
      try {
        directory = await mkdtemp(join(tmpdir(), 'quire-agent-'));
        const made = directory;
        await worktreeChange(async () => {
          await removeStaleCheckouts(branch);
          await git(repository, ['worktree', 'add', '--quiet', made, branch]);
        });
      } catch (error) {
        if (directory) await rm(directory, { recursive: true, force: true });
        release();
        throw error;
      }
      const checkout = directory;
      const files = new ConfinedDirectory(checkout);
      const changed = new Set<string>();
      let disposed = false;
      return {
        listFiles: (dir) => files.list(dir),
        readFile: (path) => files.read(path),
        async writeFile(path, content) {
          changed.add(await files.write(path, content));
        },
        changedFiles: () => [...changed].sort(),
        async commit(message) {
          if (changed.size === 0) return undefined;
          await git(checkout, ['add', '--', ...changed]);
          const staged = await runGit(checkout, ['diff', '--cached', '--quiet']);
          if (staged.exitCode === 0) return undefined;
          await git(checkout, ['-c', 'commit.gpgsign=false', 'commit', '--quiet', '--no-verify', '-m', message], identity);
          return { sha: await git(checkout, ['rev-parse', 'HEAD']) };
        },
        async dispose() {
          if (disposed) return;
          disposed = true;
          try {
            await worktreeChange(async () => {
              await runGit(repository, ['worktree', 'remove', '--force', checkout]);
              await rm(checkout, { recursive: true, force: true });
              await runGit(repository, ['worktree', 'prune']);
            });
          } finally {
            release();
          }
        },
      };
    },

    async openPullRequest(draft) {
      // In-process first, then across processes: several quire serve may share the repository.
      const lockFile = `${await pullRequestsFile(repository)}.lock`;
      return recordLock.run('pull-requests', () =>
        withFileLock(lockFile, async () => {
          const recorded = await readLocalPullRequests(repository);
          const existing = recorded.find((pull) => pull.head === draft.head && pull.base === draft.base && pull.state === 'open');
          if (existing) return existing;
          const number = recorded.reduce((highest, pull) => Math.max(highest, pull.number), 0) + 1;
          const url = `${pathToFileURL(repository).href}#pull/${number}`;
          const pull: LocalPullRequest = { ...draft, number, url, state: 'open', createdAt: new Date().toISOString() };
          const file = await pullRequestsFile(repository);
          await mkdir(join(file, '..'), { recursive: true });
          const temporary = `${file}.${process.pid}.tmp`;
          await writeFile(temporary, `${JSON.stringify([...recorded, pull], null, 2)}\n`);
          await rename(temporary, file);
          return pull;
        }),
      );
    },
  };
}
