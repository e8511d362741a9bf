import type { ApiError } from '../http/api-error.js';
import type { ApiKeyStore } from '../storage/store.js';
import { apiKeyMatchesHash, describeMalformedApiKey, hashApiKey, parseApiKey, type ApiKeyKind } from './api-key.js';

/** Who is calling: the key's id, its kind and the project it belongs to. */
export interface Caller {
  keyId: string;
  kind: ApiKeyKind;
  projectId: string;
}

/** Either the caller, or the error to answer with. */
export type AuthenticationResult = { ok: true; caller: Caller } | { ok: false; error: ApiError };

const BEARER_PATTERN = /^Bearer +(\S+) *$/;

/** A hash no key has, compared against when the key id is unknown so both paths cost the same. */
const UNKNOWN_KEY_HASH = hashApiKey('quire_unknown');

const unauthorized = (message: string): AuthenticationResult => ({
  ok: false,
  error: {
    status: 401,
    code: 'unauthorized',
    message,
  },
});

/**
 * Checks `Authorization: Bearer quire_…` against the stored keys and the project of the URL, and
 * the key's kind against what the route admits (`assistant` routes admit both kinds; the others,
 * admin keys only). Messages never contain the key, not even in part.
 */
export async function authenticate(
  authorization: string | null,
  projectId: string,
  keys: ApiKeyStore,
  admits: ApiKeyKind = 'admin',
): Promise<AuthenticationResult> {
  if (authorization === null) return unauthorized('Missing Authorization header; send `Authorization: Bearer <api key>`.');
  const bearer = BEARER_PATTERN.exec(authorization);
  if (!bearer) return unauthorized('Malformed Authorization header; expected `Bearer <api key>`.');
  const key = parseApiKey(bearer[1]!);
  if (!key) return unauthorized(describeMalformedApiKey(bearer[1]!));
  const record = await keys.find(key.keyId);
  const matches = apiKeyMatchesHash(key, record?.secretHash ?? UNKNOWN_KEY_HASH);
  // A key whose prefix says another kind than its record is no key of ours.
  if (!record || !matches || record.revokedAt !== null || record.kind !== key.kind) return unauthorized('Unknown or revoked API key.');
  if (record.projectId !== projectId) {
    return {
      ok: false,
      error: { status: 403, code: 'forbidden', message: 'This API key does not belong to the requested project.' },
    };
  }
  if (record.kind === 'assistant' && admits !== 'assistant') {
    return {
      ok: false,
      error: {
        status: 403,
        code: 'forbidden',
        message: 'This is an assistant key (quire_dsc_): it reaches the assistant, search and page routes only. Use an admin key (quire keys create).',
      },
    };
  }
  return { ok: true, caller: { keyId: record.keyId, kind: record.kind, projectId: record.projectId } };
}
