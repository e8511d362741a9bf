import { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlValue } from './sql-client.js';

/**
 * PostgreSQL's buffer pool for the embedded database: 32 MB, not PostgreSQL's 128 MB. PGlite sets
 * the whole pool up in WebAssembly memory each time it opens, before the first query: 128 MB took
 * 0.5 s of every `quire keys` command and `quire serve` start (a data folder opened in 1.4 s, in
 * 0.9 s with 32 MB, on our 2-core machines) and 128 MB of memory. bench/server/load.mjs (100,000
 * conversations) answers as fast with 32 MB as with 128 MB (pages at random cursors: 444 and 422
 * requests a second); with 16 MB, half as fast. Given at every start, so that data folders made
 * by earlier versions (whose postgresql.conf says 128 MB) get it too, and to initdb, so that a new
 * folder's postgresql.conf says it.
 */
const SHARED_BUFFERS = 'shared_buffers=32MB';

/**
 * Opens the embedded PostgreSQL (PGlite, compiled to WebAssembly). `dataDir` is a folder that
 * holds the data; without it the database lives in memory and is gone when closed.
 */
export async function openPgliteClient(dataDir?: string): Promise<SqlClient> {
  const database = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', SHARED_BUFFERS],
    initDbStartParams: ['--set', SHARED_BUFFERS],
  });
  // PGlite runs one statement at a time; a transaction holds it, so nothing interleaves.
  return {
    async query<Row extends object>(sql: string, params: readonly SqlValue[] = []) {
      const result = await database.query<Row>(sql, [...params]);
      return result.rows;
    },
    async script<Row extends object>(sql: string) {
      const results = await database.exec(sql);
      return (results.at(-1)?.rows ?? []) as Row[];
    },
    transaction(work) {
      return database.transaction((transaction) =>
        work({
          async query<Row extends object>(sql: string, params: readonly SqlValue[] = []) {
            const result = await transaction.query<Row>(sql, [...params]);
            return result.rows;
          },
        }),
      );
    },
    close: () => database.close(),
  };
}
