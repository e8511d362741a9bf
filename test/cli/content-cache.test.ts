import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { quire, repositoryRoot } from '../helpers/cli.js';
import { grownContentSite } from '../helpers/content-site.js';

const countWorkers = path.join(repositoryRoot, 'test/helpers/count-workers.mjs');

/** `quire validate <root> --format json` (the built CLI) from `root`: its report, and how many worker threads it started. */
function validate(root: string, ...args: string[]): { report: { errors: number; diagnostics: unknown[] }; workers: number } {
  const log = path.join(mkdtempSync(path.join(tmpdir(), 'quire-workers-log-')), 'count');
  const run = quire(['validate', '.', '--format', 'json', ...args], { cwd: root, nodeArgs: ['--import', countWorkers], env: { QUIRE_TEST_WORKER_COUNT: log } });
  expect(run.stderr).toBe('');
  return { report: JSON.parse(run.stdout), workers: Number(readFileSync(log, 'utf8')) };
}

/** The same command, run in the background: two of them run at once. */
function validateLater(root: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repositoryRoot, 'dist/cli/index.js'), 'validate', '.', '--format', 'json'], { cwd: root });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(stdout));
  });
}

/** The diagnostics of the site read in the main thread, from the sources, without a cache, as JSON would give them. */
async function inProcess(root: string): Promise<unknown[]> {
  const site = await loadSite(root, { cwd: root });
  return JSON.parse(JSON.stringify(site.diagnostics));
}

describe('quire validate on a site of more than 200 pages', () => {
  // 5 pages and 5 × 40 copies, one snippet.
  const copies = 40;

  it('parses the pages, then reads the cache: the diagnostics of a run from the sources each time', async () => {
    const root = grownContentSite(copies);
    const expected = await inProcess(root);
    expect(expected.length).toBeGreaterThan(5 * copies);

    const cold = validate(root);
    expect(cold.report.diagnostics).toEqual(expected);
    expect(readFileSync(path.join(root, '.quire', '.gitignore'), 'utf8')).toBe('*\n');

    expect(
      readdirSync(path.join(root, '.quire', 'cache'), { recursive: true })
        .map(String)
        .some((entry) => entry.endsWith('.pack')),
    ).toBe(true);
    const warm = validate(root);
    expect(warm.report.diagnostics).toEqual(expected);

    // One page changed: its new problem reported, the others' from the cache.
    writeFileSync(path.join(root, 'guides/install-7.mdx'), '---\ntitle: Changed\n---\n\nSee [nothing](/nowhere).\n');
    const changed = validate(root);
    expect(changed.report.diagnostics).toEqual(await inProcess(root));
    expect(changed.report.diagnostics).toContainEqual(expect.objectContaining({ code: 'content/broken-link', file: 'guides/install-7.mdx' }));
  }, 180_000);

  it('gives the same report from two runs at once on an empty cache, and from the cache they filled', async () => {
    const root = grownContentSite(copies);
    const expected = await inProcess(root);
    const [one, two] = await Promise.all([validateLater(root), validateLater(root)]);
    expect(JSON.parse(one).diagnostics).toEqual(expected);
    expect(JSON.parse(two).diagnostics).toEqual(expected);
    const entries = readdirSync(path.join(root, '.quire', 'cache'), { recursive: true }).map(String);
    expect(entries.filter((entry) => entry.endsWith('.tmp'))).toEqual([]);
    const warm = validate(root);
    expect(warm.report.diagnostics).toEqual(expected);
  }, 180_000);

  it('with --no-cache neither reads nor writes the cache', async () => {
    const root = grownContentSite(copies);
    const expected = await inProcess(root);
    const first = validate(root, '--no-cache');
    expect(first.report.diagnostics).toEqual(expected);
    expect(existsSync(path.join(root, '.quire'))).toBe(false);
  }, 180_000);

  it('parses in the main thread (satteri): --workers, kept for scripts that pass it, starts no page parser thread and changes nothing', async () => {
    const root = grownContentSite(copies);
    const expected = await inProcess(root);
    const three = validate(root, '--no-cache', '--workers', '3');
    expect(three.report.diagnostics).toEqual(expected);
    expect(three.workers).toBeLessThanOrEqual(1);
  }, 180_000);
});

describe('--workers', () => {
  it('takes a whole number from 0 to 256, else it is a usage error', () => {
    for (const [command, extra] of [
      ['validate', []],
      ['build', ['-o', 'out']],
    ] as const) {
      for (const value of ['-1', 'two', '1.5', '', '257']) {
        const run = quire([command, path.join(repositoryRoot, 'fixtures/content-cache/site'), ...extra, `--workers=${value}`]);
        expect({ command, value, code: run.code, stderr: run.stderr.split('\n')[0] }).toEqual({
          command,
          value,
          code: 2,
          stderr: `quire ${command}: --workers must be a whole number from 0 to 256, not "${value}"`,
        });
      }
      expect(quire([command, '--help']).stdout).toContain('--workers <n>');
    }
  });
});

describe('quire build --no-cache', () => {
  it('builds without writing a cache, and both commands document it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'quire-build-no-cache-'));
    cpSync(path.join(repositoryRoot, 'fixtures/content-cache/site'), root, { recursive: true });
    const run = quire(['build', '.', '-o', 'out', '--no-cache', '--format', 'json'], { cwd: root });
    expect(JSON.parse(run.stdout)).toMatchObject({ built: true });
    expect(existsSync(path.join(root, '.quire'))).toBe(false);
    quire(['build', '.', '-o', 'out', '--format', 'json'], { cwd: root });
    expect(existsSync(path.join(root, '.quire', 'cache'))).toBe(true);
    for (const command of ['validate', 'build']) expect(quire([command, '--help']).stdout).toContain('--no-cache');
  }, 60_000);
});
