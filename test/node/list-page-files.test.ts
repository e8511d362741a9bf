import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPageFiles, loadSite } from '../../src/node/index.js';
import { listPageFilesAndLinks } from '../../src/node/list-page-files.js';

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

  it('leaves out node_modules, .git and hidden files, and does not follow symbolic links out of the site', async () => {
    const outside = site(['secret.mdx']);
    const root = site(['index.mdx', 'node_modules/pkg/readme.md', 'sub/node_modules/x.mdx', '.git/notes.md', '.github/template.md', '.hidden.mdx']);
    symlinkSync(outside, path.join(root, 'linked'));
    expect(await listPageFiles(root)).toEqual(['index.mdx']);
  });

  it("follows symbolic links to a file or a folder inside the site, listing the pages under the link's name", async () => {
    const root = site(['real/a.mdx', 'real/deep/b.md', 'page.mdx']);
    symlinkSync('real', path.join(root, 'alias'));
    symlinkSync('page.mdx', path.join(root, 'same.mdx'));
    expect(await listPageFiles(root)).toEqual(['alias/a.mdx', 'alias/deep/b.md', 'page.mdx', 'real/a.mdx', 'real/deep/b.md', 'same.mdx']);
  });

  it('reports each link that leads outside the site or loops, once, by name', async () => {
    const outside = site(['secret.mdx']);
    const root = site(['index.mdx', 'real/a.mdx']);
    symlinkSync(outside, path.join(root, 'linked'));
    symlinkSync('..', path.join(root, 'real', 'up'));
    symlinkSync('real', path.join(root, 'alias'));
    symlinkSync('ping', path.join(root, 'pong'));
    symlinkSync('pong', path.join(root, 'ping'));
    const { files, diagnostics } = await listPageFilesAndLinks(root);
    expect(files).toEqual(['alias/a.mdx', 'index.mdx', 'real/a.mdx']);
    expect(diagnostics.map(({ code, file, message }) => [code, file, message])).toEqual([
      [
        'files/symlink-loop',
        'alias/up',
        'The symbolic link alias/up loops: it leads to the site folder, which holds the link itself. Quire does not follow it.',
      ],
      [
        'files/symlink-outside-site',
        'linked',
        `The symbolic link linked leads outside the site, to ${realpathSync(outside)}; Quire does not follow it, so nothing behind it is part of the site.`,
      ],
      ['files/symlink-loop', 'ping', 'The symbolic link ping loops: its chain of links never reaches a file or folder. Quire does not follow it.'],
      ['files/symlink-loop', 'pong', 'The symbolic link pong loops: its chain of links never reaches a file or folder. Quire does not follow it.'],
    ]);
  });

  it('gives an empty list for a folder without pages', async () => {
    expect(await listPageFiles(site(['docs.json']))).toEqual([]);
  });
});

describe('loadSite on a site with symbolic links', () => {
  it('finds a page behind a link inside the site (not navigation/missing-page), and names a link out of the site', async () => {
    const outside = site(['elsewhere.mdx']);
    const root = site(['real.mdx', 'guides/setup.mdx']);
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation: { pages: ['alias', 'linked-guides/setup', 'out/elsewhere'] } }),
    );
    symlinkSync('real.mdx', path.join(root, 'alias.mdx'));
    symlinkSync('guides', path.join(root, 'linked-guides'));
    symlinkSync(outside, path.join(root, 'out'));
    const loaded = await loadSite(root, { cwd: root });
    expect(loaded.diagnostics.map(({ code, file }) => `${code} ${file}`)).toEqual(['files/symlink-outside-site out', 'navigation/missing-page docs.json']);
    expect(loaded.diagnostics[1]?.message).toContain('out/elsewhere');
    expect(loaded.siteFiles).toEqual(expect.arrayContaining(['alias.mdx', 'linked-guides/setup.mdx']));
  });
});
