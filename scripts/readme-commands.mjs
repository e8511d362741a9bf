#!/usr/bin/env node
// Prints, as a JSON array, the shell blocks of README.md marked `<!-- tested: ... -->`, so that a
// test runs them exactly as a reader would paste them. With --transcripts, prints instead the
// blocks marked `<!-- output: ... -->`: a `$ command` line and what that command prints, as
// `{ command, output }`, so that a test runs the command and compares.
import { readFileSync } from 'node:fs';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = process.argv.includes('--transcripts')
  ? [...readme.matchAll(/<!-- output:[^>]*-->\n```\n\$ ([^\n]*)\n([\s\S]*?)```/g)].map((match) => ({ command: match[1], output: match[2] }))
  : [...readme.matchAll(/<!-- tested:[^>]*-->\n```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
process.stdout.write(`${JSON.stringify(blocks, null, 2)}\n`);
