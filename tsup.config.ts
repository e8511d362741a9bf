import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The content cache keys a page's facts by this too: a build of changed sources under the same
// version (a developer's, a prerelease) does not read the facts its predecessor stored.
const sources = readdirSync('src', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => `${entry.parentPath}/${entry.name}`)
  .sort();
const buildId = createHash('sha256');
for (const file of sources) buildId.update(file).update('\0').update(readFileSync(file)).update('\0');
const define = { __QUIRE_BUILD_ID__: JSON.stringify(buildId.digest('hex').slice(0, 16)) };

const libraryOptions = {
  format: ['esm', 'cjs'] as ('esm' | 'cjs')[],
  dts: true,
  sourcemap: true,
  target: 'node20',
  treeshake: true,
  // Bundle the parts of zod/mini the schemas use: importing all of zod costs more than the
  // 50 ms budget for `import('quire-docs')`, while the tree-shaken parts cost a few milliseconds.
  // zod stays a dependency for the declaration files, which refer to its types.
  noExternal: ['zod', 'yaml'],
  define,
  // yaml's Node build is CommonJS and requires `process`; its ESM browser build is the same
  // parser and bundles cleanly for every runtime.
  esbuildOptions(options: { alias?: Record<string, string> }) {
    options.alias = { yaml: './node_modules/yaml/browser/index.js' };
  },
};

export default defineConfig([
  {
    ...libraryOptions,
    entry: {
      index: 'src/index.ts',
      'node/index': 'src/node/index.ts',
      'content/index': 'src/content/index.ts',
    },
    clean: false,
    splitting: true,
  },
  {
    // The server is built on its own: sharing chunks with the core would put what only the server
    // uses (all of zod, for request validation) in the chunk that `import('quire-docs')` loads.
    ...libraryOptions,
    entry: { 'server/index': 'src/server/index.ts' },
    clean: false,
    splitting: false,
  },
  {
    // The CLI is an executable, not an API: ESM only, no declarations.
    entry: { 'cli/index': 'src/cli/index.ts' },
    format: ['esm'],
    // `quire serve` and `quire keys` load the server in a chunk of its own, when they run: its
    // dependencies would add about 0.5 s to the start of every command.
    splitting: true,
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define,
  },
  {
    // The script of the threads that read pages: one file, at a fixed place (dist/content-worker.js),
    // that the code starting them finds wherever the bundler put it (see contentWorkerScript).
    ...libraryOptions,
    entry: { 'content-worker': 'src/node/content-worker.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    splitting: false,
  },
]);
