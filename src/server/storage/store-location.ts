import { resolve } from 'node:path';
import type { StoreLocation } from './open-store.js';

/** The embedded database's folder when none is given, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.quire/data';

/**
 * Where `quire serve` and `quire keys` keep data: `--database-url`, else `DATABASE_URL`, else the
 * PGlite folder `--data-dir`, else `QUIRE_DATA_DIR`, else `.quire/data`.
 */
export function resolveStoreLocation(
  flags: { databaseUrl?: string | undefined; dataDir?: string | undefined },
  env: NodeJS.ProcessEnv,
  cwd: string,
): Required<Pick<StoreLocation, 'dataDir'>> | Required<Pick<StoreLocation, 'databaseUrl'>> {
  const databaseUrl = flags.databaseUrl ?? env.DATABASE_URL;
  if (databaseUrl) return { databaseUrl };
  return { dataDir: resolve(cwd, flags.dataDir ?? env.QUIRE_DATA_DIR ?? DEFAULT_DATA_DIR) };
}

/** How to name the location in messages: never the URL's password. */
export function describeStoreLocation(location: StoreLocation): string {
  if (location.databaseUrl) {
    try {
      const url = new URL(location.databaseUrl);
      return `PostgreSQL at ${url.hostname || 'localhost'}${url.port ? `:${url.port}` : ''}${url.pathname}`;
    } catch {
      return 'PostgreSQL (DATABASE_URL)';
    }
  }
  return location.dataDir ? `PGlite in ${location.dataDir}` : 'PGlite in memory';
}
