import { errorResponse, jsonResponse } from '../http/api-error.js';
import { readJson } from '../http/json-body.js';
import type { AgentJobStore } from '../storage/store.js';
import { isUlid } from '../ulid.js';
import type { AgentJobRunner } from './job-runner.js';
import { parseAgentJobRequest } from './job-request.js';
import { streamAgentJobEvents, type NumberedAgentJobEvent } from './job-stream.js';

/** Media type of the job's response: one JSON event per line. */
export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/**
 * Answers `POST /v1/agent/{projectId}/job` for an authenticated caller: streams the job. The body
 * is checked first, so a bad body is a 400 whatever the server's configuration.
 */
export async function createAgentJob(
  projectId: string,
  request: Request,
  runner: AgentJobRunner | undefined,
  unavailable = 'The agent is not configured on this server.',
): Promise<Response> {
  const body = await readJson(request);
  if (!body.ok) {
    return errorResponse({ status: body.status, code: body.status === 413 ? 'payload_too_large' : 'invalid_body', message: body.message });
  }
  const parsed = parseAgentJobRequest(body.body);
  if (!parsed.ok) {
    const first = parsed.issues[0]!;
    return errorResponse({
      status: 400,
      code: 'invalid_body',
      parameter: first.field,
      message: parsed.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
      issues: parsed.issues,
    });
  }
  if (!runner) return errorResponse({ status: 503, code: 'unavailable', message: unavailable });
  if (!runner.servesProject(projectId)) {
    return errorResponse({ status: 404, code: 'not_found', message: 'This project has no repository configured for the agent.' });
  }
  const base = await runner.baseBranch(projectId);
  if (parsed.request.branch === base) {
    const message = `"${base}" is the base branch, which the agent's pull requests target; name a branch of the job's own.`;
    return errorResponse({ status: 400, code: 'invalid_body', parameter: 'branch', message, issues: [{ field: 'branch', message }] });
  }
  const { job, events } = await runner.start(projectId, parsed.request);
  return eventsResponse(events, job.id);
}

/** The job's events as newline-delimited JSON, written as they come. */
function eventsResponse(events: ReadableStream<NumberedAgentJobEvent>, jobId: string): Response {
  const encoder = new TextEncoder();
  const lines = events.pipeThrough(
    new TransformStream<NumberedAgentJobEvent, Uint8Array>({
      transform(event, controller) {
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      },
    }),
  );
  return new Response(lines, {
    status: 200,
    headers: { 'content-type': NDJSON_CONTENT_TYPE, 'cache-control': 'no-store', 'x-session-id': jobId },
  });
}

/** Where a reconnecting client resumes: `?after=` wins over `Last-Event-ID`; 0 is the start. */
function resumePoint(request: Request, url: URL): { ok: true; after: number } | { ok: false; response: Response } {
  const query = url.searchParams.get('after');
  const header = request.headers.get('last-event-id');
  const [text, parameter] = query !== null ? [query, 'after'] : header !== null ? [header, 'Last-Event-ID'] : ['0', 'after'];
  if (!/^\d{1,9}$/.test(text.trim())) {
    return {
      ok: false,
      response: errorResponse({
        status: 400,
        code: 'invalid_parameter',
        parameter,
        message: `${parameter} must be the id (a whole number) of the last event received, got "${text}".`,
      }),
    };
  }
  return { ok: true, after: Number(text.trim()) };
}

/**
 * Answers `GET /v1/agent/{projectId}/job/{sessionId}/events`: the job's events from the start or
 * after the given one, from the store (whichever server runs the job), until its result.
 */
export async function streamAgentJob(
  projectId: string,
  jobId: string,
  request: Request,
  url: URL,
  jobs: AgentJobStore,
  runner: AgentJobRunner | undefined,
): Promise<Response> {
  const job = isUlid(jobId) ? await jobs.get(jobId) : undefined;
  if (!job || job.projectId !== projectId) return errorResponse({ status: 404, code: 'not_found', message: 'No such job in this project.' });
  const resume = resumePoint(request, url);
  if (!resume.ok) return resume.response;
  // A server without an agent still serves the story of jobs run by the others.
  const events = runner
    ? runner.events(job.id, resume.after)
    : streamAgentJobEvents(job.id, resume.after, {
        read: (id, after) => jobs.events(id, after),
        get: (id) => jobs.get(id),
        subscribe: () => () => {},
        pollMs: 500,
      });
  return eventsResponse(events, job.id);
}

/** Answers `GET /v1/agent/{projectId}/job/{sessionId}`: the job's stored record. */
export async function getAgentJob(projectId: string, jobId: string, jobs: AgentJobStore): Promise<Response> {
  const job = isUlid(jobId) ? await jobs.get(jobId) : undefined;
  if (!job || job.projectId !== projectId) return errorResponse({ status: 404, code: 'not_found', message: 'No such job in this project.' });
  return jsonResponse({
    id: job.id,
    state: job.state,
    branch: job.branch,
    model: job.model,
    asDraft: job.asDraft,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    result: job.result,
    error: job.error,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
  });
}
