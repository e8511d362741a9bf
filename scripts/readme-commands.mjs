#!/usr/bin/env node
// Prints, as a JSON array, the shell blocks of README.md marked `<!-- tested: ... -->`, so that a
// test runs them exactly as a reader would paste them.
import { readFileSync } from 'node:fs';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/<!-- tested:[^>]*-->\n```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
process.stdout.write(`${JSON.stringify(blocks, null, 2)}\n`);
