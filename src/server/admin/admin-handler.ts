import { z } from 'zod';
import { createApiKey } from '../auth/create-api-key.js';
import { errorResponse, jsonResponse } from '../http/api-error.js';
import type { ApiHandler } from '../api-handler.js';
import type { Store } from '../storage/store.js';
import { isUlid, ulidTime } from '../ulid.js';

/** Project ids are slugs, as in the API's paths and `quire keys`. */
const ProjectId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'not a project id (letters, digits, - and _; up to 64)');

const CreateKeyBody = z
  .object({ projectId: ProjectId, label: z.string().nullable().default(null), kind: z.enum(['admin', 'assistant']).default('admin') })
  .strict();
const RevokeKeyBody = z.object({ keyId: z.string().min(1) }).strict();
const ImportBody = z
  .object({
    projectId: ProjectId,
    conversations: z.array(
      z
        .object({
          id: z.string().refine(isUlid, 'not a ULID'),
          timestamp: z.iso.datetime({ offset: true }),
          query: z.string(),
          response: z.string(),
          sources: z.array(z.object({ title: z.string(), url: z.string() }).strict()),
          queryCategory: z.string().nullable(),
        })
        .strict()
        .refine((conversation) => ulidTime(conversation.id) === Date.parse(conversation.timestamp), 'id and timestamp disagree'),
    ),
  })
  .strict();

async function bodyOf<T>(request: Request, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return { ok: false, response: errorResponse({ status: 400, code: 'invalid_body', message: 'The body is not valid JSON.' }) };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
  return {
    ok: false,
    response: errorResponse({
      status: 400,
      code: 'invalid_body',
      message: issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
      issues,
    }),
  };
}

/**
 * The operator's routes of a running `quire serve` (keys, conversation imports), served only on
 * its local socket, never on the API's port: whoever may open the socket (its owner, mode 0600)
 * may manage the data, as whoever may read the data folder could anyway.
 */
export function createAdminHandler(store: Store): ApiHandler {
  return async (request) => {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'POST /admin/keys': {
        const body = await bodyOf(request, CreateKeyBody);
        if (!body.ok) return body.response;
        const created = await createApiKey(store.apiKeys, body.value.projectId, body.value.label, body.value.kind);
        return jsonResponse({ key: created.text, keyId: created.record.keyId }, 201);
      }
      case 'GET /admin/keys': {
        const projectId = ProjectId.safeParse(url.searchParams.get('projectId') ?? '');
        if (!projectId.success) {
          return errorResponse({ status: 400, code: 'invalid_parameter', parameter: 'projectId', message: 'projectId: not a project id' });
        }
        const keys = await store.apiKeys.listForProject(projectId.data);
        return jsonResponse({
          keys: keys.map((key) => ({
            keyId: key.keyId,
            kind: key.kind,
            label: key.label,
            createdAt: key.createdAt.toISOString(),
            revokedAt: key.revokedAt?.toISOString() ?? null,
          })),
        });
      }
      case 'POST /admin/keys/revoke': {
        const body = await bodyOf(request, RevokeKeyBody);
        if (!body.ok) return body.response;
        return jsonResponse({ revoked: await store.apiKeys.revoke(body.value.keyId) });
      }
      case 'POST /admin/conversations/import': {
        const body = await bodyOf(request, ImportBody);
        if (!body.ok) return body.response;
        const conversations = body.value.conversations.map((conversation) => ({ ...conversation, timestamp: new Date(conversation.timestamp) }));
        return jsonResponse(await store.conversations.importMany(body.value.projectId, conversations));
      }
      default:
        return errorResponse({ status: 404, code: 'not_found', message: 'No such admin operation.' });
    }
  };
}
