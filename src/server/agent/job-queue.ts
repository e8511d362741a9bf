import type { SqlQuery } from '../storage/agent-job-sql.js';
import type { SqlClient, SqlValue } from '../storage/sql-client.js';

/** The queue's tables live in their own schema, beside the store's. */
export const QUEUE_SCHEMA = 'quire_queue';
/** The queue agent jobs are delivered through. */
export const AGENT_JOB_QUEUE = 'agent-jobs';

/** One delivery of an agent job, taken from the queue. */
export interface AgentJobDelivery {
  /** The queue's own id of this delivery. */
  queueJobId: string;
  /** The agent job (its record in `agent_jobs`). */
  jobId: string;
}

/**
 * Agent jobs delivered through pg-boss on the store's own PostgreSQL (PGlite or a server): each
 * delivery is taken by exactly one server (`FOR UPDATE SKIP LOCKED`), and sending can be part of
 * the transaction that records the job, so a job is never recorded without a delivery.
 */
export interface AgentJobQueue {
  /** Queues a delivery of `jobId`, in the transaction `db` when given, not before `startAfter`. */
  send(jobId: string, options?: { db?: SqlQuery; startAfter?: Date }): Promise<void>;
  /** Takes the next delivery that is due, if any. */
  fetch(): Promise<AgentJobDelivery | undefined>;
  /** Marks a delivery done (the job ran, or was handed on to a new delivery). */
  complete(queueJobId: string, db?: SqlQuery): Promise<void>;
  /** Marks a delivery failed, with why; the queue does not retry it (the runner decides). */
  fail(queueJobId: string, reason: string, db?: SqlQuery): Promise<void>;
  /** Stops the queue's maintenance; deliveries stay stored. */
  stop(): Promise<void>;
}

/** pg-boss talks to the database through this: parameterised statements, or scripts. */
function executorOf(db: SqlQuery & Partial<Pick<SqlClient, 'script'>>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && db.script) return { rows: await db.script<Record<string, unknown>>(text) };
      // pg-boss binds arrays (of ids) too; both drivers serialise them.
      return { rows: await db.query<Record<string, unknown>>(text, (values ?? []) as SqlValue[]) };
    },
  };
}

/** Options of {@link startAgentJobQueue}. */
export interface AgentJobQueueOptions {
  /** Seconds after which the queue itself gives up on a delivery; far above any job's run. */
  expireInSeconds?: number;
  /** Told about errors of the queue's background maintenance. */
  onError?(error: unknown): void;
}

/** Installs (or upgrades) the queue's schema and starts its maintenance. */
export async function startAgentJobQueue(client: SqlClient, options: AgentJobQueueOptions = {}): Promise<AgentJobQueue> {
  // Loaded here, not with the module: the commands that only open the store (`quire keys`) need
  // neither pg-boss nor the pg driver it loads (0.1 s of every start).
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    db: executorOf(client),
    schema: QUEUE_SCHEMA,
    // No cron schedules are used; maintenance (expiry, archiving) stays on.
    schedule: false,
  });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  await boss.createQueue(AGENT_JOB_QUEUE, {
    name: AGENT_JOB_QUEUE,
    policy: 'standard',
    // Re-running an interrupted job is the runner's decision (it knows whether the job pushed).
    retryLimit: 0,
    expireInSeconds: options.expireInSeconds ?? 6 * 60 * 60,
  });
  return {
    async send(jobId, { db, startAfter } = {}) {
      await boss.send(
        AGENT_JOB_QUEUE,
        { jobId },
        {
          retryLimit: 0,
          ...(startAfter ? { startAfter } : {}),
          ...(db ? { db: executorOf(db) } : {}),
        },
      );
    },
    async fetch() {
      const [job] = await boss.fetch<{ jobId: string }>(AGENT_JOB_QUEUE, { batchSize: 1 });
      return job ? { queueJobId: job.id, jobId: job.data.jobId } : undefined;
    },
    async complete(queueJobId, db) {
      await boss.complete(AGENT_JOB_QUEUE, queueJobId, {}, db ? { db: executorOf(db) } : {});
    },
    async fail(queueJobId, reason, db) {
      await boss.fail(AGENT_JOB_QUEUE, queueJobId, { reason }, db ? { db: executorOf(db) } : {});
    },
    async stop() {
      await boss.stop({ graceful: false, wait: true, close: false });
    },
  };
}
