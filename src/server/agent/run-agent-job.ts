import type { GitHost } from '../git/git-host.js';
import { DOCS_JSON_PATH, FILE_TOOLS, runFileTool, type DocsJsonCheck } from './file-tools.js';
import type { AgentJobEvent, AgentJobResult } from './job-events.js';
import type { AgentJobRequest } from './job-request.js';
import type { AgentMessage, AgentModel, TextBlock, ToolResultBlock } from './model.js';
import { DEFAULT_SYSTEM_PROMPT } from './system-prompt.js';
import type { Workspace } from '../workspace/workspace.js';

/** What a job needs to run. */
export interface AgentJobDependencies {
  host: GitHost;
  model: AgentModel;
  checkDocsJson: DocsJsonCheck;
  emit(event: AgentJobEvent): void;
  /** Model turns before the job gives up. */
  maxTurns: number;
  /** Aborted when this server lost the job (its lease ran out): stop before the next step. */
  signal?: AbortSignal;
  /**
   * Asks the store, now, whether this server still holds the job, and aborts `signal` when not:
   * called before what other servers must never see twice (the commit, the pull request).
   */
  confirmLease?(): Promise<void>;
}

function checkNotAborted(dependencies: AgentJobDependencies): void {
  if (dependencies.signal?.aborted) throw new AgentJobError('This server lost the job (its lease ran out); another server took it over.');
}

/** Asks the store whether this run still holds the job (see `confirmLease`); throws when it does not. */
async function checkStillHeld(dependencies: AgentJobDependencies): Promise<void> {
  await dependencies.confirmLease?.();
  checkNotAborted(dependencies);
}

/** A failure the job reports as its error message (expected, unlike a bug). */
export class AgentJobError extends Error {
  override name = 'AgentJobError';
}

/** The system prompt: ours first, then the request's own system messages. */
export function systemPromptFor(request: AgentJobRequest): string {
  const extra = request.messages.filter((message) => message.role === 'system').map((message) => message.content);
  return [DEFAULT_SYSTEM_PROMPT, ...extra].join('\n\n');
}

/** The request's user and assistant messages, merged where the same role repeats. */
function conversationFor(request: AgentJobRequest): AgentMessage[] {
  const turns: AgentMessage[] = [];
  for (const message of request.messages) {
    if (message.role === 'system') continue;
    const last = turns.at(-1);
    if (last?.role === message.role && typeof last.content === 'string') last.content += `\n\n${message.content}`;
    else turns.push({ role: message.role, content: message.content });
  }
  // The Messages API wants the first turn from the user.
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: '(conversation continues)' });
  return turns;
}

const textOf = (blocks: readonly { type: string }[]) =>
  blocks
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n')
    .trim();

/** Lets the model work until it stops asking for tools; returns its final text. */
async function converse(
  request: AgentJobRequest,
  turns: AgentMessage[],
  workspace: Workspace,
  dependencies: AgentJobDependencies,
  budget: { turnsLeft: number },
): Promise<string> {
  const system = systemPromptFor(request);
  for (;;) {
    if (budget.turnsLeft <= 0) throw new AgentJobError(`The agent did not finish within ${dependencies.maxTurns} model turns.`);
    budget.turnsLeft -= 1;
    checkNotAborted(dependencies);
    const turn = await dependencies.model.respond({ model: request.model, system, messages: turns, tools: FILE_TOOLS });
    turns.push({ role: 'assistant', content: turn.content });
    const text = textOf(turn.content);
    if (text) dependencies.emit({ type: 'assistant', text });
    const calls = turn.content.filter((block) => block.type === 'tool_use');
    if (calls.length === 0) {
      if (turn.stopReason === 'max_tokens') throw new AgentJobError('The model ran out of output tokens mid-answer.');
      return text;
    }
    const results: ToolResultBlock[] = [];
    for (const call of calls) {
      const outcome = await runFileTool(workspace, call, dependencies.checkDocsJson);
      dependencies.emit({
        type: 'tool',
        name: call.name,
        ...(outcome.path !== undefined ? { path: outcome.path } : {}),
        ok: !outcome.isError,
        ...(outcome.isError ? { message: outcome.content.split('\n')[0]! } : {}),
      });
      results.push({ type: 'tool_result', tool_use_id: call.id, content: outcome.content, ...(outcome.isError ? { is_error: true } : {}) });
    }
    turns.push({ role: 'user', content: results });
  }
}

/** Problems of the workspace's docs.json, empty when it is valid or absent. */
async function docsJsonProblems(workspace: Workspace, dependencies: AgentJobDependencies): Promise<string[]> {
  const text = await workspace.readFile(DOCS_JSON_PATH);
  if (text === undefined) return [];
  const problems = await dependencies.checkDocsJson(workspace, text);
  dependencies.emit({ type: 'check', file: DOCS_JSON_PATH, ok: problems.length === 0, problems });
  return problems;
}

/** Times the model is shown a broken docs.json and asked to fix it before the job fails. */
const REPAIR_ROUNDS = 2;

function commitMessage(request: AgentJobRequest, summary: string): string {
  const task = [...request.messages].reverse().find((message) => message.role === 'user')!.content;
  const subject = task.replace(/\s+/g, ' ').trim();
  const title = subject.length > 72 ? `${subject.slice(0, 69)}...` : subject;
  return summary ? `${title}\n\n${summary}\n` : `${title}\n`;
}

/**
 * One agent job: make sure the branch exists, let the model edit the branch's files through the
 * tools, refuse to commit while docs.json is broken, commit, open the pull request.
 */
export async function runAgentJob(request: AgentJobRequest, dependencies: AgentJobDependencies): Promise<AgentJobResult> {
  const { host, emit } = dependencies;
  const base = await host.baseBranch();
  if (request.branch === base) {
    throw new AgentJobError(`"${request.branch}" is the base branch; the agent works on a branch of its own.`);
  }
  const { created } = await host.ensureBranch(request.branch);
  emit({ type: 'branch', branch: request.branch, created });
  const progress = { committed: false };
  try {
    return await workOnBranch(request, dependencies, created, base, progress);
  } catch (error) {
    // A branch this job made and never committed to is of no use to anyone: remove it. Not
    // when the job was lost to another server, which is working on that branch now.
    if (created && !progress.committed && !dependencies.signal?.aborted) {
      await host.deleteBranch(request.branch).then(
        () => emit({ type: 'branch_deleted', branch: request.branch }),
        () => {},
      );
    }
    throw error;
  }
}

async function workOnBranch(
  request: AgentJobRequest,
  dependencies: AgentJobDependencies,
  created: boolean,
  base: string,
  progress: { committed: boolean },
): Promise<AgentJobResult> {
  const { host, emit } = dependencies;
  const workspace = await host.openWorkspace(request.branch);
  try {
    const turns = conversationFor(request);
    const budget = { turnsLeft: dependencies.maxTurns };
    let summary = await converse(request, turns, workspace, dependencies, budget);
    for (let round = 0; ; round += 1) {
      const problems = await docsJsonProblems(workspace, dependencies);
      if (problems.length === 0) break;
      if (round >= REPAIR_ROUNDS) {
        throw new AgentJobError(`docs.json is not valid, so nothing was committed:\n${problems.join('\n')}`);
      }
      turns.push({
        role: 'user',
        content: `docs.json is not valid, so it cannot be committed. Fix these problems:\n${problems.join('\n')}`,
      });
      summary = await converse(request, turns, workspace, dependencies, budget);
    }

    await checkStillHeld(dependencies);
    const files = workspace.changedFiles();
    const commit = await workspace.commit(commitMessage(request, summary));
    if (!commit) return { branch: request.branch, branchCreated: created, commit: null, pullRequest: null, summary };
    progress.committed = true;
    emit({ type: 'commit', sha: commit.sha, files });

    await checkStillHeld(dependencies);
    const title = commitMessage(request, '').trim();
    const pull = await host.openPullRequest({
      head: request.branch,
      base,
      title,
      body: summary || title,
      draft: request.asDraft,
    });
    emit({ type: 'pull_request', number: pull.number, url: pull.url, draft: pull.draft });
    return {
      branch: request.branch,
      branchCreated: created,
      commit: { sha: commit.sha, files },
      pullRequest: { number: pull.number, url: pull.url, draft: pull.draft },
      summary,
    };
  } finally {
    await workspace.dispose();
  }
}
