// The script of a content worker thread (built to dist/content-worker.js): reads, hashes and
// parses the page files the main thread names, and posts back their facts in the order asked.
import { parentPort, workerData } from 'node:worker_threads';
import { lookUpPageFile, parsePageFile } from './read-page-file.js';
import type { ContentWorkerData, ContentWorkerReply, ContentWorkerTask } from './content-workers.js';

const port = parentPort;
if (port) {
  const { cacheDir } = workerData as ContentWorkerData;
  // Files are read as soon as they are sent, so that reading the next pages overlaps parsing this
  // one (reading them one after the other left the thread idle a seventh of the time on
  // firecrawl-docs). Pages are parsed one at a time, in the order sent: the main thread knows
  // which page a worker that stops was reading (the first it has no answer for).
  let queue = Promise.resolve();
  port.on('message', (task: ContentWorkerTask) => {
    const lookedUp = lookUpPageFile(task, cacheDir);
    queue = queue.then(async () => {
      const page = await lookedUp;
      const result = 'result' in page ? page.result : await parsePageFile(task, page.bytes, page.key, cacheDir);
      port.postMessage({ type: 'result', id: task.id, result } satisfies ContentWorkerReply);
    });
  });
  port.postMessage({ type: 'ready' } satisfies ContentWorkerReply);
}
