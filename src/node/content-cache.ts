import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { version } from '../../package.json';
import { DIALECT } from '../content/dialect.js';
import type { PageFacts } from '../content/read-page.js';

// A hash of the sources, defined by the build (tsup.config.ts): facts change whenever the code that
// reads pages does, and a rebuilt Quire of the same version must not read the facts of the last one.
declare const __QUIRE_BUILD_ID__: string;

/**
 * Whether this module runs from a build. From the TypeScript sources (the tests) there is no build
 * id to key entries with, so the cache is off unless asked for.
 */
export const BUILT = typeof __QUIRE_BUILD_ID__ === 'string';

/** Everything besides the file's bytes that its facts depend on. */
const SALT = `quire ${version}\0${DIALECT}\0${BUILT ? __QUIRE_BUILD_ID__ : 'sources'}\0`;

/** The default cache folder of a site: `.quire/cache`, beside docs.json. */
export function defaultCacheDir(root: string): string {
  return path.join(root, '.quire', 'cache');
}

/**
 * Creates the cache folder and returns it, or `undefined` when it cannot be created (a read-only
 * checkout): the cache only saves time, so the run goes on without it. When it creates `.quire`,
 * it writes a `.gitignore` there that ignores everything, so no one commits the cache.
 */
export async function openContentCache(dir: string): Promise<string | undefined> {
  const parent = path.dirname(dir);
  try {
    if (path.basename(parent) === '.quire') {
      const created = await mkdir(parent, { recursive: true });
      if (created !== undefined) await writeFile(path.join(parent, '.gitignore'), '*\n');
    }
    await mkdir(path.join(dir, 'content'), { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}

/** The cache key of a page file: a hash of its bytes, Quire's version and build, and the dialect. */
export function contentKey(bytes: Uint8Array): string {
  return createHash('sha256').update(SALT).update(bytes).digest('hex');
}

/** Where the entry of `key` is: 256 folders by the key's first two digits, as Git stores objects. */
function entryPath(dir: string, key: string): string {
  return path.join(dir, 'content', key.slice(0, 2), `${key}.bin`);
}

/** What an entry holds: the key again (a file copied or cut short does not pass for another) and the facts. */
interface CacheEntry {
  key: string;
  facts: PageFacts;
}

/**
 * The cached facts of the page `key`, with `name` put back into its diagnostics, or `undefined`
 * when there is no entry or it is not one this Quire wrote whole (then it is parsed and written again).
 * Entries are read and written with the synchronous calls: they are small and many, and in a
 * worker thread or between the main thread's other work the promise calls cost more than the
 * reads (see `readPageFile`).
 */
export function readCachedFacts(dir: string, key: string, name: string): PageFacts | undefined {
  let entry: unknown;
  try {
    entry = deserialize(readFileSync(entryPath(dir, key)));
  } catch {
    return undefined;
  }
  if (!isEntry(entry, key)) return undefined;
  const facts = entry.facts;
  facts.diagnostics = facts.diagnostics.map((diagnostic) => ({ ...diagnostic, file: name }));
  return facts;
}

/**
 * Stores the facts of the page `key`. Diagnostics are stored without their file name, which
 * depends on the caller's folder. Written to a file of its own, then renamed into place, so that a
 * concurrent run reads the old entry, the new one or none, never half of one; a failed write
 * changes nothing (the page is parsed again next time).
 */
export function writeCachedFacts(dir: string, key: string, facts: PageFacts, name: string): void {
  // A diagnostic about another file (none today) could not be given back its name: not stored.
  if (facts.diagnostics.some((diagnostic) => diagnostic.file !== name)) return;
  const entry: CacheEntry = { key, facts: { ...facts, diagnostics: facts.diagnostics.map((diagnostic) => ({ ...diagnostic, file: '' })) } };
  const target = entryPath(dir, key);
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const bytes = serialize(entry);
    try {
      writeFileSync(temporary, bytes);
    } catch (error) {
      // The entry's folder is made when it is missing, not tried before every entry.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(temporary, bytes);
    }
    renameSync(temporary, target);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written, or nothing can be: the page is parsed again next time.
    }
  }
}

/** True when `value` is a whole entry for `key`: bytes that deserialize to something else are not facts. */
function isEntry(value: unknown, key: string): value is CacheEntry {
  if (typeof value !== 'object' || value === null || (value as CacheEntry).key !== key) return false;
  const facts = (value as CacheEntry).facts as Partial<PageFacts> | undefined;
  if (typeof facts !== 'object' || facts === null) return false;
  const lists = [facts.headings, facts.ids, facts.links, facts.imports, facts.components, facts.diagnostics];
  return lists.every(Array.isArray) && typeof facts.text === 'string' && typeof facts.words === 'number' && (facts.diagnostics ?? []).every((diagnostic) => typeof diagnostic === 'object' && diagnostic !== null && typeof diagnostic.code === 'string');
}

/** The cache folder `loadSite` uses for a site (created), or `undefined` when the cache is off or cannot be created. */
export async function contentCacheDir(root: string, cwd: string, options: { cache?: boolean; cacheDir?: string }): Promise<string | undefined> {
  if (!(options.cache ?? (BUILT || options.cacheDir !== undefined))) return undefined;
  return openContentCache(options.cacheDir === undefined ? defaultCacheDir(root) : path.resolve(cwd, options.cacheDir));
}
