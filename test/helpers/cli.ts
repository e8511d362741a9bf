import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { fixturePath } from './fixtures.js';

/** The repository's root folder. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(repositoryRoot, 'dist/cli/index.js');

/** Options of {@link quire}. */
export interface QuireRunOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Arguments given to node before the script (`--import`, ...). */
  nodeArgs?: string[];
  /** Standard input. */
  input?: string;
}

/** Runs the built CLI (dist/cli/index.js) without colours unless asked, and returns what it did. */
export function quire(args: string[], options: QuireRunOptions = {}): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), bin, ...args], {
    cwd: options.cwd ?? repositoryRoot,
    encoding: 'utf8',
    input: options.input,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Node arguments and environment that make the Nth call of one `fs/promises` function fail in the CLI process (or kill it there). */
export function failingFs(
  operation: 'rename' | 'writeFile' | 'unlink' | 'link' | 'mkdir',
  call: number,
  how: 'fail' | 'kill' = 'fail',
): Pick<QuireRunOptions, 'nodeArgs' | 'env'> {
  return {
    nodeArgs: ['--import', path.join(repositoryRoot, 'test/helpers/fail-fs.mjs')],
    env: { QUIRE_TEST_FAIL_OPERATION: operation, QUIRE_TEST_FAIL_CALL: String(call), QUIRE_TEST_FAIL_HOW: how },
  };
}

/** Copies `fixtures/<parts>` to a fresh temporary folder and returns its path. */
export function copyFixture(...parts: string[]): string {
  const target = mkdtempSync(path.join(tmpdir(), `quire-${parts.join('-').replace(/[^\w-]+/g, '-')}-`));
  cpSync(fixturePath(...parts), target, { recursive: true });
  return target;
}

/** Every file under `dir` (posix relative path → UTF-8 text), sorted by path; empty folders as `path/`. */
export function readTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    if (entries.length === 0 && folder !== dir) files[`${path.relative(dir, folder).split(path.sep).join('/')}/`] = '';
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dir, full).split(path.sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Asserts that the files under `dir` are exactly those under `expectedDir`, byte for byte. With
 * UPDATE=1, replaces `expectedDir` with a copy of `dir` instead (review the diff before committing).
 */
export function expectTree(dir: string, expectedDir: string): void {
  if (process.env.UPDATE === '1' || !existsSync(expectedDir)) {
    if (process.env.UPDATE !== '1') throw new Error(`${expectedDir} is missing; run with UPDATE=1 to create it, then review it.`);
    rmSync(expectedDir, { recursive: true, force: true });
    mkdirSync(expectedDir, { recursive: true });
    for (const [file, content] of Object.entries(readTree(dir))) {
      if (file.endsWith('/')) mkdirSync(path.join(expectedDir, file), { recursive: true });
      else {
        mkdirSync(path.dirname(path.join(expectedDir, file)), { recursive: true });
        writeFileSync(path.join(expectedDir, file), content);
      }
    }
  }
  expect(readTree(dir)).toEqual(readTree(expectedDir));
}
