/** Options of {@link createGitHubApi}. */
export interface GitHubApiOptions {
  /** A token with `contents` and `pull_requests` write access; sent as a Bearer token. */
  token: string;
  /** REST base URL; `https://api.github.com` by default (GitHub Enterprise: `https://host/api/v3`). */
  baseUrl?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
}

/** A GitHub REST answer: status and parsed JSON body. */
export interface GitHubResponse<Body> {
  status: number;
  body: Body;
}

/** A REST call that failed, with GitHub's own message (never the token). */
export class GitHubApiError extends Error {
  override name = 'GitHubApiError';
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    detail: string,
  ) {
    super(`GitHub ${method} ${path} answered ${status}: ${detail}`);
  }
}

/** Calls the GitHub REST API; `expected` lists the statuses that are not errors for this call. */
export type GitHubRequest = <Body>(method: string, path: string, options?: { body?: unknown; expected?: readonly number[] }) => Promise<GitHubResponse<Body>>;

/** A small client for the REST calls the Git host makes. */
export function createGitHubApi(options: GitHubApiOptions): GitHubRequest {
  const baseUrl = (options.baseUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  return async <Body>(method: string, path: string, { body, expected = [200, 201] }: { body?: unknown; expected?: readonly number[] } = {}) => {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${options.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'quire-server',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      parsed = text;
    }
    if (!expected.includes(response.status)) {
      const message = typeof parsed === 'object' && parsed !== null && 'message' in parsed ? String(parsed.message) : response.statusText;
      throw new GitHubApiError(response.status, method, path, message.split(options.token).join('[token]'));
    }
    return { status: response.status, body: parsed as Body };
  };
}
