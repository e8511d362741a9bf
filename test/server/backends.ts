import { openPgClient, openPgliteClient, migrate, createSqlStore, type Store } from '../../src/server/index.js';

/** A PostgreSQL the tests run against. */
export interface Backend {
  name: string;
  /** Why the backend's tests are skipped; undefined when they run. */
  skipReason: string | undefined;
  open(): Promise<Store>;
}

const databaseUrl = process.env.QUIRE_TEST_DATABASE_URL;

/** Embedded PGlite, in memory: always available. */
export const pgliteBackend: Backend = {
  name: 'PGlite',
  skipReason: undefined,
  async open() {
    const client = await openPgliteClient();
    await migrate(client);
    return createSqlStore(client);
  },
};

/** A PostgreSQL server through `pg`, when QUIRE_TEST_DATABASE_URL points at one (`.ci/run` sets it). */
export const postgresBackend: Backend = {
  name: 'PostgreSQL server',
  skipReason: databaseUrl
    ? undefined
    : 'QUIRE_TEST_DATABASE_URL is not set (bash .ci/run sets it when PostgreSQL is installed)',
  async open() {
    const client = openPgClient(databaseUrl!);
    await migrate(client);
    return createSqlStore(client);
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
