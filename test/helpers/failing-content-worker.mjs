// A content worker that fails on purpose, for tests: the built worker (dist/content-worker.js),
// whose thread exits when it reads a page whose path contains "exit", and throws outside any
// handler (as a crash in the parser would) on one whose path contains "throw".
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const promises = require('node:fs/promises');
const original = promises.readFile;
promises.readFile = function (file, ...rest) {
  if (String(file).includes('exit')) process.exit(3);
  if (String(file).includes('throw')) {
    setImmediate(() => {
      throw new Error('injected by the test');
    });
    return new Promise(() => {});
  }
  return original.call(this, file, ...rest);
};
syncBuiltinESMExports();
await import('../../dist/content-worker.js');
