/** The operations of the API, with the path parameters they were called with. */
export type Route =
  | { name: 'assistantHistory'; projectId: string }
  | { name: 'assistantThread'; projectId: string; threadId: string }
  | { name: 'assistantMessage'; projectId: string }
  | { name: 'search'; projectId: string }
  | { name: 'page'; projectId: string }
  | { name: 'createAgentJob'; projectId: string }
  | { name: 'getAgentJob'; projectId: string; jobId: string }
  | { name: 'agentJobEvents'; projectId: string; jobId: string }
  | { name: 'createAgentJobV2'; projectId: string }
  | { name: 'listAgentJobsV2'; projectId: string }
  | { name: 'getAgentJobV2'; projectId: string; jobId: string }
  | { name: 'messageAgentJobV2'; projectId: string; jobId: string }
  | { name: 'health'; projectId?: undefined };

/**
 * A route matched by path, or why none was. `OPTIONS` on a route that a browser may call (the
 * assistant's) is a preflight: `preflight` lists its methods.
 */
export type RouteMatch =
  { ok: true; route: Route } | { ok: false; status: 404 } | { ok: false; status: 405; allow: string } | { ok: false; status: 204; preflight: string };

/** The routes an assistant key reaches (and an admin key too), from a web page: the platform's "discovery" API. */
export const ASSISTANT_ROUTES: ReadonlySet<Route['name']> = new Set(['assistantMessage', 'search', 'page']);

/** Project ids are slugs; anything else in that position cannot name a project. */
const PROJECT_ID = '([A-Za-z0-9][A-Za-z0-9_-]{0,63})';

interface RouteTable {
  pattern: RegExp;
  method: string;
  build(match: RegExpExecArray): Route;
}

const ROUTES: readonly RouteTable[] = [
  {
    pattern: new RegExp(`^/v1/assistant/${PROJECT_ID}/message/?$`),
    method: 'POST',
    build: (match) => ({ name: 'assistantMessage', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v1/search/${PROJECT_ID}/?$`),
    method: 'POST',
    build: (match) => ({ name: 'search', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v1/page/${PROJECT_ID}/?$`),
    method: 'POST',
    build: (match) => ({ name: 'page', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v1/analytics/${PROJECT_ID}/assistant/threads/([^/]+)/?$`),
    method: 'GET',
    build: (match) => ({ name: 'assistantThread', projectId: match[1]!, threadId: match[2]! }),
  },
  {
    pattern: new RegExp(`^/v1/analytics/${PROJECT_ID}/assistant/?$`),
    method: 'GET',
    build: (match) => ({ name: 'assistantHistory', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v1/agent/${PROJECT_ID}/job/?$`),
    method: 'POST',
    build: (match) => ({ name: 'createAgentJob', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v1/agent/${PROJECT_ID}/job/([^/]+)/?$`),
    method: 'GET',
    build: (match) => ({ name: 'getAgentJob', projectId: match[1]!, jobId: match[2]! }),
  },
  {
    pattern: new RegExp(`^/v1/agent/${PROJECT_ID}/job/([^/]+)/events/?$`),
    method: 'GET',
    build: (match) => ({ name: 'agentJobEvents', projectId: match[1]!, jobId: match[2]! }),
  },
  {
    pattern: new RegExp(`^/v2/agent/${PROJECT_ID}/job/?$`),
    method: 'POST',
    build: (match) => ({ name: 'createAgentJobV2', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v2/agent/${PROJECT_ID}/job/?$`),
    method: 'GET',
    build: (match) => ({ name: 'listAgentJobsV2', projectId: match[1]! }),
  },
  {
    pattern: new RegExp(`^/v2/agent/${PROJECT_ID}/job/([^/]+)/?$`),
    method: 'GET',
    build: (match) => ({ name: 'getAgentJobV2', projectId: match[1]!, jobId: match[2]! }),
  },
  {
    pattern: new RegExp(`^/v2/agent/${PROJECT_ID}/job/([^/]+)/message/?$`),
    method: 'POST',
    build: (match) => ({ name: 'messageAgentJobV2', projectId: match[1]!, jobId: match[2]! }),
  },
  {
    pattern: /^\/healthz\/?$/,
    method: 'GET',
    build: () => ({ name: 'health' }),
  },
];

/** Finds the operation for a method and path. HEAD is not served: every operation has a body. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const candidates = ROUTES.flatMap((route) => {
    const match = route.pattern.exec(pathname);
    return match ? [{ route, match }] : [];
  });
  if (candidates.length === 0) return { ok: false, status: 404 };
  if (method === 'OPTIONS') {
    const browser = candidates.filter(({ route, match }) => ASSISTANT_ROUTES.has(route.build(match).name));
    if (browser.length > 0) return { ok: false, status: 204, preflight: browser.map(({ route }) => route.method).join(', ') };
  }
  const hit = candidates.find(({ route }) => route.method === method);
  if (!hit) return { ok: false, status: 405, allow: candidates.map(({ route }) => route.method).join(', ') };
  return { ok: true, route: hit.route.build(hit.match) };
}
