import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyKind } from '../storage/store.js';

export type { ApiKeyKind };

/** Every API key starts with this; an admin key's key id follows it. */
export const API_KEY_PREFIX = 'quire_';

/**
 * Every assistant key starts with this (`dsc`, for discovery, as the platform's `mint_dsc_`): a
 * key that only reaches the assistant, search and page routes of one project, made to be used
 * from a browser, so that anyone may read it in a page.
 */
export const ASSISTANT_KEY_PREFIX = 'quire_dsc_';

/**
 * `quire_<keyId>_<secret>` (admin) or `quire_dsc_<keyId>_<secret>` (assistant): the key id (16
 * lower-case hex characters) finds the stored record without revealing anything; the secret (43
 * base64url characters, 256 bits) is what proves it.
 */
const API_KEY_PATTERN = /^quire_(dsc_)?([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** The parts of a well-formed key. */
export interface ParsedApiKey {
  keyId: string;
  /** The kind its prefix says; the stored record's must agree. */
  kind: ApiKeyKind;
  /** The whole key text, to be hashed and compared; never log or echo it. */
  text: string;
}

/** A freshly generated key: `text` is shown once to its owner, only `secretHash` is stored. */
export interface GeneratedApiKey {
  keyId: string;
  kind: ApiKeyKind;
  text: string;
  secretHash: string;
}

/** SHA-256 of the key text in hex. A fast hash suffices: the secret has 256 random bits. */
export function hashApiKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Makes a new random key of a kind (default `admin`). */
export function generateApiKey(kind: ApiKeyKind = 'admin'): GeneratedApiKey {
  const keyId = randomBytes(8).toString('hex');
  const text = `${kind === 'assistant' ? ASSISTANT_KEY_PREFIX : API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
  return { keyId, kind, text, secretHash: hashApiKey(text) };
}

/** Reads a key's parts, or undefined when the text is not shaped like a Quire key. */
export function parseApiKey(text: string): ParsedApiKey | undefined {
  const match = API_KEY_PATTERN.exec(text);
  return match ? { keyId: match[2]!, kind: match[1] ? 'assistant' : 'admin', text } : undefined;
}

/**
 * Says what is wrong with text that is not a well-formed key, without repeating any of it
 * (it may be a real key with a typo): only lengths and which part is at fault.
 */
export function describeMalformedApiKey(text: string): string {
  if (!text.startsWith(API_KEY_PREFIX)) return 'Malformed API key: admin API keys start with `quire_`, assistant keys with `quire_dsc_`.';
  const prefix = text.startsWith(ASSISTANT_KEY_PREFIX) ? ASSISTANT_KEY_PREFIX : API_KEY_PREFIX;
  const rest = text.slice(prefix.length);
  const separator = rest.indexOf('_');
  const keyId = separator < 0 ? rest : rest.slice(0, separator);
  if (separator < 0 || !/^[0-9a-f]{16}$/.test(keyId)) {
    return `Malformed API key: after \`${prefix}\` comes a key id of 16 lower-case hex characters and \`_\`; this one has ${keyId.length} character(s) there${separator < 0 ? ' and no `_`' : ''}.`;
  }
  const secret = rest.slice(separator + 1);
  if (secret.length !== 43) {
    return `Malformed API key: the secret after the key id has 43 characters; this one has ${secret.length} (${secret.length > 43 ? 'too many: something was pasted with it?' : 'too few: cut short?'}).`;
  }
  return 'Malformed API key: the secret after the key id holds only letters, digits, `-` and `_`; this one has other characters.';
}

/** Compares the key's hash with a stored hash in time independent of where they differ. */
export function apiKeyMatchesHash(key: ParsedApiKey, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashApiKey(key.text), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
