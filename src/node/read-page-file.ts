import { readFile } from 'node:fs/promises';
import type { PageFacts } from '../content/read-page.js';
import { contentKey, readCachedFacts, writeCachedFacts } from './content-cache.js';
import { readPageBytes, unreadablePage } from './page-bytes.js';

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
}

/** A page file read, not parsed: its bytes and cache key, or its facts when they are already known. */
export type LookedUpPage = { result: PageFileResult } | { bytes: Uint8Array; key: string | undefined };

/**
 * Reads a page file's bytes and, with a cache, looks its facts up there. The facts are known
 * without parsing when they are cached, or when the file cannot be read (`content/unreadable`).
 */
export async function lookUpPageFile(task: PageFileTask, cacheDir: string | undefined): Promise<LookedUpPage> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(task.path);
  } catch (error) {
    return { result: { facts: unreadablePage(task.name, (error as Error).message), cached: false } };
  }
  if (cacheDir === undefined) return { bytes, key: undefined };
  const key = contentKey(bytes);
  const cached = await readCachedFacts(cacheDir, key, task.name);
  return cached ? { result: { facts: cached, cached: true } } : { bytes, key };
}

/** Parses a page's bytes (see `readPageBytes`) and stores the facts in the cache under `key`. Never throws. */
export async function parsePageFile(task: PageFileTask, bytes: Uint8Array, key: string | undefined, cacheDir: string | undefined): Promise<PageFileResult> {
  let facts: PageFacts;
  try {
    facts = readPageBytes(bytes, task.name);
  } catch (error) {
    // readPage reports what is wrong with a page as diagnostics; this is Quire failing on it.
    return { facts: unreadablePage(task.name, `Quire failed on it (${(error as Error).message}); please report it.`), cached: false };
  }
  if (cacheDir !== undefined && key !== undefined) await writeCachedFacts(cacheDir, key, facts, task.name);
  return { facts, cached: false };
}

/**
 * Reads one page file: its facts from the cache in `cacheDir` when an entry for its bytes is
 * there, else by parsing them (and storing them). Never throws: a file that cannot be read, or a
 * page the parser fails on, is a `content/unreadable` diagnostic.
 */
export async function readPageFile(task: PageFileTask, cacheDir: string | undefined): Promise<PageFileResult> {
  const page = await lookUpPageFile(task, cacheDir);
  return 'result' in page ? page.result : parsePageFile(task, page.bytes, page.key, cacheDir);
}
