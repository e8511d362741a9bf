import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgClient, openPgliteClient, migrate, createSqlStore, type SqlClient, type Store } from '../../src/server/index.js';
import { initializedDataDir } from './initialized-data-dir.js';

/**
 * Time allowed for a suite's setup. Opening PGlite runs initdb in WebAssembly: about 3 s on an
 * idle 2-core machine, far more when the machine is busy, beyond vitest's 10 s hook default.
 */
export const SETUP_TIMEOUT_MS = 120_000;

/** A PostgreSQL the tests run against. */
export interface Backend {
  name: string;
  /** Why the backend's tests are skipped; undefined when they run. */
  skipReason: string | undefined;
  open(): Promise<Store>;
  /** A migrated connection, for tests that wrap it. */
  openClient(): Promise<SqlClient>;
}

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;

/**
 * Embedded PGlite on a data folder, as `quire serve` opens one: always available. The folder is a
 * copy of one PGlite has initialized (initializedDataDir), then migrated: a new database costs
 * 4-5 s of CPU in initdb even when the process has started PGlite before, a copy opens in under
 * one (8 suites open one). The migrations on a database initdb has just made run in
 * test/server/store.test.ts. The folder is removed when the client closes.
 */
export const pgliteBackend: Backend = {
  name: 'PGlite',
  skipReason: undefined,
  async open() {
    return createSqlStore(await this.openClient());
  },
  async openClient() {
    const folder = mkdtempSync(join(tmpdir(), 'quire-pglite-backend-'));
    const client = await openPgliteClient(await initializedDataDir(join(folder, 'data')));
    await migrate(client);
    return {
      ...client,
      async close() {
        await client.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  },
};

/** A PostgreSQL server through `pg`, when QUIRE_TEST_DATABASE_URL points at one (`.ci/run` sets it). */
export const postgresBackend: Backend = {
  name: 'PostgreSQL server',
  skipReason: databaseUrl ? undefined : 'QUIRE_TEST_DATABASE_URL is not set (bash .ci/run sets it when PostgreSQL is installed)',
  async open() {
    return createSqlStore(await this.openClient());
  },
  async openClient() {
    const client = openPgClient(databaseUrl!);
    await migrate(client);
    return client;
  },
};

/** Both backends; tests of the PostgreSQL server are skipped (with the reason printed) when it is absent. */
export const backends: readonly Backend[] = [pgliteBackend, postgresBackend];

if (postgresBackend.skipReason) {
  console.warn(`[quire tests] PostgreSQL-server tests skipped: ${postgresBackend.skipReason}`);
}

/** A project id no other test uses, so tests sharing one database do not see each other's rows. */
export function uniqueProjectId(prefix = 'proj'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The client, with every transaction held open a random few milliseconds before it commits:
 * widens the window in which concurrent writers could commit out of id order.
 */
export function withSlowCommits(client: SqlClient, maxDelayMs = 15): SqlClient {
  return {
    ...client,
    transaction: (work) =>
      client.transaction(async (transaction) => {
        const result = await work(transaction);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
        return result;
      }),
  };
}
