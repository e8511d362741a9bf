import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listPageFiles } from '../../src/node/list-page-files.js';
import { loadRuleConfig } from '../../src/node/rule-config.js';
import { fixturePath, temporarySite } from '../helpers/fixtures.js';

const sites: string[] = [];
function site(files: Record<string, string>): string {
  const root = temporarySite(files, 'quire-ignore-');
  sites.push(root);
  return root;
}
afterAll(() => {
  for (const root of sites) rmSync(root, { recursive: true, force: true });
});

describe('listPageFiles and .mintignore', () => {
  it('leaves out what .mintignore matches, with negation, and the platform defaults at any depth, ignoring case', async () => {
    const root = site({
      '.mintignore': '# drafts\ninternal/\n*.draft.mdx\n!keep.draft.mdx\n',
      'index.mdx': '',
      'internal/a.mdx': '',
      'guides/x.draft.mdx': '',
      'guides/keep.draft.mdx': '',
      'README.md': '',
      'guides/readme.md': '',
      'CHANGELOG.mdx': '',
      'LICENSE.md': '',
    });
    expect(await listPageFiles(root)).toEqual(['CHANGELOG.mdx', 'guides/keep.draft.mdx', 'index.mdx']);
  });

  it('takes a default back with a negation in .mintignore, as the platform does', async () => {
    const root = site({ '.mintignore': '!README.md\n', 'README.md': '', 'index.mdx': '' });
    expect(await listPageFiles(root)).toEqual(['README.md', 'index.mdx']);
  });

  it('adds the patterns given as options.ignore, anchored with a leading slash', async () => {
    const root = site({ 'index.mdx': '', 'notes.mdx': '', 'guides/notes.mdx': '', 'drafts/a.md': '' });
    expect(await listPageFiles(root, { ignore: ['/notes.mdx', 'drafts'] })).toEqual(['guides/notes.mdx', 'index.mdx']);
  });
});

describe('loadRuleConfig', () => {
  it('returns no settings for a site without a configuration file', async () => {
    expect(await loadRuleConfig(fixturePath('example-site'))).toEqual({ file: undefined, rules: {}, ignore: [], diagnostics: [], sources: {} });
  });

  it('reads quire.config.json beside docs.json, given the folder or docs.json itself', async () => {
    const folder = fixturePath('rules', 'ignore-globs');
    const fromFolder = await loadRuleConfig(folder);
    expect(fromFolder).toMatchObject({ file: path.join(folder, 'quire.config.json'), rules: {}, ignore: ['drafts/', '*.draft.mdx'], diagnostics: [] });
    expect(await loadRuleConfig(path.join(folder, 'docs.json'))).toEqual(fromFolder);
  });
});

describe('loadSite with rules and ignore (library use, no configuration file read)', () => {
  it('applies rules given as an option, and empties missingPages when missing pages are off', async () => {
    const { loadSite } = await import('../../src/node/load-site.js');
    const folder = fixturePath('rules', 'code-patterns');
    const plain = await loadSite(folder, { openapi: false });
    expect(plain.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.code}`)).toEqual([
      'error navigation/missing-page',
      'warning navigation/redirect-to-nothing',
    ]);
    const tuned = await loadSite(folder, { openapi: false, rules: { 'navigation/missing-page': 'off', 'navigation/*': 'error' } });
    expect(tuned.diagnostics.map((diagnostic) => `${diagnostic.severity} ${diagnostic.code}`)).toEqual(['error navigation/redirect-to-nothing']);
    expect(tuned.missingPages).toEqual([]);
  });

  it('leaves out the pages and the diagnostics of files matched by ignore', async () => {
    const { loadSite } = await import('../../src/node/load-site.js');
    const root = site({
      'docs.json': '{ "theme": "mint", "name": "x", "colors": { "primary": "#000000" }, "navigation": { "pages": ["index"] } }',
      'index.mdx': '',
      'wip/a.mdx': '---\ntitle: [\n---\n',
    });
    expect((await loadSite(root, { openapi: false })).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['frontmatter/invalid-yaml']);
    const loaded = await loadSite(root, { openapi: false, ignore: ['wip/'] });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.files).toEqual(['index.mdx']);
  });
});
