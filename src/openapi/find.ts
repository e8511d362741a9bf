import { didYouMean } from '../diagnostics/suggest.js';
import type { OpenApiDocument } from './document.js';
import { isObject } from './json.js';
import { operationEntries, summaryOf, type OperationEntry } from './operations.js';
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
  const match = matchOperation(document, method, path);
  if (match) return { match, suggestions: [] };
  const endpoints = operationEntries(document).filter((entry) => entry.kind === 'endpoint');
  const wantedMethod = method.toUpperCase();
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
  const match = matchWebhook(document, name);
  if (match) return { match, suggestions: [] };
  const webhooks = operationEntries(document).filter((entry) => entry.kind === 'webhook');
  return { suggestions: didYouMean(name, new Set(webhooks.map((entry) => entry.path))) };
}

/** The entry `name` of `components.schemas`, for `openapi-schema: Name` frontmatter. */
export function findSchema(document: OpenApiDocument, name: string): FindResult<{ name: string; pointer: string }> {
  const match = matchSchema(document, name);
  return match ? { match, suggestions: [] } : { suggestions: didYouMean(name, Object.keys(schemasOf(document))) };
}

// The lookups without the suggestions. A site's pages ask for their operations in the site's
// documents one after the other until one has it (Firma: 5,000 pages, 57 documents), and only
// when none has it are the suggestions of the documents named shown: working them out for every
// miss was 370 of the 910 MB `quire validate --no-content` allocated there.

/** `findOperation`'s match, from a table of the document's endpoints made once. */
export function matchOperation(document: OpenApiDocument, method: string, path: string): OperationSummary | undefined {
  const endpoints = document.memo('endpoints by method and path', () => {
    const byKey = new Map<string, OperationEntry>();
    for (const entry of operationEntries(document)) if (entry.kind === 'endpoint') byKey.set(`${entry.method} ${entry.path}`, entry);
    return byKey;
  });
  const match = endpoints.get(`${method.toUpperCase()} ${path}`);
  return match && summaryOf(match);
}

/** `findWebhook`'s match. */
export function matchWebhook(document: OpenApiDocument, name: string): OperationSummary | undefined {
  const match = operationEntries(document).find((entry) => entry.kind === 'webhook' && entry.path === name);
  return match && summaryOf(match);
}

/** `findSchema`'s match. */
export function matchSchema(document: OpenApiDocument, name: string): { name: string; pointer: string } | undefined {
  return Object.hasOwn(schemasOf(document), name) ? { name, pointer: `/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` } : undefined;
}

function schemasOf(document: OpenApiDocument): Record<string, unknown> {
  const spec = document.root();
  return isObject(spec.components) && isObject(spec.components.schemas) ? spec.components.schemas : {};
}

/** `/Users/{userId}/` and `/users/{id}` have the same shape: lower case, no trailing slash, parameters unnamed. */
function normalisePath(path: string): string {
  return (
    path
      .toLowerCase()
      .replace(/\{[^}]*\}/g, '{}')
      .replace(/\/+$/, '') || '/'
  );
}
