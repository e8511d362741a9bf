import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgClient, type NumberedAgentJobEvent } from '../../src/server/index.js';
import { quire } from '../helpers/cli.js';
import { postgresBackend, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { createDocsRepository, gitIn } from './git-fixture.js';
import { bearer } from './http.js';
import { startScriptedModel, text, toolUse, type ScriptedModelServer } from './scripted-model.js';
import { initializedDataDir } from './initialized-data-dir.js';
import { readEventStream, startServeProcess, type ServeProcess } from './serve-process.js';

/**
 * The default lease (30 s): the test never waits for one to run out (see `takeOver`), and a
 * shorter one could be lost to a slow heartbeat on a busy machine.
 */
const AGENT_ENV = { QUIRE_AGENT_POLL_MS: '100' };

interface Deployment {
  name: string;
  skipReason: string | undefined;
  /** Makes the storage and returns its flags for `quire serve` and `quire keys`. */
  prepare(): Promise<string[]>;
  /** What makes the killed server's job free for the next one before the next one starts. */
  takeOver(projectId: string): Promise<void>;
}

const deployments: Deployment[] = [
  {
    name: 'PGlite (the embedded default)',
    skipReason: undefined,
    // A folder PGlite has initialized already (initializedDataDir): what this test is about is
    // the restart, and the first command on a new folder would spend 7 s of CPU in initdb (a new
    // folder's creation is tested in test/cli/serve-lock.test.ts and test/server/cli.test.ts).
    prepare: async () => {
      const dataDir = await initializedDataDir(join(mkdtempSync(join(tmpdir(), 'quire-restart-')), 'data'));
      return ['--data-dir', dataDir];
    },
    // Nothing: the data folder is one process's at a time, so the restarted server takes back
    // every job it finds running without waiting for the lease.
    takeOver: async () => {},
  },
  {
    name: 'a PostgreSQL server',
    skipReason: postgresBackend.skipReason,
    prepare: async () => ['--database-url', process.env.QUIRE_TEST_DATABASE_URL!],
    // Other servers may share a PostgreSQL server, so a job waits for its lease to run out: the
    // test moves it to now rather than wait 30 s.
    takeOver: async (projectId) => {
      const sql = openPgClient(process.env.QUIRE_TEST_DATABASE_URL!, 1);
      try {
        await sql.query(`UPDATE agent_jobs SET lease_expires_at = now() WHERE project_id = $1 AND state = 'running'`, [projectId]);
      } finally {
        await sql.close();
      }
    },
  },
];

for (const deployment of deployments) {
  describe.skipIf(deployment.skipReason !== undefined)(`quire serve killed mid-job, on ${deployment.name}`, { timeout: SETUP_TIMEOUT_MS }, () => {
    let model: ScriptedModelServer;
    let server: ServeProcess | undefined;
    beforeAll(async () => {
      model = await startScriptedModel();
    });
    afterAll(async () => {
      await server?.stop();
      await model?.close();
    });

    it('runs the job again from the start after a restart: complete events, one clean commit', async () => {
      const repository = createDocsRepository();
      const projectId = uniqueProjectId('restart');
      const storageArgs = await deployment.prepare();
      const created = quire(['keys', 'create', '--project', projectId, ...storageArgs]);
      expect(created.code, created.stderr).toBe(0);
      const key = created.stdout.trim();
      // Stateless script: whichever process asks, the first turn writes a page, the next ends.
      model.delay = 1500;
      model.play((request) =>
        request.messages.length === 1
          ? { content: [toolUse('write_file', { path: 'restart.mdx', content: '# Restarted\n' })], stop_reason: 'tool_use' }
          : { content: [text('Wrote the page.')], stop_reason: 'end_turn' },
      );
      const env = { ...AGENT_ENV, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: model.baseURL };
      const args = [...storageArgs, '--repo', `${projectId}=${repository}`, '--quiet'];
      const branch = 'docs/restart';

      server = await startServeProcess(args, env);
      const response = await fetch(`${server.url}/v1/agent/${projectId}/job`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({ branch, messages: [{ role: 'user', content: 'Add a restart page' }] }),
      });
      expect(response.status).toBe(200);
      const sessionId = response.headers.get('x-session-id')!;
      const firstServer = server;
      // Kill -9 while the model is thinking about the first turn: the branch exists, nothing is committed.
      let killed: Promise<void> | undefined;
      const poll = setInterval(() => {
        if (model.requests.length > 0) {
          clearInterval(poll);
          killed = firstServer.kill9();
        }
      }, 20);
      const received = await readEventStream(response);
      await killed;
      expect(firstServer.child.signalCode).toBe('SIGKILL');
      expect(received.map((event) => event.type)).toEqual(['state', 'state', 'branch']);
      expect(gitIn(repository, 'rev-parse', `refs/heads/${branch}`)).toBe(gitIn(repository, 'rev-parse', 'refs/heads/main'));

      await deployment.takeOver(projectId);
      server = await startServeProcess(args, env);
      // The client reconnects where its stream broke, to whichever server answers.
      const resumed = await readEventStream(
        await fetch(`${server.url}/v1/agent/${projectId}/job/${sessionId}/events`, {
          headers: { ...bearer(key), 'last-event-id': String(received.at(-1)!.id) },
        }),
      );
      const all = [...received, ...resumed];
      expect(all.map((event) => event.id)).toEqual(all.map((_event, index) => index + 1));
      const strip = ({ id: _id, ...event }: NumberedAgentJobEvent) => event;
      expect(all.map(strip).slice(0, 6)).toEqual([
        { type: 'state', state: 'queued', sessionId },
        { type: 'state', state: 'running', sessionId, attempt: 1 },
        { type: 'branch', branch, created: true },
        {
          type: 'state',
          state: 'queued',
          sessionId,
          attempt: 2,
          reason: 'interrupted: the server running the job stopped before it pushed anything; it runs again from the start',
        },
        { type: 'state', state: 'running', sessionId, attempt: 2 },
        { type: 'branch', branch, created: false },
      ]);
      const result = all.at(-1)!;
      expect(result).toMatchObject({ type: 'result', state: 'succeeded', result: { commit: { files: ['restart.mdx'] } } });

      // Read again from the start: the same story, from the store.
      const replay = await readEventStream(await fetch(`${server.url}/v1/agent/${projectId}/job/${sessionId}/events`, { headers: bearer(key) }));
      expect(replay).toEqual(all);
      const record = await fetch(`${server.url}/v1/agent/${projectId}/job/${sessionId}`, { headers: bearer(key) });
      expect(await record.json()).toMatchObject({ state: 'succeeded', attempts: 2, maxAttempts: 3, error: null });

      // Exactly one commit on the branch, on top of main, and no checkout left behind.
      expect(gitIn(repository, 'rev-list', '--count', `refs/heads/main..refs/heads/${branch}`)).toBe('1');
      expect(gitIn(repository, 'show', `refs/heads/${branch}:restart.mdx`)).toBe('# Restarted');
      expect(gitIn(repository, 'worktree', 'list', '--porcelain')).not.toContain(`refs/heads/${branch}`);
    });
  });
}
