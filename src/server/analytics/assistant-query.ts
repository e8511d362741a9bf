import type { ApiError } from '../http/api-error.js';
import type { ConversationPageQuery } from '../storage/store.js';
import { isUlid, lowestUlidAt } from '../ulid.js';
import { parseIsoInstant } from './iso-date.js';

/** Page size when `limit` is absent. */
export const DEFAULT_CONVERSATION_LIMIT = 100;
/** Largest page a client may ask for. */
export const MAX_CONVERSATION_LIMIT = 1000;

const LATEST_ULID_TIME = 2 ** 48 - 1;

/** The store query, or the 400 naming the parameter at fault. */
export type AssistantQueryResult = { ok: true; query: ConversationPageQuery } | { ok: false; error: ApiError };

const invalid = (parameter: string, message: string): AssistantQueryResult => ({
  ok: false,
  error: { status: 400, code: 'invalid_parameter', parameter, message },
});

/** Clamps an instant into the range a ULID's time can hold. */
const toUlidTime = (instant: number) => Math.min(Math.max(instant, 0), LATEST_ULID_TIME);

/**
 * Reads the query string of `GET /v1/analytics/{projectId}/assistant` into a page query. Dates
 * become id bounds: a conversation's ULID starts with its timestamp.
 */
export function parseAssistantQuery(projectId: string, search: URLSearchParams): AssistantQueryResult {
  const limitText = search.get('limit');
  let limit = DEFAULT_CONVERSATION_LIMIT;
  if (limitText !== null) {
    limit = /^\d{1,7}$/.test(limitText) ? Number(limitText) : Number.NaN;
    if (!(limit >= 1 && limit <= MAX_CONVERSATION_LIMIT)) {
      return invalid('limit', `limit must be an integer from 1 to ${MAX_CONVERSATION_LIMIT}.`);
    }
  }

  const cursor = search.get('cursor');
  if (cursor !== null && !isUlid(cursor)) {
    return invalid('cursor', 'cursor must be a ULID: the nextCursor of a previous page.');
  }

  const instants: { dateFrom?: number; dateTo?: number } = {};
  for (const name of ['dateFrom', 'dateTo'] as const) {
    const text = search.get(name);
    if (text === null) continue;
    const instant = parseIsoInstant(text);
    if (instant === undefined) {
      return invalid(name, `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset.`);
    }
    instants[name] = instant;
  }
  const { dateFrom, dateTo } = instants;
  if (dateFrom !== undefined && dateTo !== undefined && dateFrom > dateTo) {
    return invalid('dateFrom', 'dateFrom must not be after dateTo.');
  }

  const query: ConversationPageQuery = { projectId, limit };
  if (cursor !== null) query.before = cursor;
  if (dateFrom !== undefined) query.fromId = lowestUlidAt(toUlidTime(dateFrom));
  if (dateTo !== undefined) query.toId = lowestUlidAt(toUlidTime(dateTo));
  return { ok: true, query };
}
