import type { z } from 'zod';
import { errorResponse } from './api-error.js';

/** Largest accepted JSON request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body read as JSON, or the status and message to refuse it with. */
export type JsonBodyResult = { ok: true; body: unknown } | { ok: false; status: 400 | 413; message: string };

/** Reads the body as text, giving up as soon as it passes the limit (no unbounded buffering). */
async function readLimitedText(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body as JSON: `Content-Type` a JSON type, at most {@link MAX_BODY_BYTES}, and valid JSON. */
export async function readJson(request: Request): Promise<JsonBodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    return { ok: false, status: 400, message: 'The body must be JSON (Content-Type: application/json).' };
  }
  const text = await readLimitedText(request, MAX_BODY_BYTES);
  if (text === undefined) return { ok: false, status: 413, message: `The body is larger than ${MAX_BODY_BYTES} bytes.` };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'The body is not valid JSON.' };
  }
}

/** The body as JSON checked by `schema`, or the response that refuses it (400 naming each field at fault, 413). */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const read = await readJson(request);
  if (!read.ok)
    return {
      ok: false,
      response: errorResponse({ status: read.status, code: read.status === 413 ? 'payload_too_large' : 'invalid_body', message: read.message }),
    };
  const parsed = schema.safeParse(read.body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
  return {
    ok: false,
    response: errorResponse({
      status: 400,
      code: 'invalid_body',
      parameter: issues[0]!.field,
      message: issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
      issues,
    }),
  };
}
