import { lockDataDir } from './data-dir-lock.js';
import { migrate } from './migrations.js';
import { openPgClient } from './pg-client.js';
import { openPgliteClient } from './pglite-client.js';
import { restrictToOwner } from './owner-only.js';
import type { SqlClient } from './sql-client.js';
import { createSqlStore } from './sql-store.js';
import type { Store } from './store.js';

/** Where the store keeps its data. */
export interface StoreLocation {
  /** A `postgres://` URL: use that PostgreSQL server (through `pg`). Wins over `dataDir`. */
  databaseUrl?: string;
  /** A folder for the embedded PGlite database; in memory when absent too. */
  dataDir?: string;
}

/** Opens the store at `location`, applying pending migrations first. */
export async function openStore(location: StoreLocation = {}): Promise<Store> {
  if (location.databaseUrl) return migrated(openPgClient(location.databaseUrl));
  if (location.dataDir === undefined) return migrated(await openPgliteClient());
  // One process at a time on an embedded database folder.
  const lock = await lockDataDir(location.dataDir);
  try {
    // The folder first (one from an older version may be open to all), then what PGlite wrote.
    restrictToOwner(location.dataDir);
    const client = await openPgliteClient(location.dataDir);
    const store = await migrated({
      ...client,
      close: async () => {
        await client.close();
        // Files PGlite created while open (new tables, segments) become the owner's too.
        try {
          restrictToOwner(location.dataDir!);
        } catch {
          // The store is closed either way; the next open tries again.
        }
        await lock.release();
      },
    });
    try {
      restrictToOwner(location.dataDir);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function migrated(client: SqlClient): Promise<Store> {
  try {
    await migrate(client);
    // Fresh planner statistics from the start (see createSqlStore on why PGlite needs them).
    await client.query('ANALYZE assistant_conversations');
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return createSqlStore(client);
}
