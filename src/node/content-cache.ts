import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { version } from '../../package.json';
import { DIALECT } from '../content/dialect.js';
import type { PageFacts } from '../content/read-page.js';
import { append } from '../util/arrays.js';

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

/** What this build salts its keys with: Quire's version and build, and the dialect. */
export const CONTENT_KEY_SALT = SALT;

/**
 * The cache key of a page file, from the hash of its bytes (`hashContent`, which the input record
 * of `quire validate` takes too: each page is hashed once) and {@link CONTENT_KEY_SALT}.
 */
export function contentKey(pageHash: string): string {
  return createHash('sha256').update(SALT).update(pageHash).digest('hex');
}

// The cache is a folder of packs (`content/<name>.pack`), each one v8-serialized list of entries,
// written whole under a temporary name and renamed into place: a run reads every pack when it
// starts and writes the entries it parses as new packs of at most PACK_BYTES. It was one file per
// page, which made a cold run create 5,000 files; on our 2-core machines, with a worker thread
// parsing beside it, creating a file took 0.8 ms instead of 30 us alone, and writing Firma's
// entries 3.5 of its 8 s (cold `quire validate`, timed in the process). A pack of Firma's 4,500
// entries is 4.5 MB, written in about 10 ms and read in 12-30 ms.
//
// Entries are v8-serialized for exactness, not speed: a warm run gives the facts of a cold one,
// `undefined` fields and frontmatter values JSON has no form for (`.inf`, `.nan`) included.
// Re-measured against JSON lines (one `key<TAB>json` line an entry, kept as strings) on
// firecrawl-docs (5,528 pages, 2026-11-27, 2 busy cores, 6 alternating runs each, medians):
// `quire validate --offline` took cold 16.3 s wall / 11.5 s CPU with v8 and 15.8 / 10.6 s with
// JSON, warm 7.9 / 5.9 s and 7.3 / 6.2 s, within the noise (CPU of one variant spread 3 s), while
// JSON's peak memory was 30 MB higher cold (356 against 326 MB) and 14 MB warm. In the process,
// JSON read all facts in 88 ms against 125 and wrote them in about the same time (150 against 137).

/** What a pack holds: its format, and each entry's key with the serialized facts. */
interface Pack {
  format: typeof PACK_FORMAT;
  entries: PackEntry[];
}

interface PackEntry {
  key: string;
  /** `serialize(facts)`, diagnostics without their file name: deserialized anew for each page that uses it. */
  facts: Uint8Array;
}

// 5: headings carry `textLine`, where they begin in the page's text.
// 4: a snippet's rendered uses carry `textLine`, where its text goes in the page's.
// 3: headings carry `element` and `toc`, and their ids follow the platform's two steps.
const PACK_FORMAT = 'quire content cache 5';

/**
 * Entries are written in packs of at most this size, as they come: a run does not keep what it
 * parsed for the end (a generated 25,000-page site's facts are 123 MB serialized).
 */
const PACK_BYTES = 16 * 1024 * 1024;

/**
 * A run writes packs of everything it used, and removes the packs it read, once there are this
 * many packs more than those would be, or more than half of what they hold went unused (pages
 * changed since, another build's entries): the cache stays about the size of one site's facts.
 * So a cache folder serves one site.
 */
const MOST_EXTRA_PACKS = 7;

/** An open content cache: the entries of the packs read, and what this run used and added. */
export interface ContentCache {
  /** The cache folder. */
  readonly dir: string;
  /**
   * Entries by key, from the packs read when it was opened. An entry is dropped once a page has
   * used it: its facts are then the page's, and the bytes would only hold memory.
   */
  readonly entries: Map<string, Uint8Array>;
  /** The packs read (paths), which a compaction replaces. */
  readonly packs: string[];
  /** The facts of the entries this run used, by key: for a page with the same bytes, and for a compaction. */
  readonly used: Map<string, PageFacts>;
  /** Bytes of the entries used. */
  usedBytes: number;
  /** Entries this run parsed and has not written yet. */
  readonly added: PackEntry[];
  /** Bytes of `added`. */
  addedBytes: number;
  /** The most bytes of entries a pack is written with ({@link PACK_BYTES}; less in tests). */
  readonly packBytes: number;
  /** Folders of the one-file-per-page layout of earlier versions, removed when the cache is saved. */
  readonly legacy: string[];
}

/**
 * Creates the cache folder and reads its packs, or gives `undefined` when the folder cannot be
 * created (a read-only checkout): the cache only saves time, so the run goes on without it. When
 * it creates `.quire`, it writes a `.gitignore` there that ignores everything, so no one commits
 * the cache. A pack that cannot be read whole (cut short, corrupt, of another format) is skipped.
 */
export async function openContentCache(
  dir: string,
  options: { packBytes?: number; onUnavailable?: (error: unknown) => void } = {},
): Promise<ContentCache | undefined> {
  const parent = path.dirname(dir);
  const content = path.join(dir, 'content');
  try {
    if (path.basename(parent) === '.quire') {
      const created = await mkdir(parent, { recursive: true });
      if (created !== undefined) await writeFile(path.join(parent, '.gitignore'), '*\n');
    }
    await mkdir(content, { recursive: true });
  } catch (error) {
    options.onUnavailable?.(error);
    return undefined;
  }
  const cache: ContentCache = {
    dir,
    entries: new Map(),
    packs: [],
    used: new Map(),
    usedBytes: 0,
    added: [],
    addedBytes: 0,
    packBytes: options.packBytes ?? PACK_BYTES,
    legacy: [],
  };
  let names: string[];
  try {
    names = readdirSync(content);
  } catch {
    return cache;
  }
  append(
    cache.legacy,
    names.filter((file) => /^[0-9a-f]{2}$/.test(file)).map((file) => path.join(content, file)),
  );
  // Oldest first (names start with the time they were written), so that an entry written again
  // (its old copy was not whole facts) replaces the old one.
  for (const name of names.filter((file) => file.endsWith('.pack')).sort()) {
    const file = path.join(content, name);
    cache.packs.push(file);
    let pack: unknown;
    try {
      pack = deserialize(readFileSync(file));
    } catch {
      // Cut short, not a pack, or removed by a concurrent run since the folder was listed.
      continue;
    }
    if (isPack(pack)) for (const entry of pack.entries) cache.entries.set(entry.key, entry.facts);
  }
  return cache;
}

/**
 * The cached facts of the page `key`, with `name` put back into its diagnostics, or `undefined`
 * when there is no entry or it is not whole facts (then the page is parsed and stored again).
 */
export function readCachedFacts(cache: ContentCache, key: string, name: string): PageFacts | undefined {
  const seen = cache.used.get(key);
  if (seen !== undefined) return withName(structuredClone(seen), name);
  const bytes = cache.entries.get(key);
  if (bytes === undefined) return undefined;
  cache.entries.delete(key);
  let facts: unknown;
  try {
    facts = deserialize(bytes);
  } catch {
    return undefined;
  }
  if (!isFacts(facts)) return undefined;
  cache.used.set(key, facts);
  cache.usedBytes += bytes.length;
  return withName(facts, name);
}

function withName(facts: PageFacts, name: string): PageFacts {
  facts.diagnostics = facts.diagnostics.map((diagnostic) => ({ ...diagnostic, file: name }));
  return facts;
}

/** An entry's bytes: the facts with diagnostics stored without their file name, which depends on the caller's folder. */
function entryBytes(facts: PageFacts): Uint8Array {
  return serialize({ ...facts, diagnostics: facts.diagnostics.map((diagnostic) => ({ ...diagnostic, file: '' })) });
}

/** Adds the facts of the page `key`; they are written in a pack once there are {@link PACK_BYTES}, or by {@link saveContentCache}. */
export function addCachedFacts(cache: ContentCache, key: string, facts: PageFacts, name: string): void {
  // A diagnostic about another file (none today) could not be given back its name: not stored.
  if (facts.diagnostics.some((diagnostic) => diagnostic.file !== name)) return;
  const bytes = entryBytes(facts);
  cache.added.push({ key, facts: bytes });
  cache.addedBytes += bytes.length;
  if (cache.addedBytes < cache.packBytes) return;
  writePack(cache.dir, cache.added.splice(0));
  cache.addedBytes = 0;
}

/**
 * Writes what this run added and has not written yet as a new pack, or (see
 * {@link MOST_EXTRA_PACKS}) packs of everything it used, and removes the packs it read. Never throws.
 */
export function saveContentCache(cache: ContentCache): void {
  for (const folder of cache.legacy) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Left as it is: no longer read.
    }
  }
  const needed = Math.max(1, Math.ceil(cache.usedBytes / cache.packBytes));
  const compact = cache.packs.length >= needed + MOST_EXTRA_PACKS || cache.entries.size > cache.used.size;
  if (!compact) {
    if (cache.added.length > 0) writePack(cache.dir, cache.added.splice(0));
    return;
  }
  const entries = [...[...cache.used].map(([key, facts]) => ({ key, facts: entryBytes(facts) })), ...cache.added.splice(0)];
  let pack: PackEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    pack.push(entry);
    bytes += entry.facts.length;
    if (bytes < cache.packBytes) continue;
    if (!writePack(cache.dir, pack)) return;
    pack = [];
    bytes = 0;
  }
  if (pack.length > 0 && !writePack(cache.dir, pack)) return;
  // A concurrent run that has not read these yet parses those pages again: the cache only saves time.
  for (const file of cache.packs) {
    try {
      rmSync(file, { force: true });
    } catch {
      // Left for the next compaction.
    }
  }
}

/**
 * Writes `entries` as a new pack, under a temporary name renamed into place, so that a
 * concurrent run reads it whole or not at all; false when it could not be written (the pages are
 * parsed again next time).
 */
function writePack(dir: string, entries: PackEntry[]): boolean {
  const name = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const target = path.join(dir, 'content', `${name}.pack`);
  const temporary = `${target}.tmp`;
  try {
    writeFileSync(temporary, serialize({ format: PACK_FORMAT, entries } satisfies Pack));
    renameSync(temporary, target);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written, or nothing can be.
    }
    return false;
  }
}

function isPack(value: unknown): value is Pack {
  if (typeof value !== 'object' || value === null || (value as Pack).format !== PACK_FORMAT || !Array.isArray((value as Pack).entries)) return false;
  return (value as Pack).entries.every(
    (entry) => typeof entry === 'object' && entry !== null && typeof entry.key === 'string' && entry.facts instanceof Uint8Array,
  );
}

/** True when `value` has the shape of facts: bytes that deserialize to something else are not facts. */
function isFacts(value: unknown): value is PageFacts {
  if (typeof value !== 'object' || value === null) return false;
  const facts = value as Partial<PageFacts>;
  const lists = [facts.headings, facts.ids, facts.links, facts.imports, facts.components, facts.diagnostics];
  return (
    lists.every(Array.isArray) &&
    typeof facts.text === 'string' &&
    typeof facts.words === 'number' &&
    (facts.diagnostics ?? []).every((diagnostic) => typeof diagnostic === 'object' && diagnostic !== null && typeof diagnostic.code === 'string')
  );
}

/**
 * The cache folder of a site, or `undefined` when the cache is off: `cacheDir` (relative to
 * `cwd`), else `.quire/cache` beside docs.json; off by default when run from the sources.
 */
export function cacheDirFor(root: string, cwd: string, options: { cache?: boolean; cacheDir?: string }): string | undefined {
  if (!(options.cache ?? (BUILT || options.cacheDir !== undefined))) return undefined;
  return options.cacheDir === undefined ? defaultCacheDir(root) : path.resolve(cwd, options.cacheDir);
}

/** The cache `loadSite` uses for a site (opened), or `undefined` when the cache is off or its folder cannot be created. */
export async function contentCacheFor(
  root: string,
  cwd: string,
  options: { cache?: boolean; cacheDir?: string; onCacheUnavailable?: (dir: string, error: unknown) => void },
): Promise<ContentCache | undefined> {
  const dir = cacheDirFor(root, cwd, options);
  if (dir === undefined) return undefined;
  return openContentCache(dir, { onUnavailable: (error) => options.onCacheUnavailable?.(dir, error) });
}
