import { readFileSync } from 'node:fs';
import type { PageFacts } from '../content/read-page.js';
import { contentKey, readCachedFacts, type ContentCache } from './content-cache.js';
import { readPageBytes, unreadablePage } from '../content/page-bytes.js';
import { nodePageParsers } from './native-parser.js';

/** One page file to read: where it is and the name its diagnostics carry. */
export interface PageFileTask {
  /** Absolute path. */
  path: string;
  /** The file's name in diagnostics (relative to the caller's folder). */
  name: string;
}

/** What {@link readPageFile} gives: the facts, and whether they came from the cache. */
export interface PageFileResult {
  facts: PageFacts;
  cached: boolean;
  /**
   * The cache key to store parsed facts under (see `addCachedFacts`); absent when they came
   * from the cache or there is none. The thread that takes the results adds them to the cache.
   */
  store?: string;
}

/** A page file read, not parsed: its bytes and cache key, or its facts when they are already known. */
export type LookedUpPage = { result: PageFileResult } | { bytes: Uint8Array; key: string | undefined };

/**
 * Reads a page file's bytes and, with a cache, looks its facts up there. The facts are known
 * without parsing when they are cached, or when the file cannot be read (`content/unreadable`).
 *
 * Files are read with the synchronous calls. A page is a few kilobytes and a site has thousands:
 * with `fs/promises` a worker spent more time opening, reading, closing and waiting than reading
 * (openFileHandle alone 1.6 s and the waits 5.6 s of its 40 s on firecrawl-docs, cpu profile),
 * and a worker thread has nothing else to do while it reads.
 */
export function lookUpPageFile(task: PageFileTask, cache: ContentCache | undefined): LookedUpPage {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(task.path);
  } catch (error) {
    return { result: { facts: unreadablePage(task.name, (error as Error).message), cached: false } };
  }
  if (cache === undefined) return { bytes, key: undefined };
  const key = contentKey(bytes);
  const cached = readCachedFacts(cache, key, task.name);
  return cached ? { result: { facts: cached, cached: true } } : { bytes, key };
}

/** Parses a page's bytes (see `readPageBytes`), to be stored under `key` when there is one. Never throws. */
export function parsePageFile(task: PageFileTask, bytes: Uint8Array, key: string | undefined): PageFileResult {
  let facts: PageFacts;
  try {
    facts = readPageBytes(bytes, task.name, nodePageParsers());
  } catch (error) {
    // readPage reports what is wrong with a page as diagnostics; this is Quire failing on it.
    return { facts: unreadablePage(task.name, `Quire failed on it (${(error as Error).message}); please report it.`), cached: false };
  }
  return key === undefined ? { facts, cached: false } : { facts, cached: false, store: key };
}

/**
 * Reads one page file: its facts from `cache` when an entry for its bytes is there, else by
 * parsing them (with the key to store them under). Never throws: a file that cannot be read, or a
 * page the parser fails on, is a `content/unreadable` diagnostic.
 */
export function readPageFile(task: PageFileTask, cache: ContentCache | undefined): PageFileResult {
  const page = lookUpPageFile(task, cache);
  return 'result' in page ? page.result : parsePageFile(task, page.bytes, page.key);
}

/**
 * Reads and parses one page file, in a worker thread: keyed with the caller's `salt` (see
 * `contentKey`) when the caller has a cache, from the bytes parsed (the file may have changed
 * since the caller read it). Never throws.
 */
export function parsePageFileFor(task: PageFileTask, salt: string | undefined): PageFileResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(task.path);
  } catch (error) {
    return { facts: unreadablePage(task.name, (error as Error).message), cached: false };
  }
  return parsePageFile(task, bytes, salt === undefined ? undefined : contentKey(bytes, salt));
}
