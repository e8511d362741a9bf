import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgentJobRunner,
  createAnthropicModel,
  createApiKey,
  createGitHubHost,
  GitHubApiError,
  type AgentJobEvent,
  type Store,
} from '../../src/server/index.js';
import { pgliteBackend, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { VALID_DOCS_JSON } from './git-fixture.js';
import { bearer, startTestServer } from './http.js';
import { startScriptedGitHub } from './scripted-github.js';
import { sequence, startScriptedModel, text, toolUse } from './scripted-model.js';

const TOKEN = 'ghp_test_token_1234567890';
const files = {
  'docs.json': VALID_DOCS_JSON,
  'index.mdx': '# Welcome\n',
  'guides/setup.mdx': '# Setup\n',
  outside: { mode: '120000', content: '/etc' },
};

describe('GitHub host against a scripted GitHub REST API on 127.0.0.1', { timeout: SETUP_TIMEOUT_MS }, () => {
  let github: Awaited<ReturnType<typeof startScriptedGitHub>>;
  beforeAll(async () => {
    github = await startScriptedGitHub({ token: TOKEN, owner: 'acme', repo: 'docs', files });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => github?.close());
  afterEach(() => {
    github.calls.length = 0;
  });

  const host = () => createGitHubHost({ owner: 'acme', repo: 'docs', token: TOKEN, baseUrl: github.baseUrl });

  it('runs a whole job: branch from main, one commit on top of it, a draft pull request', async () => {
    const store: Store = await pgliteBackend.open();
    const model = await startScriptedModel();
    const projectId = uniqueProjectId();
    const key = (await createApiKey(store.apiKeys, projectId)).text;
    const gitHubHost = host();
    const runner = createAgentJobRunner({
      store,
      model: createAnthropicModel({ apiKey: 'sk-test', baseURL: model.baseURL, maxRetries: 0 }),
      hostFor: () => gitHubHost,
    });
    const server = await startTestServer({ store, agent: runner });
    try {
      model.play(
        sequence(
          { content: [toolUse('read_file', { path: 'guides/setup.mdx' })], stop_reason: 'tool_use' },
          { content: [toolUse('write_file', { path: 'guides/setup.mdx', content: '# Setup\n\nInstall it.\n' })], stop_reason: 'tool_use' },
          { content: [text('Expanded the setup guide.')], stop_reason: 'end_turn' },
        ),
      );
      const response = await fetch(`${server.url}/v1/agent/${projectId}/job`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'docs/setup', messages: [{ role: 'user', content: 'Expand setup' }], model: 'sonnet', asDraft: true }),
      });
      const events = (await response.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as AgentJobEvent);
      expect(events.at(-1)).toMatchObject({ type: 'result', state: 'succeeded' });
      expect(events).toContainEqual({ id: 3, type: 'branch', branch: 'docs/setup', created: true });

      const toolResult = model.requests[1]!.body.messages.at(-1)!.content as { content: string }[];
      expect(toolResult[0]!.content).toBe('# Setup\n');

      const mainSha = github.refs.get('main')!;
      expect(github.parentOf('docs/setup')).toEqual([mainSha]);
      expect(github.filesAt('docs/setup').get('guides/setup.mdx')).toEqual({ mode: '100644', content: '# Setup\n\nInstall it.\n' });
      expect(github.filesAt('docs/setup').get('docs.json')!.content).toBe(VALID_DOCS_JSON);
      expect(github.pulls).toHaveLength(1);
      expect(github.pulls[0]).toMatchObject({ draft: true, head: { ref: 'docs/setup' }, base: { ref: 'main' }, title: 'Expand setup' });

      const calls = github.calls.map((call) => `${call.method} ${call.path.replace(/[0-9a-f]{40}/g, '<sha>')}`);
      expect(calls).toContain('POST /repos/acme/docs/git/refs');
      expect(calls).toContain('PATCH /repos/acme/docs/git/refs/heads/docs/setup');
      expect(github.calls.find((call) => call.method === 'POST' && call.path.endsWith('/git/refs'))!.body).toEqual({
        ref: 'refs/heads/docs/setup',
        sha: mainSha,
      });
      expect(github.calls.find((call) => call.method === 'PATCH')!.body).toMatchObject({ force: false });
      expect(github.calls.find((call) => call.method === 'POST' && call.path.endsWith('/git/trees'))!.body).toMatchObject({
        tree: [{ path: 'guides/setup.mdx', mode: '100644', type: 'blob' }],
      });
      expect(github.calls.every((call) => call.headers['user-agent'] === 'quire-server')).toBe(true);
    } finally {
      await runner.idle();
      await runner.stop();
      await server.close();
      await model.close();
      await store.close();
    }
  });

  it('finds the open pull request of a branch instead of opening a second one', async () => {
    const gitHubHost = host();
    await gitHubHost.ensureBranch('docs/twice');
    const workspace = await gitHubHost.openWorkspace('docs/twice');
    await workspace.writeFile('index.mdx', '# Hi\n');
    expect(await workspace.commit('Hi')).toBeDefined();
    const draft = { head: 'docs/twice', base: 'main', title: 'Hi', body: 'Hi', draft: false };
    const first = await gitHubHost.openPullRequest(draft);
    const second = await gitHubHost.openPullRequest(draft);
    expect(second).toEqual(first);
    expect(github.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/pulls'))).toHaveLength(1);
    expect(await gitHubHost.ensureBranch('docs/twice')).toEqual({ created: false });
  });

  it('neither lists nor follows symbolic links, and refuses paths out of the repository', async () => {
    const workspace = await host().openWorkspace('main');
    expect((await workspace.listFiles()).map((entry) => entry.path)).toEqual(['docs.json', 'guides/setup.mdx', 'index.mdx']);
    await expect(workspace.readFile('outside')).rejects.toThrow(/symbolic link/);
    await expect(workspace.writeFile('outside/passwd', 'x')).rejects.toThrow(/symbolic link/);
    await expect(workspace.writeFile('../x', 'x')).rejects.toThrow(/leaves the repository/);
    await expect(workspace.writeFile('guides', 'x')).rejects.toThrow(/folder/);
    expect(await workspace.commit('nothing')).toBeUndefined();
  });

  it('does not overwrite a branch that moved while the agent worked', async () => {
    const gitHubHost = host();
    await gitHubHost.ensureBranch('docs/race');
    const slow = await gitHubHost.openWorkspace('docs/race');
    const fast = await gitHubHost.openWorkspace('docs/race');
    await fast.writeFile('index.mdx', '# Fast\n');
    await fast.commit('fast');
    await slow.writeFile('index.mdx', '# Slow\n');
    await expect(slow.commit('slow')).rejects.toThrow(/422/);
    expect(github.filesAt('docs/race').get('index.mdx')!.content).toBe('# Fast\n');
  });

  it('reports a bad token without repeating it', async () => {
    const wrong = createGitHubHost({ owner: 'acme', repo: 'docs', token: 'ghp_wrong_secret', baseUrl: github.baseUrl });
    const error = await wrong.baseBranch().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(GitHubApiError);
    expect((error as GitHubApiError).status).toBe(401);
    expect(String(error)).not.toContain('ghp_wrong_secret');
  });
});
