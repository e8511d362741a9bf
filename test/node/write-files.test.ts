import * as realFs from 'node:fs/promises';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomically, WriteFilesError, type AtomicFs, type FileChange } from '../../src/node/write-files.js';

/** Every file under `dir` with its content, hidden files included. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        files[`${path.relative(dir, full)}/`] = '';
        walk(full);
      } else files[path.relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return files;
}

function site(): { dir: string; changes: FileChange[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-write-'));
  writeFileSync(path.join(dir, 'docs.json'), '{ "old": true }\n');
  writeFileSync(path.join(dir, 'openapi.yaml'), '# kept\nopenapi: 3.1.0\n');
  mkdirSync(path.join(dir, 'api'));
  writeFileSync(path.join(dir, 'api', 'get-user.mdx'), '---\nopenapi: GET /user\n---\nBody\n');
  writeFileSync(path.join(dir, 'api', 'list-users.mdx'), '---\nopenapi: GET /users\n---\n');
  return {
    dir,
    changes: [
      { kind: 'write', path: path.join(dir, 'docs.json'), content: '{ "new": true }\n' },
      { kind: 'write', path: path.join(dir, 'openapi.yaml'), content: '# kept\nopenapi: 3.1.0\nx: 1\n' },
      { kind: 'write', path: path.join(dir, 'generated', 'deep', 'page.mdx'), content: 'new page\n' },
      { kind: 'delete', path: path.join(dir, 'api', 'get-user.mdx') },
      { kind: 'delete', path: path.join(dir, 'api', 'list-users.mdx') },
    ],
  };
}

/** The real file system, except that call number `failAt` (counting every call) throws. */
function failingFs(failAt: number): { fs: AtomicFs; calls: () => number } {
  let calls = 0;
  const wrap =
    <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      calls++;
      if (calls === failAt) throw Object.assign(new Error(`injected failure of ${name}`), { code: 'EIO' });
      return call(...args);
    };
  const fs: AtomicFs = {
    writeFile: wrap('writeFile', (file: string, content: string | Uint8Array) => realFs.writeFile(file, content)),
    rename: wrap('rename', realFs.rename),
    link: wrap('link', realFs.link),
    copyFile: wrap('copyFile', (from: string, to: string) => realFs.copyFile(from, to)),
    unlink: wrap('unlink', realFs.unlink),
    mkdir: wrap('mkdir', realFs.mkdir),
    rmdir: wrap('rmdir', (folder: string) => realFs.rmdir(folder)),
    lstat: wrap('lstat', (file: string) => realFs.lstat(file)),
    chmod: wrap('chmod', realFs.chmod),
  };
  return { fs, calls: () => calls };
}

describe('writeFilesAtomically', () => {
  it('writes, creates folders and deletes, leaving no temporary file behind', async () => {
    const { dir, changes } = site();
    const result = await writeFilesAtomically(changes);
    expect(result.written).toHaveLength(3);
    expect(result.deleted).toHaveLength(2);
    expect(snapshot(dir)).toEqual({
      'api/': '',
      'docs.json': '{ "new": true }\n',
      'generated/': '',
      'generated/deep/': '',
      'generated/deep/page.mdx': 'new page\n',
      'openapi.yaml': '# kept\nopenapi: 3.1.0\nx: 1\n',
    });
  });

  it('makes a content given as a function when it writes it, once; a function that fails changes nothing', async () => {
    const { dir, changes } = site();
    const before = snapshot(dir);
    let calls = 0;
    const lazy = (change: FileChange): FileChange =>
      change.kind === 'write' && typeof change.content === 'string'
        ? {
            ...change,
            content: ((text: string) => async () => {
              calls++;
              return text;
            })(change.content),
          }
        : change;
    const failing = changes.map(lazy);
    failing[1] = { kind: 'write', path: (changes[1] as { path: string }).path, content: () => Promise.reject(new Error('render failed')) };
    await expect(writeFilesAtomically(failing)).rejects.toThrow(/could not write .*openapi\.yaml: render failed; no file was changed/);
    expect(snapshot(dir)).toEqual(before);
    calls = 0;
    await writeFilesAtomically(changes.map(lazy));
    expect(calls).toBe(3);
    expect(readFileSync(path.join(dir, 'generated', 'deep', 'page.mdx'), 'utf8')).toBe('new page\n');
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('{ "new": true }\n');
  });

  it('moves a new folder tree in with one rename', async () => {
    const { dir } = site();
    const counting = failingFs(Number.POSITIVE_INFINITY);
    let renames = 0;
    const fs: AtomicFs = { ...counting.fs, rename: (from, to) => (renames++, counting.fs.rename(from, to)) };
    const changes: FileChange[] = Array.from({ length: 40 }, (_, index) => ({
      kind: 'write',
      path: path.join(dir, 'api', 'new', `tag-${index % 4}`, `page-${index}.mdx`),
      content: `page ${index}\n`,
    }));
    await writeFilesAtomically([...changes, { kind: 'write', path: path.join(dir, 'docs.json'), content: '{}\n' }], { fs });
    expect(renames).toBe(2); // the new folder, and docs.json
    const tree = snapshot(dir);
    expect(tree['api/new/tag-3/page-39.mdx']).toBe('page 39\n');
    expect(Object.keys(tree).filter((file) => file.includes('quire-'))).toEqual([]);
  });

  it('keeps the permissions of a replaced file', async () => {
    const { dir } = site();
    const script = path.join(dir, 'run.sh');
    writeFileSync(script, '#!/bin/sh\n');
    chmodSync(script, 0o755);
    await writeFilesAtomically([{ kind: 'write', path: script, content: '#!/bin/sh\necho hi\n' }]);
    expect(statSync(script).mode & 0o777).toBe(0o755);
  });

  it('changes nothing when any single file system call fails, whichever it is', async () => {
    const probe = site();
    const counting = failingFs(Number.POSITIVE_INFINITY);
    await writeFilesAtomically(probe.changes, { fs: counting.fs });
    const total = counting.calls();
    expect(total).toBeGreaterThan(15);
    let failures = 0;
    for (let failAt = 1; failAt <= total; failAt++) {
      const { dir, changes } = site();
      const before = snapshot(dir);
      const { fs } = failingFs(failAt);
      try {
        await writeFilesAtomically(changes, { fs });
      } catch (error) {
        failures++;
        expect(error).toBeInstanceOf(WriteFilesError);
        expect((error as WriteFilesError).rolledBack).toBe(true);
        expect(snapshot(dir)).toEqual(before);
        continue;
      }
      // The only calls allowed to fail without consequence are the final removals of backups
      // and the link that falls back to a copy; the result is then complete.
      expect(snapshot(dir)['docs.json']).toBe('{ "new": true }\n');
    }
    expect(failures).toBeGreaterThan(total / 2);
  });

  it('changes nothing when a call fails while many files are under way at once', async () => {
    const many = (): { dir: string; changes: FileChange[] } => {
      const dir = mkdtempSync(path.join(tmpdir(), 'quire-write-many-'));
      mkdirSync(path.join(dir, 'old'));
      const changes: FileChange[] = [];
      for (let index = 0; index < 24; index++) {
        writeFileSync(path.join(dir, 'old', `${index}.mdx`), `old ${index}\n`);
        changes.push({ kind: 'write', path: path.join(dir, 'old', `${index}.mdx`), content: `new ${index}\n` });
        changes.push({ kind: 'write', path: path.join(dir, 'new', String(index % 3), `${index}.mdx`), content: `added ${index}\n` });
      }
      changes.push({ kind: 'delete', path: path.join(dir, 'old', '0.mdx') });
      return { dir, changes: changes.filter((change) => !(change.kind === 'write' && change.path.endsWith(`old${path.sep}0.mdx`))) };
    };
    const counting = failingFs(Number.POSITIVE_INFINITY);
    await writeFilesAtomically(many().changes, { fs: counting.fs });
    const total = counting.calls();
    expect(total).toBeGreaterThan(150);
    for (let failAt = 1; failAt <= total; failAt += 5) {
      const { dir, changes } = many();
      const before = snapshot(dir);
      const error = await writeFilesAtomically(changes, { fs: failingFs(failAt).fs }).catch((caught: unknown) => caught);
      if (!(error instanceof WriteFilesError)) {
        // A call allowed to fail (a link falling back to a copy, removing a backup): all landed.
        expect(readFileSync(path.join(dir, 'old', '5.mdx'), 'utf8')).toBe('new 5\n');
        continue;
      }
      expect((error as WriteFilesError).rolledBack).toBe(true);
      expect(snapshot(dir), `call ${failAt}`).toEqual(before);
    }
  });

  it('never deletes the backup of a file it could not restore', async () => {
    const { dir, changes } = site();
    let renames = 0;
    const { fs: base } = failingFs(Number.POSITIVE_INFINITY);
    // The third rename fails (moving the page in), and so does putting docs.json back.
    const fs: AtomicFs = {
      ...base,
      rename: async (from, to) => {
        renames++;
        if (renames === 3 || (renames > 3 && to.endsWith('docs.json'))) throw Object.assign(new Error('injected'), { code: 'EIO' });
        return base.rename(from, to);
      },
    };
    const error = await writeFilesAtomically(changes, { fs }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriteFilesError);
    expect((error as WriteFilesError).rolledBack).toBe(false);
    const [backup] = (error as WriteFilesError).leftovers;
    expect(backup).toMatch(/\.docs\.json\.quire-[0-9a-f]{8}\.bak$/);
    expect(readFileSync(backup as string, 'utf8')).toBe('{ "old": true }\n');
    expect((error as Error).message).toContain('some changes could not be undone');
    expect(snapshot(dir)['openapi.yaml']).toBe('# kept\nopenapi: 3.1.0\n');
  });

  it('refuses to replace or delete a folder, and changes nothing', async () => {
    const { dir, changes } = site();
    const before = snapshot(dir);
    await expect(writeFilesAtomically([...changes, { kind: 'delete', path: path.join(dir, 'api') }])).rejects.toThrow(/is a folder; no file was changed/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('rejects relative paths and two changes to one file before touching anything', async () => {
    await expect(writeFilesAtomically([{ kind: 'write', path: 'docs.json', content: '' }])).rejects.toThrow(TypeError);
    const { dir } = site();
    const file = path.join(dir, 'docs.json');
    await expect(
      writeFilesAtomically([
        { kind: 'write', path: file, content: '1' },
        { kind: 'delete', path: file },
      ]),
    ).rejects.toThrow(/two changes/);
    expect(readFileSync(file, 'utf8')).toBe('{ "old": true }\n');
  });
});
