import type { ApiKeyRecord, ApiKeyStore } from '../storage/store.js';
import { generateApiKey, type ApiKeyKind } from './api-key.js';

/** A key just made: `text` exists only here, to be shown once; the store holds its hash. */
export interface CreatedApiKey {
  text: string;
  record: ApiKeyRecord;
}

/** Generates an API key of a kind (default `admin`) for a project and stores its hash. */
export async function createApiKey(keys: ApiKeyStore, projectId: string, label: string | null = null, kind: ApiKeyKind = 'admin'): Promise<CreatedApiKey> {
  const generated = generateApiKey(kind);
  const record = await keys.insert({ keyId: generated.keyId, projectId, secretHash: generated.secretHash, label, kind });
  return { text: generated.text, record };
}
