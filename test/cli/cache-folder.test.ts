import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quire, repositoryRoot } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

// Where the content cache goes: --cache <dir>, --no-cache, and a site folder that cannot be written.

/** A copy of the example site that others may read, in a folder of its own. */
function readableSite(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'quire-cache-folder-'));
  const site = path.join(parent, 'site');
  cpSync(fixturePath('example-site'), site, { recursive: true, filter: (source) => path.basename(source) !== '.quire' });
  chmodSync(parent, 0o755);
  return site;
}

/**
 * Runs the built CLI as a user who cannot write `site`: as `nobody` when this runs as root (root
 * writes anywhere), else with the folder made read-only.
 */
function asReader(site: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const bin = path.join(repositoryRoot, 'dist/cli/index.js');
  const env = { ...process.env, NO_COLOR: '', FORCE_COLOR: '' };
  if (process.getuid?.() === 0) {
    const run = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, bin, ...args], {
      cwd: site,
      encoding: 'utf8',
      env,
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  }
  chmodSync(site, 0o555);
  try {
    const run = spawnSync(process.execPath, [bin, ...args], { cwd: site, encoding: 'utf8', env });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    chmodSync(site, 0o755);
  }
}

/**
 * Why the unwritable-folder test cannot run here, or `undefined`: as root it runs the CLI as
 * `nobody`, who must be able to read the repository (a clone in a private temporary folder is not).
 */
function whyNoReader(): string | undefined {
  if (process.platform === 'win32') return 'no folder permissions to take away on Windows';
  if (process.getuid?.() !== 0) return undefined;
  const bin = path.join(repositoryRoot, 'dist/cli/index.js');
  const probe = spawnSync('setpriv', [
    '--reuid=65534',
    '--regid=65534',
    '--clear-groups',
    process.execPath,
    '-e',
    'require("node:fs").accessSync(process.argv[1])',
    bin,
  ]);
  return probe.status === 0 ? undefined : `the user nobody (65534) cannot read ${bin}: clone the repository in a folder others can enter`;
}

const noReader = whyNoReader();
if (noReader) console.warn(`cache-folder.test.ts: skipping the unwritable-folder test: ${noReader}`);

describe('the content cache folder', () => {
  it.skipIf(noReader !== undefined)('a site folder that cannot be written is read without the cache, saying so in one line', () => {
    const site = readableSite();
    const expected = quire(['validate', site, '--no-cache']).stdout;
    const run = asReader(site, ['validate', '.']);
    expect(run.stderr).toMatch(
      /^quire: warning: the content cache cannot be written in .*\/site\/\.quire\/cache \((EACCES|EROFS|EPERM)\): every page is parsed\. --cache <dir> puts it elsewhere; --no-cache turns it off\.\n$/,
    );
    expect(run.stdout).toBe(expected);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(site, '.quire'))).toBe(false);

    const out = mkdtempSync(path.join(tmpdir(), 'quire-cache-out-'));
    chmodSync(out, 0o777);
    const built = asReader(site, ['build', '.', '-o', path.join(out, 'build')]);
    expect(built.stderr.split('\n')).toHaveLength(2);
    expect(built.code).toBe(0);
  });

  it('--cache <dir> keeps it there, nothing in the site; --no-cache and --cache together are a usage error', () => {
    const site = readableSite();
    const cache = path.join(mkdtempSync(path.join(tmpdir(), 'quire-cache-dir-')), 'cache');
    for (const command of [
      ['validate', site],
      ['build', site, '-o', path.join(path.dirname(cache), 'out')],
    ]) {
      const run = quire([...command, '--cache', cache]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    }
    expect(readdirSync(path.join(cache, 'content')).some((name) => name.endsWith('.pack'))).toBe(true);
    expect(existsSync(path.join(site, '.quire'))).toBe(false);
    const both = quire(['validate', site, '--cache', cache, '--no-cache']);
    expect(both.stderr).toMatch(/^quire validate: --cache and --no-cache cannot be used together\n/);
    expect(both.code).toBe(2);
  });
});
