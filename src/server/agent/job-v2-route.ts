import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { errorResponse, jsonResponse } from '../http/api-error.js';
import { readJsonBody } from '../http/json-body.js';
import type { AgentJobRecord, AgentJobStore } from '../storage/store.js';
import { isUlid } from '../ulid.js';
import type { AgentJobResult } from './job-events.js';
import { isValidBranchName, type AgentJobRequest } from './job-request.js';
import type { AgentJobRunner } from './job-runner.js';

const CreateBody = z
  .object({
    /** The task, in the reader's words. */
    prompt: z.string().trim().min(1, 'must not be empty').max(100_000),
    /** The branch to work on; one is made up when absent. */
    branch: z.string().refine(isValidBranchName, 'must be a valid git branch name').optional(),
    asDraft: z.boolean().default(false),
    model: z.enum(['sonnet', 'opus']).default('sonnet'),
  })
  .strict();

const MessageBody = z.object({ message: z.string().trim().min(1, 'must not be empty').max(100_000) }).strict();

/** Options the v2 routes share. */
export interface AgentV2Options {
  jobs: AgentJobStore;
  runner: AgentJobRunner | undefined;
  unavailable?: string;
}

/** A branch for a job that names none: `quire-agent/<date>-<random>`, new each time. */
function madeUpBranch(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `quire-agent/${date}-${randomBytes(3).toString('hex')}`;
}

/** The runner, or the 503 / 404 that says why a project cannot run jobs here. */
function runnerFor(projectId: string, options: AgentV2Options): AgentJobRunner | Response {
  if (!options.runner)
    return errorResponse({ status: 503, code: 'unavailable', message: options.unavailable ?? 'The agent is not configured on this server.' });
  if (!options.runner.servesProject(projectId))
    return errorResponse({ status: 404, code: 'not_found', message: `Project ${projectId} has no repository on this server.` });
  return options.runner;
}

/** The user messages of a run's request: what the job was asked so far. */
function asked(run: AgentJobRecord): AgentJobRequest['messages'] {
  const request = run.request as Partial<AgentJobRequest> | null;
  return Array.isArray(request?.messages) ? request.messages : [];
}

/**
 * A v2 job as the API shows it, from its runs (oldest first): the state of the latest run, the
 * pull request of the latest that opened one, the conversation (each prompt or follow-up, and
 * each finished run's summary).
 */
function jobView(runs: readonly AgentJobRecord[]) {
  const first = runs[0]!;
  const last = runs.at(-1)!;
  const results = runs.map((run) => (run.state === 'succeeded' ? (run.result as AgentJobResult | null) : null));
  const pullRequest = [...results].reverse().find((result) => result?.pullRequest)?.pullRequest ?? null;
  const messages: Array<{ role: 'user' | 'assistant'; content: string; runId: string; createdAt: string }> = [];
  runs.forEach((run, index) => {
    const said = asked(run).filter((message) => message.role === 'user');
    const latest = said.at(-1);
    if (latest) messages.push({ role: 'user', content: latest.content, runId: run.id, createdAt: run.createdAt.toISOString() });
    const summary = results[index]?.summary;
    if (summary) messages.push({ role: 'assistant', content: summary, runId: run.id, createdAt: run.updatedAt.toISOString() });
  });
  return {
    id: first.id,
    status: last.state,
    branch: first.branch,
    model: last.model,
    asDraft: first.asDraft,
    pullRequest: pullRequest ? { number: pullRequest.number, url: pullRequest.url, draft: pullRequest.draft } : null,
    error: last.state === 'failed' ? last.error : null,
    runs: runs.map((run) => ({ id: run.id, status: run.state, createdAt: run.createdAt.toISOString(), updatedAt: run.updatedAt.toISOString() })),
    messages,
    createdAt: first.createdAt.toISOString(),
    updatedAt: last.updatedAt.toISOString(),
  };
}

/** `POST /v2/agent/{projectId}/job`: queues a job from a prompt and answers at once (202) with the job; its work goes on in the queue. */
export async function createV2Job(projectId: string, request: Request, options: AgentV2Options): Promise<Response> {
  const body = await readJsonBody(request, CreateBody);
  if (!body.ok) return body.response;
  const runner = runnerFor(projectId, options);
  if (runner instanceof Response) return runner;
  const { prompt, asDraft, model } = body.value;
  const branch = body.value.branch ?? madeUpBranch();
  const base = await runner.baseBranch(projectId);
  if (base !== undefined && branch === base) {
    return errorResponse({
      status: 400,
      code: 'invalid_body',
      parameter: 'branch',
      message: `branch: ${branch} is the branch pull requests target; name another.`,
    });
  }
  const started = await runner.start(projectId, { branch, messages: [{ role: 'user', content: prompt }], asDraft, model }, { v2: 'new' });
  // Nobody reads this run's events here: the job runs in the queue whoever listens.
  await started.events.cancel().catch(() => {});
  return jsonResponse(jobView([started.job]), 202, { location: `/v2/agent/${projectId}/job/${started.job.id}` });
}

/** `GET /v2/agent/{projectId}/job/{jobId}`: the job (see {@link jobView}); 404 when the project has no such v2 job. */
export async function getV2Job(projectId: string, jobId: string, jobs: AgentJobStore): Promise<Response> {
  const runs = isUlid(jobId) ? await jobs.v2Runs(projectId, jobId) : [];
  if (runs.length === 0) return errorResponse({ status: 404, code: 'not_found', message: 'No such job in this project.' });
  return jsonResponse(jobView(runs));
}

/**
 * `POST /v2/agent/{projectId}/job/{jobId}/message`: a follow-up. A new run of the job is queued on
 * its branch with the conversation so far and the message (it starts once the branch's running
 * run, if any, has ended), and the job is answered (202).
 */
export async function messageV2Job(projectId: string, jobId: string, request: Request, options: AgentV2Options): Promise<Response> {
  const body = await readJsonBody(request, MessageBody);
  if (!body.ok) return body.response;
  const runs = isUlid(jobId) ? await options.jobs.v2Runs(projectId, jobId) : [];
  if (runs.length === 0) return errorResponse({ status: 404, code: 'not_found', message: 'No such job in this project.' });
  const runner = runnerFor(projectId, options);
  if (runner instanceof Response) return runner;
  const last = runs.at(-1)!;
  // Each run's request holds the conversation before it: the last run's is the whole of it.
  const before = asked(last);
  const summary = last.state === 'succeeded' ? (last.result as AgentJobResult | null)?.summary : undefined;
  const messages: AgentJobRequest['messages'] = [
    ...before,
    ...(summary ? [{ role: 'assistant' as const, content: summary }] : []),
    { role: 'user', content: body.value.message },
  ];
  const started = await runner.start(
    projectId,
    { branch: runs[0]!.branch, messages, asDraft: runs[0]!.asDraft, model: last.model === 'opus' ? 'opus' : 'sonnet' },
    { v2: jobId },
  );
  await started.events.cancel().catch(() => {});
  return jsonResponse(jobView([...runs, started.job]), 202);
}

/** `GET /v2/agent/{projectId}/job?limit=&cursor=`: the project's v2 jobs, newest first, a page at a time. */
export async function listV2Jobs(projectId: string, url: URL, jobs: AgentJobStore): Promise<Response> {
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? 20 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return errorResponse({
      status: 400,
      code: 'invalid_parameter',
      parameter: 'limit',
      message: `limit must be a whole number from 1 to 100, got "${limitText}".`,
    });
  }
  const cursor = url.searchParams.get('cursor') ?? undefined;
  if (cursor !== undefined && !isUlid(cursor)) {
    return errorResponse({ status: 400, code: 'invalid_parameter', parameter: 'cursor', message: 'cursor must be the nextCursor of the previous page.' });
  }
  const firsts = await jobs.v2Jobs(projectId, limit + 1, cursor);
  const page = firsts.slice(0, limit);
  const views = [];
  for (const first of page) views.push(jobView(await jobs.v2Runs(projectId, first.id)));
  const hasMore = firsts.length > limit;
  return jsonResponse({ jobs: views, nextCursor: hasMore ? page.at(-1)!.id : null, hasMore });
}
