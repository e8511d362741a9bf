import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPageFiles } from '../../src/node/index.js';

function site(files: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quire-list-'));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '# page\n');
  }
  return root;
}

describe('listPageFiles', () => {
  it('lists the .md and .mdx files under the root, relative and sorted', async () => {
    const root = site(['z.mdx', 'guides/b.md', 'guides/a.mdx', 'api/v1/users/list.mdx', 'docs.json', 'images/logo.png', 'notes.txt']);
    expect(await listPageFiles(root)).toEqual(['api/v1/users/list.mdx', 'guides/a.mdx', 'guides/b.md', 'z.mdx']);
  });

  it('leaves out node_modules, .git and hidden files, and does not follow symbolic links', async () => {
    const outside = site(['secret.mdx']);
    const root = site(['index.mdx', 'node_modules/pkg/readme.md', 'sub/node_modules/x.mdx', '.git/notes.md', '.github/template.md', '.hidden.mdx']);
    symlinkSync(outside, path.join(root, 'linked'));
    expect(await listPageFiles(root)).toEqual(['index.mdx']);
  });

  it('gives an empty list for a folder without pages', async () => {
    expect(await listPageFiles(site(['docs.json']))).toEqual([]);
  });
});
