import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfinedDirectory } from '../../src/server/workspace/fs-workspace.js';
import { resolveWorkspacePath } from '../../src/server/workspace/workspace.js';

describe('resolveWorkspacePath', () => {
  it.each([
    ['guides/setup.mdx', 'guides/setup.mdx'],
    ['./guides//setup.mdx', 'guides/setup.mdx'],
    ['guides/', 'guides'],
    ['', ''],
    ['.', ''],
  ])('normalises %j to %j', (input, output) => {
    expect(resolveWorkspacePath(input)).toBe(output);
  });

  it.each([
    ['..', /leaves the repository/],
    ['../x', /leaves the repository/],
    ['a/../../x', /leaves the repository/],
    ['a/..', /leaves the repository/],
    ['/etc/passwd', /absolute/],
    ['C:/Windows', /absolute/],
    ['a\\..\\b', /`\/`/],
    ['a\0b', /NUL/],
    ['.git/config', /\.git/],
    ['./.git/hooks/pre-commit', /\.git/],
  ])('refuses %j', (input, message) => {
    expect(() => resolveWorkspacePath(input)).toThrow(message);
  });
});

describe('ConfinedDirectory', () => {
  let outside: string;
  let root: string;
  let files: ConfinedDirectory;

  beforeEach(() => {
    const base = mkdtempSync(join(tmpdir(), 'quire-confined-'));
    outside = join(base, 'outside');
    root = join(base, 'repo');
    mkdirSync(outside);
    mkdirSync(join(root, 'guides'), { recursive: true });
    mkdirSync(join(root, '.git'));
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    writeFileSync(join(root, 'guides', 'a.mdx'), '# A\n');
    writeFileSync(join(root, '.git', 'config'), '[core]');
    symlinkSync(outside, join(root, 'out-dir'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'out-file'));
    symlinkSync(join(root, 'guides', 'a.mdx'), join(root, 'in-file'));
    files = new ConfinedDirectory(root);
  });

  it('lists files, not .git, not symbolic links', async () => {
    expect(await files.list()).toEqual([{ path: 'guides/a.mdx', size: 4 }]);
    expect(await files.list('guides')).toEqual([{ path: 'guides/a.mdx', size: 4 }]);
    expect(await files.list('missing')).toEqual([]);
    await expect(files.list('out-dir')).rejects.toThrow(/symbolic link/);
  });

  it('reads inside, refuses what a link leads out to, and follows a link that stays inside', async () => {
    expect(await files.read('guides/a.mdx')).toBe('# A\n');
    expect(await files.read('nope.mdx')).toBeUndefined();
    await expect(files.read('out-file')).rejects.toThrow(/symbolic link/);
    await expect(files.read('out-dir/secret.txt')).rejects.toThrow(/symbolic link/);
    expect(await files.read('in-file')).toBe('# A\n');
    await expect(files.read('guides')).rejects.toThrow(/not a file/);
  });

  it('writes atomically, creating folders, leaving no temporary file', async () => {
    expect(await files.write('./new/deep/page.mdx', '# New\n')).toBe('new/deep/page.mdx');
    expect(readFileSync(join(root, 'new', 'deep', 'page.mdx'), 'utf8')).toBe('# New\n');
    await files.write('guides/a.mdx', '# A2\n');
    expect(readFileSync(join(root, 'guides', 'a.mdx'), 'utf8')).toBe('# A2\n');
    expect(readdirSync(join(root, 'guides'))).toEqual(['a.mdx']);
  });

  it('refuses to write through or onto symbolic links, or out of the root', async () => {
    await expect(files.write('out-dir/new.txt', 'x')).rejects.toThrow(/symbolic link/);
    await expect(files.write('out-dir/sub/new.txt', 'x')).rejects.toThrow(/symbolic link/);
    await expect(files.write('out-file', 'x')).rejects.toThrow(/symbolic link/);
    await expect(files.write('in-file', 'x')).rejects.toThrow(/symbolic link/);
    await expect(files.write('../outside/x.txt', 'x')).rejects.toThrow(/leaves the repository/);
    await expect(files.write('.git/config', 'x')).rejects.toThrow(/\.git/);
    await expect(files.write('guides', 'x')).rejects.toThrow(/not a file/);
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(existsSync(join(outside, 'sub'))).toBe(false);
    expect(readFileSync(join(root, '.git', 'config'), 'utf8')).toBe('[core]');
  });
});
