import pg from 'pg';
import type { SqlClient, SqlValue } from './sql-client.js';

/** Connects to a PostgreSQL server through a `pg` pool; `connectionString` is a `postgres://` URL. */
export function openPgClient(connectionString: string, maxConnections = 10): SqlClient {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle client that loses its connection emits 'error'; without a listener that kills the
  // process. The pool replaces the client on its own.
  pool.on('error', () => {});
  return {
    async query<Row extends object>(sql: string, params: readonly SqlValue[] = []) {
      const result = await pool.query<Row>(sql, [...params]);
      return result.rows;
    },
    async script<Row extends object>(sql: string) {
      // Without parameters `pg` uses the simple query protocol, which takes several statements
      // and answers with one result per statement.
      const results = (await pool.query(sql)) as unknown as pg.QueryResult<Row> | pg.QueryResult<Row>[];
      return (Array.isArray(results) ? (results.at(-1)?.rows ?? []) : results.rows) as Row[];
    },
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const value = await work({
          async query<Row extends object>(sql: string, params: readonly SqlValue[] = []) {
            const result = await connection.query<Row>(sql, [...params]);
            return result.rows;
          },
        });
        await connection.query('COMMIT');
        return value;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
