import { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlValue } from './sql-client.js';

/**
 * Opens the embedded PostgreSQL (PGlite, compiled to WebAssembly). `dataDir` is a folder that
 * holds the data; without it the database lives in memory and is gone when closed.
 */
export async function openPgliteClient(dataDir?: string): Promise<SqlClient> {
  const database = await PGlite.create(dataDir);
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
