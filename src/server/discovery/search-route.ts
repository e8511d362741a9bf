import { z } from 'zod';
import { errorResponse, jsonResponse } from '../http/api-error.js';
import { readJsonBody } from '../http/json-body.js';
import type { SiteIndexStore } from '../storage/store.js';

const SearchBody = z
  .object({
    query: z.string().trim().min(1, 'must not be empty').max(1_000, 'is longer than 1,000 characters'),
    pageSize: z.number().int().min(1).max(100).default(10),
    filter: z.object({ version: z.string().optional(), language: z.string().optional() }).strict().optional(),
  })
  .strict();

const PageBody = z.object({ path: z.string().trim().min(1, 'must not be empty').max(2_000) }).strict();

/** A 503 when the project has no site bound: say how to bind one. */
async function noSite(projectId: string, index: SiteIndexStore): Promise<Response | undefined> {
  if ((await index.count(projectId)) > 0) return undefined;
  return errorResponse({
    status: 503,
    code: 'unavailable',
    message: `Project ${projectId} has no site indexed: start quire serve with --site ${projectId}=<folder of its docs.json>.`,
  });
}

/**
 * `POST /v1/search/{projectId}`: the sections of the project's site that hold every word of
 * `query` (PostgreSQL's full-text search), best first, as the platform's search answers: a list of
 * `{ content, path, metadata }`. `filter` keeps one version or language of the navigation.
 */
export async function searchRoute(projectId: string, request: Request, index: SiteIndexStore): Promise<Response> {
  const body = await readJsonBody(request, SearchBody);
  if (!body.ok) return body.response;
  const missing = await noSite(projectId, index);
  if (missing) return missing;
  const { query, pageSize, filter } = body.value;
  const found = await index.search({
    projectId,
    query,
    limit: pageSize,
    match: 'all',
    ...(filter?.version !== undefined ? { version: filter.version } : {}),
    ...(filter?.language !== undefined ? { language: filter.language } : {}),
  });
  return jsonResponse(
    found.map((match) => ({
      content: match.content,
      path: match.path,
      metadata: { title: match.title, heading: match.heading, version: match.version, language: match.language, score: match.score },
    })),
  );
}

/** `POST /v1/page/{projectId}`: a page of the project's site as Markdown (`{ path, content }`), by the path a search gave. */
export async function pageRoute(projectId: string, request: Request, index: SiteIndexStore): Promise<Response> {
  const body = await readJsonBody(request, PageBody);
  if (!body.ok) return body.response;
  const missing = await noSite(projectId, index);
  if (missing) return missing;
  const page = await index.page(projectId, body.value.path);
  if (!page) return errorResponse({ status: 404, code: 'not_found', message: `The site of project ${projectId} has no page at ${body.value.path}.` });
  return jsonResponse({ path: page.path, title: page.title, content: page.markdown });
}
