import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, ulidTime, migrate, migrations, openPgClient, openPgliteClient, type Store } from '../../src/server/index.js';
import { backends, postgresBackend, uniqueProjectId, SETUP_TIMEOUT_MS } from './backends.js';
import { initializedDataDir } from './initialized-data-dir.js';

for (const backend of backends) {
  describe.skipIf(backend.skipReason !== undefined)(`store on ${backend.name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await backend.open();
    }, SETUP_TIMEOUT_MS);
    afterAll(() => store?.close());

    it('keeps API keys as hashes, finds, lists and revokes them', async () => {
      const projectId = uniqueProjectId();
      const { text, record } = await createApiKey(store.apiKeys, projectId, 'ci');
      const found = await store.apiKeys.find(record.keyId);
      expect(found).toMatchObject({ projectId, label: 'ci', revokedAt: null });
      expect(JSON.stringify(found)).not.toContain(text.slice(23));
      expect((await store.apiKeys.listForProject(projectId)).map((key) => key.keyId)).toEqual([record.keyId]);
      expect(await store.apiKeys.revoke(record.keyId)).toBe(true);
      const revokedAt = (await store.apiKeys.find(record.keyId))!.revokedAt;
      expect(revokedAt).toBeInstanceOf(Date);
      await store.apiKeys.revoke(record.keyId);
      expect((await store.apiKeys.find(record.keyId))!.revokedAt).toEqual(revokedAt);
      expect(await store.apiKeys.revoke('ffffffffffffffff')).toBe(false);
    });

    it('records agent jobs through their states', async () => {
      const job = await store.agentJobs.create({ projectId: uniqueProjectId(), branch: 'docs/x', model: 'opus', asDraft: true });
      expect(job).toMatchObject({ state: 'queued', result: null, error: null, asDraft: true });
      await store.agentJobs.update(job.id, { state: 'running' });
      const done = await store.agentJobs.update(job.id, { state: 'succeeded', result: { commit: { sha: 'abc' } } });
      expect(done).toMatchObject({ state: 'succeeded', result: { commit: { sha: 'abc' } } });
      expect(done.updatedAt.getTime()).toBeGreaterThanOrEqual(job.createdAt.getTime());
      await expect(store.agentJobs.update('01ARZ3NDEKTSV4RRFFQ69G5FAV', { state: 'failed' })).rejects.toThrow(/No agent job/);
    });

    it('stores conversations in batches with their timestamps', async () => {
      const projectId = uniqueProjectId();
      const stored = await store.conversations.recordMany(
        Array.from({ length: 1201 }, (_, n) => ({
          projectId,
          query: `q${n}`,
          response: 'r',
          sources: [{ title: 't', url: 'u' }],
          queryCategory: null,
          timestamp: new Date(Date.UTC(2025, 0, 1) + n),
        })),
      );
      expect(stored).toHaveLength(1201);
      expect(stored[1200]!.timestamp.toISOString()).toBe('2025-01-01T00:00:01.200Z');
      const page = await store.conversations.page({ projectId, limit: 1000 });
      expect(page.conversations).toHaveLength(1000);
      expect(page.conversations[0]!.query).toBe('q1200');
    });

    it('records a conversation whose timestamp is an ISO string (as it comes from JSON), and refuses one that is no date', async () => {
      const projectId = uniqueProjectId();
      const base = { projectId, query: 'q', response: 'r', sources: [], queryCategory: null };
      const stored = await store.conversations.record({ ...base, timestamp: '2025-05-11T12:00:00.000Z' });
      expect(stored.timestamp.toISOString()).toBe('2025-05-11T12:00:00.000Z');
      expect(ulidTime(stored.id)).toBe(Date.parse('2025-05-11T12:00:00.000Z'));
      await expect(store.conversations.record({ ...base, timestamp: 'yesterday' })).rejects.toThrow(
        'timestamp must be a Date or an ISO 8601 date-time string, got "yesterday".',
      );
    });
  });
}

describe('the embedded database', { timeout: SETUP_TIMEOUT_MS }, () => {
  it("opens a data folder with a 32 MB buffer pool, whatever an older version's postgresql.conf says", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-buffers-'));
    try {
      const dataDir = await initializedDataDir(join(folder, 'data'));
      const conf = join(dataDir, 'postgresql.conf');
      // As initdb wrote it before Quire set the pool: PostgreSQL's default.
      writeFileSync(conf, readFileSync(conf, 'utf8').replace(/^shared_buffers = \S+/m, 'shared_buffers = 128MB'));
      expect(readFileSync(conf, 'utf8')).toMatch(/^shared_buffers = 128MB/m);
      const client = await openPgliteClient(dataDir);
      try {
        expect(await client.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      } finally {
        await client.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('migrations', { timeout: SETUP_TIMEOUT_MS }, () => {
  it('apply once on PGlite; a second run is a no-op', async () => {
    const client = await openPgliteClient();
    try {
      expect(await migrate(client)).toEqual(migrations.map((migration) => migration.version));
      expect(await migrate(client)).toEqual([]);
      // initdb was given the embedded store's buffer pool (see openPgliteClient).
      expect(await client.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await client.close();
    }
  });

  it.skipIf(postgresBackend.skipReason !== undefined)('run exactly once from several connections at once on a PostgreSQL server', async () => {
    // A schema of its own, so the run starts from nothing even on a shared test database.
    const schema = `migrations_${Math.random().toString(36).slice(2, 10)}`;
    const admin = openPgClient(process.env.QUIRE_TEST_DATABASE_URL!);
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.QUIRE_TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const clients = [0, 1, 2].map(() => openPgClient(url.href));
    try {
      const applied = await Promise.all(clients.map((client) => migrate(client)));
      expect(applied.filter((versions) => versions.length > 0)).toEqual([migrations.map((migration) => migration.version)]);
      const rows = await clients[0]!.query<{ version: number }>('SELECT version FROM quire_schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});
