import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
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

/** A stream that keeps what is written to it, as a pipe would (no `isTTY`). */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * Runs the CLI in this process (`run` of src/cli/run.ts, what dist/cli/index.js calls) with the
 * arguments and options of {@link quire}, and returns the same: exit code, stdout, stderr (piped,
 * so without colours). No Node process to start (about half a second of CPU each, most of a small
 * command's cost): for the tests whose subject is what a command does, not the process around it.
 * The built CLI keeps its own tests through {@link quire} (the process, its exit code, `--import`
 * hooks). A command that throws rejects here, where the process would print a stack and exit 1.
 */
export async function quireInProcess(
  args: string[],
  options: Omit<QuireRunOptions, 'nodeArgs'> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  // Loaded here, not at the top: most files that import this helper never run the CLI in-process.
  const { run } = await import('../../src/cli/run.js');
  const stdout = collector();
  const stderr = collector();
  const code = await run(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    cwd: options.cwd ?? repositoryRoot,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
    stdin: Readable.from(options.input === undefined ? [] : [options.input]),
  });
  stdout.stream.end();
  stderr.stream.end();
  await Promise.all([finished(stdout.stream), finished(stderr.stream)]);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
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
