/** A value bound to a `$n` placeholder. */
export type SqlValue = string | number | boolean | null | Date;

/** The little the store needs of a PostgreSQL connection; PGlite and `pg` both fit behind it. */
export interface SqlClient {
  /** Runs one parameterised statement and returns its rows. */
  query<Row extends object>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /**
   * Runs a script of one or more statements without parameters (PostgreSQL's simple query
   * protocol) and returns the last statement's rows. The job queue installs its schema this way.
   */
  script<Row extends object>(sql: string): Promise<Row[]>;
  /** Runs `work` in a transaction on one connection; rolls back when it rejects. */
  transaction<T>(work: (client: Pick<SqlClient, 'query'>) => Promise<T>): Promise<T>;
  /** Releases the connection(s); the client is unusable afterwards. */
  close(): Promise<void>;
}
