import type { Ulid } from '../ulid.js';
import type { SqlClient } from './sql-client.js';

/** A stored admin API key: only a hash of its secret is kept. */
export interface ApiKeyRecord {
  /** Public part of the key, used to find the record; not secret. */
  keyId: string;
  projectId: string;
  /** SHA-256 (hex) of the whole key text. */
  secretHash: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A page or other source the assistant cited. */
export interface ConversationSource {
  title: string;
  url: string;
}

/** What the platform's assistant records after answering a question. */
export interface NewConversation {
  projectId: string;
  query: string;
  response: string;
  sources: readonly ConversationSource[];
  queryCategory: string | null;
  /**
   * When the conversation happened, as a Date or an ISO 8601 string (JSON has no dates); now
   * when absent. The id's time part is this instant.
   */
  timestamp?: Date | string;
}

/** One stored assistant conversation. */
export interface Conversation {
  id: Ulid;
  timestamp: Date;
  query: string;
  response: string;
  sources: ConversationSource[];
  queryCategory: string | null;
}

/** A conversation brought in from elsewhere, with its own id (imports are idempotent on it). */
export interface ImportedConversation {
  id: Ulid;
  timestamp: Date;
  query: string;
  response: string;
  sources: readonly ConversationSource[];
  queryCategory: string | null;
}

/** How an import went: rows added, and rows whose id was already stored. */
export interface ConversationImportResult {
  imported: number;
  skipped: number;
}

/** A newest-first page request; ids bound the range because a ULID starts with its time. */
export interface ConversationPageQuery {
  projectId: string;
  /** Only ids strictly older (smaller) than this: the cursor of the previous page. */
  before?: Ulid;
  /** Only ids at or after this one (inclusive lower bound). */
  fromId?: Ulid;
  /** Only ids before this one (exclusive upper bound). */
  toId?: Ulid;
  limit: number;
}

/** One page of conversations and where the next one starts. */
export interface ConversationPage {
  conversations: Conversation[];
  /** The id to pass as `before` for the next page; null on the last page. */
  nextCursor: Ulid | null;
  hasMore: boolean;
}

/** The life of an agent job. */
export type AgentJobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** A stored agent job. */
export interface AgentJobRecord {
  id: Ulid;
  projectId: string;
  branch: string;
  model: string;
  asDraft: boolean;
  state: AgentJobState;
  createdAt: Date;
  updatedAt: Date;
  /** What the job produced (commit, pull request), once it succeeded. */
  result: unknown;
  /** Why the job failed, once it failed. */
  error: string | null;
  /** Times a server started the job (1 on the first run; more after a server died mid-job). */
  attempts: number;
  /** Starts allowed before an interrupted job is failed instead of run again. */
  maxAttempts: number;
  /** The accepted request, so that any server can run the job; null for records made without one. */
  request: unknown;
  /** The server running the job now (its lease), or null. */
  leaseOwner: string | null;
  /** When that lease runs out unless renewed. */
  leaseExpiresAt: Date | null;
}

/** What a job looks like when it is accepted. */
export interface NewAgentJob {
  projectId: string;
  branch: string;
  model: string;
  asDraft: boolean;
  /** The validated request body, kept for whichever server runs the job. */
  request?: unknown;
  /** Starts allowed (default 3). */
  maxAttempts?: number;
}

/** One stored event of a job, numbered from 1 in the order it happened. */
export interface StoredAgentJobEvent {
  seq: number;
  event: unknown;
}

/** A change of state, with the outcome when the job ends. */
export interface AgentJobUpdate {
  state: AgentJobState;
  result?: unknown;
  error?: string;
}

/** Admin API keys. */
export interface ApiKeyStore {
  insert(record: Omit<ApiKeyRecord, 'createdAt' | 'revokedAt'>): Promise<ApiKeyRecord>;
  find(keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Marks the key revoked; false when there is no such key. */
  revoke(keyId: string): Promise<boolean>;
  listForProject(projectId: string): Promise<ApiKeyRecord[]>;
}

/** The assistant's conversation history. */
export interface ConversationStore {
  /** Stores a conversation under a new ULID and returns it. */
  record(conversation: NewConversation): Promise<Conversation>;
  /** Stores many conversations in a few statements (imports, seeding); same as `record` each. */
  recordMany(conversations: readonly NewConversation[]): Promise<Conversation[]>;
  page(query: ConversationPageQuery): Promise<ConversationPage>;
  /**
   * Stores conversations under their own ids in one transaction (all or nothing); ids already
   * stored for the project are skipped, so importing a file twice adds nothing.
   */
  importMany(projectId: string, conversations: readonly ImportedConversation[]): Promise<ConversationImportResult>;
}

/** Agent job records. */
export interface AgentJobStore {
  create(job: NewAgentJob): Promise<AgentJobRecord>;
  update(id: Ulid, update: AgentJobUpdate): Promise<AgentJobRecord>;
  get(id: Ulid): Promise<AgentJobRecord | undefined>;
  /** The job's events with `seq` above `after`, oldest first, at most `limit`. */
  events(id: Ulid, after: number, limit?: number): Promise<StoredAgentJobEvent[]>;
}

/** Everything the API persists, on one PostgreSQL database (embedded or server). */
export interface Store {
  /** The connection the store runs on; the agent's job queue shares it. */
  client: SqlClient;
  apiKeys: ApiKeyStore;
  conversations: ConversationStore;
  agentJobs: AgentJobStore;
  close(): Promise<void>;
}
