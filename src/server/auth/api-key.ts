import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every admin API key starts with this. */
export const API_KEY_PREFIX = 'quire_';

/**
 * `quire_<keyId>_<secret>`: the key id (16 lower-case hex characters) finds the stored record
 * without revealing anything; the secret (43 base64url characters, 256 bits) is what proves it.
 */
const API_KEY_PATTERN = /^quire_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** The parts of a well-formed key. */
export interface ParsedApiKey {
  keyId: string;
  /** The whole key text, to be hashed and compared; never log or echo it. */
  text: string;
}

/** A freshly generated key: `text` is shown once to its owner, only `secretHash` is stored. */
export interface GeneratedApiKey {
  keyId: string;
  text: string;
  secretHash: string;
}

/** SHA-256 of the key text in hex. A fast hash suffices: the secret has 256 random bits. */
export function hashApiKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Makes a new random key. */
export function generateApiKey(): GeneratedApiKey {
  const keyId = randomBytes(8).toString('hex');
  const text = `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
  return { keyId, text, secretHash: hashApiKey(text) };
}

/** Reads a key's parts, or undefined when the text is not shaped like a Quire key. */
export function parseApiKey(text: string): ParsedApiKey | undefined {
  const match = API_KEY_PATTERN.exec(text);
  return match ? { keyId: match[1]!, text } : undefined;
}

/** Compares the key's hash with a stored hash in time independent of where they differ. */
export function apiKeyMatchesHash(key: ParsedApiKey, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashApiKey(key.text), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
