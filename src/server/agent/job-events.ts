import type { AgentJobState } from '../storage/store.js';

/** What a job produced when it succeeded. */
export interface AgentJobResult {
  branch: string;
  branchCreated: boolean;
  /** The commit made on the branch; null when the agent changed nothing. */
  commit: { sha: string; files: string[] } | null;
  /** The pull request opened (or found open) for the branch; null without a commit. */
  pullRequest: { number: number; url: string; draft: boolean } | null;
  /** The model's last words. */
  summary: string;
}

/** What an interrupted job had pushed before its server stopped. */
export interface AgentJobProgress {
  commit: { sha: string; files: string[] } | null;
  pullRequest: { number: number; url: string; draft: boolean } | null;
}

/**
 * One line of the job's response stream (newline-delimited JSON). Every event has a `type`; the
 * stream ends after the single `result` event.
 */
export type AgentJobEvent =
  | {
      type: 'state';
      state: AgentJobState;
      sessionId: string;
      /** Which start of the job this is (from 1), on `running` and on a re-queue. */
      attempt?: number;
      /** Why the job was queued again. */
      reason?: string;
    }
  | { type: 'branch'; branch: string; created: boolean }
  /** The job failed before its first commit and removed the branch it had created. */
  | { type: 'branch_deleted'; branch: string }
  | { type: 'assistant'; text: string }
  | { type: 'tool'; name: string; path?: string; ok: boolean; message?: string }
  | { type: 'check'; file: string; ok: boolean; problems: string[] }
  | { type: 'commit'; sha: string; files: string[] }
  | { type: 'pull_request'; number: number; url: string; draft: boolean }
  | { type: 'result'; state: 'succeeded'; result: AgentJobResult }
  | { type: 'result'; state: 'failed'; error: string; done?: AgentJobProgress & { attempts: number } };
