import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { contentCacheDir, openContentCache } from '../../src/node/content-cache.js';
import { listSiteFiles, readSiteContent, type SiteContent } from '../../src/node/read-content.js';
import { copyFixture } from '../helpers/cli.js';

const pagesOf = async (root: string) => (await listSiteFiles(root)).filter((file) => /\.mdx?$/.test(file));

/** Reads the fixture's pages, in the main thread, with the cache in `cacheDir` (none when undefined). */
async function read(root: string, cacheDir: string | undefined, prefix = ''): Promise<SiteContent> {
  return readSiteContent(root, await pagesOf(root), { fileName: (file) => `${prefix}${file}`, workers: 0, ...(cacheDir ? { cacheDir } : {}) });
}

/** The cache entries under `cacheDir`, relative to it, and any file left that is not one. */
function entries(cacheDir: string): { entries: string[]; others: string[] } {
  const files = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(cacheDir, path.join(entry.parentPath, entry.name)));
  return { entries: files.filter((file) => /^content\/[0-9a-f]{2}\/[0-9a-f]{64}\.bin$/.test(file.split(path.sep).join('/'))), others: files.filter((file) => !file.endsWith('.bin')) };
}

describe('the content cache', () => {
  it('gives the facts and diagnostics of a cold run, and parses only the page that changed', async () => {
    const root = copyFixture('content-cache', 'site');
    const cold = await read(root, undefined);
    // The fixture is not trivial: pages with a syntax error, an unknown component, headings, links.
    expect(cold.facts.get('guides/broken-syntax.mdx')?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['content/syntax']);
    expect(cold.facts.get('guides/components.mdx')?.diagnostics.map((diagnostic) => diagnostic.code)).toContain('content/unknown-component');
    expect(cold.facts.get('guides/install.mdx')?.headings.map((heading) => heading.id)).toEqual(['requirements', 'steps']);

    const cacheDir = (await openContentCache(path.join(root, '.quire', 'cache'))) as string;
    const first = await read(root, cacheDir);
    expect({ cached: first.cached, parsed: first.parsed }).toEqual({ cached: 0, parsed: 6 });
    expect(first.facts).toEqual(cold.facts);
    expect(entries(cacheDir).entries).toHaveLength(6);

    const warm = await read(root, cacheDir);
    expect({ cached: warm.cached, parsed: warm.parsed, workers: warm.workers }).toEqual({ cached: 6, parsed: 0, workers: 0 });
    expect(warm.facts).toEqual(cold.facts);
    expect([...warm.facts.keys()]).toEqual([...cold.facts.keys()]);

    writeFileSync(path.join(root, 'guides/install.mdx'), readFileSync(path.join(root, 'guides/install.mdx'), 'utf8').replace('## Steps', '## Steps to take'));
    const changed = await read(root, cacheDir);
    expect({ cached: changed.cached, parsed: changed.parsed }).toEqual({ cached: 5, parsed: 1 });
    expect(changed.facts.get('guides/install.mdx')?.headings.map((heading) => heading.id)).toEqual(['requirements', 'steps-to-take']);
    expect(changed.facts).toEqual((await read(root, undefined)).facts);
  });

  it('gives diagnostics the file name of the run that reads them, not of the one that stored them', async () => {
    const root = copyFixture('content-cache', 'site');
    const cacheDir = (await openContentCache(path.join(root, '.quire', 'cache'))) as string;
    await read(root, cacheDir, 'one/');
    const other = await read(root, cacheDir, '../two/');
    expect(other.cached).toBe(6);
    expect(other.facts).toEqual((await read(root, undefined, '../two/')).facts);
    expect(other.facts.get('guides/broken-syntax.mdx')?.diagnostics[0]?.file).toBe('../two/guides/broken-syntax.mdx');
  });

  it('ignores and rewrites entries that are corrupt, cut short or for other bytes', async () => {
    const root = copyFixture('content-cache', 'site');
    const cacheDir = (await openContentCache(path.join(root, '.quire', 'cache'))) as string;
    const cold = await read(root, cacheDir);
    const files = entries(cacheDir).entries.map((file) => path.join(cacheDir, file));
    const [garbage, cut, swapped, wrongShape, empty] = files as [string, string, string, string, string];
    writeFileSync(garbage, 'not an entry at all');
    writeFileSync(cut, readFileSync(cut).subarray(0, 40));
    // A whole entry, but of another page: its key inside does not match.
    writeFileSync(swapped, readFileSync(files[5] as string));
    writeFileSync(wrongShape, serialize({ key: path.basename(wrongShape, '.bin'), facts: { headings: 'none' } }));
    writeFileSync(empty, '');
    const again = await read(root, cacheDir);
    expect({ cached: again.cached, parsed: again.parsed }).toEqual({ cached: 1, parsed: 5 });
    expect(again.facts).toEqual(cold.facts);
    const rewritten = await read(root, cacheDir);
    expect({ cached: rewritten.cached, parsed: rewritten.parsed }).toEqual({ cached: 6, parsed: 0 });
    expect(rewritten.facts).toEqual(cold.facts);
  });

  it('survives two runs at once: both get the cold facts, and the entries are whole', async () => {
    const root = copyFixture('content-cache', 'site');
    const cold = await read(root, undefined);
    const cacheDir = (await openContentCache(path.join(root, '.quire', 'cache'))) as string;
    const [one, two] = await Promise.all([read(root, cacheDir), read(root, cacheDir)]);
    expect(one?.facts).toEqual(cold.facts);
    expect(two?.facts).toEqual(cold.facts);
    // No temporary file left behind, and every entry reads back.
    expect(entries(cacheDir).others).toEqual([]);
    const warm = await read(root, cacheDir);
    expect(warm.cached).toBe(6);
    expect(warm.facts).toEqual(cold.facts);
  });

  it('creates .quire with a .gitignore of everything, and leaves a .quire it did not create as it is', async () => {
    const root = copyFixture('content-cache', 'site');
    expect(await contentCacheDir(root, root, { cache: true })).toBe(path.join(root, '.quire', 'cache'));
    expect(readFileSync(path.join(root, '.quire', '.gitignore'), 'utf8')).toBe('*\n');
    const other = copyFixture('content-cache', 'site');
    mkdirSync(path.join(other, '.quire'));
    await contentCacheDir(other, other, { cache: true });
    expect(existsSync(path.join(other, '.quire', '.gitignore'))).toBe(false);
    // A folder of the caller's choice, relative to its folder, gets no .gitignore.
    expect(await contentCacheDir(other, root, { cacheDir: 'elsewhere/cache' })).toBe(path.join(root, 'elsewhere', 'cache'));
    expect(existsSync(path.join(root, 'elsewhere', '.gitignore'))).toBe(false);
    expect(await contentCacheDir(other, root, { cache: false, cacheDir: 'unused' })).toBeUndefined();
  });

  it('goes on without a cache where the cache folder cannot be created', async () => {
    const root = copyFixture('content-cache', 'site');
    writeFileSync(path.join(root, '.quire'), 'a file where the folder would be');
    expect(await contentCacheDir(root, root, { cache: true })).toBeUndefined();
    const site = await loadSite(root, { cwd: root, cache: true });
    expect(site.diagnostics.map((diagnostic) => diagnostic.code)).toContain('content/syntax');
  });

  it('is used by loadSite when asked, with the same diagnostics as without', async () => {
    const root = copyFixture('content-cache', 'site');
    const without = await loadSite(root, { cwd: root });
    // From the TypeScript sources the cache is off unless asked for: nothing written.
    expect(existsSync(path.join(root, '.quire'))).toBe(false);
    expect(without.diagnostics.filter((diagnostic) => diagnostic.code.startsWith('content/')).length).toBeGreaterThanOrEqual(5);
    const first = await loadSite(root, { cwd: root, cache: true });
    const second = await loadSite(root, { cwd: root, cache: true });
    expect(entries(path.join(root, '.quire', 'cache')).entries).toHaveLength(6);
    expect(first.diagnostics).toEqual(without.diagnostics);
    expect(second.diagnostics).toEqual(without.diagnostics);
    expect(second.content).toEqual(without.content);
  });
});
