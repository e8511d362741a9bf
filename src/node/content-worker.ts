// The script of a content worker thread (built to dist/content-worker.js): reads, hashes and
// parses the page files the main thread names, one at a time, and posts back their facts.
import { parentPort, workerData } from 'node:worker_threads';
import { readPageFile } from './read-page-file.js';
import type { ContentWorkerData, ContentWorkerReply, ContentWorkerTask } from './content-workers.js';

const port = parentPort;
if (port) {
  const { cacheDir } = workerData as ContentWorkerData;
  // One page at a time, in the order sent: the main thread knows which page a worker that
  // stops was reading (the first it has no answer for).
  let queue = Promise.resolve();
  port.on('message', (task: ContentWorkerTask) => {
    queue = queue.then(async () => {
      const result = await readPageFile(task, cacheDir);
      port.postMessage({ type: 'result', id: task.id, result } satisfies ContentWorkerReply);
    });
  });
  port.postMessage({ type: 'ready' } satisfies ContentWorkerReply);
}
