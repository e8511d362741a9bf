import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { readFrontmatterBlock } from '../../src/node/read-frontmatter.js';
import { temporarySite } from '../helpers/fixtures.js';

const site = (files: Record<string, string>) => temporarySite(files, 'quire-frontmatter-');

describe('readFrontmatterBlock, as the platform finds the block', () => {
  it('ends the block at a `...` line, and at a CRLF `---` line', async () => {
    const root = site({ 'dots.mdx': '---\ntitle: Dots\n...\n\n---\nnot: this\n---\n', 'crlf.mdx': '---\r\ntitle: A\r\n---\r\nbody\r\n' });
    expect(await readFrontmatterBlock(path.join(root, 'dots.mdx'))).toBe('---\ntitle: Dots\n...\n');
    expect(await readFrontmatterBlock(path.join(root, 'crlf.mdx'))).toBe('---\r\ntitle: A\r\n---\r\n');
  });

  it('keeps a block the platform does not read, so that the reader can say why', async () => {
    const root = site({ 'spaces.mdx': '--- \ntitle: A\n---\nbody\n', 'open.mdx': '---\ntitle: A\n\nbody\n' });
    expect(await readFrontmatterBlock(path.join(root, 'spaces.mdx'))).toBe('--- \ntitle: A\n---\n');
    expect(await readFrontmatterBlock(path.join(root, 'open.mdx'))).toBe('---\ntitle: A\n\nbody\n');
  });
});

describe('loadSite on frontmatter the platform reads leniently', () => {
  it('labels pages from multi-line quoted values, and warns about blocks it ignores', async () => {
    const docsJson = JSON.stringify({
      theme: 'mint',
      name: 'A',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'Docs', pages: ['cache', 'license', 'spaces'] }] },
    });
    const root = site({
      'docs.json': docsJson,
      'cache.md': "---\ndescription: 'caching of \ndata in memory'\nsidebarTitle: 'Userspace page cache'\n---\n",
      'license.mdx': '---\nLicensing\n---\n\nMIT\n',
      'spaces.mdx': '--- \ntitle: Ecosystem Wallet\n---\n',
    });
    const loaded = await loadSite(root, { cwd: root });
    expect(
      loaded.diagnostics.map((diagnostic) => `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.code}`),
    ).toEqual(['license.mdx:2:1 warning frontmatter/not-a-mapping', 'spaces.mdx:1:4 warning frontmatter/not-read']);
    expect(loaded.frontmatter.get('cache')).toEqual({ description: 'caching of  data in memory', sidebarTitle: 'Userspace page cache' });
    expect(['cache', 'license', 'spaces'].map((page) => loaded.pages?.byPath.get(page)?.label)).toEqual(['Userspace page cache', 'License', 'Spaces']);
    // The warning's code frame needs the block's text.
    expect(loaded.sources['spaces.mdx']).toContain('title: Ecosystem Wallet');
  });
});
