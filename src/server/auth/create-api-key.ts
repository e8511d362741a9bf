import type { ApiKeyRecord, ApiKeyStore } from '../storage/store.js';
import { generateApiKey } from './api-key.js';

/** A key just made: `text` exists only here, to be shown once; the store holds its hash. */
export interface CreatedApiKey {
  text: string;
  record: ApiKeyRecord;
}

/** Generates an admin API key for a project and stores its hash. */
export async function createApiKey(keys: ApiKeyStore, projectId: string, label: string | null = null): Promise<CreatedApiKey> {
  const generated = generateApiKey();
  const record = await keys.insert({ keyId: generated.keyId, projectId, secretHash: generated.secretHash, label });
  return { text: generated.text, record };
}
