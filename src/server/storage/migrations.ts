import type { SqlClient } from './sql-client.js';

/** One schema change; `version`s are applied in ascending order, each at most once. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The schema, as an append-only list: never edit a migration that has shipped, add one. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'api keys, assistant conversations, agent jobs',
    sql: `
      CREATE TABLE api_keys (
        key_id      text PRIMARY KEY,
        project_id  text NOT NULL,
        secret_hash text NOT NULL,
        label       text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        revoked_at  timestamptz
      );
      CREATE INDEX api_keys_by_project ON api_keys (project_id);

      -- The primary key is also the index of the newest-first keyset pagination.
      CREATE TABLE assistant_conversations (
        project_id     text NOT NULL,
        id             text NOT NULL,
        created_at     timestamptz NOT NULL,
        query          text NOT NULL,
        response       text NOT NULL,
        sources        jsonb NOT NULL DEFAULT '[]',
        query_category text,
        PRIMARY KEY (project_id, id)
      );

      CREATE TABLE agent_jobs (
        id         text PRIMARY KEY,
        project_id text NOT NULL,
        branch     text NOT NULL,
        model      text NOT NULL,
        as_draft   boolean NOT NULL,
        state      text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        result     jsonb,
        error      text
      );
      CREATE INDEX agent_jobs_by_project ON agent_jobs (project_id, id);
    `,
  },
  {
    version: 2,
    name: 'durable agent jobs: request, attempts, lease, stored events',
    sql: `
      -- What any server needs to run the job, and who runs it until when (the lease).
      ALTER TABLE agent_jobs ADD COLUMN request jsonb;
      ALTER TABLE agent_jobs ADD COLUMN attempts integer NOT NULL DEFAULT 0;
      ALTER TABLE agent_jobs ADD COLUMN max_attempts integer NOT NULL DEFAULT 3;
      ALTER TABLE agent_jobs ADD COLUMN lease_owner text;
      ALTER TABLE agent_jobs ADD COLUMN lease_expires_at timestamptz;
      ALTER TABLE agent_jobs ADD COLUMN queue_job_id text;
      -- One running job per branch of a project, whichever server runs it: a second claim fails.
      CREATE UNIQUE INDEX agent_jobs_one_running_per_branch ON agent_jobs (project_id, branch) WHERE state = 'running';
      CREATE INDEX agent_jobs_running_leases ON agent_jobs (lease_expires_at) WHERE state = 'running';

      CREATE TABLE agent_job_events (
        job_id     text NOT NULL REFERENCES agent_jobs (id) ON DELETE CASCADE,
        seq        integer NOT NULL,
        event      jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job_id, seq)
      );
    `,
  },
  {
    version: 3,
    name: 'assistant keys, conversation threads, the sites search index',
    sql: `
      -- admin keys reach every route of the project, assistant keys the assistant, search and page routes.
      ALTER TABLE api_keys ADD COLUMN kind text NOT NULL DEFAULT 'admin' CHECK (kind IN ('admin', 'assistant'));
      ALTER TABLE assistant_conversations ADD COLUMN thread_id text;
      CREATE INDEX assistant_conversations_by_thread ON assistant_conversations (project_id, thread_id, id) WHERE thread_id IS NOT NULL;

      CREATE TABLE site_pages (
        project_id text NOT NULL,
        path       text NOT NULL,
        title      text NOT NULL,
        version    text,
        language   text,
        markdown   text NOT NULL,
        PRIMARY KEY (project_id, path)
      );
      -- The simple configuration: no stemming or stop words of one language (sites are written
      -- in many), and it is built into every PostgreSQL, PGlite included.
      CREATE TABLE site_sections (
        project_id text NOT NULL,
        path       text NOT NULL,
        position   integer NOT NULL,
        anchor     text,
        title      text NOT NULL,
        heading    text,
        content    text NOT NULL,
        version    text,
        language   text,
        search     tsvector NOT NULL,
        PRIMARY KEY (project_id, path, position)
      );
      CREATE INDEX site_sections_search ON site_sections USING gin (search);
    `,
  },
  {
    version: 4,
    name: 'agent jobs v2: the runs of a job; the assistant instructions of a site',
    sql: `
      -- A v2 job is its first run (v2_job_id = id) and the runs its follow-up messages started.
      ALTER TABLE agent_jobs ADD COLUMN v2_job_id text;
      CREATE INDEX agent_jobs_v2 ON agent_jobs (project_id, v2_job_id, id) WHERE v2_job_id IS NOT NULL;

      -- The site's own instructions to its assistant (.mintlify/Assistant.md), as the platform reads them.
      CREATE TABLE site_instructions (
        project_id   text PRIMARY KEY,
        instructions text NOT NULL
      );
    `,
  },
];

/** Arbitrary, fixed key of the advisory lock that serialises migrations between processes. */
const MIGRATION_LOCK_KEY = 7_412_903;

/**
 * Brings the schema up to date. Safe to run from several processes at once against one server:
 * a transaction-scoped advisory lock lets one of them migrate while the others wait.
 */
export async function migrate(client: SqlClient, list: readonly Migration[] = migrations): Promise<number[]> {
  return client.transaction(async (transaction) => {
    await transaction.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await transaction.query(
      `CREATE TABLE IF NOT EXISTS quire_schema_migrations (
         version    integer PRIMARY KEY,
         name       text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const appliedRows = await transaction.query<{ version: number }>('SELECT version FROM quire_schema_migrations');
    const applied = new Set(appliedRows.map((row) => row.version));
    const pending = [...list].sort((a, b) => a.version - b.version).filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      for (const statement of splitStatements(migration.sql)) await transaction.query(statement);
      await transaction.query('INSERT INTO quire_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return pending.map((migration) => migration.version);
  });
}

/**
 * Splits a migration into statements, since a parameterised query runs exactly one. Our
 * migrations hold no semicolons inside strings or bodies, which keeps this split honest.
 */
function splitStatements(sql: string): string[] {
  return sql
    .split(';')
    .map((statement) => statement.replace(/--[^\n]*/g, '').trim())
    .filter((statement) => statement.length > 0);
}
