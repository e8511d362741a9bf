import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { version } from '../../package.json';
import { DIALECT } from '../content/dialect.js';
import type { PageFacts } from '../content/read-page.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ParsedFrontmatter } from '../frontmatter/frontmatter.js';
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

// The cache is a folder of packs (`content/<name>.pack`), each a list of entries, written under a
// temporary name and renamed into place once whole: a run reads every pack when it starts and
// writes the entries it parses to a new pack as it parses them, starting another past PACK_BYTES.
// It was one file per page, which made a cold run create 5,000 files; on our 2-core machines, with
// a worker thread parsing beside it, creating a file took 0.8 ms instead of 30 us alone, and
// writing Firma's entries 3.5 of its 8 s (cold `quire validate`, timed in the process).
//
// A pack is its format line, then each entry as the length of its key (4 bytes, little-endian),
// the key, the length of its facts and the facts, v8-serialized for exactness, not speed: a warm
// run gives the facts of a cold one, `undefined` fields and frontmatter values JSON has no form for
// (`.inf`, `.nan`) included. Re-measured against JSON lines on firecrawl-docs (5,528 pages,
// 2026-11-27, busy cores, 6 alternating runs each), v8 and JSON were within the noise in time,
// while JSON's peak memory was 30 MB higher cold and 14 MB warm. Entries were first kept until a
// pack's worth was parsed and then serialized as one list: holding those 16 MB and their copy
// cost 40-50 MB of peak memory on the same site, since memory freed outside V8's heap is not
// given back to the system while the compile runs (cold, with the cache: 230-245 MB; 179-186 MB once
// each entry went to the file as it came, with the heap flags of src/cli/heap.ts).

/** The first bytes of a pack: what it is and the format of its entries. */
const PACK_HEADER = Buffer.from('quire content cache 6\n');

/** What an entry holds: a page's facts, or the parse of a frontmatter block. */
type CachedValue = { diagnostics: Diagnostic[] } & (PageFacts | ParsedFrontmatter);

/** An entry of a pack: a page's key and its facts. */
export interface PackEntry {
  key: string;
  /** `serialize(facts)`, diagnostics without their file name: deserialized anew for each page that uses it. */
  facts: Uint8Array;
}

/** A pack being written: its file, open under a temporary name, and the bytes of entries in it. */
interface PackWriter {
  readonly fd: number;
  readonly temporary: string;
  readonly target: string;
  bytes: number;
}

/**
 * A pack is closed and another begun once it holds this many bytes of entries, so that a
 * compaction (see {@link MOST_EXTRA_PACKS}) has packs to count (a generated 25,000-page site's facts
 * are 123 MB serialized).
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
  /** The facts (or frontmatter parses) of the entries this run used, by key: for a page with the same bytes, and for a compaction. */
  readonly used: Map<string, CachedValue>;
  /** Bytes of the entries used. */
  usedBytes: number;
  /** The pack this run writes the entries it parses to, once it has parsed one. */
  writer: PackWriter | undefined;
  /** False once a pack could not be written: the run goes on without writing more. */
  writable: boolean;
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
    writer: undefined,
    writable: true,
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
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      // Removed by a concurrent run since the folder was listed.
      continue;
    }
    // Cut short, not a pack, or of another format: skipped whole.
    for (const entry of packEntries(bytes) ?? []) cache.entries.set(entry.key, entry.facts);
  }
  return cache;
}

/**
 * The key of a frontmatter block's parse (`parseFrontmatter`): its own space beside the pages'
 * keys ({@link contentKey}), salted the same way.
 */
export function frontmatterKey(block: string): string {
  return `${FRONTMATTER_KEY_PREFIX}${createHash('sha256').update(SALT).update(block).digest('hex')}`;
}

/** What the keys of frontmatter entries start with ({@link frontmatterKey}); a page's key is hexadecimal alone. */
export const FRONTMATTER_KEY_PREFIX = 'frontmatter:';

/**
 * The cached facts of the page `key`, with `name` put back into its diagnostics, or `undefined`
 * when there is no entry or it is not whole facts (then the page is parsed and stored again).
 */
export function readCachedFacts(cache: ContentCache, key: string, name: string): PageFacts | undefined {
  return readCached(cache, key, name, isFacts);
}

/** The cached parse of a frontmatter block ({@link frontmatterKey}), as {@link readCachedFacts} reads a page's facts. */
export function readCachedFrontmatter(cache: ContentCache, key: string, name: string): ParsedFrontmatter | undefined {
  return readCached(cache, key, name, isParsedFrontmatter);
}

function readCached<T extends CachedValue>(cache: ContentCache, key: string, name: string, isValue: (value: unknown) => value is T): T | undefined {
  const seen = cache.used.get(key);
  if (seen !== undefined) return isValue(seen) ? withName(structuredClone(seen), name) : undefined;
  const bytes = cache.entries.get(key);
  if (bytes === undefined) return undefined;
  cache.entries.delete(key);
  let value: unknown;
  try {
    value = deserialize(bytes);
  } catch {
    return undefined;
  }
  if (!isValue(value)) return undefined;
  cache.used.set(key, value);
  cache.usedBytes += bytes.length;
  return withName(value, name);
}

function withName<T extends CachedValue>(value: T, name: string): T {
  value.diagnostics = value.diagnostics.map((diagnostic) => ({ ...diagnostic, file: name }));
  return value;
}

/** An entry's bytes: the value with diagnostics stored without their file name, which depends on the caller's folder. */
function entryBytes(value: CachedValue): Uint8Array {
  return serialize({ ...value, diagnostics: value.diagnostics.map((diagnostic) => ({ ...diagnostic, file: '' })) });
}

/** Adds the parse of a frontmatter block ({@link frontmatterKey}) to the pack this run writes, as {@link addCachedFacts} does a page's facts. */
export function addCachedFrontmatter(cache: ContentCache, key: string, parsed: ParsedFrontmatter, name: string): void {
  addCached(cache, key, parsed, name);
}

/** Adds the facts of the page `key` to the pack this run writes, beginning another past {@link PACK_BYTES}. */
export function addCachedFacts(cache: ContentCache, key: string, facts: PageFacts, name: string): void {
  addCached(cache, key, facts, name);
}

function addCached(cache: ContentCache, key: string, facts: CachedValue, name: string): void {
  // A diagnostic about another file (none today) could not be given back its name: not stored.
  if (facts.diagnostics.some((diagnostic) => diagnostic.file !== name)) return;
  if (!cache.writable) return;
  cache.writer ??= openPack(cache.dir);
  if (cache.writer === undefined || !writeEntry(cache.writer, { key, facts: entryBytes(facts) })) {
    cache.writable = false;
    return;
  }
  if (cache.writer.bytes >= cache.packBytes) closePack(cache);
}

/**
 * Puts the pack of what this run parsed in place, and (see {@link MOST_EXTRA_PACKS}) writes packs of
 * everything it used and removes the packs it read. Never throws.
 */
export function saveContentCache(cache: ContentCache): void {
  for (const folder of cache.legacy) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Left as it is: no longer read.
    }
  }
  if (!closePack(cache)) return;
  const needed = Math.max(1, Math.ceil(cache.usedBytes / cache.packBytes));
  const compact = cache.packs.length >= needed + MOST_EXTRA_PACKS || cache.entries.size > cache.used.size;
  if (!compact) return;
  // What this run parsed is in packs it wrote, which are not among those read: they stay.
  for (const [key, facts] of cache.used) {
    cache.writer ??= openPack(cache.dir);
    if (cache.writer === undefined || !writeEntry(cache.writer, { key, facts: entryBytes(facts) })) return abandonPack(cache);
    if (cache.writer.bytes >= cache.packBytes && !closePack(cache)) return;
  }
  if (!closePack(cache)) return;
  // A concurrent run that has not read these yet parses those pages again: the cache only saves time.
  for (const file of cache.packs) {
    try {
      rmSync(file, { force: true });
    } catch {
      // Left for the next compaction.
    }
  }
}

/** Opens a new pack under a temporary name, or `undefined` when it cannot be created (the pages are parsed again next time). */
function openPack(dir: string): PackWriter | undefined {
  const name = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const target = path.join(dir, 'content', `${name}.pack`);
  const temporary = `${target}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    const writer = { fd, temporary, target, bytes: 0 };
    if (writeAll(fd, PACK_HEADER)) return writer;
    discard(writer);
  } catch {
    // Not created: nothing to remove.
  }
  return undefined;
}

/** Appends an entry to a pack; false when it could not be written. */
function writeEntry(writer: PackWriter, entry: PackEntry): boolean {
  if (!writeAll(writer.fd, entryRecord(entry))) return false;
  writer.bytes += entry.facts.length;
  return true;
}

function writeAll(fd: number, bytes: Uint8Array): boolean {
  try {
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
    return true;
  } catch {
    return false;
  }
}

/**
 * Closes the pack being written and renames it into place, so that a concurrent run reads it
 * whole or not at all; false when it could not be (it is removed, and the run writes no more).
 */
function closePack(cache: ContentCache): boolean {
  const writer = cache.writer;
  if (writer === undefined) return cache.writable;
  cache.writer = undefined;
  try {
    closeSync(writer.fd);
    renameSync(writer.temporary, writer.target);
    return true;
  } catch {
    discard(writer);
    cache.writable = false;
    return false;
  }
}

/** Stops writing: the pack being written is removed. */
function abandonPack(cache: ContentCache): void {
  if (cache.writer !== undefined) discard(cache.writer);
  cache.writer = undefined;
  cache.writable = false;
}

function discard(writer: PackWriter): void {
  try {
    closeSync(writer.fd);
  } catch {
    // Closed already.
  }
  try {
    rmSync(writer.temporary, { force: true });
  } catch {
    // Nothing was written, or nothing can be.
  }
}

/** An entry as a pack holds it: the lengths of its key and facts before each. */
function entryRecord(entry: PackEntry): Buffer {
  const key = Buffer.from(entry.key);
  const record = Buffer.allocUnsafe(8 + key.length + entry.facts.length);
  record.writeUInt32LE(key.length, 0);
  key.copy(record, 4);
  record.writeUInt32LE(entry.facts.length, 4 + key.length);
  record.set(entry.facts, 8 + key.length);
  return record;
}

/** The bytes of a pack of `entries` (for tests: a run writes its packs an entry at a time). */
export function packOf(entries: readonly PackEntry[]): Buffer {
  return Buffer.concat([PACK_HEADER, ...entries.map(entryRecord)]);
}

/** The entries of a pack's bytes, or `undefined` when they are not a whole pack of this format. */
export function packEntries(bytes: Buffer): PackEntry[] | undefined {
  if (bytes.length < PACK_HEADER.length || !bytes.subarray(0, PACK_HEADER.length).equals(PACK_HEADER)) return undefined;
  const entries: PackEntry[] = [];
  let at = PACK_HEADER.length;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) return undefined;
    const keyLength = bytes.readUInt32LE(at);
    const factsAt = at + 4 + keyLength + 4;
    if (factsAt > bytes.length) return undefined;
    const factsLength = bytes.readUInt32LE(factsAt - 4);
    if (factsAt + factsLength > bytes.length) return undefined;
    entries.push({ key: bytes.toString('utf8', at + 4, at + 4 + keyLength), facts: bytes.subarray(factsAt, factsAt + factsLength) });
    at = factsAt + factsLength;
  }
  return entries;
}

/** True when `value` has the shape of a frontmatter parse: `data` an object or absent, and diagnostics. */
function isParsedFrontmatter(value: unknown): value is ParsedFrontmatter {
  if (typeof value !== 'object' || value === null) return false;
  const parsed = value as Partial<ParsedFrontmatter>;
  return (
    (parsed.data === undefined || (typeof parsed.data === 'object' && parsed.data !== null)) &&
    Array.isArray(parsed.diagnostics) &&
    parsed.diagnostics.every((diagnostic) => typeof diagnostic === 'object' && diagnostic !== null && typeof diagnostic.code === 'string')
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
