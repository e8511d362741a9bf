import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CONTENT_KEY_SALT } from './content-cache.js';
import type { LoadedSite } from './load-site.js';

// `quire dev` serves its first page from the site's outline (its navigation, endpoint pages and
// frontmatter), which takes a site of 5,000 pages 2 s to make: every file listed and read, the
// OpenAPI documents expanded. The outline of the last run, kept in the cache folder, serves the
// first page at once; the outline made meanwhile replaces it, and a page it served that the
// checked site shows otherwise reloads in the browser.

const FILE = 'dev-outline.v8';

/**
 * What an outline snapshot is valid for: this build of Quire, the site's docs.json (its bytes)
 * and the options that change what the outline holds. A page added, retitled or moved since is
 * not in it; the caller replaces the snapshot's answers with the site's own once it has them.
 */
export function outlineSnapshotKey(docsJson: string, options: { strict: boolean; offline: boolean }): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(docsJson);
  } catch {
    return undefined;
  }
  return createHash('sha256')
    .update(CONTENT_KEY_SALT)
    .update(JSON.stringify({ docsJson: path.resolve(docsJson), strict: options.strict, offline: options.offline }))
    .update(bytes)
    .digest('hex');
}

/** The outline kept in `cacheDir` under `key`, or `undefined` (none, another key, unreadable). */
export function readOutlineSnapshot<Site extends LoadedSite>(cacheDir: string, key: string): Site | undefined {
  try {
    const kept = deserialize(readFileSync(path.join(cacheDir, FILE))) as { key?: unknown; site?: Site };
    return kept.key === key && kept.site !== undefined ? kept.site : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `site`'s outline in `cacheDir` under `key`, written whole or not at all (a temporary file
 * renamed). The texts of the files its diagnostics name are left out. Failing to write is not an
 * error: the next run makes its outline as this one did.
 */
export function writeOutlineSnapshot(cacheDir: string, key: string, site: LoadedSite): void {
  const target = path.join(cacheDir, FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(temporary, serialize({ key, site: { ...site, sources: {} } }));
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
  }
}
