import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { reportSite } from '../../src/node/site-report.js';
import { copyFixture, quire } from '../helpers/cli.js';

// `quire validate` keeps its report in the cache folder with a hash of every file the
// compilation read; a run where nothing changed prints it again without compiling (issue 32:
// warm under 1 s on firecrawl-docs). Anything that can change the result must compile again.

/** The fixture's report with the cache in `.quire/cache`, and whether it was the kept one. */
async function report(root: string, options: Parameters<typeof reportSite>[1] = {}) {
  const { report, reused } = await reportSite(root, { cwd: root, cacheDir: '.quire/cache', ...options });
  return { reused, codes: report.diagnostics.map((diagnostic) => `${diagnostic.file} ${diagnostic.code}`), report };
}

describe('the kept report of quire validate', () => {
  it('is the report of a cold run while nothing changed, and is made again after any change', async () => {
    const root = copyFixture('content-cache', 'site');
    const cold = await loadSite(root, { cwd: root });
    const first = await report(root);
    expect(first.reused).toBe(false);
    expect(first.report.diagnostics).toEqual(cold.diagnostics);
    expect(first.report.summary).toEqual(cold.summary);
    expect(existsSync(path.join(root, '.quire/cache/report.json'))).toBe(true);

    const again = await report(root);
    expect(again.reused).toBe(true);
    expect(again.report).toEqual(JSON.parse(JSON.stringify(first.report)));

    // A page's text: compiled again, and the new report kept.
    const install = path.join(root, 'guides/install.mdx');
    writeFileSync(install, `${readFileSync(install, 'utf8')}\nSee [nowhere](/nowhere).\n`);
    const edited = await report(root);
    expect(edited.reused).toBe(false);
    expect(edited.codes.filter((code) => code === 'guides/install.mdx content/broken-link')).toHaveLength(1);
    expect((await report(root)).reused).toBe(true);

    // A file added that nothing reads (an image a link could name): the list of files changed.
    writeFileSync(path.join(root, 'images/new.png'), 'png');
    expect((await report(root)).reused).toBe(false);
    expect((await report(root)).reused).toBe(true);
    // A file removed.
    rmSync(path.join(root, 'images/new.png'));
    expect((await report(root)).reused).toBe(false);
    // docs.json.
    const docsJson = path.join(root, 'docs.json');
    writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"name"', '"description": "Edited", "name"'));
    expect((await report(root)).reused).toBe(false);
    expect((await report(root)).reused).toBe(true);
  });

  it('is made again when the options or rules differ, and never kept without a cache or without the content', async () => {
    const root = copyFixture('content-cache', 'site');
    await report(root);
    expect((await report(root, { strict: true })).reused).toBe(false);
    const ruled = await report(root, { rules: { 'content/syntax': 'off' } });
    expect(ruled.reused).toBe(false);
    expect(ruled.codes.some((code) => code.endsWith('content/syntax'))).toBe(false);
    expect((await report(root, { rules: { 'content/syntax': 'off' } })).reused).toBe(true);
    // From another folder, file names in diagnostics differ.
    mkdirSync(path.join(root, 'elsewhere'));
    const fromElsewhere = await reportSite(root, { cwd: path.join(root, 'elsewhere'), cacheDir: '../.quire/cache' });
    expect(fromElsewhere.reused).toBe(false);
    expect(fromElsewhere.report.diagnostics[0]?.file.startsWith('../')).toBe(true);

    const other = copyFixture('content-cache', 'site');
    expect((await reportSite(other, { cwd: other, cache: false })).reused).toBe(false);
    expect((await reportSite(other, { cwd: other, cache: false })).reused).toBe(false);
    expect(existsSync(path.join(other, '.quire'))).toBe(false);
    await reportSite(other, { cwd: other, cacheDir: '.quire/cache', content: false });
    expect((await reportSite(other, { cwd: other, cacheDir: '.quire/cache', content: false })).reused).toBe(false);
  });

  it('quotes the same texts warm as cold, read again from the files rather than kept', async () => {
    const root = copyFixture('content-cache', 'site');
    // A byte order mark: the compiler drops it from a page's text, Node's UTF-8 reading keeps it.
    const install = path.join(root, 'guides/install.mdx');
    const text = `${readFileSync(install, 'utf8')}\nSee [nowhere](/nowhere-at-all), said the zebra.\n`;
    writeFileSync(install, `\uFEFF${text}`);
    // A frontmatter diagnostic quotes the page's frontmatter block, the start of its file.
    writeFileSync(path.join(root, 'index.mdx'), `---\ntitle: Home\nicon: Not_An_Icon\n---\n\nWelcome, said the zebra.\n`);
    const first = await report(root);
    expect(first.codes).toContain('guides/install.mdx content/broken-link');
    expect(first.codes).toContain('index.mdx icon/unknown-name');
    expect(first.report.sources['index.mdx']).toBe('---\ntitle: Home\nicon: Not_An_Icon\n---\n');
    expect(first.report.sources['guides/install.mdx']).toBe(text);
    expect(readFileSync(path.join(root, '.quire/cache/report.json'), 'utf8')).not.toContain('said the zebra');
    const again = await report(root);
    expect(again.reused).toBe(true);
    expect(again.report.sources).toEqual(first.report.sources);
  });

  it('is made again when the kept file is not whole', async () => {
    const root = copyFixture('content-cache', 'site');
    const first = await report(root);
    const kept = path.join(root, '.quire/cache/report.json');
    writeFileSync(kept, readFileSync(kept, 'utf8').slice(0, 200));
    const again = await report(root);
    expect(again.reused).toBe(false);
    expect(again.report).toEqual(first.report);
    expect((await report(root)).reused).toBe(true);
  });

  it('prints, from the built CLI, the same output warm as cold, and the change after one', () => {
    const root = copyFixture('content-cache', 'site');
    const run = () => quire(['validate', '.', '--cache', '.quire/cache'], { cwd: root });
    const cold = run();
    const warm = run();
    expect(warm).toEqual(cold);
    expect(cold.stdout).toMatch(/\d+ errors?, \d+ warnings?/);
    writeFileSync(path.join(root, 'guides/broken-syntax.mdx'), '# Fixed\n');
    const fixed = run();
    expect(fixed.stdout).not.toContain('broken-syntax.mdx');
    expect(run()).toEqual(fixed);
  });
});
