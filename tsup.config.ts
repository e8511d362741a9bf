import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
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

// What the package installs is its own code, zod and openapi-types (issue 16: at most 15 MB and
// 12 packages; test/package-install.test.ts). The libraries Quire runs on (the unified/remark MDX
// parser, yaml, the OpenAPI parser, the snippet generator, fast-glob, ignore) are devDependencies,
// and tsup bundles every package that is not a dependency: the parts Quire calls, at the versions
// its tests ran, instead of a hundred-odd packages and what they carry (katex alone is 4 MB,
// and the parser only needs remark-math's syntax). Their licences are collected into
// dist/THIRD-PARTY-LICENSES.md by scripts/third-party-licenses.mjs. zod and openapi-types stay
// dependencies: the declaration files refer to their types, and the zod schemas are public API.
// satteri (the native MDX parser, issue 32) is a dependency too: a native binary cannot be
// bundled; src/node/native-parser.ts loads it with `require` at first use.
// No source maps: they were two thirds of the package (11 of 17 MB), and the bundles are not
// minified, so a stack trace already names our functions.

/**
 * vfile picks Node's `path`, `process` and `url` through import maps (`#minpath`, ...) when
 * bundled for Node; its own browser versions are the same logic without Node, and keep the
 * bundled core free of Node built-ins (test/package.test.ts).
 */
const vfileWithoutNode = {
  name: 'vfile-without-node',
  setup(build: { onResolve(options: { filter: RegExp }, callback: (args: { path: string; importer: string }) => { path: string } | undefined): void }) {
    build.onResolve({ filter: /^#min(?:path|proc|url)$/ }, (args) =>
      args.importer.includes('/node_modules/vfile/')
        ? { path: fileURLToPath(new URL(`./node_modules/vfile/lib/${args.path.slice(1)}.browser.js`, import.meta.url)) }
        : undefined,
    );
  },
};

/**
 * fast-glob and the packages under it are CommonJS and `require()` Node's modules, which an ES
 * module bundle cannot do (esbuild's stand-in throws "Dynamic require ... is not supported").
 * Such a `require('fs')` gets a module that re-exports `node:fs` instead: the same object
 * members (these packages only read named members such as `fs.lstat` or `stream.PassThrough`).
 */
const requiredBuiltins = {
  name: 'required-builtins',
  setup(build: {
    onResolve(options: { filter: RegExp }, callback: (args: { path: string; kind: string }) => { path: string; namespace: string } | undefined): void;
    onLoad(options: { filter: RegExp; namespace: string }, callback: (args: { path: string }) => { contents: string }): void;
  }) {
    build.onResolve({ filter: /^(?:node:)?[a-z_/]+$/ }, (args) =>
      args.kind === 'require-call' && isBuiltin(args.path) ? { path: args.path.replace(/^node:/, ''), namespace: 'required-builtin' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'required-builtin' }, (args) => ({
      contents: `export * from 'node:${args.path}';\nexport { default } from 'node:${args.path}';\n`,
    }));
  },
};

const aliases = {
  // yaml's Node build is CommonJS and requires `process`; its ESM browser build is the same
  // parser and bundles cleanly for every runtime.
  yaml: './node_modules/yaml/browser/index.js',
  // acorn-jsx requires acorn's CommonJS build where the MDX parser imports its ES module: one
  // copy of the JavaScript parser, not two (230 kB in each bundle).
  acorn: './node_modules/acorn/dist/acorn.mjs',
};

const common = {
  target: 'node20',
  treeshake: true,
  define,
  esbuildPlugins: [vfileWithoutNode, requiredBuiltins],
  esbuildOptions(options: { alias?: Record<string, string> }) {
    options.alias = aliases;
  },
};

const libraryEntries = {
  index: 'src/index.ts',
  'node/index': 'src/node/index.ts',
  'content/index': 'src/content/index.ts',
  // quire-docs/render (issue 33, a spike). react and react-dom, optional peer dependencies, stay
  // imports of the installed packages; only this entry's chunks import them.
  'render/index': 'src/render/index.ts',
};

export default defineConfig([
  {
    // Everything that runs as an ES module in one build, so that the library, the CLI and the
    // thread that confirms refused pages share their chunks: one copy of the MDX parser in the package, not
    // one per entry. Chunks follow the entries that reach them: `import('quire-docs')` loads no
    // CLI code, and the CLI loads the server in a chunk of its own when `quire serve`, `keys` or
    // `conversations` run (its dependencies would add about 0.5 s to the start of every command).
    ...common,
    entry: {
      ...libraryEntries,
      'cli/index': 'src/cli/index.ts',
      // The thread that confirms a refused page with the reference parser within a time budget,
      // at a fixed place (dist/reference-worker.js) that the code starting it finds wherever the
      // bundler put it (see referenceWorkerScript).
      'reference-worker': 'src/node/reference-worker.ts',
    },
    format: ['esm'],
    // The CLI is an executable, not an API: declarations for the library entries only.
    dts: { entry: libraryEntries },
    // Bundle the parts of zod/mini the schemas use: importing all of zod costs more than the
    // 50 ms budget for `import('quire-docs')`, while the tree-shaken parts cost a few milliseconds.
    // Not zod itself, which only the server's code (in the CLI's chunks) imports: bundled, all of
    // it would land in the chunks the core loads (its locales hang off the module zod/mini shares).
    noExternal: [/^zod\/mini$/],
    clean: false,
    splitting: true,
  },
  {
    ...common,
    entry: libraryEntries,
    format: ['cjs'],
    // Their declaration files (.d.cts) are the ES modules' with `.cjs` imports, written after the
    // build by scripts/cjs-declarations.mjs: a second TypeScript program here made the same files.
    dts: false,
    noExternal: [/^zod\/mini$/],
    clean: false,
    splitting: true,
  },
  {
    // The API playground's script for the browser (src/render/playground-client.ts): one small
    // file the pages with a playground load, with the request samples' generator in it, so that
    // the samples follow what the reader types. The CLI copies it to `_quire/playground.js`.
    entry: { 'render/playground': 'src/render/playground-client.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'es2020',
    minify: true,
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options: { alias?: Record<string, string> }) {
      options.alias = aliases;
    },
    dts: false,
    clean: false,
    splitting: false,
  },
  {
    // The server is built on its own: sharing chunks with the core would put what only the server
    // uses in the chunks that `import('quire-docs')` loads. It needs all of zod (request
    // validation), which it imports from the installed package rather than bundling a copy.
    ...common,
    entry: { 'server/index': 'src/server/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: false,
    splitting: false,
  },
]);
