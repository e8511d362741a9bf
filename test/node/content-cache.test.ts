import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { loadSite, type LoadedSite } from '../../src/node/index.js';
import { contentCacheFor, FRONTMATTER_KEY_PREFIX, packEntries, packOf, type PackEntry } from '../../src/node/content-cache.js';
import { copyFixture } from '../helpers/cli.js';

// What loadSite does with the cache, counted: the pages whose facts came from it, and those parsed
// and added to it (each page is one or the other). And packs as small as a test asks for (16 MB in
// a run), so that a few pages fill several.
const seen = vi.hoisted(() => ({ cached: 0, parsed: 0, frontmatter: 0, packBytes: undefined as number | undefined }));
vi.mock('../../src/node/content-cache.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/node/content-cache.js')>();
  return {
    ...real,
    contentCacheFor: async (...args: Parameters<typeof real.contentCacheFor>) => {
      const cache = await real.contentCacheFor(...args);
      return cache && seen.packBytes !== undefined ? { ...cache, packBytes: seen.packBytes } : cache;
    },
    readCachedFacts: (...args: Parameters<typeof real.readCachedFacts>) => {
      const facts = real.readCachedFacts(...args);
      if (facts) seen.cached++;
      return facts;
    },
    readCachedFrontmatter: (...args: Parameters<typeof real.readCachedFrontmatter>) => {
      const parsed = real.readCachedFrontmatter(...args);
      if (parsed) seen.frontmatter++;
      return parsed;
    },
    addCachedFacts: (...args: Parameters<typeof real.addCachedFacts>) => {
      seen.parsed++;
      real.addCachedFacts(...args);
    },
  };
});

/** A load's pages: their facts, and how many came from the cache and how many were parsed into it. */
interface Read {
  facts: LoadedSite['content'];
  diagnostics: LoadedSite['diagnostics'];
  cached: number;
  parsed: number;
}

/**
 * Loads the site with the cache in `cacheDir` (none when undefined; from the sources the cache is
 * off unless a folder is given), from `cwd` (the folder its file names are relative to).
 */
async function read(root: string, cacheDir: string | undefined, options: { cwd?: string; packBytes?: number; text?: boolean } = {}): Promise<Read> {
  seen.cached = 0;
  seen.parsed = 0;
  seen.packBytes = options.packBytes;
  const site = await loadSite(root, {
    cwd: options.cwd ?? root,
    ...(cacheDir === undefined ? {} : { cacheDir }),
    ...(options.text === undefined ? {} : { text: options.text }),
  });
  return { facts: site.content, diagnostics: site.diagnostics, cached: seen.cached, parsed: seen.parsed };
}

/**
 * The packs under `cacheDir`, the keys of the pages' entries they hold, and any file left that is
 * not a pack. The entries of frontmatter blocks (`frontmatterKey`) are left out: one for each page
 * that has a block, they follow the pages.
 */
function entries(cacheDir: string): { packs: string[]; entries: string[]; others: string[] } {
  const files = readdirSync(cacheDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const packs = files.filter((file) => path.dirname(file) === path.join(cacheDir, 'content') && file.endsWith('.pack')).sort();
  const keys = packs
    .flatMap((pack) => (packEntries(readFileSync(pack)) ?? []).map((entry) => entry.key))
    .filter((key) => !key.startsWith(FRONTMATTER_KEY_PREFIX));
  return { packs, entries: keys, others: files.filter((file) => !packs.includes(file)).map((file) => path.relative(cacheDir, file)) };
}

describe('the content cache', () => {
  it('gives the facts and diagnostics of a cold run, and parses only the page that changed', async () => {
    const root = copyFixture('content-cache', 'site');
    const cold = await read(root, undefined);
    // The fixture is not trivial: pages with a syntax error, an unknown component, headings, links.
    expect(cold.facts.get('guides/broken-syntax.mdx')?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['content/syntax']);
    // `<Tooltipp>` alone in its paragraph is a block as the platform compiles it: dropped, a warning.
    expect(cold.facts.get('guides/components.mdx')?.diagnostics.map((diagnostic) => diagnostic.code)).toContain('content/dropped-component');
    expect(cold.facts.get('guides/install.mdx')?.headings.map((heading) => heading.id)).toEqual(['requirements', 'steps']);

    const cacheDir = path.join(root, '.quire', 'cache');
    const first = await read(root, cacheDir);
    expect({ cached: first.cached, parsed: first.parsed }).toEqual({ cached: 0, parsed: 6 });
    expect(first.facts).toEqual(cold.facts);
    expect(entries(cacheDir).entries).toHaveLength(6);

    const warm = await read(root, cacheDir);
    expect({ cached: warm.cached, parsed: warm.parsed }).toEqual({ cached: 6, parsed: 0 });
    expect(warm.diagnostics).toEqual(cold.diagnostics);
    expect(warm.facts).toEqual(cold.facts);
    expect([...warm.facts.keys()]).toEqual([...cold.facts.keys()]);

    writeFileSync(path.join(root, 'guides/install.mdx'), readFileSync(path.join(root, 'guides/install.mdx'), 'utf8').replace('## Steps', '## Steps to take'));
    const changed = await read(root, cacheDir);
    expect({ cached: changed.cached, parsed: changed.parsed }).toEqual({ cached: 5, parsed: 1 });
    expect(changed.facts.get('guides/install.mdx')?.headings.map((heading) => heading.id)).toEqual(['requirements', 'steps-to-take']);
    expect(changed.facts).toEqual((await read(root, undefined)).facts);
  });

  it('keeps the parse of each frontmatter block: a warm run reads the frontmatter and its problems of a cold one from it', async () => {
    const root = copyFixture('content-cache', 'site');
    // A field of the wrong type: a problem of the block, placed in it.
    writeFileSync(path.join(root, 'guides/wrong-field.mdx'), '---\ntitle: Wrong field\nhidden: [1, 2]\n---\n\nText.\n');
    const cold = await loadSite(root, { cwd: root });
    expect(cold.diagnostics).toContainEqual(expect.objectContaining({ file: 'guides/wrong-field.mdx', code: expect.stringMatching(/^frontmatter\//) }));
    const cacheDir = path.join(root, '.quire', 'cache');
    seen.frontmatter = 0;
    const first = await loadSite(root, { cwd: root, cacheDir });
    expect(seen.frontmatter).toBe(0);
    seen.frontmatter = 0;
    const warm = await loadSite(root, { cwd: root, cacheDir });
    const blocks = [...cold.frontmatter.keys()].length;
    expect(blocks).toBeGreaterThan(3);
    expect(seen.frontmatter).toBe(blocks);
    for (const site of [first, warm]) {
      expect(site.frontmatter).toEqual(cold.frontmatter);
      expect(site.diagnostics).toEqual(cold.diagnostics);
      expect(site.tree).toEqual(cold.tree);
    }
  });

  it('gives diagnostics the file name of the run that reads them, not of the one that stored them', async () => {
    const root = copyFixture('content-cache', 'site');
    const cacheDir = path.join(root, '.quire', 'cache');
    const one = await read(root, cacheDir);
    expect(one.facts.get('guides/broken-syntax.mdx')?.diagnostics[0]?.file).toBe('guides/broken-syntax.mdx');
    // From the folder above the site: its files are named `<site>/guides/...`.
    const above = { cwd: path.dirname(root) };
    const other = await read(root, cacheDir, above);
    expect(other.cached).toBe(6);
    expect(other.facts).toEqual((await read(root, undefined, above)).facts);
    expect(other.facts.get('guides/broken-syntax.mdx')?.diagnostics[0]?.file).toBe(`${path.basename(root)}/guides/broken-syntax.mdx`);
  });

  it('ignores packs and entries that are corrupt, cut short or of another shape, and writes those pages again', async () => {
    const root = copyFixture('content-cache', 'site');
    const cacheDir = path.join(root, '.quire', 'cache');
    const cold = await read(root, cacheDir);
    const [pack] = entries(cacheDir).packs as [string];
    const written = packEntries(readFileSync(pack)) ?? [];
    const pages = written.filter((entry) => !entry.key.startsWith(FRONTMATTER_KEY_PREFIX));
    expect(pages).toHaveLength(6);
    // Three entries that are not facts: garbage, facts of another shape, facts cut short.
    const [garbage, wrongShape, cut] = pages as [PackEntry, PackEntry, PackEntry];
    garbage.facts = new TextEncoder().encode('not facts at all');
    wrongShape.facts = serialize({ headings: 'none' });
    cut.facts = cut.facts.subarray(0, 40);
    // And frontmatter entries that are no parse of a block: parsed again.
    const [frontmatterGarbage, frontmatterShape] = written.filter((entry) => entry.key.startsWith(FRONTMATTER_KEY_PREFIX)) as [PackEntry, PackEntry];
    frontmatterGarbage.facts = new TextEncoder().encode('not a parse');
    frontmatterShape.facts = serialize({ data: 'title', diagnostics: 'none' });
    writeFileSync(pack, packOf(written));
    // And packs that are not whole: not a pack, cut short, empty, another format.
    const content = path.join(cacheDir, 'content');
    writeFileSync(path.join(content, '0-garbage.pack'), 'not a pack at all');
    writeFileSync(path.join(content, '0-cut.pack'), readFileSync(pack).subarray(0, 100));
    writeFileSync(path.join(content, '0-empty.pack'), '');
    writeFileSync(path.join(content, '0-format.pack'), packOf(written).toString('latin1').replace('cache 6', 'cache 5'));
    writeFileSync(path.join(content, '0-v8.pack'), serialize({ format: 'quire content cache 5', entries: written }));
    const again = await read(root, cacheDir);
    expect({ cached: again.cached, parsed: again.parsed }).toEqual({ cached: 3, parsed: 3 });
    expect(again.facts).toEqual(cold.facts);
    expect(again.diagnostics).toEqual(cold.diagnostics);
    const rewritten = await read(root, cacheDir);
    expect({ cached: rewritten.cached, parsed: rewritten.parsed }).toEqual({ cached: 6, parsed: 0 });
    expect(rewritten.facts).toEqual(cold.facts);
  });

  it('stays about one site in size: past 8 packs, or half of it unused, a run writes what it used and removes the rest', async () => {
    const root = copyFixture('content-cache', 'site');
    const cacheDir = path.join(root, '.quire', 'cache');
    // 20 pages more, each its own entry: 26 in all.
    mkdirSync(path.join(root, 'extra'));
    for (let page = 1; page <= 20; page++) writeFileSync(path.join(root, 'extra', `page-${page}.mdx`), `---\ntitle: Page ${page}\n---\n\n## Part ${page}\n`);
    // The one-file-per-page layout of earlier versions is removed.
    mkdirSync(path.join(cacheDir, 'content', 'ab'), { recursive: true });
    writeFileSync(path.join(cacheDir, 'content', 'ab', `${'ab'.repeat(32)}.bin`), 'an entry of an earlier version');
    await read(root, cacheDir);
    expect(entries(cacheDir).others).toEqual([]);
    expect(entries(cacheDir).entries).toHaveLength(26);

    const page = path.join(root, 'guides/install.mdx');
    const original = readFileSync(page, 'utf8');
    const packCounts: number[] = [];
    const entryCounts: number[] = [];
    for (let run = 1; run <= 12; run++) {
      // One page changed (one character more each time), the others read from the cache.
      writeFileSync(page, `${original}\n${'x'.repeat(run)}\n`);
      const changed = await read(root, cacheDir);
      expect({ cached: changed.cached, parsed: changed.parsed }).toEqual({ cached: 25, parsed: 1 });
      packCounts.push(entries(cacheDir).packs.length);
      entryCounts.push(entries(cacheDir).entries.length);
    }
    // A pack a run, until a run read 8: it writes one pack of the 25 entries it used, beside the
    // pack of the page it parsed.
    expect(packCounts).toEqual([2, 3, 4, 5, 6, 7, 8, 2, 3, 4, 5, 6]);
    expect(entryCounts).toEqual([27, 28, 29, 30, 31, 32, 33, 26, 27, 28, 29, 30]);

    // Most pages removed: more than half of the cache unused, so the next run keeps only its 6.
    rmSync(path.join(root, 'extra'), { recursive: true });
    const fewer = await read(root, cacheDir);
    expect(fewer.cached).toBe(6);
    expect(entries(cacheDir)).toEqual({ packs: [expect.any(String)], entries: expect.any(Array), others: [] });
    expect(entries(cacheDir).entries).toHaveLength(6);
    expect((await read(root, cacheDir)).facts).toEqual(fewer.facts);
  });

  it('writes packs of a bounded size as pages are parsed, and counts them against the size of the site', async () => {
    const root = copyFixture('content-cache', 'site');
    const cacheDir = path.join(root, '.quire', 'cache');
    mkdirSync(path.join(root, 'extra'));
    for (let page = 1; page <= 30; page++)
      writeFileSync(path.join(root, 'extra', `page-${page}.mdx`), `---\ntitle: Page ${page}\n---\n\n## Part ${page}\n\n${'Some words. '.repeat(40)}\n`);
    // Packs of at most 4 KB here (16 MB in a run).
    const readSmall = () => read(root, cacheDir, { packBytes: 4096 });
    const cold = await readSmall();
    expect(cold.parsed).toBe(36);
    const packs = entries(cacheDir).packs;
    expect(packs.length).toBeGreaterThan(4);
    for (const pack of packs.slice(0, -1))
      expect((packEntries(readFileSync(pack)) ?? []).reduce((sum, entry) => sum + entry.facts.length, 0)).toBeLessThan(4096 + 2048);
    expect(entries(cacheDir).entries).toHaveLength(36);
    const warm = await readSmall();
    expect({ cached: warm.cached, parsed: warm.parsed }).toEqual({ cached: 36, parsed: 0 });
    expect(warm.facts).toEqual(cold.facts);
    // As many packs as the site needs, plus up to 7 of changes, before a compaction.
    expect(entries(cacheDir).packs).toEqual(packs);
  });

  it('survives two runs at once: both get the cold facts, and the entries are whole', async () => {
    const root = copyFixture('content-cache', 'site');
    const cold = await read(root, undefined);
    const cacheDir = path.join(root, '.quire', 'cache');
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
    expect((await contentCacheFor(root, root, { cache: true }))?.dir).toBe(path.join(root, '.quire', 'cache'));
    expect(readFileSync(path.join(root, '.quire', '.gitignore'), 'utf8')).toBe('*\n');
    const other = copyFixture('content-cache', 'site');
    mkdirSync(path.join(other, '.quire'));
    await contentCacheFor(other, other, { cache: true });
    expect(existsSync(path.join(other, '.quire', '.gitignore'))).toBe(false);
    // A folder of the caller's choice, relative to its folder, gets no .gitignore.
    expect((await contentCacheFor(other, root, { cacheDir: 'elsewhere/cache' }))?.dir).toBe(path.join(root, 'elsewhere', 'cache'));
    expect(existsSync(path.join(root, 'elsewhere', '.gitignore'))).toBe(false);
    expect(await contentCacheFor(other, root, { cache: false, cacheDir: 'unused' })).toBeUndefined();
  });

  it('goes on without a cache where the cache folder cannot be created', async () => {
    const root = copyFixture('content-cache', 'site');
    writeFileSync(path.join(root, '.quire'), 'a file where the folder would be');
    expect(await contentCacheFor(root, root, { cache: true })).toBeUndefined();
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

  it('with text: false gives every page its facts without the text, cold or warm, and keeps the text in the cache', async () => {
    const root = copyFixture('content-cache', 'site');
    // Two pages with the same bytes: the second reads the facts the first left in the cache.
    writeFileSync(path.join(root, 'guides/install-copy.mdx'), readFileSync(path.join(root, 'guides/install.mdx')));
    const full = await loadSite(root, { cwd: root });
    const install = full.content.get('guides/install.mdx');
    expect(install?.text.length).toBeGreaterThan(20);
    expect(install?.words).toBeGreaterThan(3);
    const withoutText = (site: typeof full) => new Map([...site.content].map(([file, facts]) => [file, { ...facts, text: '' }]));

    const cold = await loadSite(root, { cwd: root, cache: true, text: false });
    expect(cold.content).toEqual(withoutText(full));
    expect(cold.diagnostics).toEqual(full.diagnostics);
    const warm = await loadSite(root, { cwd: root, cache: true, text: false });
    expect(warm.content).toEqual(withoutText(full));
    const withText = await loadSite(root, { cwd: root, cache: true });
    expect(withText.content).toEqual(full.content);

    // A run that reads two pages of seven (the others deleted) leaves more unused than used: it
    // writes the two again, from the facts it read, which must still have their text.
    const cacheDir = path.join(root, '.quire', 'cache');
    for (const page of ['index.mdx', 'guides/links.mdx', 'guides/broken-syntax.mdx', 'guides/components.mdx', 'snippets/intro.mdx'])
      rmSync(path.join(root, page));
    const readTwo = (text: boolean) => read(root, cacheDir, { text });
    const before = entries(cacheDir).packs;
    const withoutTheText = await readTwo(false);
    expect([...withoutTheText.facts.keys()].sort()).toEqual(['guides/install-copy.mdx', 'guides/install.mdx']);
    expect(withoutTheText.facts.get('guides/install.mdx')?.text).toBe('');
    expect(entries(cacheDir).packs).not.toEqual(before);
    expect(entries(cacheDir).entries).toHaveLength(1);
    const again = await readTwo(true);
    expect(again.cached).toBe(2);
    expect(again.facts.get('guides/install-copy.mdx')).toEqual(full.content.get('guides/install-copy.mdx'));
  });
});
