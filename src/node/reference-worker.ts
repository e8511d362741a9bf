// The script of the thread that confirms, with the reference parser, a page the native parser
// refused (built to dist/reference-worker.js; see reference-confirmation.ts). It answers on the
// port it is given and then counts up the shared signal, which the asking thread waits on.
import { readlinkSync } from 'node:fs';
import { workerData, type MessagePort } from 'node:worker_threads';
import { parseWithReference } from '../content/dialect.js';
import type { ReferenceReply, ReferenceWorkerData } from './reference-confirmation.js';

const { port, signal } = workerData as ReferenceWorkerData;

function answer(reply: ReferenceReply): void {
  port.postMessage(reply);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

(port as MessagePort).on('message', (text: string) => {
  try {
    answer({ tree: parseWithReference(text) });
  } catch (error) {
    const { reason, message, ruleId, line, column, place } = error as {
      reason?: string;
      message?: string;
      ruleId?: string;
      line?: number;
      column?: number;
      place?: unknown;
    };
    answer({
      error: {
        rangeError: error instanceof RangeError,
        reason: reason ?? message ?? String(error),
        ruleId: ruleId ?? null,
        line: line ?? null,
        column: column ?? null,
        place: (place ?? null) as never,
      },
    });
  }
});
// Its thread id (Linux: /proc/thread-self is `<pid>/task/<tid>`), so that the asking thread counts
// this thread's CPU time alone, not the process's (V8's collector threads work meanwhile too).
let tid: number | undefined;
try {
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
} catch {
  // Not Linux: the process's CPU time stands in for the thread's.
}
answer({ ready: true, ...(tid !== undefined && Number.isInteger(tid) ? { tid } : {}) });
