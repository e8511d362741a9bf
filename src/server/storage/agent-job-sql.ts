import type { SqlClient, SqlValue } from './sql-client.js';
import type { AgentJobRecord, AgentJobState, NewAgentJob, StoredAgentJobEvent } from './store.js';

/** A connection or an open transaction: the statements below run on either. */
export type SqlQuery = Pick<SqlClient, 'query'>;

interface AgentJobRow {
  id: string;
  project_id: string;
  branch: string;
  model: string;
  as_draft: boolean;
  state: AgentJobState;
  created_at: Date;
  updated_at: Date;
  result: unknown;
  error: string | null;
  attempts: number;
  max_attempts: number;
  request: unknown;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  queue_job_id: string | null;
  v2_job_id: string | null;
}

/** A running job whose lease ran out, with what the recovery needs to decide. */
export interface ExpiredAgentJob {
  record: AgentJobRecord;
  /** The queue's id of the job's current delivery. */
  queueJobId: string | null;
  /** Whether the job had committed (pushed) anything: then it is not run again. */
  pushed: boolean;
}

/** How a claim went. */
export type AgentJobClaim =
  | { status: 'claimed'; record: AgentJobRecord }
  /** Another job runs on the branch now. */
  | { status: 'busy' }
  /** The job is not queued (already ended, or claimed by another server). */
  | { status: 'not_queued' };

export const toAgentJob = (row: AgentJobRow): AgentJobRecord => ({
  id: row.id,
  projectId: row.project_id,
  branch: row.branch,
  model: row.model,
  asDraft: row.as_draft,
  state: row.state,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  result: row.result ?? null,
  error: row.error,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  request: row.request ?? null,
  leaseOwner: row.lease_owner,
  leaseExpiresAt: row.lease_expires_at,
  v2JobId: row.v2_job_id ?? null,
});

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** PostgreSQL's code for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

export async function insertAgentJob(db: SqlQuery, id: string, job: NewAgentJob): Promise<AgentJobRecord> {
  const rows = await db.query<AgentJobRow>(
    `INSERT INTO agent_jobs (id, project_id, branch, model, as_draft, state, request, max_attempts, v2_job_id)
     VALUES ($1, $2, $3, $4, $5, 'queued', $6::jsonb, $7, $8) RETURNING *`,
    [id, job.projectId, job.branch, job.model, job.asDraft, json(job.request), job.maxAttempts ?? 3, job.v2JobId === 'new' ? id : (job.v2JobId ?? null)],
  );
  return toAgentJob(rows[0]!);
}

export async function selectAgentJob(db: SqlQuery, id: string): Promise<AgentJobRecord | undefined> {
  const rows = await db.query<AgentJobRow>('SELECT * FROM agent_jobs WHERE id = $1', [id]);
  return rows[0] && toAgentJob(rows[0]);
}

/**
 * Takes a queued job for `owner` until `leaseMs` from now. The unique index on running jobs per
 * branch makes this the one place that decides "one job per branch", across every server.
 */
export async function claimAgentJob(client: SqlClient, id: string, owner: string, leaseMs: number, queueJobId: string): Promise<AgentJobClaim> {
  try {
    const rows = await client.query<AgentJobRow>(
      `UPDATE agent_jobs
       SET state = 'running', attempts = attempts + 1, lease_owner = $2,
           lease_expires_at = now() + $3 * interval '1 millisecond', queue_job_id = $4, updated_at = now()
       WHERE id = $1 AND state = 'queued' RETURNING *`,
      [id, owner, leaseMs, queueJobId],
    );
    return rows[0] ? { status: 'claimed', record: toAgentJob(rows[0]) } : { status: 'not_queued' };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'busy' };
    throw error;
  }
}

/**
 * One run's hold on a job: the server that claimed it and the attempt it claimed. A run of an
 * earlier attempt, on the same server or another, no longer holds the job.
 */
export interface AgentJobLease {
  owner: string;
  attempt: number;
}

/** Extends the lease; false when the run no longer holds it (it expired and was recovered). */
export async function renewAgentJobLease(db: SqlQuery, id: string, lease: AgentJobLease, leaseMs: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE agent_jobs SET lease_expires_at = now() + $4 * interval '1 millisecond'
     WHERE id = $1 AND state = 'running' AND lease_owner = $2 AND attempts = $3 RETURNING id`,
    [id, lease.owner, lease.attempt, leaseMs],
  );
  return rows.length > 0;
}

/**
 * Appends an event after the job's last one. With `lease`, only while that run holds the job: a
 * run that lost it (paused past the lease) cannot add to the story any more. Returns the event's
 * number, or undefined when refused.
 */
export async function appendAgentJobEvent(db: SqlQuery, id: string, event: unknown, lease?: AgentJobLease): Promise<number | undefined> {
  const params: SqlValue[] = [id, JSON.stringify(event)];
  let guard = 'true';
  if (lease !== undefined) {
    params.push(lease.owner, lease.attempt);
    guard = `EXISTS (SELECT 1 FROM agent_jobs WHERE id = $1 AND state = 'running' AND lease_owner = $3 AND attempts = $4)`;
  }
  // An aggregate without GROUP BY yields one row even for a job without events; HAVING drops
  // it when the guard fails.
  const rows = await db.query<{ seq: number }>(
    `INSERT INTO agent_job_events (job_id, seq, event)
     SELECT $1, coalesce(max(seq), 0) + 1, $2::jsonb FROM agent_job_events WHERE job_id = $1
     HAVING ${guard}
     RETURNING seq`,
    params,
  );
  return rows[0]?.seq;
}

/** Ends a running job held by the run of `lease`; undefined when the lease was lost meanwhile. */
export async function finishAgentJob(
  db: SqlQuery,
  id: string,
  lease: AgentJobLease,
  outcome: { state: 'succeeded' | 'failed'; result?: unknown; error?: string },
): Promise<AgentJobRecord | undefined> {
  const rows = await db.query<AgentJobRow>(
    `UPDATE agent_jobs
     SET state = $4, result = coalesce($5::jsonb, result), error = $6, lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
     WHERE id = $1 AND state = 'running' AND lease_owner = $2 AND attempts = $3 RETURNING *`,
    [id, lease.owner, lease.attempt, outcome.state, json(outcome.result), outcome.error ?? null],
  );
  return rows[0] && toAgentJob(rows[0]);
}

/**
 * Running jobs whose lease ran out, locked for this transaction (another server recovering at
 * the same time skips them); with `all`, every running job, its lease run out or not (a sole
 * server's start, when no other run can be alive). Run inside a transaction.
 */
export async function lockExpiredAgentJobs(db: SqlQuery, limit: number, all = false): Promise<ExpiredAgentJob[]> {
  const rows = await db.query<AgentJobRow & { pushed: boolean }>(
    `SELECT j.*, EXISTS (
       SELECT 1 FROM agent_job_events e WHERE e.job_id = j.id AND e.event->>'type' = 'commit'
     ) AS pushed
     FROM agent_jobs j
     WHERE j.state = 'running'${all ? '' : ' AND j.lease_expires_at < now()'}
     ORDER BY j.lease_expires_at
     LIMIT $1
     FOR UPDATE OF j SKIP LOCKED`,
    [limit],
  );
  return rows.map((row) => ({ record: toAgentJob(row), queueJobId: row.queue_job_id, pushed: row.pushed }));
}

/** Ends a job that never started (no server can run it); undefined when it is not queued any more. */
export async function failQueuedAgentJob(db: SqlQuery, id: string, error: string): Promise<AgentJobRecord | undefined> {
  const rows = await db.query<AgentJobRow>(
    `UPDATE agent_jobs SET state = 'failed', error = $2, updated_at = now() WHERE id = $1 AND state = 'queued' RETURNING *`,
    [id, error],
  );
  return rows[0] && toAgentJob(rows[0]);
}

/** Puts a recovered job back in the queue's state, to run again from the start. */
export async function requeueAgentJob(db: SqlQuery, id: string): Promise<void> {
  await db.query(
    `UPDATE agent_jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, queue_job_id = NULL, updated_at = now()
     WHERE id = $1`,
    [id],
  );
}

/** Ends a recovered job as failed with what it had done. */
export async function failInterruptedAgentJob(db: SqlQuery, id: string, error: string, result: unknown): Promise<AgentJobRecord> {
  const rows = await db.query<AgentJobRow>(
    `UPDATE agent_jobs
     SET state = 'failed', error = $2, result = $3::jsonb, lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, error, json(result)],
  );
  return toAgentJob(rows[0]!);
}

export async function selectAgentJobEvents(db: SqlQuery, id: string, after: number, limit = 1000): Promise<StoredAgentJobEvent[]> {
  return db.query<StoredAgentJobEvent>('SELECT seq, event FROM agent_job_events WHERE job_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [id, after, limit]);
}

/** The runs of a v2 job, oldest first (its first run, then one per follow-up message). */
export async function selectV2Runs(db: SqlQuery, projectId: string, v2JobId: string): Promise<AgentJobRecord[]> {
  const rows = await db.query<AgentJobRow>('SELECT * FROM agent_jobs WHERE project_id = $1 AND v2_job_id = $2 ORDER BY id', [projectId, v2JobId]);
  return rows.map(toAgentJob);
}

/** A project's v2 jobs (their first runs), newest first, `limit` of them below the cursor `before`; one more tells whether another page exists. */
export async function selectV2Jobs(db: SqlQuery, projectId: string, limit: number, before?: string): Promise<AgentJobRecord[]> {
  const rows = await db.query<AgentJobRow>(
    `SELECT * FROM agent_jobs WHERE project_id = $1 AND v2_job_id = id AND ($2::text IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
    [projectId, before ?? null, limit],
  );
  return rows.map(toAgentJob);
}
