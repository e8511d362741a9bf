import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A TypeScript project that installed quire-docs type-checks its imports of every entry, under
// each module resolution a project may use. `moduleResolution: "node"` (node10) does not read
// package.json `exports`, where the entries' types are: `typesVersions` tells it.

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'quire-types-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The npm command; `npm` is a .cmd file on Windows, which execFile does not run by that name. */
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Uses a value of every entry. Each `@ts-expect-error` line assigns it to a type it is not: were
 * an entry's types not found (or \`any\`), that line would type-check and the directive fail.
 */
const consumer = `import { parseDocsJson, type DocsConfig } from 'quire-docs';
import { loadSite, type LoadedSite } from 'quire-docs/node';
import { readPage, type PageFacts } from 'quire-docs/content';
import { openStore, type Store } from 'quire-docs/server';

export const config: DocsConfig | undefined = parseDocsJson('{}', { file: 'docs.json' }).config;
// @ts-expect-error: a DocsConfig, not a number
export const configNot: number = parseDocsJson('{}').config;
export const site: Promise<LoadedSite> = loadSite('.');
// @ts-expect-error: a LoadedSite, not a number
export const siteNot: Promise<number> = loadSite('.');
export const facts: PageFacts = readPage('# A', { file: 'a.mdx' });
// @ts-expect-error: PageFacts, not a number
export const factsNot: number = readPage('# A', { file: 'a.mdx' });
export const store: Promise<Store> = openStore({ dataDir: '.quire/data' });
// @ts-expect-error: a Store, not a number
export const storeNot: Promise<number> = openStore({ dataDir: '.quire/data' });
`;

/**
 * The consumers: module settings and the files that import the package. Under node16 a `.mts`
 * file is an ES module and a `.cts` file CommonJS whatever the package's `type` (as `index.ts`
 * in a `"type": "module"` or a `"type": "commonjs"` package), so one program checks both the
 * `import` and the `require` conditions: one check of zod's and Node's declarations, not two.
 */
const setups: Array<{ name: string; compilerOptions: ts.CompilerOptions; type: 'module' | 'commonjs'; files: string[] }> = [
  {
    name: 'moduleResolution node (node10), CommonJS',
    compilerOptions: { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 },
    type: 'commonjs',
    files: ['index.ts'],
  },
  {
    name: 'node16, an ES module (index.mts) and a CommonJS module (index.cts)',
    compilerOptions: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
    type: 'commonjs',
    files: ['index.mts', 'index.cts'],
  },
  {
    name: 'bundler',
    compilerOptions: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
    type: 'module',
    files: ['index.ts'],
  },
];

/**
 * Parsed declaration files, shared by the consumers' programs: the libraries' declarations
 * (TypeScript's lib, Node's, zod's) are most of what each program reads. Keyed by the language
 * version and module format a file is parsed for, which the settings can change.
 */
const parsed = new Map<string, ts.SourceFile | undefined>();

/**
 * Type-checks the consumer in `folder` as `tsc -p` would, in this process: every diagnostic, as
 * text. The declaration files of TypeScript's own lib are not checked (`skipDefaultLibCheck`):
 * they are TypeScript's, the same in every program; the package's, and those of the packages
 * they import (zod, openapi-types, mdast, Node's), are.
 */
function typeCheck(folder: string, files: readonly string[], compilerOptions: ts.CompilerOptions): string {
  const options: ts.CompilerOptions = {
    ...compilerOptions,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    esModuleInterop: true,
    noEmit: true,
    // skipLibCheck off: the package's declarations (and what they import) must check too.
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') && !fileName.endsWith('.d.cts') && !fileName.endsWith('.d.mts')) {
      return readSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
    }
    const version = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
    const key = `${version.languageVersion} ${version.impliedNodeFormat ?? ''} ${fileName}`;
    if (!parsed.has(key)) parsed.set(key, readSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate));
    return parsed.get(key);
  };
  const program = ts.createProgram({ rootNames: files.map((file) => path.join(folder, file)), options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, host);
}

describe('typesVersions', () => {
  it('gives node10 the types of every entry of exports, the same files as its import condition', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      types: string;
      exports: Record<string, string | { import?: { types?: string } }>;
      typesVersions: Record<string, Record<string, string[]>>;
    };
    const typed = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
      typeof target === 'object' && target.import?.types ? [[subpath, target.import.types] as const] : [],
    );
    expect(typed.find(([subpath]) => subpath === '.')?.[1]).toBe(manifest.types);
    expect(manifest.typesVersions).toEqual({
      '*': Object.fromEntries(typed.filter(([subpath]) => subpath !== '.').map(([subpath, types]) => [subpath.slice(2), [types]])),
    });
  });
});

describe('the types of the packed package', () => {
  let installed: string;
  beforeAll(() => {
    // What npm publishes, unpacked where npm would install it; its dependencies (and the Node
    // types the server's declarations use) linked from the repository's node_modules, at the
    // versions the package was built with, so no registry is needed.
    const tarball = execFileSync(npm, ['pack', '--silent', '--pack-destination', scratch], { cwd: root, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    installed = path.join(scratch, 'node_modules');
    mkdirSync(path.join(installed, 'quire-docs'), { recursive: true });
    execFileSync('tar', ['-xzf', path.join(scratch, tarball), '-C', path.join(installed, 'quire-docs'), '--strip-components=1']);
    mkdirSync(path.join(installed, '@types'));
    for (const name of ['zod', 'openapi-types', '@types/mdast', '@types/unist', '@types/node']) {
      symlinkSync(path.join(root, 'node_modules', name), path.join(installed, name), process.platform === 'win32' ? 'junction' : 'dir');
    }
  }, 120_000);

  for (const setup of setups) {
    it(`type-check in a consumer with ${setup.name}`, () => {
      // The consumer sits beside node_modules, as in a project that installed the package.
      const folder = mkdtempSync(path.join(scratch, 'consumer-'));
      writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: setup.type })}\n`);
      for (const file of setup.files) writeFileSync(path.join(folder, file), consumer);
      expect(typeCheck(folder, setup.files, setup.compilerOptions)).toBe('');
    }, 240_000);
  }
});
