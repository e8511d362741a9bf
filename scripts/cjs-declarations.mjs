// Writes the CommonJS declaration files (.d.cts) of the library entries (quire-docs,
// quire-docs/node, /content, /render) from their ES module ones (.d.ts): the same text, with each
// relative import ending in `.cjs` instead of `.js`, so that a CommonJS consumer's types lead to
// .d.cts files only. tsup made them with a TypeScript program of their own, a second one beside
// the ES modules' build of the same entries, and its files were these but for the chunk names
// (compared file by file, 27 November 2026). The server (dist/server/) has its own from tsup.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let written = 0;
for (const folder of ['', 'node', 'content', 'render']) {
  for (const name of readdirSync(path.join(dist, folder))) {
    if (!name.endsWith('.d.ts')) continue;
    const text = readFileSync(path.join(dist, folder, name), 'utf8');
    const commonJs = text.replace(/(['"])(\.{1,2}\/[^'"\n]+)\.js\1/g, '$1$2.cjs$1');
    writeFileSync(path.join(dist, folder, name.replace(/\.d\.ts$/, '.d.cts')), commonJs);
    written++;
  }
}
console.log(`dist: ${written} CommonJS declaration files (.d.cts) from the .d.ts`);
