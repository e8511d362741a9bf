import { errorResponse, jsonResponse } from '../http/api-error.js';
import type { AgentJobStore } from '../storage/store.js';
import { isUlid } from '../ulid.js';
import type { AgentJobRunner } from './job-runner.js';
import { parseAgentJobRequest } from './job-request.js';

/** Largest accepted request body. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Media type of the job's response: one JSON event per line. */
export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

type BodyResult = { ok: true; body: unknown } | { ok: false; status: 400 | 413; message: string };

/** Reads the body as text, giving up as soon as it passes the limit (no unbounded buffering). */
async function readLimitedText(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJsonBody(request: Request): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    return { ok: false, status: 400, message: 'The body must be JSON (Content-Type: application/json).' };
  }
  const text = await readLimitedText(request, MAX_BODY_BYTES);
  if (text === undefined) return { ok: false, status: 413, message: `The body is larger than ${MAX_BODY_BYTES} bytes.` };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'The body is not valid JSON.' };
  }
}

/** Answers `POST /v1/agent/{projectId}/job` for an authenticated caller: streams the job. */
export async function createAgentJob(projectId: string, request: Request, runner: AgentJobRunner | undefined): Promise<Response> {
  if (!runner) return errorResponse({ status: 503, code: 'unavailable', message: 'The agent is not configured on this server.' });
  if (!runner.servesProject(projectId)) {
    return errorResponse({ status: 404, code: 'not_found', message: 'This project has no repository configured for the agent.' });
  }
  const body = await readJsonBody(request);
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
  const { job, events } = await runner.start(projectId, parsed.request);
  const encoder = new TextEncoder();
  const lines = events.pipeThrough(
    new TransformStream({
      transform(event, controller) {
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      },
    }),
  );
  return new Response(lines, {
    status: 200,
    headers: { 'content-type': NDJSON_CONTENT_TYPE, 'cache-control': 'no-store', 'x-session-id': job.id },
  });
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
  });
}
