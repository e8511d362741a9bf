import { createUlidFactory, ulidAfter, ulidTime, type Ulid, type UlidFactory } from '../ulid.js';
import { insertAgentJob, selectAgentJob, selectAgentJobEvents, selectV2Jobs, selectV2Runs, toAgentJob } from './agent-job-sql.js';
import { createSqlSiteIndex } from './site-index-sql.js';
import type { ApiKeyRecord, Conversation, ConversationPage, ConversationSource, NewConversation, Store } from './store.js';
import type { SqlClient, SqlValue } from './sql-client.js';

interface ApiKeyRow {
  key_id: string;
  project_id: string;
  kind: 'admin' | 'assistant';
  secret_hash: string;
  label: string | null;
  created_at: Date;
  revoked_at: Date | null;
}

interface ConversationRow {
  id: string;
  created_at: Date;
  query: string;
  response: string;
  sources: ConversationSource[];
  query_category: string | null;
  thread_id: string | null;
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  keyId: row.key_id,
  projectId: row.project_id,
  kind: row.kind,
  secretHash: row.secret_hash,
  label: row.label,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  timestamp: row.created_at,
  query: row.query,
  response: row.response,
  sources: row.sources,
  queryCategory: row.query_category,
  threadId: row.thread_id,
});

const CONVERSATION_COLUMNS = 'id, created_at, query, response, sources, query_category, thread_id';
/** First key of the advisory locks that serialise conversation inserts per project. */
const CONVERSATION_LOCK_NAMESPACE = 7_412_904;
/** Inserted rows after which the table's planner statistics are refreshed. */
const ANALYZE_AFTER_ROWS = 5000;
/** Rows per INSERT in `recordMany`: 8 parameters each stays far below PostgreSQL's 65535. */
const INSERT_BATCH = 500;

/** A conversation's time as a Date; a string is read as ISO 8601. Throws on anything else. */
function timestampOf(value: Date | string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new TypeError(`timestamp must be a Date or an ISO 8601 date-time string, got ${JSON.stringify(value)}.`);
  }
  return date;
}

/**
 * The store on any PostgreSQL reachable through `client`; the same SQL runs on PGlite and on a
 * server. Run `migrate` on the client first. `newId` makes conversation and job ids.
 */
export function createSqlStore(client: SqlClient, newId: UlidFactory = createUlidFactory()): Store {
  /**
   * Inserts conversations so that, per project, ids become visible in increasing order: a
   * transaction-scoped advisory lock per project serialises writers, and each new id is made
   * above the newest stored one while the lock is held. A reader paging newest-first with a
   * cursor therefore never misses a row that commits later with a smaller id. Backdated rows
   * (an explicit `timestamp`, as in imports) keep their own time instead.
   */
  const insertConversations = (batch: readonly NewConversation[]): Promise<Conversation[]> =>
    client.transaction(async (transaction) => {
      const projects = [...new Set(batch.map((conversation) => conversation.projectId))].sort();
      const newest = new Map<string, Ulid | undefined>();
      for (const projectId of projects) {
        await transaction.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CONVERSATION_LOCK_NAMESPACE, projectId]);
        const rows = await transaction.query<{ id: string | null }>('SELECT max(id) AS id FROM assistant_conversations WHERE project_id = $1', [projectId]);
        newest.set(projectId, rows[0]?.id ?? undefined);
      }
      const params: SqlValue[] = [];
      const tuples = batch.map((input) => {
        const conversation = { ...input, timestamp: timestampOf(input.timestamp) };
        let id = newId(conversation.timestamp?.getTime());
        const floor = newest.get(conversation.projectId);
        if (conversation.timestamp === undefined && floor !== undefined && id <= floor) id = ulidAfter(floor);
        if (floor === undefined || id > floor) newest.set(conversation.projectId, id);
        const first = params.length;
        params.push(
          conversation.projectId,
          id,
          conversation.timestamp ?? new Date(ulidTime(id)),
          conversation.query,
          conversation.response,
          JSON.stringify(conversation.sources.map(({ title, url }) => ({ title, url }))),
          conversation.queryCategory,
          conversation.threadId ?? null,
        );
        return `($${first + 1}, $${first + 2}, $${first + 3}, $${first + 4}, $${first + 5}, $${first + 6}::jsonb, $${first + 7}, $${first + 8})`;
      });
      const rows = await transaction.query<ConversationRow>(
        `INSERT INTO assistant_conversations (project_id, id, created_at, query, response, sources, query_category, thread_id)
         VALUES ${tuples.join(', ')}
         RETURNING ${CONVERSATION_COLUMNS}`,
        params,
      );
      return rows.map(toConversation);
    });

  // PGlite runs no autovacuum. Without fresh statistics the planner guesses that a project has a
  // handful of rows and sorts all of them instead of walking the primary key: a page of 100
  // then costs milliseconds per thousand rows. Refresh them every so many inserted rows.
  let insertedSinceAnalyze = 0;
  const noteInserted = async (count: number) => {
    insertedSinceAnalyze += count;
    if (insertedSinceAnalyze < ANALYZE_AFTER_ROWS) return;
    insertedSinceAnalyze = 0;
    await client.query('ANALYZE assistant_conversations');
  };

  return {
    apiKeys: {
      async insert(record) {
        const rows = await client.query<ApiKeyRow>(
          `INSERT INTO api_keys (key_id, project_id, secret_hash, label, kind) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
          [record.keyId, record.projectId, record.secretHash, record.label, record.kind ?? 'admin'],
        );
        return toApiKey(rows[0]!);
      },
      async find(keyId) {
        const rows = await client.query<ApiKeyRow>('SELECT * FROM api_keys WHERE key_id = $1', [keyId]);
        return rows[0] && toApiKey(rows[0]);
      },
      async revoke(keyId) {
        const rows = await client.query<{ key_id: string }>('UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE key_id = $1 RETURNING key_id', [
          keyId,
        ]);
        return rows.length > 0;
      },
      async listForProject(projectId) {
        const rows = await client.query<ApiKeyRow>('SELECT * FROM api_keys WHERE project_id = $1 ORDER BY created_at, key_id', [projectId]);
        return rows.map(toApiKey);
      },
    },

    conversations: {
      async record(conversation) {
        const [stored] = await insertConversations([conversation]);
        await noteInserted(1);
        return stored!;
      },
      async recordMany(conversations) {
        const stored: Conversation[] = [];
        for (let start = 0; start < conversations.length; start += INSERT_BATCH) {
          for (const conversation of await insertConversations(conversations.slice(start, start + INSERT_BATCH))) stored.push(conversation);
        }
        await noteInserted(stored.length);
        return stored;
      },
      async importMany(projectId, conversations) {
        const imported = await client.transaction(async (transaction) => {
          let count = 0;
          for (let start = 0; start < conversations.length; start += INSERT_BATCH) {
            const params: SqlValue[] = [];
            const tuples = conversations.slice(start, start + INSERT_BATCH).map((conversation) => {
              const first = params.length;
              params.push(
                projectId,
                conversation.id,
                conversation.timestamp,
                conversation.query,
                conversation.response,
                JSON.stringify(conversation.sources.map(({ title, url }) => ({ title, url }))),
                conversation.queryCategory,
              );
              return `($${first + 1}, $${first + 2}, $${first + 3}, $${first + 4}, $${first + 5}, $${first + 6}::jsonb, $${first + 7})`;
            });
            const rows = await transaction.query<{ id: string }>(
              `INSERT INTO assistant_conversations (project_id, id, created_at, query, response, sources, query_category)
               VALUES ${tuples.join(', ')}
               ON CONFLICT (project_id, id) DO NOTHING
               RETURNING id`,
              params,
            );
            count += rows.length;
          }
          return count;
        });
        await noteInserted(imported);
        return { imported, skipped: conversations.length - imported };
      },
      async page({ projectId, before, fromId, toId, limit }): Promise<ConversationPage> {
        const params: SqlValue[] = [projectId];
        const conditions = ['project_id = $1'];
        const bound = (operator: string, id: Ulid | undefined) => {
          if (id === undefined) return;
          params.push(id);
          conditions.push(`id ${operator} $${params.length}`);
        };
        bound('<', before);
        bound('>=', fromId);
        bound('<', toId);
        params.push(limit + 1);
        // One row more than asked tells whether another page exists without a COUNT.
        const rows = await client.query<ConversationRow>(
          `SELECT ${CONVERSATION_COLUMNS} FROM assistant_conversations
           WHERE ${conditions.join(' AND ')}
           ORDER BY id DESC
           LIMIT $${params.length}`,
          params,
        );
        const hasMore = rows.length > limit;
        const conversations = rows.slice(0, limit).map(toConversation);
        return { conversations, hasMore, nextCursor: hasMore ? conversations.at(-1)!.id : null };
      },
      async thread(projectId, threadId) {
        const rows = await client.query<ConversationRow>(
          `SELECT ${CONVERSATION_COLUMNS} FROM assistant_conversations WHERE project_id = $1 AND thread_id = $2 ORDER BY id`,
          [projectId, threadId],
        );
        return rows.map(toConversation);
      },
    },

    agentJobs: {
      create: (job) => insertAgentJob(client, newId(), job),
      async update(id, { state, result, error }) {
        const rows = await client.query<Parameters<typeof toAgentJob>[0]>(
          `UPDATE agent_jobs
           SET state = $2, result = coalesce($3::jsonb, result), error = coalesce($4, error), updated_at = now()
           WHERE id = $1 RETURNING *`,
          [id, state, result === undefined ? null : JSON.stringify(result), error ?? null],
        );
        if (!rows[0]) throw new Error(`No agent job ${id}`);
        return toAgentJob(rows[0]);
      },
      get: (id) => selectAgentJob(client, id),
      events: (id, after, limit) => selectAgentJobEvents(client, id, after, limit),
      v2Runs: (projectId, v2JobId) => selectV2Runs(client, projectId, v2JobId),
      v2Jobs: (projectId, limit, before) => selectV2Jobs(client, projectId, limit, before),
    },

    siteIndex: createSqlSiteIndex(client),

    client,
    close: () => client.close(),
  };
}
