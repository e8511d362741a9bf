import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentJobRunner, createAnthropicModel, createLocalGitHost, createUlidFactory, type AgentJobRunner, type Store } from '../../src/server/index.js';
import { startAgentJobQueue } from '../../src/server/agent/job-queue.js';
import { appendAgentJobEvent, claimAgentJob, insertAgentJob } from '../../src/server/storage/agent-job-sql.js';
import { backends, pgliteBackend, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { createDocsRepository, gitIn } from './git-fixture.js';
import { startTestServer } from './http.js';
import { startScriptedModel, text, toolUse } from './scripted-model.js';

const request = (branch: string) => ({ branch, messages: [{ role: 'user', content: 'Do it' }], asDraft: false, model: 'sonnet' });
const newId = createUlidFactory();

for (const backend of backends) {
  describe.skipIf(backend.skipReason !== undefined)(`recovery of jobs whose server died, on ${backend.name}`, () => {
    let store: Store;
    let runner: AgentJobRunner;
    let projectId: string;
    beforeAll(async () => {
      store = await backend.open();
      projectId = uniqueProjectId('recovery');
      const host = createLocalGitHost({ repository: createDocsRepository() });
      runner = createAgentJobRunner({
        store,
        // Never asked: these jobs are recovered, not run.
        model: { respond: () => Promise.reject(new Error('not expected')) },
        hostFor: (id) => (id === projectId ? host : undefined),
        recoveryMs: 50,
        pollMs: 50,
      });
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await runner?.stop();
      await store?.close();
    });

    /** A job as a server that died left it: running, its lease run out, with these events. */
    async function abandonedJob(branch: string, events: unknown[], maxAttempts = 3, attempts = 1) {
      const id = newId();
      await insertAgentJob(store.client, id, { projectId, branch, model: 'sonnet', asDraft: false, request: request(branch), maxAttempts });
      await store.client.query('UPDATE agent_jobs SET attempts = $2 WHERE id = $1', [id, attempts - 1]);
      // Events first: the lease of 1 ms is out at once, and the runner may look right away.
      for (const event of events) await appendAgentJobEvent(store.client, id, event);
      const claim = await claimAgentJob(store.client, id, 'dead-server', 1, randomUUID());
      expect(claim.status).toBe('claimed');
      return id;
    }

    async function settled(id: string) {
      for (let tries = 0; tries < 400; tries += 1) {
        const job = await store.agentJobs.get(id);
        if (job?.state === 'failed' || job?.state === 'succeeded') return job;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`job ${id} did not end`);
    }

    it('ends a job that had pushed a commit as failed "interrupted", with what it had done', async () => {
      const commit = { type: 'commit', sha: 'a'.repeat(40), files: ['faq.mdx'] };
      const id = await abandonedJob('docs/pushed', [{ type: 'state', state: 'running', sessionId: 'x', attempt: 1 }, commit]);
      const job = await settled(id);
      const done = { commit: { sha: commit.sha, files: commit.files }, pullRequest: null, attempts: 1 };
      expect(job).toMatchObject({ state: 'failed', error: 'interrupted', result: done, leaseOwner: null });
      const events = await store.agentJobs.events(id, 0);
      expect(events.at(-1)).toEqual({ seq: 3, event: { type: 'result', state: 'failed', error: 'interrupted', done } });
    });

    it('ends a job as interrupted once it has used all its attempts, even without a commit', async () => {
      const id = await abandonedJob('docs/tired', [], 2, 2);
      expect(await settled(id)).toMatchObject({ state: 'failed', error: 'interrupted', attempts: 2, result: { commit: null, attempts: 2 } });
    });

    it('streams the stored events of a job to a reader that arrives late, ending with the result', async () => {
      const id = await abandonedJob('docs/late-reader', [{ type: 'commit', sha: 'b'.repeat(40), files: ['a.mdx'] }]);
      await settled(id);
      const reader = runner.events(id, 1).getReader();
      const first = await reader.read();
      expect(first.value).toMatchObject({ id: 2, type: 'result', state: 'failed', error: 'interrupted' });
      expect((await reader.read()).done).toBe(true);
    });

    it('fails a job that no server could take for 10 minutes (its project has no repository anywhere)', async () => {
      const id = newId();
      await insertAgentJob(store.client, id, {
        projectId: 'nobody-serves-this',
        branch: 'docs/orphan',
        model: 'sonnet',
        asDraft: false,
        request: request('docs/orphan'),
      });
      await store.client.query(`UPDATE agent_jobs SET created_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
      const queue = await startAgentJobQueue(store.client);
      await queue.send(id);
      await queue.stop();
      expect(await settled(id)).toMatchObject({
        state: 'failed',
        error: 'No server has a repository for project nobody-serves-this; the job waited 10 minutes.',
      });
    });

    it('answers /healthz with 503 once the queue is stopped', async () => {
      const server = await startTestServer({ store, agent: runner });
      try {
        expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok', storage: 'ok', queue: 'running' });
        await runner.stop();
        const response = await fetch(`${server.url}/healthz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: 'unavailable', storage: 'ok', queue: 'stopped' });
      } finally {
        await server.close();
      }
    });
  });
}

describe('a server that loses its lease mid-job', () => {
  it('stops before committing and adds no event; the job runs again and commits once', { timeout: SETUP_TIMEOUT_MS }, async () => {
    const store = await pgliteBackend.open();
    const model = await startScriptedModel();
    const repository = createDocsRepository();
    const projectId = uniqueProjectId('lease');
    const host = createLocalGitHost({ repository });
    const runner = createAgentJobRunner({
      store,
      model: createAnthropicModel({ apiKey: 'sk-test', baseURL: model.baseURL, maxRetries: 0 }),
      hostFor: () => host,
      // The default lease (30 s), which no heartbeat misses on a busy machine: the test takes the
      // job away itself, and the runner looks for abandoned jobs every 50 ms.
      recoveryMs: 50,
      pollMs: 50,
    });
    try {
      model.delay = 600;
      model.play((body) =>
        body.messages.length === 1
          ? { content: [toolUse('write_file', { path: 'lease.mdx', content: '# Lease\n' })], stop_reason: 'tool_use' }
          : { content: [text('Wrote it.')], stop_reason: 'end_turn' },
      );
      const { job } = await runner.start(projectId, { branch: 'docs/lease', messages: [{ role: 'user', content: 'Write' }], asDraft: false, model: 'sonnet' });
      while (model.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // Another server's name in a lease that has run out, as if this one had been paused past it
      // and the job taken: this server learns it before committing, when it asks for the lease.
      await store.client.query(`UPDATE agent_jobs SET lease_owner = 'another-server', lease_expires_at = now() WHERE id = $1`, [job.id]);
      const settled = async () => {
        for (;;) {
          const record = await store.agentJobs.get(job.id);
          if (record?.state === 'succeeded' || record?.state === 'failed') return record;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const record = await settled();
      expect(record).toMatchObject({ state: 'succeeded', attempts: 2 });
      const events = (await store.agentJobs.events(job.id, 0)).map((row) => row.event as { type: string; state?: string; attempt?: number });
      // The first run's events stop where its lease was lost: no tool, no commit from it.
      expect(events.slice(0, 4).map((event) => [event.type, event.state ?? '', event.attempt ?? 0])).toEqual([
        ['state', 'queued', 0],
        ['state', 'running', 1],
        ['branch', '', 0],
        ['state', 'queued', 2],
      ]);
      expect(events.filter((event) => event.type === 'commit')).toHaveLength(1);
      expect(gitIn(repository, 'rev-list', '--count', 'refs/heads/main..refs/heads/docs/lease')).toBe('1');
    } finally {
      await runner.stop();
      await model.close();
      await store.close();
    }
  });
});
