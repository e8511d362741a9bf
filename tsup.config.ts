import { defineConfig } from 'tsup';

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
  },
]);
