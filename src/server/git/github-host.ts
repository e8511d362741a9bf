import type { Workspace, WorkspaceEntry } from '../workspace/workspace.js';
import { resolveWorkspacePath, WorkspacePathError } from '../workspace/workspace.js';
import { createGitHubApi, type GitHubApiOptions, type GitHubRequest } from './github-api.js';
import { AGENT_AUTHOR, type CommitAuthor, type GitHost, type PullRequest } from './git-host.js';

/** Options of {@link createGitHubHost}. */
export interface GitHubHostOptions extends GitHubApiOptions {
  owner: string;
  repo: string;
  /** Branch pull requests target; the repository's default branch when absent. */
  baseBranch?: string;
  author?: CommitAuthor;
}

interface RefBody {
  object: { sha: string };
}
interface TreeEntry {
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}
interface PullBody {
  number: number;
  html_url: string;
  draft?: boolean;
  title: string;
  head: { ref: string };
  base: { ref: string };
}

const SYMLINK_MODE = '120000';
const MAX_READ_BYTES = 1024 * 1024;

/** `heads/docs/x` with each segment escaped, for ref URLs. */
const refPath = (branch: string) => `heads/${branch.split('/').map(encodeURIComponent).join('/')}`;

const toPullRequest = (pull: PullBody): PullRequest => ({
  number: pull.number,
  url: pull.html_url,
  head: pull.head.ref,
  base: pull.base.ref,
  title: pull.title,
  draft: pull.draft === true,
});

/**
 * A Git host on GitHub through its REST API. The workspace reads the branch's tree and blobs,
 * keeps the agent's writes in memory and commits them in one go (tree, commit, fast-forward of
 * the branch), so a job never leaves a half-written branch behind.
 */
export function createGitHubHost(options: GitHubHostOptions): GitHost {
  const api: GitHubRequest = createGitHubApi(options);
  const repoPath = `/repos/${encodeURIComponent(options.owner)}/${encodeURIComponent(options.repo)}`;
  const author = options.author ?? AGENT_AUTHOR;
  let defaultBranch: Promise<string> | undefined;

  const baseBranch = () => {
    if (options.baseBranch) return Promise.resolve(options.baseBranch);
    defaultBranch ??= api<{ default_branch: string }>('GET', repoPath).then((response) => response.body.default_branch);
    return defaultBranch;
  };

  const branchSha = async (branch: string): Promise<string | undefined> => {
    const response = await api<RefBody>('GET', `${repoPath}/git/ref/${refPath(branch)}`, { expected: [200, 404] });
    return response.status === 200 ? response.body.object.sha : undefined;
  };

  return {
    baseBranch,

    async ensureBranch(branch) {
      if ((await branchSha(branch)) !== undefined) return { created: false };
      const base = await baseBranch();
      const sha = await branchSha(base);
      if (sha === undefined) throw new Error(`The base branch "${base}" does not exist on GitHub.`);
      const created = await api('POST', `${repoPath}/git/refs`, {
        body: { ref: `refs/heads/${branch}`, sha },
        expected: [201, 422],
      });
      // 422: someone created it between our two calls, which is as good.
      return { created: created.status === 201 };
    },

    async deleteBranch(branch) {
      // 422: the branch is already gone, which is what was asked.
      await api('DELETE', `${repoPath}/git/refs/${refPath(branch)}`, { expected: [204, 422] });
    },

    async openWorkspace(branch) {
      const headSha = await branchSha(branch);
      if (headSha === undefined) throw new Error(`The branch "${branch}" does not exist on GitHub.`);
      const commit = await api<{ tree: { sha: string } }>('GET', `${repoPath}/git/commits/${headSha}`);
      const baseTree = commit.body.tree.sha;
      const tree = await api<{ tree: TreeEntry[]; truncated: boolean }>('GET', `${repoPath}/git/trees/${baseTree}?recursive=1`);
      if (tree.body.truncated) throw new Error('The repository tree is too large for the GitHub API to list in one call.');
      const entries = new Map(tree.body.tree.map((entry) => [entry.path, entry]));
      return createGitHubWorkspace({ api, repoPath, branch, headSha, baseTree, entries, author });
    },

    async openPullRequest(draft) {
      const head = `${options.owner}:${draft.head}`;
      const open = await api<PullBody[]>('GET', `${repoPath}/pulls?state=open&head=${encodeURIComponent(head)}&base=${encodeURIComponent(draft.base)}`);
      if (open.body.length > 0) return toPullRequest(open.body[0]!);
      const created = await api<PullBody>('POST', `${repoPath}/pulls`, {
        body: { title: draft.title, head: draft.head, base: draft.base, body: draft.body, draft: draft.draft },
        expected: [201],
      });
      return toPullRequest(created.body);
    },
  };
}

interface GitHubWorkspaceState {
  api: GitHubRequest;
  repoPath: string;
  branch: string;
  headSha: string;
  baseTree: string;
  entries: Map<string, TreeEntry>;
  author: CommitAuthor;
}

function createGitHubWorkspace(state: GitHubWorkspaceState): Workspace {
  const { api, repoPath, entries } = state;
  const written = new Map<string, string>();

  const isFolder = (path: string) => [...entries.values()].some((entry) => entry.type === 'tree' && entry.path === path);

  return {
    async listFiles(directory = '') {
      const prefix = resolveWorkspacePath(directory);
      const inside = (path: string) => prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
      const listed = new Map<string, WorkspaceEntry>();
      for (const entry of entries.values()) {
        // Symbolic links and submodules are not documentation files; they are neither listed nor followed.
        if (entry.type === 'blob' && entry.mode !== SYMLINK_MODE && inside(entry.path)) {
          listed.set(entry.path, { path: entry.path, size: entry.size ?? 0 });
        }
      }
      for (const [path, content] of written) if (inside(path)) listed.set(path, { path, size: Buffer.byteLength(content) });
      return [...listed.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },

    async readFile(path) {
      const normalised = resolveWorkspacePath(path);
      const pending = written.get(normalised);
      if (pending !== undefined) return pending;
      const entry = entries.get(normalised);
      if (!entry) return undefined;
      if (entry.mode === SYMLINK_MODE) throw new WorkspacePathError(`"${path}" is a symbolic link; it is not followed.`);
      if (entry.type !== 'blob') throw new WorkspacePathError(`"${path}" is not a file.`);
      if ((entry.size ?? 0) > MAX_READ_BYTES) throw new WorkspacePathError(`"${path}" is larger than ${MAX_READ_BYTES} bytes.`);
      const blob = await api<{ content: string; encoding: string }>('GET', `${repoPath}/git/blobs/${entry.sha}`);
      return blob.body.encoding === 'base64' ? Buffer.from(blob.body.content, 'base64').toString('utf8') : blob.body.content;
    },

    async writeFile(path, content) {
      const normalised = resolveWorkspacePath(path);
      if (normalised === '') throw new WorkspacePathError('A file path is required.');
      const segments = normalised.split('/');
      for (let length = 1; length <= segments.length; length += 1) {
        const entry = entries.get(segments.slice(0, length).join('/'));
        if (entry?.mode === SYMLINK_MODE) throw new WorkspacePathError(`"${path}" goes through a symbolic link; it is not followed.`);
      }
      if (isFolder(normalised)) throw new WorkspacePathError(`"${path}" is a folder.`);
      written.set(normalised, content);
    },

    changedFiles: () => [...written.keys()].sort(),

    async commit(message) {
      if (written.size === 0) return undefined;
      const tree = await api<{ sha: string }>('POST', `${repoPath}/git/trees`, {
        body: {
          base_tree: state.baseTree,
          tree: [...written].map(([path, content]) => ({
            path,
            mode: entries.get(path)?.mode === '100755' ? '100755' : '100644',
            type: 'blob',
            content,
          })),
        },
        expected: [201],
      });
      if (tree.body.sha === state.baseTree) return undefined;
      const signature = { name: state.author.name, email: state.author.email };
      const commit = await api<{ sha: string }>('POST', `${repoPath}/git/commits`, {
        body: { message, tree: tree.body.sha, parents: [state.headSha], author: signature, committer: signature },
        expected: [201],
      });
      // Not forced: if the branch moved while the agent worked, GitHub refuses and the job fails.
      await api('PATCH', `${repoPath}/git/refs/${refPath(state.branch)}`, { body: { sha: commit.body.sha, force: false } });
      return { sha: commit.body.sha };
    },

    async dispose() {
      written.clear();
    },
  };
}
