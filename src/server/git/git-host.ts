import type { Workspace } from '../workspace/workspace.js';

/** A pull (merge) request as the host reports it. */
export interface PullRequest {
  number: number;
  url: string;
  head: string;
  base: string;
  title: string;
  draft: boolean;
}

/** What opening a pull request needs. */
export interface PullRequestDraft {
  head: string;
  base: string;
  title: string;
  body: string;
  draft: boolean;
}

/** Where the documentation repository lives: a local repository, GitHub, ... */
export interface GitHost {
  /** The branch pull requests target (the repository's default branch). */
  baseBranch(): Promise<string>;
  /** Creates `branch` from the base branch unless it exists; tells which happened. */
  ensureBranch(branch: string): Promise<{ created: boolean }>;
  /** Deletes `branch` (a job that created it and failed before its first commit cleans up). */
  deleteBranch(branch: string): Promise<void>;
  /** The branch's files, ready for the agent to edit and commit. */
  openWorkspace(branch: string): Promise<Workspace>;
  /** Opens a pull request, or returns the open one that already has this head and base. */
  openPullRequest(draft: PullRequestDraft): Promise<PullRequest>;
}

/** Who signs the agent's commits. */
export interface CommitAuthor {
  name: string;
  email: string;
}

/** The default author of the agent's commits. */
export const AGENT_AUTHOR: CommitAuthor = { name: 'Quire agent', email: 'agent@quire.invalid' };
