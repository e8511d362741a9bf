import { listAssistantConversations } from './analytics/assistant-route.js';
import type { AgentJobRunner } from './agent/job-runner.js';
import { createAgentJob, getAgentJob, streamAgentJob } from './agent/job-route.js';
import { healthResponse } from './health.js';
import { authenticate } from './auth/authenticate.js';
import { errorResponse } from './http/api-error.js';
import { matchRoute, type Route } from './http/routes.js';
import type { Store } from './storage/store.js';

/** One line of the request log. Holds no header, query string or body: keys never reach it. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** The id (not the secret) of the key that authenticated the request. */
  keyId?: string;
}

/** Options of {@link createApiHandler}. */
export interface ApiHandlerOptions {
  store: Store;
  /** Runs agent jobs; without it `POST /v1/agent/{projectId}/job` answers 503. */
  agent?: AgentJobRunner;
  /** The 503's message when there is no `agent`: say what is missing (the model's key, a repository). */
  agentUnavailable?: string;
  /** Receives one entry per request. */
  log?(entry: RequestLogEntry): void;
  /** Receives errors that became a 500, for the operator. */
  onError?(error: unknown): void;
}

/** A fetch-style handler: WHATWG Request in, Response out. */
export type ApiHandler = (request: Request) => Promise<Response>;

async function dispatch(route: Route, request: Request, url: URL, options: ApiHandlerOptions): Promise<Response> {
  switch (route.name) {
    case 'assistantHistory':
      return listAssistantConversations(route.projectId, url, options.store.conversations);
    case 'createAgentJob':
      return createAgentJob(route.projectId, request, options.agent, options.agentUnavailable);
    case 'getAgentJob':
      return getAgentJob(route.projectId, route.jobId, options.store.agentJobs);
    case 'agentJobEvents':
      return streamAgentJob(route.projectId, route.jobId, request, url, options.store.agentJobs, options.agent);
    case 'health':
      return healthResponse(options.store, options.agent);
  }
}

/**
 * The platform's HTTP API as a function from Request to Response, for Node's http server (see
 * `toNodeListener`), Hono, Next.js route handlers or any fetch-style runtime.
 */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  return async (request) => {
    const started = performance.now();
    const url = new URL(request.url);
    let keyId: string | undefined;
    const respond = async (): Promise<Response> => {
      const match = matchRoute(request.method, url.pathname);
      if (!match.ok) {
        return match.status === 404
          ? errorResponse({ status: 404, code: 'not_found', message: 'No such endpoint.' })
          : errorResponse({ status: 405, code: 'method_not_allowed', message: `Use ${match.allow} on this endpoint.` }, { allow: match.allow });
      }
      // The health check is for load balancers: no key, and nothing in it a key would protect.
      if (match.route.name === 'health') return dispatch(match.route, request, url, options);
      const auth = await authenticate(request.headers.get('authorization'), match.route.projectId, options.store.apiKeys);
      if (!auth.ok) {
        const challenge = auth.error.status === 401 ? { 'www-authenticate': 'Bearer realm="quire"' } : undefined;
        return errorResponse(auth.error, challenge);
      }
      keyId = auth.caller.keyId;
      return dispatch(match.route, request, url, options);
    };
    let response: Response;
    try {
      response = await respond();
    } catch (error) {
      options.onError?.(error);
      response = errorResponse({ status: 500, code: 'internal', message: 'Internal error.' });
    }
    options.log?.({
      method: request.method,
      path: url.pathname,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(keyId ? { keyId } : {}),
    });
    return response;
  };
}
