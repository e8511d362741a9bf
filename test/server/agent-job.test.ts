import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAgentJobRunner,
  createAnthropicModel,
  createApiKey,
  createLocalGitHost,
  DEFAULT_SYSTEM_PROMPT,
  isUlid,
  readLocalPullRequests,
  type AgentJobEvent,
  type AgentJobRunner,
  type Store,
} from '../../src/server/index.js';
import { pgliteBackend, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { createDocsRepository, gitIn, VALID_DOCS_JSON } from './git-fixture.js';
import { bearer, startTestServer, type TestServer } from './http.js';
import { sequence, startScriptedModel, text, toolUse, type ScriptedModelServer } from './scripted-model.js';

/** Not even JSON. */
const BROKEN_DOCS_JSON = '{ "name": "Acme", "navigation": ';
/** Valid JSON that parseDocsJson refuses: a group without pages. */
const INVALID_DOCS_JSON = VALID_DOCS_JSON.replace('"pages": [\n          "index"\n        ]', '"pagess": ["index"]');

describe('POST /v1/agent/{projectId}/job', () => {
  let store: Store;
  let model: ScriptedModelServer;
  let server: TestServer;
  let runner: AgentJobRunner;
  let repository: string;
  let projectId: string;
  let key: string;

  beforeAll(async () => {
    store = await pgliteBackend.open();
    model = await startScriptedModel();
    repository = createDocsRepository({ 'guides/setup.mdx': '# Setup\n' });
    gitIn(repository, 'branch', 'existing', 'main');
    projectId = uniqueProjectId();
    key = (await createApiKey(store.apiKeys, projectId)).text;
    const host = createLocalGitHost({ repository });
    runner = createAgentJobRunner({
      store,
      model: createAnthropicModel({ apiKey: 'sk-test', baseURL: model.baseURL, modelIds: { sonnet: 'model-s', opus: 'model-o' }, maxRetries: 0 }),
      hostFor: (id) => (id === projectId ? host : undefined),
      maxTurns: 12,
    });
    server = await startTestServer({ store, agent: runner });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await runner?.idle();
    await runner?.stop();
    await server?.close();
    await model?.close();
    await store?.close();
  });
  beforeEach(() => {
    model.delay = 0;
    model.requests.length = 0;
  });

  const post = (body: unknown, init: RequestInit = {}) =>
    fetch(`${server.url}/v1/agent/${projectId}/job`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...init,
    });

  async function runJob(body: unknown) {
    const response = await post(body);
    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw.endsWith('\n')).toBe(true);
    const numbered = raw
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AgentJobEvent & { id: number });
    // Every event carries its number, 1, 2, 3, ...: what a client resumes after.
    expect(numbered.map((event) => event.id)).toEqual(numbered.map((_event, index) => index + 1));
    const events = numbered.map(({ id: _id, ...event }) => event as AgentJobEvent);
    return { response, events, sessionId: response.headers.get('x-session-id')! };
  }

  const task = (content: string, extra: Record<string, unknown> = {}) => ({
    branch: `docs/${Math.random().toString(36).slice(2, 8)}`,
    messages: [{ role: 'user', content }],
    model: 'sonnet',
    ...extra,
  });

  it('creates the branch, lets the model edit, commits, opens a ready pull request, streams it all', async () => {
    model.play(
      sequence(
        { content: [text('Looking around.'), toolUse('list_files', {})], stop_reason: 'tool_use' },
        { content: [toolUse('read_file', { path: 'docs.json' })], stop_reason: 'tool_use' },
        {
          content: [
            toolUse('write_file', { path: 'guides/billing.mdx', content: '# Billing\n\nHow invoices work.\n' }),
            toolUse('write_file', { path: 'docs.json', content: VALID_DOCS_JSON.replace('"index"', '"index", "guides/billing"') }),
          ],
          stop_reason: 'tool_use',
        },
        { content: [text('Added a billing guide and linked it.')], stop_reason: 'end_turn' },
      ),
    );
    const body = task('Add a billing guide');
    const { response, events, sessionId } = await runJob(body);

    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(isUlid(sessionId)).toBe(true);
    expect(events.map((event) => event.type)).toEqual([
      'state',
      'state',
      'branch',
      'assistant',
      'tool',
      'tool',
      'tool',
      'tool',
      'assistant',
      'check',
      'commit',
      'pull_request',
      'result',
    ]);
    expect(events[0]).toEqual({ type: 'state', state: 'queued', sessionId });
    expect(events[1]).toEqual({ type: 'state', state: 'running', sessionId, attempt: 1 });
    expect(events[2]).toEqual({ type: 'branch', branch: body.branch, created: true });
    expect(events.filter((event) => event.type === 'tool').every((event) => event.ok)).toBe(true);
    const result = events.at(-1)!;
    expect(result).toMatchObject({ type: 'result', state: 'succeeded' });

    // The commit is on the new branch, on top of main, with exactly the agent's files.
    const head = gitIn(repository, 'rev-parse', `refs/heads/${body.branch}`);
    expect(events).toContainEqual({ type: 'commit', sha: head, files: ['docs.json', 'guides/billing.mdx'] });
    expect(gitIn(repository, 'rev-parse', `${head}^`)).toBe(gitIn(repository, 'rev-parse', 'refs/heads/main'));
    expect(gitIn(repository, 'show', `${head}:guides/billing.mdx`)).toContain('How invoices work.');
    expect(gitIn(repository, 'log', '-1', '--format=%s', head)).toBe('Add a billing guide');

    const pulls = await readLocalPullRequests(repository);
    const pull = pulls.find((candidate) => candidate.head === body.branch)!;
    expect(pull).toMatchObject({ base: 'main', draft: false, state: 'open', body: 'Added a billing guide and linked it.' });
    expect(events).toContainEqual({ type: 'pull_request', number: pull.number, url: pull.url, draft: false });

    const record = await store.agentJobs.get(sessionId);
    expect(record).toMatchObject({ state: 'succeeded', projectId, branch: body.branch, model: 'sonnet', asDraft: false });
    expect(record!.result).toMatchObject({ commit: { sha: head }, pullRequest: { number: pull.number, draft: false } });

    // What the model saw: our system prompt first, the mapped model id, the three file tools.
    const first = model.requests[0]!.body;
    expect(first.system).toBe(DEFAULT_SYSTEM_PROMPT);
    expect(first.model).toBe('model-s');
    expect(first.tools.map((tool) => tool.name)).toEqual(['list_files', 'read_file', 'write_file']);
    expect(first.messages).toEqual([{ role: 'user', content: 'Add a billing guide' }]);
    // SDK 1.x sends the key as a Bearer token; older ones used x-api-key.
    const { authorization, 'x-api-key': apiKey } = model.requests[0]!.headers;
    expect(authorization ?? apiKey).toMatch(/^(Bearer )?sk-test$/);
    const listing = model.requests[1]!.body.messages.at(-1)!.content as { content: string }[];
    expect(listing[0]!.content).toContain('guides/setup.mdx');
  });

  it('reuses an existing branch, opens a draft with opus, puts request system messages after ours', async () => {
    model.play(
      sequence(
        { content: [toolUse('write_file', { path: 'index.mdx', content: '# Welcome!\n' })], stop_reason: 'tool_use' },
        { content: [text('Tweaked the title.')], stop_reason: 'end_turn' },
      ),
    );
    const { events } = await runJob({
      branch: 'existing',
      messages: [
        { role: 'system', content: 'Answer in English.' },
        { role: 'user', content: 'Make the welcome louder' },
      ],
      asDraft: true,
      model: 'opus',
    });
    expect(events).toContainEqual({ type: 'branch', branch: 'existing', created: false });
    expect(events.at(-1)).toMatchObject({ type: 'result', state: 'succeeded', result: { pullRequest: { draft: true } } });
    expect(model.requests[0]!.body.model).toBe('model-o');
    expect(model.requests[0]!.body.system).toBe(`${DEFAULT_SYSTEM_PROMPT}\n\nAnswer in English.`);
    expect((await readLocalPullRequests(repository)).find((pull) => pull.head === 'existing')!.draft).toBe(true);
    expect(gitIn(repository, 'show', 'refs/heads/existing:index.mdx')).toBe('# Welcome!');
  });

  it('refuses paths outside the repository and tells the model why', async () => {
    const outside = join(tmpdir(), `quire-outside-${Date.now()}.txt`);
    model.play(
      sequence(
        {
          content: [
            toolUse('read_file', { path: '../../../../etc/passwd' }),
            toolUse('read_file', { path: '/etc/passwd' }),
            toolUse('write_file', { path: outside, content: 'x' }),
            toolUse('write_file', { path: 'guides/../../escape.txt', content: 'x' }),
            toolUse('write_file', { path: '.git/config', content: 'x' }),
            toolUse('read_file', { path: 'etc-link/passwd' }),
            toolUse('write_file', { path: 'etc-link/quire-was-here', content: 'x' }),
          ],
          stop_reason: 'tool_use',
        },
        { content: [text('Could not do it.')], stop_reason: 'end_turn' },
      ),
    );
    // A symbolic link committed in the repository that points out of it.
    const seed = join(repository, '..', 'seed');
    gitIn(seed, 'checkout', '-q', '-b', 'with-link');
    await import('node:fs').then((fs) => fs.symlinkSync('/etc', join(seed, 'etc-link')));
    gitIn(seed, 'add', 'etc-link');
    gitIn(seed, 'commit', '-q', '-m', 'link');
    gitIn(seed, 'push', '-q', repository, 'with-link');

    const { events } = await runJob({ ...task('Escape'), branch: 'with-link' });
    const tools = events.filter((event): event is Extract<AgentJobEvent, { type: 'tool' }> => event.type === 'tool');
    expect(tools).toHaveLength(7);
    expect(tools.every((event) => !event.ok)).toBe(true);
    const reasons = [/leaves the repository/, /absolute/, /absolute/, /leaves the repository/, /\.git/, /symbolic link/, /symbolic link/];
    tools.forEach((event, index) => expect(event.message).toMatch(reasons[index]!));
    const results = model.requests[1]!.body.messages.at(-1)!.content as { is_error?: boolean; content: string }[];
    expect(results.every((result) => result.is_error === true)).toBe(true);
    expect(results.some((result) => result.content.includes('root:'))).toBe(false);
    expect(existsSync(outside)).toBe(false);
    expect(existsSync('/etc/quire-was-here')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'result', state: 'succeeded', result: { commit: null, pullRequest: null } });
  });

  it('shows the model a broken docs.json and commits only once it is fixed', async () => {
    model.play(
      sequence(
        { content: [toolUse('write_file', { path: 'docs.json', content: BROKEN_DOCS_JSON })], stop_reason: 'tool_use' },
        { content: [text('Done.')], stop_reason: 'end_turn' },
        { content: [toolUse('write_file', { path: 'docs.json', content: VALID_DOCS_JSON.replace('Acme', 'Acme Inc') })], stop_reason: 'tool_use' },
        { content: [text('Renamed the site.')], stop_reason: 'end_turn' },
      ),
    );
    const body = task('Rename the site');
    const { events } = await runJob(body);
    expect(events.find((event) => event.type === 'tool')).toMatchObject({ name: 'write_file', ok: false });
    const checks = events.filter((event) => event.type === 'check');
    expect(checks.map((check) => check.ok)).toEqual([false, true]);
    // The write's own result told the model; then the gate asked for a fix.
    const afterWrite = model.requests[1]!.body.messages.at(-1)!.content as { content: string; is_error: boolean }[];
    expect(afterWrite[0]).toMatchObject({ is_error: true });
    expect(model.requests[2]!.body.messages.at(-1)!.content).toMatch(/docs\.json is not valid/);
    expect(events.at(-1)).toMatchObject({ type: 'result', state: 'succeeded' });
    expect(gitIn(repository, 'show', `refs/heads/${body.branch}:docs.json`)).toContain('Acme Inc');
  });

  it('never commits a docs.json that stays broken: the job fails and removes the branch it created', async () => {
    model.play((_request, index) =>
      index % 2 === 0
        ? { content: [toolUse('write_file', { path: 'docs.json', content: INVALID_DOCS_JSON })], stop_reason: 'tool_use' }
        : { content: [text('Done.')], stop_reason: 'end_turn' },
    );
    expect(INVALID_DOCS_JSON).not.toBe(VALID_DOCS_JSON);
    const body = task('Break it');
    const { events, sessionId } = await runJob(body);
    const afterWrite = model.requests[1]!.body.messages.at(-1)!.content as { content: string }[];
    expect(afterWrite[0]!.content).toMatch(/docs\.json:\d+:\d+ error navigation\/unknown-key/);
    expect(events.filter((event) => event.type === 'check').map((check) => check.ok)).toEqual([false, false, false]);
    expect(events.at(-1)).toMatchObject({ type: 'result', state: 'failed' });
    expect((events.at(-1) as { error: string }).error).toMatch(/docs\.json is not valid, so nothing was committed/);
    expect(events.some((event) => event.type === 'commit' || event.type === 'pull_request')).toBe(false);
    expect(events.at(-2)).toEqual({ type: 'branch_deleted', branch: body.branch });
    expect(gitIn(repository, 'branch', '--list', body.branch)).toBe('');
    expect((await readLocalPullRequests(repository)).some((pull) => pull.head === body.branch)).toBe(false);
    expect(await store.agentJobs.get(sessionId)).toMatchObject({ state: 'failed' });
  });

  it('keeps running when the client disconnects', async () => {
    model.delay = 150;
    model.play(
      sequence(
        { content: [toolUse('write_file', { path: 'late.mdx', content: '# Late\n' })], stop_reason: 'tool_use' },
        { content: [text('Wrote it.')], stop_reason: 'end_turn' },
      ),
    );
    const body = task('Write late');
    const abort = new AbortController();
    const response = await post(body, { signal: abort.signal });
    const sessionId = response.headers.get('x-session-id')!;
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('"queued"');
    abort.abort();
    await reader.cancel().catch(() => {});
    expect((await store.agentJobs.get(sessionId))!.state).not.toBe('succeeded');
    await runner.idle();
    expect(await store.agentJobs.get(sessionId)).toMatchObject({ state: 'succeeded' });
    expect(gitIn(repository, 'show', `refs/heads/${body.branch}:late.mdx`)).toBe('# Late');
  });

  it('keeps jobs beyond the concurrency queued until a slot frees', async () => {
    const host = createLocalGitHost({ repository });
    // A store of its own: runners on one store share its queue, and the suite's runner would take jobs too.
    const singleStore = await pgliteBackend.open();
    const singleKey = (await createApiKey(singleStore.apiKeys, projectId)).text;
    const single = createAgentJobRunner({
      store: singleStore,
      model: createAnthropicModel({ apiKey: 'sk-test', baseURL: model.baseURL, maxRetries: 0 }),
      hostFor: () => host,
      concurrency: 1,
    });
    const singleServer = await startTestServer({ store: singleStore, agent: single });
    try {
      model.delay = 200;
      model.play(() => ({ content: [text('Nothing to change.')], stop_reason: 'end_turn' }));
      const start = (branch: string) =>
        fetch(`${singleServer.url}/v1/agent/${projectId}/job`, {
          method: 'POST',
          headers: { ...bearer(singleKey), 'content-type': 'application/json' },
          body: JSON.stringify(task('Nothing', { branch })),
        });
      const first = await start('queue/first');
      const second = await start('queue/second');
      const secondId = second.headers.get('x-session-id')!;
      const firstId = first.headers.get('x-session-id')!;
      for (let tries = 0; (await singleStore.agentJobs.get(firstId))!.state === 'queued' && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await singleStore.agentJobs.get(firstId))!.state).toBe('running');
      expect((await singleStore.agentJobs.get(secondId))!.state).toBe('queued');
      const [firstEvents, secondEvents] = await Promise.all([first.text(), second.text()]);
      expect(firstEvents).toContain('"succeeded"');
      const states = secondEvents
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as AgentJobEvent)
        .filter((event) => event.type === 'state');
      expect(states.map((event) => (event as { state: string }).state)).toEqual(['queued', 'running']);
      expect((await singleStore.agentJobs.get(secondId))!.state).toBe('succeeded');
    } finally {
      await single.stop();
      await singleServer.close();
      await singleStore.close();
    }
  });

  it('refuses the base branch with a 400 before any job is made', async () => {
    const response = await post(task('x', { branch: 'main' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_body', parameter: 'branch', message: expect.stringMatching(/"main" is the base branch/) },
    });
    expect(response.headers.get('x-session-id')).toBeNull();
  });

  it('uses sonnet when the body names no model', async () => {
    model.play(sequence({ content: [text('Nothing to do.')], stop_reason: 'end_turn' }));
    const { sessionId } = await runJob({ branch: `docs/${Math.random().toString(36).slice(2, 8)}`, messages: [{ role: 'user', content: 'Hi' }] });
    expect(model.requests[0]!.body.model).toBe('model-s');
    expect(await store.agentJobs.get(sessionId)).toMatchObject({ model: 'sonnet', state: 'succeeded' });
  });

  it('fails the job when the model keeps calling tools past the turn budget', async () => {
    model.play(() => ({ content: [toolUse('list_files', {})], stop_reason: 'tool_use' }));
    const { events } = await runJob(task('Loop'));
    expect(events.at(-1)).toMatchObject({ type: 'result', state: 'failed', error: expect.stringMatching(/12 model turns/) });
  });

  it('fails the job, without a commit, when the model API answers with an error', async () => {
    model.play(() => ({ error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long' } }));
    const body = task('x');
    const { events, sessionId } = await runJob(body);
    expect(events.at(-1)).toMatchObject({ type: 'result', state: 'failed', error: expect.stringMatching(/prompt is too long/) });
    expect(await store.agentJobs.get(sessionId)).toMatchObject({ state: 'failed', error: expect.stringMatching(/prompt is too long/) });
    expect(gitIn(repository, 'branch', '--list', body.branch)).toBe('');
  });

  it('serves the job record at GET /v1/agent/{projectId}/job/{sessionId}', async () => {
    model.play(sequence({ content: [text('Nothing to do.')], stop_reason: 'end_turn' }));
    const { sessionId } = await runJob(task('Nothing'));
    const response = await fetch(`${server.url}/v1/agent/${projectId}/job/${sessionId}`, { headers: bearer(key) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: sessionId, state: 'succeeded', result: { commit: null } });
    const other = uniqueProjectId();
    const otherKey = (await createApiKey(store.apiKeys, other)).text;
    const foreign = await fetch(`${server.url}/v1/agent/${other}/job/${sessionId}`, { headers: bearer(otherKey) });
    expect(foreign.status).toBe(404);
  });

  it('streams the stored events again at .../events: from the start, after ?after= or Last-Event-ID', async () => {
    model.play(sequence({ content: [text('Nothing to do.')], stop_reason: 'end_turn' }));
    const { events, sessionId } = await runJob(task('Nothing'));
    const url = `${server.url}/v1/agent/${projectId}/job/${sessionId}/events`;
    const read = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      return (await response.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as AgentJobEvent & { id: number });
    };
    const all = await read(await fetch(url, { headers: bearer(key) }));
    expect(all.map(({ id: _id, ...event }) => event)).toEqual(events);
    expect(await read(await fetch(`${url}?after=2`, { headers: bearer(key) }))).toEqual(all.slice(2));
    expect(await read(await fetch(url, { headers: { ...bearer(key), 'last-event-id': '3' } }))).toEqual(all.slice(3));
    // ?after= wins over the header.
    expect(await read(await fetch(`${url}?after=1`, { headers: { ...bearer(key), 'last-event-id': '3' } }))).toEqual(all.slice(1));

    const bad = await fetch(`${url}?after=last`, { headers: bearer(key) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_parameter', parameter: 'after' } });
    const other = uniqueProjectId();
    const otherKey = (await createApiKey(store.apiKeys, other)).text;
    expect((await fetch(`${server.url}/v1/agent/${other}/job/${sessionId}/events`, { headers: bearer(otherKey) })).status).toBe(404);
  });

  it('answers GET /healthz without a key: storage reachable, queue running', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', storage: 'ok', queue: 'running' });
  });

  describe('validation', () => {
    const valid = { branch: 'docs/x', messages: [{ role: 'user', content: 'Do it' }], model: 'sonnet' };
    it.each([
      ['branch', { ...valid, branch: undefined }],
      ['branch', { ...valid, branch: 'a..b' }],
      ['branch', { ...valid, branch: '-x' }],
      ['branch', { ...valid, branch: 'has space' }],
      ['branch', { ...valid, branch: 42 }],
      ['messages', { ...valid, messages: [] }],
      ['messages', { ...valid, messages: 'hi' }],
      ['messages[0].role', { ...valid, messages: [{ role: 'robot', content: 'x' }] }],
      ['messages[0].content', { ...valid, messages: [{ role: 'user', content: '' }] }],
      ['messages[1].content', { ...valid, messages: [{ role: 'user', content: 'x' }, { role: 'user' }] }],
      ['messages', { ...valid, messages: [{ role: 'system', content: 'only system' }] }],
      [
        'messages',
        {
          ...valid,
          messages: [
            { role: 'user', content: 'x' },
            { role: 'assistant', content: 'y' },
          ],
        },
      ],
      ['asDraft', { ...valid, asDraft: 'yes' }],
      ['model', { ...valid, model: 'gpt' }],
      ['extra', { ...valid, extra: true }],
    ])('400 naming %s', async (field, body) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; parameter: string; issues: { field: string }[] } };
      expect(error.code).toBe('invalid_body');
      expect(error.parameter).toBe(field);
      expect(error.issues.map((issue) => issue.field)).toContain(field);
    });

    it('400 naming every field at fault at once', async () => {
      const response = await post({ branch: '', messages: [], model: 'x', asDraft: 1 });
      const { error } = (await response.json()) as { error: { issues: { field: string }[] } };
      expect(error.issues.map((issue) => issue.field).sort()).toEqual(['asDraft', 'branch', 'messages', 'model']);
    });

    it('400 for a body that is not JSON', async () => {
      expect((await post('{not json')).status).toBe(400);
      const wrongType = await post(JSON.stringify(valid), { headers: { ...bearer(key), 'content-type': 'text/plain' } });
      expect(wrongType.status).toBe(400);
    });

    it('413 for a body over 1 MiB, read no further than the limit', async () => {
      const response = await post({ ...valid, messages: [{ role: 'user', content: 'x'.repeat(1024 * 1024 + 1) }] });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    });

    it('404 for a project without a repository', async () => {
      const other = uniqueProjectId();
      const otherKey = (await createApiKey(store.apiKeys, other)).text;
      const response = await fetch(`${server.url}/v1/agent/${other}/job`, {
        method: 'POST',
        headers: { ...bearer(otherKey), 'content-type': 'application/json' },
        body: JSON.stringify(valid),
      });
      expect(response.status).toBe(404);
    });
  });
});
