// A content worker that fails on purpose, for tests: the built worker (dist/content-worker.js),
// whose thread exits when it parses a page that holds "quire-test: exit", and throws outside any
// handler (as a crash would) when it answers for a page that holds "quire-test: throw": both
// while that page is the one being read, before its answer.
import { parentPort } from 'node:worker_threads';

const Decoder = globalThis.TextDecoder;
globalThis.TextDecoder = class extends Decoder {
  decode(...input) {
    const text = super.decode(...input);
    if (text.includes('quire-test: exit')) process.exit(3);
    return text;
  }
};
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (message) => {
  if (message.type === 'result' && message.result.facts.text.includes('quire-test: throw')) throw new Error('injected by the test');
  post(message);
};
await import('../../dist/content-worker.js');
