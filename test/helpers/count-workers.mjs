// Preloaded (node --import) into a CLI process by end-to-end tests: counts the worker threads the
// process starts, and writes the count to the file named by QUIRE_TEST_WORKER_COUNT when it exits.
import { writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const threads = require('node:worker_threads');
const log = process.env.QUIRE_TEST_WORKER_COUNT;
// Workers inherit the preload: only the main thread counts.
if (log && threads.isMainThread) {
  let started = 0;
  const Original = threads.Worker;
  threads.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      started++;
    }
  };
  syncBuiltinESMExports();
  process.on('exit', () => writeFileSync(log, String(started)));
}
