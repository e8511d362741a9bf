import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { unreadablePage } from '../content/page-bytes.js';
import type { PageFileResult, PageFileTask } from './read-page-file.js';
import { append } from '../util/arrays.js';

/** What a content worker is started with. */
export interface ContentWorkerData {
  /** What the caller salts cache keys with (see `contentKey`), when its cache is on. */
  keySalt: string | undefined;
}

/** A page file sent to a worker, with its index in the list being read. */
export interface ContentWorkerTask extends PageFileTask {
  id: number;
}

/** What a worker posts: that it has started, or one page's result. */
export type ContentWorkerReply = { type: 'ready' } | { type: 'result'; id: number; result: PageFileResult };

/**
 * Pages sent to a worker ahead of its answers, so that it never waits for the next one: the
 * main thread, which sends them as answers come, is busy for a while now and then (reading the
 * configuration).
 */
const AHEAD = 16;

/**
 * The built worker script, or `undefined` when this module runs from the TypeScript sources (the
 * tests), which have no script a worker can run: pages are then read in the main thread.
 * The script is `dist/content-worker.js`; this module is bundled into `dist/` itself, or into
 * `dist/node/` or `dist/cli/`, so it is looked for beside this file and one folder up.
 */
export function contentWorkerScript(): URL | undefined {
  // The CommonJS build has no import.meta: there the module's own file name stands in for it.
  const here = import.meta.url ?? pathToFileURL(__filename).href;
  if (/\.[cm]?ts$/.test(here)) return undefined;
  const candidates = [new URL('./content-worker.js', here), new URL('../content-worker.js', here)];
  return candidates.find((candidate) => existsSync(fileURLToPath(candidate)));
}

/** Options of {@link startWorkerPool}. */
export interface WorkerPoolOptions {
  /** The worker script (see {@link contentWorkerScript}). */
  script: URL;
  /** Workers to start. */
  size: number;
  /** What to key results with (see `contentKey`); none without a cache. */
  keySalt: string | undefined;
  /** Worker heap limits; default: the young generation at 16 MB (see `YOUNG_GENERATION_MB`). */
  resourceLimits?: ResourceLimits;
  /** Called when a worker has started. */
  onStart?: () => void;
  /** Called with each task's index and result, as they come. */
  onResult: (index: number, result: PageFileResult) => void;
}

/** A pool of content workers: pages are added as they are found, and {@link WorkerPool.done} waits for all. */
export interface WorkerPool {
  /** Sends the task of this index to a worker. */
  read(index: number): void;
  /**
   * No more tasks: resolves once every task added is answered, with the indexes of those left
   * undone, for the caller to read in its own thread: all of them when no worker started (the
   * script missing from a bundle that copied this module alone), the rest when workers kept stopping.
   */
  done(): Promise<number[]>;
}

/**
 * A worker's young generation, where a page's syntax tree lives and dies. Measured on
 * firecrawl-docs (cold, one worker, cpu profile): at 8 MB the worker spent a third of its time
 * collecting garbage (10.3 s), at 16 MB 6.9 s for the same peak memory (315 MB); V8's default
 * took 4.4 s but 60 MB more.
 */
const YOUNG_GENERATION_MB = 16;

interface Slot {
  worker: Worker;
  /** Indexes of the tasks sent and not answered, oldest first: the first is the one being read. */
  sent: number[];
  ready: boolean;
  /** Terminated by the pool, its work done. */
  retired: boolean;
  error: Error | undefined;
}

/**
 * Starts `options.size` worker threads that read `tasks` as they are added, each reading, hashing
 * and parsing the files itself (paths are sent, not bytes). A worker that stops while reading a
 * page (out of memory, a crash in the parser) gives that page `content/unreadable`; the pages sent
 * to it after that one go to another worker, started in its place. Never leaves a worker running.
 */
export function startWorkerPool(tasks: readonly PageFileTask[], options: WorkerPoolOptions): WorkerPool {
  // Added and not sent yet, in order; `retried` (pages a stopped worker held) go first.
  const queue: number[] = [];
  let head = 0;
  const retried: number[] = [];
  const live = new Set<Slot>();
  let closed = false;
  let settled = false;
  // Pages that stopped a worker: past this many, no worker is started in place of one that stops.
  let stops = 0;
  let resolveDone: (left: number[]) => void = () => undefined;
  const whenDone = new Promise<number[]>((resolve) => {
    resolveDone = resolve;
  });
  const next = () => (retried.length > 0 ? retried.pop() : head < queue.length ? queue[head++] : undefined);
  const retire = (slot: Slot) => {
    if (slot.retired) return;
    slot.retired = true;
    void slot.worker.terminate();
  };
  const working = () => [...live].filter((slot) => !slot.retired);
  // Once closed: done when no worker holds a page and none is queued, or no worker is left to read it.
  const settle = () => {
    if (!closed || settled) return;
    const workers = working();
    const queued = retried.length > 0 || head < queue.length;
    if (workers.some((slot) => slot.sent.length > 0) || (queued && workers.length > 0)) return;
    settled = true;
    for (const slot of live) retire(slot);
    const left: number[] = [];
    for (let index = next(); index !== undefined; index = next()) left.push(index);
    resolveDone(left);
  };
  const answer = (index: number, result: PageFileResult) => {
    options.onResult(index, result);
    settle();
  };
  const feed = (slot: Slot) => {
    if (slot.retired) return;
    while (slot.sent.length < AHEAD) {
      const index = next();
      if (index === undefined) break;
      slot.sent.push(index);
      slot.worker.postMessage({ ...(tasks[index] as PageFileTask), id: index } satisfies ContentWorkerTask);
    }
    if (closed && slot.sent.length === 0) retire(slot);
  };
  const start = () => {
    const worker = new Worker(options.script, {
      workerData: { keySalt: options.keySalt } satisfies ContentWorkerData,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const slot: Slot = { worker, sent: [], ready: false, retired: false, error: undefined };
    live.add(slot);
    worker.on('message', (reply: ContentWorkerReply) => {
      if (reply.type === 'ready') {
        slot.ready = true;
        options.onStart?.();
        return;
      }
      const index = slot.sent.shift();
      if (index !== reply.id) throw new Error(`content worker answered page ${reply.id}, expected ${index}`);
      answer(index, reply.result);
      feed(slot);
    });
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', (code) => {
      live.delete(slot);
      if (slot.retired) return;
      // Stopped while reading: the page it was reading is reported, the others it held go back.
      // A worker that never started blames no page (the script or the platform is at fault).
      const reading = slot.ready ? slot.sent.shift() : undefined;
      append(retried, slot.sent.reverse());
      slot.sent = [];
      if (reading !== undefined) {
        stops++;
        const why = slot.error ? slot.error.message : `exit code ${code}`;
        options.onResult(reading, {
          facts: unreadablePage(tasks[reading]?.name ?? '', `the worker thread reading it stopped (${why}); please report it.`),
          cached: false,
        });
        if (stops <= options.size) start();
      }
      for (const other of working()) feed(other);
      settle();
    });
    feed(slot);
  };
  for (let count = 0; count < options.size; count++) start();
  return {
    read(index) {
      if (closed) throw new Error('the worker pool is closed');
      queue.push(index);
      for (const slot of working()) {
        if (slot.sent.length < AHEAD) {
          feed(slot);
          break;
        }
      }
    },
    done() {
      closed = true;
      for (const slot of working()) feed(slot);
      settle();
      return whenDone;
    },
  };
}
