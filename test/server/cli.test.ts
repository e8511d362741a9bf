import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { parseServeArgs, startServe } from '../../src/cli/commands/serve.js';
import { run } from '../../src/cli/run.js';
import { createApiKey, readLocalPullRequests, type AgentJobEvent } from '../../src/server/index.js';
import { createDocsRepository } from './git-fixture.js';
import { SETUP_TIMEOUT_MS } from './backends.js';
import { initializedDataDir } from './initialized-data-dir.js';
import { bearer } from './http.js';
import { sequence, startScriptedModel, text, toolUse } from './scripted-model.js';

function cli(env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  const io: CliIo = { stdout, stderr, cwd: mkdtempSync(join(tmpdir(), 'quire-cli-')), env };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/**
 * {@link cli} in a folder whose default data folder (.quire/data) PGlite has initialized already
 * (initializedDataDir: seconds of initdb less). A data folder made new by the store is tested in
 * test/cli/serve-lock.test.ts (its modes, under umask 022), which opens it as quire keys does.
 */
async function cliInitialized(env: NodeJS.ProcessEnv = {}) {
  const call = cli(env);
  await initializedDataDir(join(call.io.cwd, '.quire', 'data'));
  return call;
}

describe('quire keys', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('creates a key (printed once, alone on stdout), lists it, revokes it', async () => {
    const { io, stdout, stderr } = await cliInitialized();
    expect(await run(['keys', 'create', '--project', 'demo', '--label', 'ci'], io)).toBe(0);
    const key = stdout().trim();
    expect(key).toMatch(/^quire_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(stderr()).toContain(key.slice(6, 22));
    expect(stderr()).not.toContain(key.slice(23));

    const listing = cli();
    listing.io.cwd = io.cwd;
    expect(await run(['keys', 'list', '--project', 'demo'], listing.io)).toBe(0);
    expect(listing.stdout()).toMatch(new RegExp(`^${key.slice(6, 22)}\tadmin\tactive\t.*\tci\n$`));
    expect(listing.stdout()).not.toContain(key.slice(23));

    const revoking = cli();
    revoking.io.cwd = io.cwd;
    expect(await run(['keys', 'revoke', key], revoking.io)).toBe(0);
    const after = cli();
    after.io.cwd = io.cwd;
    await run(['keys', 'list', '--project', 'demo'], after.io);
    expect(after.stdout()).toContain('\trevoked ');
    const missing = cli();
    missing.io.cwd = io.cwd;
    expect(await run(['keys', 'revoke', '0123456789abcdef'], missing.io)).toBe(1);
  });

  it.each([
    [['keys'], /create, list or revoke/],
    [['keys', 'create'], /--project/],
    [['keys', 'create', '--project', 'bad id!'], /not a project id/],
    [['keys', 'revoke'], /exactly one key id/],
    [['keys', 'create', '--project', 'x', '--nope'], /nope/],
  ])('exits 2 with usage for %j', async (argv, message) => {
    const { io, stderr } = cli();
    expect(await run(argv, io)).toBe(2);
    expect(stderr()).toMatch(message);
  });
});

describe('quire keys and quire conversations with --format json', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('print one JSON document on stdout: the key, the list, the revocation, the import, or the error', async () => {
    const { io } = await cliInitialized();
    const runJson = async (argv: string[]) => {
      const call = cli();
      call.io.cwd = io.cwd;
      const code = await run([...argv, '--format', 'json'], call.io);
      expect(call.stderr()).toBe('');
      return { code, report: JSON.parse(call.stdout()) as Record<string, unknown> };
    };
    const where = `PGlite in ${join(io.cwd, '.quire', 'data')}`;
    const created = await runJson(['keys', 'create', '--project', 'demo', '--label', 'ci']);
    expect(created.code).toBe(0);
    expect(created.report).toEqual({
      action: 'create',
      projectId: 'demo',
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      kind: 'admin',
      label: 'ci',
      key: expect.stringMatching(/^quire_[0-9a-f]{16}_/),
      where,
    });
    expect(created.report.key).toContain(created.report.keyId);

    const listed = await runJson(['keys', 'list', '--project', 'demo']);
    expect(listed).toEqual({
      code: 0,
      report: {
        action: 'list',
        projectId: 'demo',
        keys: [{ keyId: created.report.keyId, kind: 'admin', label: 'ci', createdAt: expect.any(String), revokedAt: null }],
        where,
      },
    });
    expect(await runJson(['keys', 'revoke', String(created.report.key)])).toEqual({
      code: 0,
      report: { action: 'revoke', keyId: created.report.keyId, revoked: true, where },
    });
    expect(await runJson(['keys', 'revoke', '0123456789abcdef'])).toEqual({
      code: 1,
      report: { action: 'revoke', keyId: '0123456789abcdef', revoked: false, where, error: 'no key with id 0123456789abcdef.' },
    });

    writeFileSync(join(io.cwd, 'good.jsonl'), `${JSON.stringify({ timestamp: '2025-06-01T00:00:00Z', query: 'How?', response: 'Like so.' })}\n`);
    expect(await runJson(['conversations', 'import', '--project', 'demo', 'good.jsonl'])).toEqual({
      code: 0,
      report: { file: 'good.jsonl', projectId: 'demo', imported: 1, skipped: 0, problems: [], where },
    });
    writeFileSync(join(io.cwd, 'bad.jsonl'), '{"query": "x"\n');
    expect(await runJson(['conversations', 'import', '--project', 'demo', 'bad.jsonl'])).toEqual({
      code: 1,
      report: {
        file: 'bad.jsonl',
        projectId: 'demo',
        imported: 0,
        skipped: 0,
        problems: [{ line: 1, field: '(line)', message: 'not valid JSON' }],
        error: '1 bad line(s); nothing was imported.',
      },
    });
    expect(await runJson(['conversations', 'import', '--project', 'demo', 'missing.jsonl'])).toEqual({
      code: 1,
      report: { file: 'missing.jsonl', projectId: 'demo', imported: 0, skipped: 0, problems: [], error: 'cannot read missing.jsonl: ENOENT' },
    });
  });
});

describe('quire keys on a data folder held by a process without an admin socket', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('says what to do, without a stack trace', async () => {
    const { io, stderr } = cli();
    const dataDir = join(io.cwd, 'data');
    mkdirSync(dataDir);
    // A live process holds the lock (answers on it), but serves no admin socket.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('node:net').createServer((s) => s.end(JSON.stringify({ pid: process.pid }) + '\\n')).listen(process.argv[1], () => console.log('ready'))`,
        join(dataDir, 'quire.lock'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => holder.stdout!.once('data', resolve));
      expect(await run(['keys', 'list', '--project', 'demo', '--data-dir', dataDir], io)).toBe(1);
      expect(stderr()).toBe(
        `quire keys: The data folder ${dataDir} is in use by process ${holder.pid} (quire serve?), which offers no admin socket at ${join(dataDir, 'quire.sock')}. ` +
          'Stop it and run this again, or run quire serve and quire keys on a PostgreSQL server (DATABASE_URL).\n',
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

describe('quire conversations import', { timeout: SETUP_TIMEOUT_MS }, () => {
  const line = (fields: Record<string, unknown>) => JSON.stringify({ query: 'How?', response: 'Like so.', ...fields });

  it('imports a file once (idempotent on the id), reports every bad line and then writes nothing, reads stdin, and goes through a running server', async () => {
    const { io } = await cliInitialized();
    const file = join(io.cwd, 'history.jsonl');
    writeFileSync(
      file,
      [
        line({
          id: '01JTZKERG0ABCDEFGHJKMNPQRS',
          timestamp: '2025-05-11T12:00:00.000Z',
          sources: [{ title: 'Keys', url: 'https://x/keys' }],
          queryCategory: 'how-to',
        }),
        '',
        line({ timestamp: '2025-05-12T08:30:00+02:00' }),
      ].join('\n'),
    );
    const first = cli();
    first.io.cwd = io.cwd;
    expect(await run(['conversations', 'import', '--project', 'demo', 'history.jsonl'], first.io)).toBe(0);
    expect(first.stderr()).toMatch(/^Imported 2 conversation\(s\) into project demo \(PGlite in .*\); 0 already there\.\n$/);
    const again = cli();
    again.io.cwd = io.cwd;
    expect(await run(['conversations', 'import', '--project', 'demo', file], again.io)).toBe(0);
    expect(again.stderr()).toMatch(/Imported 0 conversation\(s\) .*; 2 already there\./);

    const bad = join(io.cwd, 'bad.jsonl');
    writeFileSync(
      bad,
      [
        line({ timestamp: '2025-06-01T00:00:00Z' }),
        '{"query": "x"',
        line({ timestamp: 'yesterday' }),
        line({ timestamp: '2025-06-01T00:00:00Z', id: '01JTZKERG0ABCDEFGHJKMNPQRS' }),
        JSON.stringify({ timestamp: '2025-06-01T00:00:00Z', response: 'r', querry: 'typo' }),
      ].join('\n'),
    );
    const refused = cli();
    refused.io.cwd = io.cwd;
    expect(await run(['conversations', 'import', '--project', 'demo', 'bad.jsonl'], refused.io)).toBe(1);
    expect(refused.stderr().split('\n')).toEqual([
      'bad.jsonl:2: (line): not valid JSON',
      'bad.jsonl:3: timestamp: timestamp must be an ISO 8601 date-time with Z or an offset',
      "bad.jsonl:4: id: the id's time part is 2025-05-11T12:00:00.000Z but timestamp is 2025-06-01T00:00:00.000Z; they must agree, since pages and dates are cut on the id",
      'bad.jsonl:5: query: query is required',
      'bad.jsonl:5: querry: unknown field(s): querry',
      'quire conversations: 4 bad line(s); nothing was imported.',
      '',
    ]);

    // Standard input, while quire serve holds the folder: through its socket. Line 1 of bad.jsonl was good but was not written.
    const served = cli();
    served.io.cwd = io.cwd;
    const started = await startServe(parseServeArgs(['--port', '0', '--quiet']), served.io);
    try {
      const piped = cli();
      piped.io.cwd = io.cwd;
      piped.io.stdin = Readable.from([`${line({ timestamp: '2025-06-02T00:00:00Z' })}\n`]);
      expect(await run(['conversations', 'import', '--project', 'demo', '-'], piped.io)).toBe(0);
      expect(piped.stderr()).toContain(`Imported 1 conversation(s) into project demo (the running quire serve (process ${process.pid})); 0 already there.`);
      const page = await started.store.conversations.page({ projectId: 'demo', limit: 10 });
      expect(page.conversations.map((conversation) => conversation.timestamp.toISOString())).toEqual([
        '2025-06-02T00:00:00.000Z',
        '2025-05-12T06:30:00.000Z',
        '2025-05-11T12:00:00.000Z',
      ]);
      expect(page.conversations[2]).toMatchObject({
        id: '01JTZKERG0ABCDEFGHJKMNPQRS',
        queryCategory: 'how-to',
        sources: [{ title: 'Keys', url: 'https://x/keys' }],
      });
    } finally {
      await started.close();
    }
  });
});

describe('quire serve', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('reads its options', () => {
    expect(parseServeArgs([])).toEqual({ port: 4319, host: '127.0.0.1', concurrency: 2, quiet: false, repos: {}, github: {}, sites: {} });
    expect(parseServeArgs(['--port', '0', '--github', 'acme=acme/docs', '--repo', 'local=../docs', '--quiet'])).toMatchObject({
      port: 0,
      repos: { local: '../docs' },
      github: { acme: { owner: 'acme', repo: 'docs' } },
      quiet: true,
    });
    expect(() => parseServeArgs(['--port', 'http'])).toThrow(/--port/);
    // A repository is bound to a project: a bare path would hand it to every project.
    expect(() => parseServeArgs(['--repo', '.'])).toThrow(/--repo takes <project>=<path>, got "\.": say which project/);
    expect(() => parseServeArgs(['--repo', 'a=.', '--github', 'a=o/r'])).toThrow(/two repositories/);
    expect(() => parseServeArgs(['--repo', 'a=.', '--repo', 'a=..'])).toThrow(/two repositories/);
    expect(() => parseServeArgs(['--repo', 'bad id=.'])).toThrow(/not a project id/);
    expect(() => parseServeArgs(['--github', 'acme=acme'])).toThrow(/owner\/repo/);
  });

  it('serves the history with a key made by quire keys, on the same data folder, and locks the folder', async () => {
    const { io, stdout } = await cliInitialized();
    await run(['keys', 'create', '--project', 'demo'], io);
    const text = stdout().trim();
    expect(text).toMatch(/^quire_/);
    const served = cli();
    served.io.cwd = io.cwd;
    const started = await startServe(parseServeArgs(['--port', '0']), served.io);
    try {
      expect(started.running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(served.stdout()).toContain('agent jobs disabled: The agent is not configured on this server: it needs a repository');
      const response = await fetch(`${started.running.url}/v1/analytics/demo/assistant`, { headers: bearer(text) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ conversations: [], nextCursor: null, hasMore: false });
      expect(served.stdout()).toMatch(/GET \/v1\/analytics\/demo\/assistant 200 [\d.]+ms key=[0-9a-f]{16}\n/);
      expect(served.stdout()).not.toContain(text.slice(23));

      // While the server holds the data folder, quire keys goes through its admin socket.
      const busy = cli();
      busy.io.cwd = io.cwd;
      expect(await run(['keys', 'create', '--project', 'demo', '--label', 'live'], busy.io)).toBe(0);
      expect(busy.stderr()).toContain(`(the running quire serve (process ${process.pid}))`);
      const liveKey = busy.stdout().trim();
      expect((await fetch(`${started.running.url}/v1/analytics/demo/assistant`, { headers: bearer(liveKey) })).status).toBe(200);
      const listed = cli();
      listed.io.cwd = io.cwd;
      expect(await run(['keys', 'list', '--project', 'demo'], listed.io)).toBe(0);
      expect(listed.stdout()).toMatch(/\tadmin\tactive\t.*\tlive\n/);
      const revoked = cli();
      revoked.io.cwd = io.cwd;
      expect(await run(['keys', 'revoke', liveKey], revoked.io)).toBe(0);
      expect((await fetch(`${started.running.url}/v1/analytics/demo/assistant`, { headers: bearer(liveKey) })).status).toBe(401);
      const refused = cli();
      refused.io.cwd = io.cwd;
      expect(await run(['keys', 'create', '--project', 'bad id!'], refused.io)).toBe(2);

      // The body is checked first: a bad one is a 400 even here; a good one is a 503 saying what is missing.
      const bad = await fetch(`${started.running.url}/v1/agent/demo/job`, { method: 'POST', headers: bearer(text) });
      expect(bad.status).toBe(400);
      const job = await fetch(`${started.running.url}/v1/agent/demo/job`, {
        method: 'POST',
        headers: { ...bearer(text), 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'docs/x', messages: [{ role: 'user', content: 'Hi' }] }),
      });
      expect(job.status).toBe(503);
      expect(((await job.json()) as { error: { message: string } }).error.message).toBe(
        'The agent is not configured on this server: it needs a repository (start quire serve with --repo <project>=<path> or ' +
          "--github <project>=<owner/repo>) and the model's key (set ANTHROPIC_API_KEY).",
      );
    } finally {
      await started.close();
    }
  });

  it('refuses a --repo that is not a git repository, at startup', async () => {
    const served = cli({ ANTHROPIC_API_KEY: 'sk-test' });
    const nowhere = join(served.io.cwd, 'no-such-repo');
    await expect(startServe(parseServeArgs(['--port', '0', '--repo', `demo=${nowhere}`]), served.io)).rejects.toThrow(
      `--repo demo=${nowhere}: ${nowhere} is not a git repository`,
    );
  });

  it('runs agent jobs on --repo with the model ids and base URL from the environment', async () => {
    const model = await startScriptedModel();
    const repository = createDocsRepository();
    const served = await cliInitialized({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: model.baseURL, QUIRE_MODEL_OPUS: 'claude-test-opus' });
    const started = await startServe(parseServeArgs(['--port', '0', '--repo', `demo=${repository}`, '--quiet']), served.io);
    try {
      // The data folder is locked by the server; add the key through its open store.
      const key = (await createApiKey(started.store.apiKeys, 'demo')).text;
      model.play(
        sequence(
          { content: [toolUse('write_file', { path: 'faq.mdx', content: '# FAQ\n' })], stop_reason: 'tool_use' },
          { content: [text('Added a FAQ.')], stop_reason: 'end_turn' },
        ),
      );
      const response = await fetch(`${started.running.url}/v1/agent/demo/job`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'faq', messages: [{ role: 'user', content: 'Add a FAQ' }], model: 'opus' }),
      });
      const events = (await response.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as AgentJobEvent);
      expect(events.at(-1)).toMatchObject({ type: 'result', state: 'succeeded' });
      expect(model.requests[0]!.body.model).toBe('claude-test-opus');
      expect((await readLocalPullRequests(repository)).map((pull) => pull.head)).toEqual(['faq']);
      expect(served.stdout()).not.toContain('GET ');

      // Another project has no repository on this server, even with a valid key of its own.
      const otherKey = (await createApiKey(started.store.apiKeys, 'other')).text;
      const other = await fetch(`${started.running.url}/v1/agent/other/job`, {
        method: 'POST',
        headers: { ...bearer(otherKey), 'content-type': 'application/json' },
        body: JSON.stringify({ branch: 'faq2', messages: [{ role: 'user', content: 'Add a FAQ' }] }),
      });
      expect(other.status).toBe(404);
    } finally {
      await started.close();
      await model.close();
    }
  });
});
