import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ImportedConversation } from '../storage/store.js';
import { isUlid, ulidFromBytes, ulidTime } from '../ulid.js';

/** Says "is required" for a missing field, rather than zod's "expected string, received undefined". */
const required = (field: string, kind: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required` : `${field} must be ${kind}`),
});

/**
 * One line of an import: a conversation as `GET /v1/analytics/{projectId}/assistant` returns it,
 * so that an export imports back unchanged.
 */
export const ConversationLineSchema = z
  .object({
    /** A ULID whose time part is `timestamp`; made from the content when absent (the same line always gets the same id). */
    id: z.string().refine(isUlid, 'id must be an upper-case ULID (26 characters of Crockford base32)').optional(),
    /** When the conversation happened: ISO 8601 with `Z` or an offset. */
    timestamp: z
      .string(required('timestamp', 'a string'))
      .pipe(z.iso.datetime({ offset: true, message: 'timestamp must be an ISO 8601 date-time with Z or an offset' })),
    query: z.string(required('query', 'a string')).min(1, 'query must not be empty'),
    response: z.string(required('response', 'a string')),
    sources: z.array(z.object({ title: z.string(), url: z.string() }).strict()).default([]),
    queryCategory: z.string().nullable().default(null),
  })
  .strict();

/** A problem with one line of an import file. */
export interface ImportProblem {
  /** 1-based line number. */
  line: number;
  /** The field at fault, `(line)` for the line as a whole. */
  field: string;
  message: string;
}

/** The conversations of a file, or every problem found in it. */
export type ImportParseResult = { ok: true; conversations: ImportedConversation[] } | { ok: false; problems: ImportProblem[] };

/** The id a conversation without one gets: its time, then a hash of the project and its content. */
function derivedId(projectId: string, time: number, query: string, response: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([projectId, time, query, response]))
    .digest();
  return ulidFromBytes(time, hash);
}

/**
 * Reads newline-delimited JSON conversations for `projectId`. Blank lines are skipped; every bad
 * line is reported (line, field, message) so that a file is fixed in one go.
 */
export function parseConversationLines(projectId: string, text: string): ImportParseResult {
  const problems: ImportProblem[] = [];
  const conversations: ImportedConversation[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const source = raw.replace(/\r$/, '');
    if (source.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      problems.push({ line, field: '(line)', message: 'not valid JSON' });
      return;
    }
    const parsed = ConversationLineSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const unknown = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : undefined;
        problems.push({
          line,
          field: unknown ? unknown : issue.path.map(String).join('.') || '(line)',
          message: unknown ? `unknown field(s): ${unknown}` : issue.message,
        });
      }
      return;
    }
    const { id, timestamp, ...rest } = parsed.data;
    const time = Date.parse(timestamp);
    if (id !== undefined && ulidTime(id) !== time) {
      problems.push({
        line,
        field: 'id',
        message: `the id's time part is ${new Date(ulidTime(id)).toISOString()} but timestamp is ${new Date(time).toISOString()}; they must agree, since pages and dates are cut on the id`,
      });
      return;
    }
    conversations.push({ ...rest, id: id ?? derivedId(projectId, time, rest.query, rest.response), timestamp: new Date(time) });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, conversations };
}
