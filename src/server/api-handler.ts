import { assistantThread, listAssistantConversations } from './analytics/assistant-route.js';
import type { AssistantModel } from './discovery/assistant-model.js';
import { assistantMessageRoute } from './discovery/assistant-route.js';
import { pageRoute, searchRoute } from './discovery/search-route.js';
import { createRateLimiter, type RateLimit } from './http/rate-limit.js';
import type { AgentJobRunner } from './agent/job-runner.js';
import { createAgentJob, getAgentJob, streamAgentJob } from './agent/job-route.js';
import { createV2Job, getV2Job, listV2Jobs, messageV2Job } from './agent/job-v2-route.js';
import { healthResponse } from './health.js';
import { authenticate } from './auth/authenticate.js';
import { errorResponse } from './http/api-error.js';
import { ASSISTANT_ROUTES, matchRoute, type Route } from './http/routes.js';
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
  /** Answers `POST /v1/assistant/{projectId}/message`; without it that route answers 503. */
  assistant?: AssistantModel;
  /** The 503's message when there is no `assistant`. */
  assistantUnavailable?: string;
  /**
   * Limits of assistant keys' requests (the assistant, search and page routes), in this server's
   * memory: per key and per client address. Default 60 a minute per key, 30 per address.
   */
  rateLimits?: { perKey?: RateLimit; perAddress?: RateLimit };
  /** Receives one entry per request. */
  log?(entry: RequestLogEntry): void;
  /** Receives errors that became a 500, for the operator. */
  onError?(error: unknown): void;
}

/** What the HTTP layer knows of a request beyond the Request itself. */
export interface RequestContext {
  /** The client's IP address (for the assistant's per-address limit). */
  clientAddress?: string;
}

/** A fetch-style handler: WHATWG Request in, Response out. */
export type ApiHandler = (request: Request, context?: RequestContext) => Promise<Response>;

/** Default limits of assistant keys: a reader's chat asks a few times a minute; a page's search, a few more. */
const DEFAULT_PER_KEY: RateLimit = { requests: 60, windowMs: 60_000 };
const DEFAULT_PER_ADDRESS: RateLimit = { requests: 30, windowMs: 60_000 };

/** The CORS headers of the routes a web page calls with an assistant key. */
const BROWSER_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-quire-thread-id, retry-after',
};

async function dispatch(route: Route, request: Request, url: URL, options: ApiHandlerOptions): Promise<Response> {
  switch (route.name) {
    case 'assistantHistory':
      return listAssistantConversations(route.projectId, url, options.store.conversations);
    case 'assistantThread':
      return assistantThread(route.projectId, route.threadId, options.store.conversations);
    case 'assistantMessage':
      return assistantMessageRoute(route.projectId, request, {
        index: options.store.siteIndex,
        conversations: options.store.conversations,
        model: options.assistant,
        ...(options.assistantUnavailable !== undefined ? { unavailable: options.assistantUnavailable } : {}),
        ...(options.onError ? { onError: options.onError } : {}),
      });
    case 'search':
      return searchRoute(route.projectId, request, options.store.siteIndex);
    case 'page':
      return pageRoute(route.projectId, request, options.store.siteIndex);
    case 'createAgentJob':
      return createAgentJob(route.projectId, request, options.agent, options.agentUnavailable);
    case 'getAgentJob':
      return getAgentJob(route.projectId, route.jobId, options.store.agentJobs);
    case 'agentJobEvents':
      return streamAgentJob(route.projectId, route.jobId, request, url, options.store.agentJobs, options.agent);
    case 'createAgentJobV2':
      return createV2Job(route.projectId, request, agentV2(options));
    case 'listAgentJobsV2':
      return listV2Jobs(route.projectId, url, options.store.agentJobs);
    case 'getAgentJobV2':
      return getV2Job(route.projectId, route.jobId, options.store.agentJobs);
    case 'messageAgentJobV2':
      return messageV2Job(route.projectId, route.jobId, request, agentV2(options));
    case 'health':
      return healthResponse(options.store, options.agent);
  }
}

/**
 * The platform's HTTP API as a function from Request to Response, for Node's http server (see
 * `toNodeListener`), Hono, Next.js route handlers or any fetch-style runtime.
 */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const perKey = createRateLimiter(options.rateLimits?.perKey ?? DEFAULT_PER_KEY);
  const perAddress = createRateLimiter(options.rateLimits?.perAddress ?? DEFAULT_PER_ADDRESS);
  return async (request, context = {}) => {
    const started = performance.now();
    const url = new URL(request.url);
    let keyId: string | undefined;
    const respond = async (): Promise<Response> => {
      const match = matchRoute(request.method, url.pathname);
      if (!match.ok) {
        if (match.status === 204) {
          // A browser's preflight for the assistant's routes: any page may call them with an assistant key.
          return new Response(null, {
            status: 204,
            headers: {
              ...BROWSER_HEADERS,
              'access-control-allow-methods': match.preflight,
              'access-control-allow-headers': 'authorization, content-type',
              'access-control-max-age': '600',
            },
          });
        }
        return match.status === 404
          ? errorResponse({ status: 404, code: 'not_found', message: 'No such endpoint.' })
          : errorResponse({ status: 405, code: 'method_not_allowed', message: `Use ${match.allow} on this endpoint.` }, { allow: match.allow });
      }
      // The health check is for load balancers: no key, and nothing in it a key would protect.
      if (match.route.name === 'health') return dispatch(match.route, request, url, options);
      const browser = ASSISTANT_ROUTES.has(match.route.name);
      const auth = await authenticate(request.headers.get('authorization'), match.route.projectId, options.store.apiKeys, browser ? 'assistant' : 'admin');
      if (!auth.ok) {
        const challenge = auth.error.status === 401 ? { 'www-authenticate': 'Bearer realm="quire"' } : undefined;
        return errorResponse(auth.error, challenge);
      }
      keyId = auth.caller.keyId;
      // Assistant keys are public (a web page holds them): each key, and each client address, may ask so often.
      if (auth.caller.kind === 'assistant') {
        const address = context.clientAddress ?? 'unknown';
        const limited = [perKey.check(auth.caller.keyId), perAddress.check(address)].find((decision) => !decision.ok);
        if (!limited) {
          perKey.record(auth.caller.keyId);
          perAddress.record(address);
        } else if (!limited.ok) {
          return errorResponse(
            {
              status: 429,
              code: 'rate_limited',
              message: `Too many requests with this assistant key or from this address; try again in ${limited.retryAfterSeconds} s.`,
            },
            { 'retry-after': String(limited.retryAfterSeconds) },
          );
        }
      }
      return dispatch(match.route, request, url, options);
    };
    let response: Response;
    try {
      response = await respond();
    } catch (error) {
      options.onError?.(error);
      response = errorResponse({ status: 500, code: 'internal', message: 'Internal error.' });
    }
    // The assistant's routes answer any page, errors included (a page shows a 401 or 429, not a CORS failure).
    if (isBrowserPath(url.pathname)) for (const [name, value] of Object.entries(BROWSER_HEADERS)) response.headers.set(name, value);
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

function agentV2(options: ApiHandlerOptions) {
  return { jobs: options.store.agentJobs, runner: options.agent, ...(options.agentUnavailable !== undefined ? { unavailable: options.agentUnavailable } : {}) };
}

/** Whether a path is one of the assistant's routes (whatever its method), which web pages call. */
function isBrowserPath(pathname: string): boolean {
  const match = matchRoute('POST', pathname);
  return match.ok && ASSISTANT_ROUTES.has(match.route.name);
}
