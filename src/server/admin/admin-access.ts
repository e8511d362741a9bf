import type { ApiKeyKind } from '../auth/api-key.js';
import { createApiKey } from '../auth/create-api-key.js';
import { openStore, type StoreLocation } from '../storage/open-store.js';
import { DataDirBusyError, holderName } from '../storage/data-dir-lock.js';
import { describeStoreLocation } from '../storage/store-location.js';
import type { ConversationImportResult, ImportedConversation, Store } from '../storage/store.js';
import { adminSocketPath, requestAdminSocket } from './admin-socket.js';

/** A key as `quire keys list` shows it. */
export interface AdminKeyInfo {
  keyId: string;
  kind: ApiKeyKind;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** What `quire keys` and `quire conversations` do, on the store or through a running server. */
export interface AdminAccess {
  /** Where the operations go, for messages. */
  where: string;
  createKey(projectId: string, label: string | null, kind?: ApiKeyKind): Promise<{ text: string; keyId: string }>;
  listKeys(projectId: string): Promise<AdminKeyInfo[]>;
  revokeKey(keyId: string): Promise<boolean>;
  importConversations(projectId: string, conversations: readonly ImportedConversation[]): Promise<ConversationImportResult>;
  close(): Promise<void>;
}

/** Neither the store nor a running server could be reached; the message says what to do. */
export class AdminUnavailableError extends Error {
  override name = 'AdminUnavailableError';
}

function storeAccess(store: Store, where: string): AdminAccess {
  return {
    where,
    async createKey(projectId, label, kind = 'admin') {
      const created = await createApiKey(store.apiKeys, projectId, label, kind);
      return { text: created.text, keyId: created.record.keyId };
    },
    async listKeys(projectId) {
      return (await store.apiKeys.listForProject(projectId)).map((key) => ({
        keyId: key.keyId,
        kind: key.kind,
        label: key.label,
        createdAt: key.createdAt.toISOString(),
        revokedAt: key.revokedAt?.toISOString() ?? null,
      }));
    },
    revokeKey: (keyId) => store.apiKeys.revoke(keyId),
    importConversations: (projectId, conversations) => store.conversations.importMany(projectId, conversations),
    close: () => store.close(),
  };
}

function socketAccess(path: string, pid: number | undefined): AdminAccess {
  /** `ifCut`: what the user should know when the server goes away before answering. */
  const call = async <T>(method: string, url: string, body?: unknown, ifCut = ''): Promise<T> => {
    let response: { status: number; body: unknown };
    try {
      response = await requestAdminSocket(path, method, url, body);
    } catch (error) {
      // The server stopped (or was killed) between our look and our request, or while answering.
      const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
      throw new AdminUnavailableError(`The running quire serve (${holderName(pid)}) did not answer (${reason}); it may have stopped.${ifCut}`);
    }
    if (response.status >= 400) {
      const message = (response.body as { error?: { message?: string } }).error?.message ?? `status ${response.status}`;
      throw new AdminUnavailableError(`The running quire serve refused: ${message}`);
    }
    return response.body as T;
  };
  return {
    where: `the running quire serve (${holderName(pid)})`,
    async createKey(projectId, label, kind = 'admin') {
      const created = await call<{ key: string; keyId: string }>('POST', '/admin/keys', { projectId, label, kind });
      return { text: created.key, keyId: created.keyId };
    },
    async listKeys(projectId) {
      return (await call<{ keys: AdminKeyInfo[] }>('GET', `/admin/keys?projectId=${encodeURIComponent(projectId)}`)).keys;
    },
    async revokeKey(keyId) {
      return (await call<{ revoked: boolean }>('POST', '/admin/keys/revoke', { keyId })).revoked;
    },
    importConversations(projectId, conversations) {
      const body = { projectId, conversations: conversations.map((conversation) => ({ ...conversation, timestamp: conversation.timestamp.toISOString() })) };
      return call<ConversationImportResult>(
        'POST',
        '/admin/conversations/import',
        body,
        ' The import is one transaction, written whole or not at all: run it again (conversations already there are skipped).',
      );
    },
    close: async () => {},
  };
}

/**
 * Opens the store at `location`; when a running `quire serve` holds the embedded data folder,
 * goes through that server's admin socket instead (same operations, same rules).
 */
export async function openAdminAccess(location: StoreLocation): Promise<AdminAccess> {
  try {
    return storeAccess(await openStore(location), describeStoreLocation(location));
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const path = adminSocketPath(error.dataDir);
    try {
      await requestAdminSocket(path, 'GET', '/admin/ping');
    } catch {
      throw new AdminUnavailableError(
        `The data folder ${error.dataDir} is in use by ${holderName(error.pid)} (quire serve?), which offers no admin socket at ${path}. ` +
          'Stop it and run this again, or run quire serve and quire keys on a PostgreSQL server (DATABASE_URL).',
      );
    }
    return socketAccess(path, error.pid);
  }
}
