import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgentJobRunner,
  createAnthropicModel,
  createApiKey,
  createLocalGitHost,
  readLocalPullRequests,
  type AgentJobRunner,
  type Store,
} from '../../src/server/index.js';
import { backends, SETUP_TIMEOUT_MS, uniqueProjectId } from './backends.js';
import { createDocsRepository, gitIn } from './git-fixture.js';
import { bearer, startTestServer, type TestServer } from './http.js';
import { startScriptedModel, text, toolUse, type ScriptedModelServer } from './scripted-model.js';

/** A v2 job as the API shows it. */
interface V2Job {
  id: string;
  status: string;
  branch: string;
  model: string;
  pullRequest: { number: number; url: string; draft: boolean } | null;
  error: string | null;
  runs: Array<{ id: string; status: string }>;
  messages: Array<{ role: string; content: string }>;
}

for (const backend of backends) {
  describe.skipIf(backend.skipReason !== undefined)(`agent jobs v2, on ${backend.name}`, { timeout: SETUP_TIMEOUT_MS }, () => {
    let store: Store;
    let model: ScriptedModelServer;
    let server: TestServer;
    let runner: AgentJobRunner;
    let repository: string;
    const projectId = uniqueProjectId('v2');
    let key: string;

    beforeAll(async () => {
      store = await backend.open();
      model = await startScriptedModel();
      repository = createDocsRepository({ 'guides/setup.mdx': '# Setup\n' });
      key = (await createApiKey(store.apiKeys, projectId)).text;
      const host = createLocalGitHost({ repository });
      runner = createAgentJobRunner({
        store,
        model: createAnthropicModel({ apiKey: 'sk-test', baseURL: model.baseURL, maxRetries: 0 }),
        hostFor: (id) => (id === projectId ? host : undefined),
        maxTurns: 8,
        pollMs: 100,
      });
      server = await startTestServer({ store, agent: runner });
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await runner?.idle();
      await runner?.stop();
      await server?.close();
      await model?.close();
      await store?.close();
    }, SETUP_TIMEOUT_MS);

    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const job = async (id: string) => (await (await call('GET', `/v2/agent/${projectId}/job/${id}`)).json()) as V2Job;
    /** Polls the job until its latest run has ended, as a client does. */
    const settled = async (id: string) => {
      await expect.poll(async () => (await job(id)).status, { timeout: 30_000, interval: 100 }).toMatch(/^(succeeded|failed)$/);
      return job(id);
    };

    it('creates a job from a prompt, runs it in the queue, and shows its pull request', async () => {
      // The run writes a page, then ends with a summary.
      model.play((_request, index) =>
        index === 0
          ? { content: [toolUse('write_file', { path: 'guides/billing.mdx', content: '# Billing\n\nHow invoices work.\n' })], stop_reason: 'tool_use' }
          : { content: [text('Wrote the page.')], stop_reason: 'end_turn' },
      );
      const created = await call('POST', `/v2/agent/${projectId}/job`, { prompt: 'Document billing' });
      expect(created.status).toBe(202);
      const first = (await created.json()) as V2Job;
      expect(first).toMatchObject({ status: 'queued', model: 'sonnet', pullRequest: null });
      // No branch asked for: one is made up, not the base branch.
      expect(first.branch).toMatch(/^quire-agent\/\d{8}-[0-9a-f]{6}$/);
      expect(created.headers.get('location')).toBe(`/v2/agent/${projectId}/job/${first.id}`);

      const done = await settled(first.id);
      expect(done.status).toBe('succeeded');
      expect(done.pullRequest?.url).toBeTruthy();
      expect(done.messages).toEqual([
        { role: 'user', content: 'Document billing', runId: first.id, createdAt: expect.any(String) },
        { role: 'assistant', content: 'Wrote the page.', runId: first.id, createdAt: expect.any(String) },
      ]);
      expect(gitIn(repository, 'show', `${first.branch}:guides/billing.mdx`)).toContain('How invoices work.');

      // A follow-up continues on the same branch, with the conversation so far.
      model.play((request, index) => {
        if (index === 0) {
          expect(request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
          return { content: [toolUse('write_file', { path: 'guides/more.mdx', content: '# More\n' })], stop_reason: 'tool_use' };
        }
        return { content: [text('Added the follow-up page.')], stop_reason: 'end_turn' };
      });
      const followed = await call('POST', `/v2/agent/${projectId}/job/${first.id}/message`, { message: 'Now a follow-up page' });
      expect(followed.status).toBe(202);
      expect(((await followed.json()) as V2Job).runs).toHaveLength(2);
      const after = await settled(first.id);
      expect(after.status).toBe('succeeded');
      expect(after.runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
      expect(after.messages.map((message) => message.content)).toEqual([
        'Document billing',
        'Wrote the page.',
        'Now a follow-up page',
        'Added the follow-up page.',
      ]);
      expect(gitIn(repository, 'show', `${first.branch}:guides/more.mdx`)).toBe('# More');
      // One pull request for the branch, found again by the second run.
      expect((await readLocalPullRequests(repository)).filter((pr) => pr.head === first.branch)).toHaveLength(1);
    });

    it('lists the jobs of the project, newest first, a page at a time', async () => {
      model.play(() => ({ content: [text('Nothing to do.')], stop_reason: 'end_turn' }));
      const ids: string[] = [];
      for (const prompt of ['One', 'Two', 'Three']) ids.push(((await (await call('POST', `/v2/agent/${projectId}/job`, { prompt })).json()) as V2Job).id);
      const pageOne = (await (await call('GET', `/v2/agent/${projectId}/job?limit=2`)).json()) as { jobs: V2Job[]; nextCursor: string; hasMore: boolean };
      expect(pageOne.jobs.map((listed) => listed.id)).toEqual([ids[2], ids[1]]);
      expect(pageOne.hasMore).toBe(true);
      const pageTwo = (await (await call('GET', `/v2/agent/${projectId}/job?limit=2&cursor=${pageOne.nextCursor}`)).json()) as { jobs: V2Job[] };
      expect(pageTwo.jobs.map((listed) => listed.id)[0]).toBe(ids[0]);
      for (const id of ids) await settled(id);
    });

    it('says what is wrong, as the other routes do', async () => {
      const empty = await call('POST', `/v2/agent/${projectId}/job`, { prompt: '' });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { error: { parameter: string } }).error.parameter).toBe('prompt');
      const base = await call('POST', `/v2/agent/${projectId}/job`, { prompt: 'x', branch: 'main' });
      expect(base.status).toBe(400);
      expect((await call('GET', `/v2/agent/${projectId}/job/01ARZ3NDEKTSV4RRFFQ69G5FAV`)).status).toBe(404);
      expect((await call('POST', `/v2/agent/${projectId}/job/01ARZ3NDEKTSV4RRFFQ69G5FAV/message`, { message: 'x' })).status).toBe(404);
      expect((await call('GET', `/v2/agent/${projectId}/job?limit=0`)).status).toBe(400);
      // A v1 job is not a v2 job.
      const other = uniqueProjectId('nothing');
      const otherKey = (await createApiKey(store.apiKeys, other)).text;
      const noRepository = await fetch(`${server.url}/v2/agent/${other}/job`, {
        method: 'POST',
        headers: { ...bearer(otherKey), 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'x' }),
      });
      expect(noRepository.status).toBe(404);
    });
  });
}
