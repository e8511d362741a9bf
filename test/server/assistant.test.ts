import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { parseServeArgs, startServe, type StartedServe } from '../../src/cli/commands/serve.js';
import { run } from '../../src/cli/run.js';
import { createApiKey, type IndexedPage, type Store } from '../../src/server/index.js';
import { backends, SETUP_TIMEOUT_MS, uniqueProjectId } from './backends.js';
import { bearer, startTestServer, type TestServer } from './http.js';
import { initializedDataDir } from './initialized-data-dir.js';
import { startScriptedModel, text, type ScriptedModelServer } from './scripted-model.js';

const EXAMPLE_SITE = fileURLToPath(new URL('../../fixtures/example-site', import.meta.url));

/** The chunks of an AI SDK UI message stream (server-sent events), `[DONE]` left out. */
async function uiMessageChunks(response: Response): Promise<Array<Record<string, unknown>>> {
  const body = await response.text();
  const events = body.split('\n\n').filter((event) => event.startsWith('data: '));
  expect(events.at(-1)).toBe('data: [DONE]');
  return events.slice(0, -1).map((event) => JSON.parse(event.slice('data: '.length)) as Record<string, unknown>);
}

function cliIo(env: NodeJS.ProcessEnv, cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  const io: CliIo = { stdout, stderr, cwd, env };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Where `quire serve` keeps its data in each deployment: an embedded PGlite folder, or the CI's PostgreSQL server. */
const deployments = [
  { name: 'PGlite', skipReason: undefined, args: async (cwd: string) => ['--data-dir', await initializedDataDir(join(cwd, 'data'))] },
  {
    name: 'a PostgreSQL server',
    skipReason: backends[1]!.skipReason,
    args: async () => ['--database-url', process.env.QUIRE_TEST_DATABASE_URL!],
  },
];

for (const deployment of deployments) {
  describe.skipIf(deployment.skipReason !== undefined)(
    `the assistant, search and page routes of quire serve, on ${deployment.name}`,
    { timeout: SETUP_TIMEOUT_MS },
    () => {
      let folder: string;
      let site: string;
      let model: ScriptedModelServer;
      let served: StartedServe;
      let output: ReturnType<typeof cliIo>;
      const project = uniqueProjectId('docs');
      let admin: string;
      let assistant: string;

      beforeAll(async () => {
        folder = mkdtempSync(join(tmpdir(), 'quire-assistant-'));
        site = join(folder, 'site');
        cpSync(EXAMPLE_SITE, site, { recursive: true });
        // The site's own instructions to its assistant, where the platform reads them.
        mkdirSync(join(site, '.mintlify'));
        writeFileSync(join(site, '.mintlify', 'Assistant.md'), 'Call the product Plant Store, never "the API".\n');
        model = await startScriptedModel();
        output = cliIo({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: model.baseURL, QUIRE_ASSISTANT_MODEL: 'claude-test-assistant' }, folder);
        served = await startServe(parseServeArgs(['--port', '0', '--quiet', '--site', `${project}=site`, ...(await deployment.args(folder))]), output.io);
        admin = (await createApiKey(served.store.apiKeys, project, 'admin')).text;
        assistant = (await createApiKey(served.store.apiKeys, project, 'widget', 'assistant')).text;
      }, SETUP_TIMEOUT_MS);
      afterAll(async () => {
        await served?.close();
        await model?.close();
        if (folder) rmSync(folder, { recursive: true, force: true });
      }, SETUP_TIMEOUT_MS);

      const post = (route: string, key: string, body: unknown) =>
        fetch(`${served.running.url}${route}`, { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify(body) });

      it('indexes the site at start and says so', () => {
        expect(output.stdout()).toMatch(new RegExp(`site of ${project} indexed: \\d+ pages, \\d+ sections`));
      });

      it("searches the site's sections and gives a page as Markdown, with an assistant key", async () => {
        const found = await post(`/v1/search/${project}`, assistant, { query: 'request carries Bearer', pageSize: 3 });
        expect(found.status).toBe(200);
        expect(found.headers.get('access-control-allow-origin')).toBe('*');
        const results = (await found.json()) as Array<{ content: string; path: string; metadata: { title: string } }>;
        expect(results.length).toBe(1);
        expect(results[0]).toMatchObject({ path: '/guides/authentication', metadata: { title: 'Authentication' } });
        expect(results[0]!.content).toContain('Authorization: Bearer <key>');
        // Every word must be there: a word no page has finds nothing.
        expect(await (await post(`/v1/search/${project}`, assistant, { query: 'Bearer zyzzyva' })).json()).toEqual([]);

        const page = await post(`/v1/page/${project}`, assistant, { path: results[0]!.path });
        expect(page.status).toBe(200);
        const content = (await page.json()) as { path: string; content: string };
        expect(content.path).toBe('/guides/authentication');
        expect(content.content).toMatch(/^# Authentication\n/);
        expect((await post(`/v1/page/${project}`, assistant, { path: 'guides/authentication.md' })).status).toBe(200);
        const missing = await post(`/v1/page/${project}`, assistant, { path: '/no/such/page' });
        expect(missing.status).toBe(404);

        // A body that is not one: 400 naming the field.
        const bad = await post(`/v1/search/${project}`, assistant, { query: 'x', pageSize: 0 });
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { error: { parameter: string } }).error.parameter).toBe('pageSize');
      });

      it('answers a question from the docs, streamed with its sources, and stores the exchange in its thread', async () => {
        model.play((request) => {
          // The sources are in the instructions; the assistant is offered no tool.
          expect(request.system).toContain('Authorization: Bearer <key>');
          expect(request.system).toContain('Call the product Plant Store, never "the API".');
          expect(request.tools).toBeUndefined();
          expect(request.stream).toBe(true);
          expect(request.model).toBe('claude-test-assistant');
          return { content: [text('Send your key as `Authorization: Bearer <key>` on every request [1].')], stop_reason: 'end_turn' };
        });
        const question = { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'How do I send my bearer key?' }] };
        const response = await post(`/v1/assistant/${project}/message`, assistant, { fp: 'reader-1', messages: [question] });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
        const threadId = response.headers.get('x-quire-thread-id')!;
        const chunks = await uiMessageChunks(response);
        expect(chunks[0]).toMatchObject({ type: 'start', messageMetadata: { threadId } });
        const sources = chunks.filter((chunk) => chunk.type === 'source-url');
        expect(sources.map((chunk) => chunk.url)).toContain('/guides/authentication');
        const answer = chunks
          .filter((chunk) => chunk.type === 'text-delta')
          .map((chunk) => chunk.delta)
          .join('');
        expect(answer).toBe('Send your key as `Authorization: Bearer <key>` on every request [1].');
        expect(chunks.map((chunk) => chunk.type).filter((type) => type !== 'text-delta' && type !== 'source-url')).toEqual([
          'start',
          'text-start',
          'text-end',
          'finish',
        ]);

        // The history lists it as the assistant answered it; the thread holds it.
        const history = (await (await fetch(`${served.running.url}/v1/analytics/${project}/assistant`, { headers: bearer(admin) })).json()) as {
          conversations: Array<{ query: string; response: string; sources: Array<{ title: string; url: string }>; queryCategory: string }>;
        };
        expect(history.conversations[0]).toMatchObject({ query: 'How do I send my bearer key?', response: answer, queryCategory: 'guides' });
        expect(history.conversations[0]!.sources).toEqual(sources.map((chunk) => ({ title: chunk.title, url: chunk.url })));

        // A follow-up in the same thread: the model sees the conversation so far.
        model.play((request) => {
          expect(request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
          return { content: [text('Yes, the same header [1].')], stop_reason: 'end_turn' };
        });
        const follow = await post(`/v1/assistant/${project}/message`, assistant, {
          fp: 'reader-1',
          threadId,
          messages: [question, { role: 'assistant', content: answer }, { role: 'user', content: 'Also for webhooks?' }],
        });
        await uiMessageChunks(follow);
        const thread = (await (
          await fetch(`${served.running.url}/v1/analytics/${project}/assistant/threads/${threadId}`, { headers: bearer(admin) })
        ).json()) as {
          threadId: string;
          conversations: Array<{ query: string; response: string }>;
          messages: Array<{ role: string; content: string }>;
        };
        expect(thread.threadId).toBe(threadId);
        expect(thread.conversations.map((conversation) => conversation.query)).toEqual(['How do I send my bearer key?', 'Also for webhooks?']);
        expect(thread.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
        expect((await fetch(`${served.running.url}/v1/analytics/${project}/assistant/threads/nothing-here`, { headers: bearer(admin) })).status).toBe(404);
      });

      it('keeps assistant keys to the assistant, search and page routes; admin keys reach everything', async () => {
        const history = await fetch(`${served.running.url}/v1/analytics/${project}/assistant`, { headers: bearer(assistant) });
        expect(history.status).toBe(403);
        expect(((await history.json()) as { error: { message: string } }).error.message).toContain('assistant key');
        const job = await post(`/v1/agent/${project}/job`, assistant, { branch: 'x', messages: [{ role: 'user', content: 'x' }] });
        expect(job.status).toBe(403);
        expect((await post(`/v1/search/${project}`, admin, { query: 'Bearer' })).status).toBe(200);
        expect((await post(`/v1/page/${project}`, admin, { path: '/quickstart' })).status).toBe(200);
        // Another project's key is refused.
        const other = (await createApiKey(served.store.apiKeys, uniqueProjectId('other'), null, 'assistant')).text;
        expect((await post(`/v1/search/${project}`, other, { query: 'Bearer' })).status).toBe(403);
        // A browser's preflight is answered for the assistant's routes.
        const preflight = await fetch(`${served.running.url}/v1/assistant/${project}/message`, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://docs.example.com',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
      });

      it('indexes the site again when its files change', async () => {
        writeFileSync(join(site, 'guides', 'watering.mdx'), '---\ntitle: Watering\n---\n\nWater the ficus weekly.\n');
        await expect.poll(() => output.stdout(), { timeout: 20_000 }).toMatch(new RegExp(`site of ${project} indexed again`));
        const results = (await (await post(`/v1/search/${project}`, assistant, { query: 'ficus weekly' })).json()) as Array<{ path: string }>;
        expect(results.map((result) => result.path)).toEqual(['/guides/watering']);
      });
    },
  );
}

describe('the limits of assistant keys', { timeout: SETUP_TIMEOUT_MS }, () => {
  let store: Store;
  let server: TestServer;
  const project = uniqueProjectId('limits');

  beforeAll(async () => {
    store = await backends[0]!.open();
    const page: IndexedPage = { path: '/', title: 'Home', markdown: '# Home\n\nHello reader.', sections: [{ text: 'Hello reader.' }] };
    await store.siteIndex.replace(project, [page]);
    server = await startTestServer({ store, rateLimits: { perKey: { requests: 3, windowMs: 60_000 }, perAddress: { requests: 5, windowMs: 60_000 } } });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await store?.close();
  }, SETUP_TIMEOUT_MS);

  const search = (key: string) =>
    fetch(`${server.url}/v1/search/${project}`, { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: '{"query":"hello"}' });

  it('answers 429 with Retry-After past the limit of a key, then of an address; admin keys are not limited', async () => {
    const first = (await createApiKey(store.apiKeys, project, null, 'assistant')).text;
    const second = (await createApiKey(store.apiKeys, project, null, 'assistant')).text;
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await search(first)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await search(first);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    // The same address with another key: two more, then the address's limit (5 let through: 3 + 2).
    expect((await search(second)).status).toBe(200);
    expect((await search(second)).status).toBe(200);
    expect((await search(second)).status).toBe(429);
    const adminKey = (await createApiKey(store.apiKeys, project, null)).text;
    for (let index = 0; index < 6; index++) expect((await search(adminKey)).status).toBe(200);
  });
});

describe('quire keys create --kind assistant', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('prints a quire_dsc_ key, listed with its kind', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'quire-keys-kind-'));
    try {
      await initializedDataDir(join(cwd, '.quire', 'data'));
      const created = cliIo({}, cwd);
      expect(await run(['keys', 'create', '--project', 'demo', '--kind', 'assistant'], created.io)).toBe(0);
      expect(created.stdout().trim()).toMatch(/^quire_dsc_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      expect(created.stderr()).toContain('Created assistant key');
      const listed = cliIo({}, cwd);
      expect(await run(['keys', 'list', '--project', 'demo'], listed.io)).toBe(0);
      expect(listed.stdout()).toMatch(/^[0-9a-f]{16}\tassistant\tactive\t/);
      const wrong = cliIo({}, cwd);
      expect(await run(['keys', 'create', '--project', 'demo', '--kind', 'reader'], wrong.io)).toBe(2);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
