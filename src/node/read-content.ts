import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { PageFacts } from '../content/read-page.js';
import { addCachedFacts, CONTENT_KEY_SALT, saveContentCache, type ContentCache } from './content-cache.js';
import { contentWorkerScript, startWorkerPool, type WorkerPool } from './content-workers.js';
import type { IgnoredFiles } from './ignore-files.js';
import { walkSiteFiles } from './site-files.js';
import { lookUpPageFile, parsePageFile, readPageFile, type PageFileResult, type PageFileTask } from './read-page-file.js';

export { MAX_PAGE_BYTES, readPageBytes } from '../content/page-bytes.js';

/** Every file of the site (pages, snippets, images, static files), relative to `root`, sorted. */
export async function listSiteFiles(root: string, ignored?: IgnoredFiles): Promise<string[]> {
  // Through symbolic links that stay inside the site; listPageFilesAndLinks reports the others.
  const { files } = await walkSiteFiles(root);
  return (ignored ? files.filter((file) => !ignored.ignores(file)) : files).sort();
}

/** Options of {@link readSiteContent}. */
export interface ReadSiteContentOptions {
  /** The name a file has in diagnostics. */
  fileName: (file: string) => string;
  /** Called as pages are read. */
  onProgress?: (done: number, total: number) => void;
  /** The content cache (see `openContentCache`), saved when the pages are read; none: every page is parsed. */
  cache?: ContentCache;
  /**
   * Worker threads to parse in. Default: {@link defaultWorkers} for the number of files, started
   * once there are {@link WORKERS_FROM} pages to parse; fewer are parsed in the main thread, as
   * all are when run from the TypeScript sources. A number starts that many for any page to
   * parse; 0 starts none.
   */
  workers?: number;
  /**
   * Keep each page's plain text (`PageFacts.text`). Default `true`; `false` gives `''` (the word
   * count stays), for a caller that checks and does not index: it is most of what the facts hold
   * (75 MB of a 25,000-page site's). The cache stores the text either way.
   */
  text?: boolean;
  /** The worker script; default the one built beside this module (see `contentWorkerScript`). */
  workerScript?: URL;
}

/** What {@link readSiteContent} read, and how. */
export interface SiteContent {
  /** The facts of each file, in the order of the files given. */
  facts: Map<string, PageFacts>;
  /** Pages whose facts came from the cache. */
  cached: number;
  /** Pages parsed (and stored in the cache, when it is on). */
  parsed: number;
  /** Worker threads that started (0: all in the main thread). */
  workers: number;
}

/**
 * Fewer pages to parse than this are parsed in the main thread. Starting two workers (threads that
 * load the parser) cost 0.45 s of CPU more than parsing 100 corpus pages in the main thread did,
 * about what parsing 100 pages costs; with two cores, workers pay off from about twice that.
 */
export const WORKERS_FROM = 200;

/**
 * Worker threads started by default for `files` pages: one per core, less the core of the main
 * thread, which reads the configuration and OpenAPI documents and takes the facts as they come;
 * at least one, and at most one for each {@link WORKERS_FROM} files, since each costs memory
 * (16 MB idle, 60 to 100 MB parsing) and the time to load the parser. On the 2-core machines
 * here, a second worker cost 60 MB more (337 MB against 277 MB peak on firecrawl-docs, cold) for
 * no time that showed beyond the noise of a busy machine. `cores` is `os.availableParallelism()`
 * unless given.
 */
export function defaultWorkers(files: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, Math.floor(files / WORKERS_FROM)));
}

/**
 * Pages the main thread reads (or looks up in the cache) between turns of the event loop, in
 * which workers' answers are taken, workers are given their next pages, and the configuration's
 * own reads go on.
 */
const TURN = 32;

/**
 * Reads and parses `files` (relative to `root`). The main thread reads each file and looks it up
 * in the cache; the pages to parse go to a pool of worker threads once there are
 * {@link WORKERS_FROM} of them (which read the files again themselves), or are parsed in the main
 * thread when fewer: a warm run starts no worker.
 */
export async function readSiteContent(root: string, files: readonly string[], options: ReadSiteContentOptions): Promise<SiteContent> {
  const { cache } = options;
  const tasks: PageFileTask[] = files.map((file) => ({ path: path.join(root, file), name: options.fileName(file) }));
  const results: (PageFileResult | undefined)[] = new Array(tasks.length);
  let done = 0;
  const take = (index: number, result: PageFileResult) => {
    if (cache !== undefined && result.store !== undefined) addCachedFacts(cache, result.store, result.facts, (tasks[index] as PageFileTask).name);
    // A copy: facts from the cache are the cache's own, kept for a later page and for compaction.
    results[index] = options.text === false && result.facts.text !== '' ? { ...result, facts: { ...result.facts, text: '' } } : result;
    options.onProgress?.(++done, tasks.length);
  };
  if (options.workers !== undefined && !(Number.isInteger(options.workers) && options.workers >= 0))
    throw new RangeError(`workers must be a whole number from 0, not ${options.workers}`);
  // No more workers than pages: a worker without a page would only load the parser.
  const size = Math.min(options.workers ?? defaultWorkers(files.length), files.length);
  const script = size > 0 ? (options.workerScript ?? contentWorkerScript()) : undefined;
  let pool: WorkerPool | undefined;
  let workers = 0;
  // Pages to parse while there are too few for the pool, with their bytes when read already.
  let toParse: { index: number; bytes?: Uint8Array; key?: string }[] = [];
  const parseLater = (page: { index: number; bytes?: Uint8Array; key?: string }) => {
    if (pool) return pool.read(page.index);
    toParse.push(page);
    if (script && toParse.length >= (options.workers === undefined ? WORKERS_FROM : 1)) {
      pool = startWorkerPool(tasks, { script, size, keySalt: cache === undefined ? undefined : CONTENT_KEY_SALT, onResult: take, onStart: () => workers++ });
      for (const waiting of toParse) pool.read(waiting.index);
      toParse = [];
    }
  };
  await inTurns(tasks.length, (index) => {
    // Without a cache, nothing is learnt from the bytes before parsing: the parser reads them.
    if (cache === undefined) return parseLater({ index });
    const page = lookUpPageFile(tasks[index] as PageFileTask, cache);
    if ('result' in page) take(index, page.result);
    else parseLater({ index, bytes: page.bytes, ...(page.key === undefined ? {} : { key: page.key }) });
  });
  const left = pool ? await pool.done() : [];
  await inTurns(toParse.length + left.length, (turn) => {
    const page = toParse[turn] ?? { index: left[turn - toParse.length] as number };
    const task = tasks[page.index] as PageFileTask;
    take(page.index, page.bytes ? parsePageFile(task, page.bytes, page.key) : readPageFile(task, cache));
  });
  if (cache !== undefined) saveContentCache(cache);
  const facts = new Map<string, PageFacts>();
  let cached = 0;
  files.forEach((file, index) => {
    const result = results[index] as PageFileResult;
    facts.set(file, result.facts);
    if (result.cached) cached++;
  });
  return { facts, cached, parsed: files.length - cached, workers };
}

/** Runs `work` for 0 to `count - 1`, giving the event loop a turn after every {@link TURN}. */
async function inTurns(count: number, work: (turn: number) => void): Promise<void> {
  for (let turn = 0; turn < count; turn++) {
    if (turn > 0 && turn % TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    work(turn);
  }
}
