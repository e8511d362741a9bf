import { didYouMean } from '../diagnostics/suggest.js';
import type { OpenApiDocument } from './document.js';
import { isObject } from './json.js';
import { operationEntries, summaryOf } from './operations.js';
import type { OperationSummary } from './types.js';

/** What a lookup found: the exact match, or the near misses the author probably meant. */
export interface FindResult<T> {
  match?: T;
  /** "Did you mean" candidates, best first (`GET /users/{id}`, a webhook or schema name); empty on a match. */
  suggestions: string[];
}

/**
 * The endpoint `METHOD path` of the document, for checking `openapi: GET /users` frontmatter and
 * navigation entries. The method is matched without regard to case; the path exactly. A near miss
 * (a trailing slash, other letter case, other path parameter names, another method) gives
 * suggestions instead.
 */
export function findOperation(document: OpenApiDocument, method: string, path: string): FindResult<OperationSummary> {
  const endpoints = operationEntries(document).filter((entry) => entry.kind === 'endpoint');
  const wantedMethod = method.toUpperCase();
  const match = endpoints.find((entry) => entry.method === wantedMethod && entry.path === path);
  if (match) return { match: summaryOf(match), suggestions: [] };
  const label = (entry: OperationSummary) => `${entry.method} ${entry.path}`;
  const shape = normalisePath(path);
  const suggestions = new Set<string>();
  for (const entry of endpoints) if (entry.method === wantedMethod && normalisePath(entry.path) === shape) suggestions.add(label(entry));
  for (const entry of endpoints) if (entry.path === path || normalisePath(entry.path) === shape) suggestions.add(label(entry));
  // Close names by edit distance only when nothing has the same shape: otherwise they are noise.
  if (suggestions.size === 0) for (const candidate of didYouMean(`${wantedMethod} ${path}`, endpoints.map(label))) suggestions.add(candidate);
  return { suggestions: [...suggestions].slice(0, 3) };
}

/** The webhook `name` (3.1 `webhooks`, 3.0 `x-webhooks`), for `openapi: webhook name` frontmatter. */
export function findWebhook(document: OpenApiDocument, name: string): FindResult<OperationSummary> {
  const webhooks = operationEntries(document).filter((entry) => entry.kind === 'webhook');
  const match = webhooks.find((entry) => entry.path === name);
  if (match) return { match: summaryOf(match), suggestions: [] };
  return { suggestions: didYouMean(name, new Set(webhooks.map((entry) => entry.path))) };
}

/** The entry `name` of `components.schemas`, for `openapi-schema: Name` frontmatter. */
export function findSchema(document: OpenApiDocument, name: string): FindResult<{ name: string; pointer: string }> {
  const spec = document.root();
  const schemas = isObject(spec.components) && isObject(spec.components.schemas) ? spec.components.schemas : {};
  if (Object.hasOwn(schemas, name)) return { match: { name, pointer: `/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` }, suggestions: [] };
  return { suggestions: didYouMean(name, Object.keys(schemas)) };
}

/** `/Users/{userId}/` and `/users/{id}` have the same shape: lower case, no trailing slash, parameters unnamed. */
function normalisePath(path: string): string {
  return path.toLowerCase().replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}
