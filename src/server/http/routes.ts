/** The operations of the API, with the path parameters they were called with. */
export type Route =
  | { name: 'assistantHistory'; projectId: string }
  | { name: 'createAgentJob'; projectId: string }
  | { name: 'getAgentJob'; projectId: string; jobId: string }
  | { name: 'agentJobEvents'; projectId: string; jobId: string }
  | { name: 'health'; projectId?: undefined };

/** A route matched by path, or why none was. */
export type RouteMatch = { ok: true; route: Route } | { ok: false; status: 404 } | { ok: false; status: 405; allow: string };

/** Project ids are slugs; anything else in that position cannot name a project. */
const PROJECT_ID = '([A-Za-z0-9][A-Za-z0-9_-]{0,63})';

interface RouteTable {
  pattern: RegExp;
  method: string;
  build(match: RegExpExecArray): Route;
}

const ROUTES: readonly RouteTable[] = [
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
  const hit = candidates.find(({ route }) => route.method === method);
  if (!hit) return { ok: false, status: 405, allow: candidates.map(({ route }) => route.method).join(', ') };
  return { ok: true, route: hit.route.build(hit.match) };
}
