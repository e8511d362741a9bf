// The script of a content worker thread (built to dist/content-worker.js): reads, hashes and
// parses the page files the main thread names (pages it did not find in the cache), one at a time and in the order sent (so that the
// main thread knows which page a worker that stops was reading: the first it has no answer for),
// and posts back their facts.
import { parentPort, workerData } from 'node:worker_threads';
import { parsePageFileFor } from './read-page-file.js';
import type { ContentWorkerData, ContentWorkerReply, ContentWorkerTask } from './content-workers.js';

const port = parentPort;
if (port) {
  const { keySalt } = workerData as ContentWorkerData;
  port.on('message', (task: ContentWorkerTask) => {
    port.postMessage({ type: 'result', id: task.id, result: parsePageFileFor(task, keySalt) } satisfies ContentWorkerReply);
  });
  port.postMessage({ type: 'ready' } satisfies ContentWorkerReply);
}
