// Preloaded (node --import) into a CLI process by end-to-end tests: makes the Nth call of one
// fs/promises function fail with EIO, to prove that a write failure half way changes nothing; or,
// with QUIRE_TEST_FAIL_HOW=kill, kill the process there (SIGKILL: no cleanup of any kind).
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const operation = process.env.QUIRE_TEST_FAIL_OPERATION;
const failOn = Number(process.env.QUIRE_TEST_FAIL_CALL);
const promises = require('node:fs/promises');
if (operation && typeof promises[operation] === 'function' && failOn > 0) {
  const original = promises[operation];
  let calls = 0;
  promises[operation] = async function (...args) {
    calls++;
    if (calls === failOn && process.env.QUIRE_TEST_FAIL_HOW === 'kill') process.kill(process.pid, 'SIGKILL');
    if (calls === failOn) throw Object.assign(new Error(`${operation} failed (injected by the test)`), { code: 'EIO', path: String(args[0]) });
    return original.apply(this, args);
  };
  syncBuiltinESMExports();
}
