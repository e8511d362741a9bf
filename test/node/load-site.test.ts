import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { readFrontmatterBlock } from '../../src/node/read-frontmatter.js';
import { fixturePath, temporarySite } from '../helpers/fixtures.js';

const site = (files: Record<string, string>) => temporarySite(files, 'quire-site-');

const docsJson = (pages: unknown[]) =>
  JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'Docs', pages }] } }, null, 2);

describe('readFrontmatterBlock', () => {
  it('reads only the frontmatter, across chunk boundaries', async () => {
    const long = `---\ntitle: Long\ndescription: ${'x'.repeat(10_000)}\n---\n${'body\n'.repeat(100_000)}`;
    const root = site({ 'long.mdx': long, 'none.mdx': '# No frontmatter\n---\n', 'empty.mdx': '', 'only.mdx': '---\ntitle: Only\n---' });
    const block = await readFrontmatterBlock(path.join(root, 'long.mdx'));
    expect(block).toBe(long.slice(0, long.indexOf('\n---\n', 3) + 5));
    expect(await readFrontmatterBlock(path.join(root, 'none.mdx'))).toBe('');
    expect(await readFrontmatterBlock(path.join(root, 'empty.mdx'))).toBe('');
    expect(await readFrontmatterBlock(path.join(root, 'only.mdx'))).toBe('---\ntitle: Only\n---');
    // A two-byte character split by the 4 KiB chunk boundary stays whole.
    const accents = `---\ntitle: ${'é'.repeat(3000)}\n---\nbody`;
    const split = site({ 'accents.mdx': accents });
    expect(await readFrontmatterBlock(path.join(split, 'accents.mdx'))).toBe(accents.slice(0, -'body'.length));
  });
});

describe('loadSite', () => {
  it('loads the example site with labels from frontmatter', async () => {
    const loaded = await loadSite(fixturePath('example-site'));
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.files).toEqual([
      'api-reference/endpoint/get-plant.mdx',
      'api-reference/introduction.mdx',
      'guides/authentication.mdx',
      'guides/overview.mdx',
      'guides/webhooks.mdx',
      'index.mdx',
      'quickstart.mdx',
    ]);
    const quickstart = loaded.pages?.byPath.get('quickstart');
    expect(quickstart).toMatchObject({ title: 'Quickstart', previous: '/', next: '/guides/overview', section: { tab: 'Guides' } });
    expect(quickstart).toMatchObject({ label: 'Quickstart', icon: 'rocket', breadcrumbs: ['Guides', 'Get started'] });
    expect(loaded.pages?.byPath.get('api-reference/endpoint/get-plant')?.frontmatterOpenApi).toBe('GET /plants/{id}');
  });

  it('reports invalid frontmatter at its position in the MDX file, and missing pages', async () => {
    const text = docsJson(['index', 'broken', 'missing']);
    const missingLine = text.split('\n').findIndex((line) => line.includes('"missing"')) + 1;
    const root = site({ 'docs.json': text, 'index.mdx': '---\ntitle: Home\n---\n', 'broken.mdx': '---\ntitle: Broken\ntitle: Twice\n---\nBody\n' });
    const loaded = await loadSite(root, { cwd: root });
    expect(loaded.diagnostics.map((diagnostic) => `${diagnostic.file}:${diagnostic.line} ${diagnostic.code}`)).toEqual([
      'broken.mdx:3 frontmatter/invalid-yaml',
      `docs.json:${missingLine} navigation/missing-page`,
    ]);
    expect(loaded.sources['broken.mdx']).toContain('title: Twice');
    expect(loaded.missingPages).toEqual([{ section: [], pointer: '/navigation', count: 1 }]);
  });

  it('checks frontmatter icons against the site icon library, at the icon line', async () => {
    const config = JSON.parse(docsJson(['index', 'cloud', 'brand'])) as Record<string, unknown>;
    const root = site({
      'docs.json': JSON.stringify({ ...config, icons: { library: 'lucide' } }, null, 2),
      'index.mdx': '---\ntitle: Home\nicon: house\n---\n',
      'cloud.mdx': '---\ntitle: Cloud\ndescription: Hosted\nicon: "Cloud"\n---\n',
      'brand.mdx': '---\ntitle: Brand\nicon: fa-github\n---\n',
    });
    const loaded = await loadSite(root, { cwd: root });
    expect(
      loaded.diagnostics.map(
        (diagnostic) =>
          `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.suggestions?.join(',')}`,
      ),
    ).toEqual(['brand.mdx:3:7 warning icon/fa-prefix github', 'cloud.mdx:4:7 warning icon/unknown-name cloud']);
    expect(loaded.sources['cloud.mdx']).toContain('icon: "Cloud"');
  });

  it('does not list node_modules or follow links out of the site', async () => {
    const root = site({ 'docs.json': docsJson(['index']), 'index.mdx': '# Home', 'node_modules/pkg/readme.md': '# Not a page' });
    const loaded = await loadSite(root, { cwd: root });
    expect(loaded.files).toEqual(['index.mdx']);
  });

  it('returns the docs.json diagnostics and no tree when docs.json is invalid', async () => {
    const root = site({ 'docs.json': '{ "theme": "mint", }' });
    const loaded = await loadSite(root, { cwd: root });
    expect(loaded.tree).toBeUndefined();
    expect(loaded.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['json/syntax']);
  });
});
