import type { Ulid } from '../ulid.js';
import type { SqlClient } from './sql-client.js';

/**
 * What a key may reach: `admin`, every route of its project; `assistant`, the assistant, search
 * and page routes only (rate-limited, usable from a browser).
 */
export type ApiKeyKind = 'admin' | 'assistant';

/** A stored API key: only a hash of its secret is kept. */
export interface ApiKeyRecord {
  /** Public part of the key, used to find the record; not secret. */
  keyId: string;
  projectId: string;
  /** `admin` (every route of the project) or `assistant` (the assistant, search and page routes). */
  kind: ApiKeyKind;
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
  /** The thread the exchange belongs to (the reader's conversation with the assistant); none for imported history. */
  threadId?: string | null;
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
  /** The thread it belongs to, when it was answered by this server's assistant. */
  threadId: string | null;
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
  /** The v2 job this run belongs to (its own id for a v2 job's first run); null for a v1 job. */
  v2JobId: string | null;
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
  /** A run of a v2 job: `new` starts one (the run's id becomes the job's), an id continues it. */
  v2JobId?: 'new' | string;
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

/** API keys. */
export interface ApiKeyStore {
  insert(record: Omit<ApiKeyRecord, 'createdAt' | 'revokedAt' | 'kind'> & { kind?: ApiKeyKind }): Promise<ApiKeyRecord>;
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
  /** The exchanges of one thread of a project, oldest first; empty when there is no such thread. */
  thread(projectId: string, threadId: string): Promise<Conversation[]>;
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
  /** The runs of a v2 job of the project, oldest first; empty when there is no such job. */
  v2Runs(projectId: string, v2JobId: string): Promise<AgentJobRecord[]>;
  /** A project's v2 jobs (their first runs), newest first, below `before` when given. */
  v2Jobs(projectId: string, limit: number, before?: string): Promise<AgentJobRecord[]>;
}

/** A page of a project's site, as the search, page and assistant routes read it. */
export interface IndexedPage {
  /** The page's URL path (`/guides/setup`). */
  path: string;
  title: string;
  /** The page's description (frontmatter): found with its first section. */
  description?: string | null;
  /** The navigation's version and language the page is under, when the site has them. */
  version?: string | null;
  language?: string | null;
  /** The page written out as Markdown (as its `<page>.md`). */
  markdown: string;
  /** Its sections, in order: the text before the first heading, then one per heading. */
  sections: IndexedSection[];
}

/** One section of a page: what a search finds and the assistant cites. */
export interface IndexedSection {
  /** The heading's id (`#anchor`); none for the text before the first heading. */
  anchor?: string | null;
  heading?: string | null;
  text: string;
}

/** A section a search found. */
export interface SectionMatch {
  /** The page's path, with `#anchor` for a section under a heading. */
  path: string;
  title: string;
  heading: string | null;
  content: string;
  version: string | null;
  language: string | null;
  /** How many of the query's words the section holds, plus PostgreSQL's ts_rank_cd of the match (by length): higher is better. */
  score: number;
}

/** How to search: every word (`all`, the search route), or any of them ranked by how many match (`any`, the assistant's retrieval). */
export interface SectionQuery {
  projectId: string;
  query: string;
  limit: number;
  match: 'all' | 'any';
  version?: string;
  language?: string;
}

/**
 * The sites' pages and sections, one set per project, searched with PostgreSQL's full-text search
 * in the store itself: every server of a deployment answers alike.
 */
export interface SiteIndexStore {
  /**
   * Replaces the project's pages with these, and its assistant instructions (`.mintlify/Assistant.md`;
   * none when absent), in one transaction (a reader sees the old set or the new one).
   */
  replace(projectId: string, pages: readonly IndexedPage[], instructions?: string): Promise<void>;
  /** The site's own instructions to its assistant, when it has some. */
  instructions(projectId: string): Promise<string | undefined>;
  search(query: SectionQuery): Promise<SectionMatch[]>;
  /** A page by its path (`/guides/setup`, `guides/setup`, `guides/setup.md`); undefined when the project has none there. */
  page(projectId: string, path: string): Promise<{ path: string; title: string; markdown: string } | undefined>;
  /** How many pages the project has indexed (0: none, or no site bound). */
  count(projectId: string): Promise<number>;
}

/** Everything the API persists, on one PostgreSQL database (embedded or server). */
export interface Store {
  /** The connection the store runs on; the agent's job queue shares it. */
  client: SqlClient;
  apiKeys: ApiKeyStore;
  conversations: ConversationStore;
  agentJobs: AgentJobStore;
  siteIndex: SiteIndexStore;
  close(): Promise<void>;
}
