import type { GitHost } from '../git/git-host.js';
import type { AgentJobRecord, AgentJobStore } from '../storage/store.js';
import { checkDocsJsonWithParser } from './docs-json-check.js';
import { EventChannel } from './event-channel.js';
import type { DocsJsonCheck } from './file-tools.js';
import type { AgentJobEvent } from './job-events.js';
import type { AgentJobRequest } from './job-request.js';
import type { AgentModel } from './model.js';
import { AgentJobError, runAgentJob } from './run-agent-job.js';

/** Options of {@link createAgentJobRunner}. */
export interface AgentJobRunnerOptions {
  jobs: AgentJobStore;
  model: AgentModel;
  /** The repository of a project; undefined when the project has none configured. */
  hostFor(projectId: string): GitHost | undefined;
  /** Checks docs.json before a commit; `parseDocsJson` (errors block) by default. */
  checkDocsJson?: DocsJsonCheck;
  /** Jobs running at once; the others wait in state `queued`. Default 2. */
  concurrency?: number;
  /** Model turns per job. Default 40. */
  maxTurns?: number;
  /** Told about failures that are bugs rather than expected job errors. */
  onUnexpectedError?(error: unknown, job: AgentJobRecord): void;
}

/** A job just accepted, and its events from the start. */
export interface StartedAgentJob {
  job: AgentJobRecord;
  events: ReadableStream<AgentJobEvent>;
}

/** Runs agent jobs in the background, independent of the requests that started them. */
export interface AgentJobRunner {
  /** Whether jobs can run for the project (it has a repository). */
  servesProject(projectId: string): boolean;
  /** Records the job as queued and schedules it. */
  start(projectId: string, request: AgentJobRequest): Promise<StartedAgentJob>;
  /** Resolves once no job is queued or running (for shutdown and tests). */
  idle(): Promise<void>;
}

/** Makes a runner; its queue and channels live in the returned object only. */
export function createAgentJobRunner(options: AgentJobRunnerOptions): AgentJobRunner {
  const concurrency = options.concurrency ?? 2;
  const waiting: (() => void)[] = [];
  let running = 0;
  let unfinished = 0;
  let idleWaiters: (() => void)[] = [];

  const slot = async () => {
    if (running < concurrency) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const freeSlot = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  const execute = async (job: AgentJobRecord, host: GitHost, request: AgentJobRequest, channel: EventChannel<AgentJobEvent>) => {
    await slot();
    try {
      await options.jobs.update(job.id, { state: 'running' });
      channel.send({ type: 'state', state: 'running', sessionId: job.id });
      const result = await runAgentJob(request, {
        host,
        model: options.model,
        checkDocsJson: options.checkDocsJson ?? checkDocsJsonWithParser,
        emit: (event) => channel.send(event),
        maxTurns: options.maxTurns ?? 40,
      });
      await options.jobs.update(job.id, { state: 'succeeded', result });
      channel.send({ type: 'result', state: 'succeeded', result });
    } catch (error) {
      if (!(error instanceof AgentJobError)) options.onUnexpectedError?.(error, job);
      const message = error instanceof Error ? error.message : String(error);
      await options.jobs.update(job.id, { state: 'failed', error: message }).catch((storeError: unknown) => {
        options.onUnexpectedError?.(storeError, job);
      });
      channel.send({ type: 'result', state: 'failed', error: message });
    } finally {
      channel.close();
      freeSlot();
      unfinished -= 1;
      if (unfinished === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  };

  return {
    servesProject: (projectId) => options.hostFor(projectId) !== undefined,

    async start(projectId, request) {
      const host = options.hostFor(projectId);
      if (!host) throw new Error(`Project ${projectId} has no repository`);
      const job = await options.jobs.create({
        projectId,
        branch: request.branch,
        model: request.model,
        asDraft: request.asDraft,
      });
      const channel = new EventChannel<AgentJobEvent>();
      channel.send({ type: 'state', state: 'queued', sessionId: job.id });
      unfinished += 1;
      void execute(job, host, request, channel);
      return { job, events: channel.listen() };
    },

    idle() {
      if (unfinished === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
