import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { GitHost } from '../git/git-host.js';
import {
  appendAgentJobEvent,
  claimAgentJob,
  failInterruptedAgentJob,
  failQueuedAgentJob,
  finishAgentJob,
  insertAgentJob,
  lockExpiredAgentJobs,
  renewAgentJobLease,
  type AgentJobLease,
  requeueAgentJob,
  type ExpiredAgentJob,
  type SqlQuery,
} from '../storage/agent-job-sql.js';
import type { AgentJobRecord, Store } from '../storage/store.js';
import { createUlidFactory } from '../ulid.js';
import { checkDocsJsonWithParser } from './docs-json-check.js';
import type { DocsJsonCheck } from './file-tools.js';
import type { AgentJobEvent, AgentJobProgress } from './job-events.js';
import { startAgentJobQueue, type AgentJobDelivery, type AgentJobQueue } from './job-queue.js';
import { AgentJobRequestSchema, type AgentJobRequest } from './job-request.js';
import { streamAgentJobEvents, type NumberedAgentJobEvent } from './job-stream.js';
import type { AgentModel } from './model.js';
import { AgentJobError, runAgentJob } from './run-agent-job.js';

/** Options of {@link createAgentJobRunner}. */
export interface AgentJobRunnerOptions {
  /** Where jobs, their events and the queue live; every server of one deployment shares it. */
  store: Store;
  model: AgentModel;
  /** The repository of a project; undefined when the project has none configured. */
  hostFor(projectId: string): GitHost | undefined;
  /** Checks docs.json before a commit; `parseDocsJson` (errors block) by default. */
  checkDocsJson?: DocsJsonCheck;
  /** Jobs this server runs at once; the others wait in state `queued`. Default 2. */
  concurrency?: number;
  /** Model turns per job. Default 40. */
  maxTurns?: number;
  /**
   * Milliseconds a server may go without renewing its hold on a running job (renewed every
   * third of it); past that, any server takes the job as interrupted. Default 30,000.
   */
  leaseMs?: number;
  /**
   * Milliseconds between looks for jobs whose server stopped renewing its lease. Default half
   * the lease.
   */
  recoveryMs?: number;
  /**
   * This runner is the only server of its store (an embedded store, locked to one process): at
   * start, jobs an earlier process left running are taken as interrupted at once instead of after
   * their lease. Default false.
   */
  soleServer?: boolean;
  /**
   * Milliseconds between looks for queued jobs and for new events of other servers' jobs; a job
   * whose branch another job holds is tried again after as long (at most 500 ms). Default 500.
   */
  pollMs?: number;
  /** Starts of a job before an interruption fails it instead of running it again. Default 3. */
  maxAttempts?: number;
  /** This server's name in leases; host name, process id and a random part by default. */
  serverId?: string;
  /** Told about failures that are bugs rather than expected job errors. */
  onUnexpectedError?(error: unknown, job?: AgentJobRecord): void;
}

/** A job just accepted, and its events from the start. */
export interface StartedAgentJob {
  job: AgentJobRecord;
  events: ReadableStream<NumberedAgentJobEvent>;
}

/** The runner's queue, as a health check reports it. */
export type AgentQueueState = 'starting' | 'running' | 'stopped' | 'failed';

/**
 * Runs agent jobs taken from a durable queue shared by every server on the same store; a job
 * outlives the request that started it and the server that ran it.
 */
export interface AgentJobRunner {
  /** Whether jobs can run for the project (it has a repository). */
  servesProject(projectId: string): boolean;
  /** The branch pull requests of the project target; jobs may not work on it. */
  baseBranch(projectId: string): Promise<string | undefined>;
  /**
   * Records the job as queued and queues it (one transaction); its events from the start. `v2`:
   * the job is a run of a v2 job (`new`: its first; an id: a follow-up of that job).
   */
  start(projectId: string, request: AgentJobRequest, options?: { v2?: 'new' | string }): Promise<StartedAgentJob>;
  /** The job's stored events with a number above `after`, then live ones, until its result. */
  events(jobId: string, after?: number): ReadableStream<NumberedAgentJobEvent>;
  /** The queue's state, for health checks. */
  queueState(): AgentQueueState;
  /** Resolves once no job started through this runner is unfinished and none runs here. */
  idle(): Promise<void>;
  /** Takes no more jobs, waits for the running ones, stops the queue. */
  stop(): Promise<void>;
}

/**
 * Milliseconds a job waits before trying again when another job holds its branch; the poll
 * interval when that is shorter (a server asked to look more often looks for the branch more often too).
 */
const BUSY_BRANCH_RETRY_MS = 500;
/**
 * A queued job that no server could take for this long (none has its project's repository any
 * more) fails instead of circling through the queue for ever.
 */
const UNSERVED_JOB_TIMEOUT_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What an interrupted job had done, from its stored commit and pull request events. */
function progressOf(events: readonly AgentJobEvent[]): AgentJobProgress {
  const commit = events.findLast((event) => event.type === 'commit');
  const pull = events.findLast((event) => event.type === 'pull_request');
  return {
    commit: commit ? { sha: commit.sha, files: commit.files } : null,
    pullRequest: pull ? { number: pull.number, url: pull.url, draft: pull.draft } : null,
  };
}

/** Makes a runner and starts taking jobs from the queue (installing it on first use). */
export function createAgentJobRunner(options: AgentJobRunnerOptions): AgentJobRunner {
  const { store } = options;
  const client = store.client;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const recoveryMs = options.recoveryMs ?? Math.max(50, Math.floor(leaseMs / 2));
  const busyBranchRetryMs = Math.min(BUSY_BRANCH_RETRY_MS, pollMs);
  const maxAttempts = options.maxAttempts ?? 3;
  const owner = options.serverId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const newId = createUlidFactory();
  const report = (error: unknown, job?: AgentJobRecord) => options.onUnexpectedError?.(error, job);

  let state: AgentQueueState = 'starting';
  let stopping = false;
  const running = new Set<Promise<void>>();
  /** Jobs started through this runner and not seen finished; `idle` waits for them. */
  const submitted = new Set<string>();
  /** Wakes the fetch loop (a job was queued here, or a slot freed). */
  let wakeLoop: (() => void) | undefined;
  const wake = () => wakeLoop?.();
  /** Wakes streams of a job when this server stored one of its events. */
  const eventListeners = new Map<string, Set<() => void>>();
  const notifyEvent = (jobId: string) => {
    for (const listener of eventListeners.get(jobId) ?? []) listener();
  };

  const queueReady: Promise<AgentJobQueue> = startAgentJobQueue(client, { onError: (error) => report(error) });
  queueReady.then(
    () => {
      if (state === 'starting') state = 'running';
    },
    (error: unknown) => {
      state = 'failed';
      report(error);
    },
  );

  /**
   * Appends a run's events of a job in order; stops appending once the lease is lost, and tells
   * `onLost` when an event is refused (the run should stop).
   */
  function eventWriter(job: AgentJobRecord, lease: AgentJobLease, onLost: () => void) {
    let chain = Promise.resolve();
    let lost = false;
    return {
      emit(event: AgentJobEvent) {
        chain = chain.then(async () => {
          if (lost) return;
          const seq = await appendAgentJobEvent(client, job.id, event, lease).catch((error: unknown) => {
            report(error, job);
            return undefined;
          });
          if (seq === undefined) {
            lost = true;
            onLost();
          } else notifyEvent(job.id);
        });
      },
      flushed: () => chain,
      lost: () => lost,
      markLost() {
        lost = true;
      },
    };
  }

  async function finish(job: AgentJobRecord, lease: AgentJobLease, delivery: AgentJobDelivery, outcome: Extract<AgentJobEvent, { type: 'result' }>) {
    const queue = await queueReady;
    const done = await client.transaction(async (transaction) => {
      const record = await finishAgentJob(
        transaction,
        job.id,
        lease,
        outcome.state === 'succeeded' ? { state: 'succeeded', result: outcome.result } : { state: 'failed', error: outcome.error },
      );
      if (!record) return false;
      await appendAgentJobEvent(transaction, job.id, outcome);
      await queue.complete(delivery.queueJobId, transaction);
      return true;
    });
    if (done) notifyEvent(job.id);
  }

  async function run(job: AgentJobRecord, delivery: AgentJobDelivery): Promise<void> {
    // This run's hold: a later attempt of the same job, even on this server, is another run.
    const lease: AgentJobLease = { owner, attempt: job.attempts };
    const aborted = new AbortController();
    const writer = eventWriter(job, lease, () => aborted.abort());
    const renew = async () => {
      if (!(await renewAgentJobLease(client, job.id, lease, leaseMs))) {
        writer.markLost();
        aborted.abort();
      }
    };
    const heartbeat = setInterval(() => renew().catch((error: unknown) => report(error, job)), Math.max(50, Math.floor(leaseMs / 3)));
    let outcome: Extract<AgentJobEvent, { type: 'result' }>;
    try {
      writer.emit({ type: 'state', state: 'running', sessionId: job.id, attempt: job.attempts });
      const request = AgentJobRequestSchema.safeParse(job.request);
      if (!request.success) throw new AgentJobError('The job was stored without a valid request; it cannot run.');
      const host = options.hostFor(job.projectId);
      if (!host) throw new AgentJobError(`Project ${job.projectId} has no repository on this server.`);
      const result = await runAgentJob(request.data, {
        host,
        model: options.model,
        checkDocsJson: options.checkDocsJson ?? checkDocsJsonWithParser,
        emit: (event) => writer.emit(event),
        maxTurns: options.maxTurns ?? 40,
        signal: aborted.signal,
        confirmLease: renew,
      });
      outcome = { type: 'result', state: 'succeeded', result };
    } catch (error) {
      if (!(error instanceof AgentJobError)) report(error, job);
      outcome = { type: 'result', state: 'failed', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearInterval(heartbeat);
    }
    await writer.flushed();
    // A server that lost its lease leaves the ending to the server that recovered the job.
    if (!writer.lost()) await finish(job, lease, delivery, outcome).catch((error: unknown) => report(error, job));
  }

  /** Hands the job to a later delivery, atomically: it is never without one. */
  async function handBack(queue: AgentJobQueue, delivery: AgentJobDelivery): Promise<void> {
    await client.transaction(async (transaction) => {
      await queue.send(delivery.jobId, { db: transaction, startAfter: new Date(Date.now() + busyBranchRetryMs) });
      await queue.complete(delivery.queueJobId, transaction);
    });
  }

  async function take(delivery: AgentJobDelivery): Promise<void> {
    const queue = await queueReady;
    const job = await store.agentJobs.get(delivery.jobId);
    // Servers may bind different repositories: leave a job of a project this one does not serve
    // to one that does (the server that accepted it does).
    if (job && job.state === 'queued' && !options.hostFor(job.projectId)) {
      if (Date.now() - job.createdAt.getTime() < UNSERVED_JOB_TIMEOUT_MS) {
        await handBack(queue, delivery);
        return;
      }
      const error = `No server has a repository for project ${job.projectId}; the job waited ${UNSERVED_JOB_TIMEOUT_MS / 60_000} minutes.`;
      await client.transaction(async (transaction) => {
        if (await failQueuedAgentJob(transaction, job.id, error)) {
          await appendAgentJobEvent(transaction, job.id, { type: 'result', state: 'failed', error } satisfies AgentJobEvent);
        }
        await queue.complete(delivery.queueJobId, transaction);
      });
      notifyEvent(job.id);
      return;
    }
    const claim = await claimAgentJob(client, delivery.jobId, owner, leaseMs, delivery.queueJobId);
    if (claim.status === 'busy') {
      // Another job holds the branch.
      await handBack(queue, delivery);
      return;
    }
    if (claim.status === 'not_queued') {
      await queue.complete(delivery.queueJobId);
      return;
    }
    await run(claim.record, delivery);
  }

  /**
   * Ends or re-queues jobs whose server stopped renewing their lease; with `all`, every running
   * job (a sole server's start, before it runs any: no other run is alive).
   */
  async function recoverExpired(all = false): Promise<number> {
    const queue = await queueReady;
    const recovered = await client.transaction(async (transaction) => {
      const expired = await lockExpiredAgentJobs(transaction, 20, all);
      for (const job of expired) await recoverOne(transaction, queue, job);
      return expired.map((job) => job.record.id);
    });
    for (const id of recovered) notifyEvent(id);
    if (recovered.length > 0) wake();
    return recovered.length;
  }

  async function recoverOne(transaction: SqlQuery, queue: AgentJobQueue, expired: ExpiredAgentJob): Promise<void> {
    const { record } = expired;
    if (expired.queueJobId) await queue.fail(expired.queueJobId, 'interrupted', transaction);
    if (!expired.pushed && record.attempts < record.maxAttempts) {
      await requeueAgentJob(transaction, record.id);
      await appendAgentJobEvent(transaction, record.id, {
        type: 'state',
        state: 'queued',
        sessionId: record.id,
        attempt: record.attempts + 1,
        reason: 'interrupted: the server running the job stopped before it pushed anything; it runs again from the start',
      } satisfies AgentJobEvent);
      await queue.send(record.id, { db: transaction });
      return;
    }
    const events = (await transaction.query<{ event: AgentJobEvent }>('SELECT event FROM agent_job_events WHERE job_id = $1 ORDER BY seq', [record.id])).map(
      (row) => row.event,
    );
    const done = { ...progressOf(events), attempts: record.attempts };
    await failInterruptedAgentJob(transaction, record.id, 'interrupted', done);
    await appendAgentJobEvent(transaction, record.id, { type: 'result', state: 'failed', error: 'interrupted', done } satisfies AgentJobEvent);
  }

  async function loop(): Promise<void> {
    let queue: AgentJobQueue;
    try {
      queue = await queueReady;
    } catch {
      return;
    }
    if (options.soleServer) {
      // Twenty at a time, until none is left.
      while ((await recoverExpired(true).catch((error: unknown) => (report(error), 0))) === 20);
    }
    let nextRecovery = 0;
    while (!stopping) {
      if (Date.now() >= nextRecovery) {
        nextRecovery = Date.now() + recoveryMs;
        await recoverExpired().catch((error: unknown) => report(error));
      }
      let delivery: AgentJobDelivery | undefined;
      if (running.size < concurrency) {
        delivery = await queue.fetch().catch((error: unknown) => {
          report(error);
          return undefined;
        });
      }
      if (delivery) {
        const work = take(delivery).catch((error: unknown) => report(error));
        running.add(work);
        void work.finally(() => {
          running.delete(work);
          wake();
        });
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeLoop = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeLoop = undefined;
    }
  }
  const looping = loop();

  const events = (jobId: string, after = 0) =>
    streamAgentJobEvents(jobId, after, {
      read: (id, from) => store.agentJobs.events(id, from),
      get: (id) => store.agentJobs.get(id),
      pollMs,
      subscribe(id, listener) {
        let listeners = eventListeners.get(id);
        if (!listeners) eventListeners.set(id, (listeners = new Set()));
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
          if (listeners.size === 0) eventListeners.delete(id);
        };
      },
    });

  return {
    servesProject: (projectId) => options.hostFor(projectId) !== undefined,

    baseBranch: async (projectId) => options.hostFor(projectId)?.baseBranch(),

    async start(projectId, request, startOptions = {}) {
      if (!options.hostFor(projectId)) throw new Error(`Project ${projectId} has no repository`);
      const queue = await queueReady;
      const id = newId();
      const job = await client.transaction(async (transaction) => {
        const record = await insertAgentJob(transaction, id, {
          projectId,
          branch: request.branch,
          model: request.model,
          asDraft: request.asDraft,
          request,
          maxAttempts,
          ...(startOptions.v2 !== undefined ? { v2JobId: startOptions.v2 } : {}),
        });
        await appendAgentJobEvent(transaction, id, { type: 'state', state: 'queued', sessionId: id } satisfies AgentJobEvent);
        await queue.send(id, { db: transaction });
        return record;
      });
      submitted.add(job.id);
      wake();
      return { job, events: events(job.id) };
    },

    events,

    queueState: () => state,

    async idle() {
      for (;;) {
        for (const id of submitted) {
          const job = await store.agentJobs.get(id);
          if (!job || job.state === 'succeeded' || job.state === 'failed') submitted.delete(id);
        }
        if (submitted.size === 0 && running.size === 0) return;
        await sleep(Math.min(pollMs, 100));
      }
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      wake();
      await looping;
      await Promise.allSettled([...running]);
      const queue = await queueReady.catch(() => undefined);
      await queue?.stop();
      state = 'stopped';
    },
  };
}
