#!/usr/bin/env node
import { preferSmallHeap } from './heap.js';
import { run } from './run.js';

preferSmallHeap(process.argv.slice(2));

// A reader that stops early (`quire validate | head`) closes the pipe: the command still does
// its work (a build still writes) and exits with its own code, without an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
