import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Root } from 'mdast';
import { parseWithReference } from '../content/dialect.js';
import type { ReferenceOutcome } from '../content/parse-page.js';
import type { ParseMessage } from '../content/syntax-error.js';

/**
 * How much CPU time the reference parser may take to confirm a refusal (its thread's: measured
 * as the process's while this thread waits, so a busy machine gives the same answers as an idle
 * one). Past it the native parser's refusal stands. remark's time grows faster than a page's size on some text: a 131 KB page of
 * 128,000 braces took it minutes, 80 KB of `{{…}}` groups over a minute, where satteri refuses
 * them in milliseconds. Of the 581 corpus pages satteri refuses, the slowest for the reference
 * (iii's helpers-python.mdx, 32 KB) takes it 0.2 s on a loaded machine. 0.6 s, so that a page
 * the reference cannot read, with its thread's start and satteri's parse, stays within the second
 * of CPU a page may take (bench/hostile.mjs: 0.8 s; with a budget of 1 s, 1.3 to 1.6 s).
 */
export const CONFIRM_BUDGET_MS = 600;

/** How much CPU time the confirming thread may take to start (load the reference parser), and its wall time. */
const START_MS = 10_000;
const START_WALL_MS = 60_000;

/** What the reference thread is started with. */
export interface ReferenceWorkerData {
  port: MessagePort;
  /** Counted up after each answer. */
  signal: Int32Array;
}

/** What the reference thread answers: that it is ready, the tree, or the error's parts. */
export type ReferenceReply = { ready: true; tid?: number } | { tree: Root } | { error: ParseMessage & { rangeError: boolean } };

interface Confirmer {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  /** Where Linux counts the thread's CPU time (`/proc/self/task/<tid>/stat`), once it has said its id. */
  stat?: string;
}

let confirmer: Confirmer | undefined;
/** The thread failed to start once: it is not tried again (each try blocks for up to {@link START_WALL_MS}). */
let unavailable = false;

/**
 * The built script of the reference thread: `dist/reference-worker.js`, beside this module's
 * bundle or one folder up; from the TypeScript sources (the tests), the build's.
 */
function referenceWorkerScript(): URL | undefined {
  // The CommonJS build has no import.meta: there the module's own file name stands in for it.
  const here = import.meta.url ?? pathToFileURL(__filename).href;
  const candidates = /\.[cm]?ts$/.test(here)
    ? [new URL('../../dist/reference-worker.js', here)]
    : [new URL('./reference-worker.js', here), new URL('../reference-worker.js', here)];
  return candidates.find((candidate) => existsSync(fileURLToPath(candidate)));
}

/**
 * How many times its CPU budget the reference may take in wall time, on a machine so busy that
 * the thread gets a twentieth of a core or less: past it, the refusal stands whatever the thread
 * has used.
 */
const WALL_FACTOR = 20;

/** How often the wait looks at the CPU time used. */
const SLICE_MS = 25;

/**
 * Waits, blocking this thread, for the next answer of `confirmer`, while the process has used at
 * most `ms` of CPU time (this thread waits, so that is the reference thread's: the same answer on
 * a busy machine as on an idle one) and at most `wallMs` have passed ({@link WALL_FACTOR} times `ms`).
 */
function answer(current: Confirmer, seen: number, ms: number, wallMs = ms * WALL_FACTOR): ReferenceReply | undefined {
  const cpuAtStart = cpuTime(current);
  const wallEnd = performance.now() + wallMs;
  for (;;) {
    const left = wallEnd - performance.now();
    if (left <= 0) return undefined;
    if (Atomics.wait(current.signal, 0, seen, Math.min(SLICE_MS, left)) !== 'timed-out') break;
    if (cpuTime(current) - cpuAtStart >= ms) return undefined;
  }
  return receiveMessageOnPort(current.port)?.message as ReferenceReply | undefined;
}

/**
 * The CPU time (ms) of the reference thread on Linux (from /proc: 10 ms steps), else of the whole
 * process. The process's counted V8's collector threads too, busy in a process with a large heap
 * (a test runner's): a page the reference reads in 50 ms of its own ran out of its 600 there.
 */
function cpuTime(current: Confirmer): number {
  if (current.stat !== undefined) {
    try {
      const fields = readFileSync(current.stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) return ticks * 10;
    } catch {
      // The thread is gone: the process's time below.
    }
  }
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function start(script: URL): Confirmer | undefined {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(script, { workerData: { port: port2, signal } satisfies ReferenceWorkerData, transferList: [port2] });
  // It only ever works while this thread waits for it: it never keeps the process alive.
  worker.unref();
  const current = { worker, port: port1, signal };
  const ready = answer(current, 0, START_MS, START_WALL_MS);
  if (ready === undefined) {
    void worker.terminate();
    return undefined;
  }
  const stat = 'ready' in ready && ready.tid !== undefined ? `/proc/self/task/${ready.tid}/stat` : undefined;
  return stat !== undefined && existsSync(stat) ? { ...current, stat } : current;
}

/**
 * Parses `text` with the reference parser in a thread of its own, waiting at most `budget` ms:
 * `undefined` past it (the thread is stopped, and a new one started for the next page), or when
 * the thread does not start. Where there is no worker script (the TypeScript sources without a
 * build), the reference parses in this thread.
 */
export function confirmWithReference(text: string, budget = CONFIRM_BUDGET_MS): ReferenceOutcome | undefined {
  if (!confirmer) {
    const script = referenceWorkerScript();
    if (!script) return inThread(text);
    // A thread that does not start is no reason to run the reference without a budget: on the
    // pages it is there for, that takes minutes. satteri's refusal stands.
    if (unavailable) return undefined;
    confirmer = start(script);
    if (!confirmer) {
      unavailable = true;
      return undefined;
    }
  }
  const current = confirmer;
  const seen = Atomics.load(current.signal, 0);
  current.port.postMessage(text);
  const reply = answer(current, seen, budget);
  if (reply === undefined || 'ready' in reply) {
    void current.worker.terminate();
    confirmer = undefined;
    return undefined;
  }
  if ('tree' in reply) return reply;
  const { rangeError, ...message } = reply.error;
  return { error: rangeError ? new RangeError(message.reason ?? '') : message };
}

function inThread(text: string): ReferenceOutcome {
  try {
    return { tree: parseWithReference(text) };
  } catch (error) {
    return { error };
  }
}
