import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

interface Report {
  built: boolean;
  errors: number;
  warnings: number;
  unwritten: Array<{ file: string; url: string; siteOwn: boolean }>;
}

/** The example site, copied, with docs.json changed by `edit`. */
function exampleSite(folder: string, edit: (config: Record<string, unknown>) => void = () => {}): string {
  const site = path.join(folder, 'site');
  cpSync(fixturePath('example-site'), site, { recursive: true });
  const file = path.join(site, 'docs.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return site;
}

async function build(site: string, out: string): Promise<{ report: Report; stderr: string }> {
  const result = await quireInProcess(['build', '--html', site, '-o', out, '--format', 'json', '--offline']);
  return { report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}

/** The file of the build a URL path leads to: itself (`/guides/setup.md`), else the page's `.html`. */
function builtFile(out: string, url: string): string | undefined {
  const file = decodeURI(url).replace(/^\/+/, '');
  if (file !== '' && existsSync(path.join(out, file))) return file;
  const html = `${file.replace(/\/+$/, '') || 'index'}.html`;
  return existsSync(path.join(out, html)) ? html : undefined;
}

describe('quire build --html: the site as AI agents read it', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'quire-agent-files-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes every page as Markdown beside its HTML, llms.txt whose every link is built, llms-full.txt, sitemap.xml and robots.txt', async () => {
    const site = exampleSite(folder, (config) => {
      config.seo = { metatags: { canonical: 'https://docs.plantstore.dev/' } };
    });
    const out = path.join(folder, 'out');
    const { report, stderr } = await build(site, out);
    expect(stderr).toBe('');
    expect([report.built, report.errors, report.unwritten]).toEqual([true, 0, []]);
    const files = (readdirSync(out, { recursive: true, encoding: 'utf8' }) as string[]).map((file) => file.split(path.sep).join('/'));
    const pages = files.filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('_quire/'));
    // Each HTML page has its Markdown (the home page's is index.md, which llms.txt names).
    for (const page of pages) expect(files, page).toContain(page.replace(/\.html$/, '.md'));
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toMatch(/^# Plant Store\n\n> Docs for the Plant Store API/);
    expect(llms).toContain('- [Introduction](https://docs.plantstore.dev/index.md): What the Plant Store API does and where to start.');
    const links = [...llms.matchAll(/\]\((https:\/\/docs\.plantstore\.dev[^)]*)\)/g)].map((match) => match[1] as string);
    expect(links.length).toBeGreaterThan(8);
    for (const link of links) expect(builtFile(out, link.slice('https://docs.plantstore.dev'.length)), link).toMatch(/\.md$/);
    // The sitemap lists the pages of the navigation, each built as HTML.
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>https:\/\/docs\.plantstore\.dev([^<]*)<\/loc>/g)].map((match) => match[1] as string);
    expect(locations).toContain('/quickstart');
    for (const location of locations) expect(builtFile(out, location), location).toMatch(/\.html$/);
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.plantstore.dev/sitemap.xml\n');
    // llms-full.txt holds every page's Markdown in llms.txt's order.
    const full = readFileSync(path.join(out, 'llms-full.txt'), 'utf8');
    const quickstart = readFileSync(path.join(out, 'quickstart.md'), 'utf8');
    expect(full).toContain(`Source: https://docs.plantstore.dev/quickstart.md\n\n${quickstart.trim()}`);
    expect(full.indexOf('Source: https://docs.plantstore.dev/index.md')).toBeLessThan(full.indexOf('Source: https://docs.plantstore.dev/quickstart.md'));
    // An endpoint page as a Markdown API reference.
    const endpoint = readFileSync(path.join(out, 'api-reference/plants/add-a-plant.md'), 'utf8');
    expect(endpoint).toMatch(/^# Add a plant\n\n`POST \/plants`\n/);
    expect(endpoint).toContain('- `name` (string, required): Common name of the plant.');
    expect(endpoint).toContain('**cURL**\n\n```bash\ncurl --request POST');
  });

  it('without the site URL, links from the root and writes no sitemap', async () => {
    const out = path.join(folder, 'out-relative');
    const { report } = await build(exampleSite(path.join(folder, 'relative')), out);
    expect(report.unwritten).toEqual([]);
    expect(readFileSync(path.join(out, 'llms.txt'), 'utf8')).toContain('- [Quickstart](/quickstart.md): ');
    expect(existsSync(path.join(out, 'sitemap.xml'))).toBe(false);
    expect(existsSync(path.join(out, 'robots.txt'))).toBe(false);
  });

  it('writes out the MDX snippets a page imports, where the page uses them', async () => {
    const site = exampleSite(path.join(folder, 'snippets'));
    mkdirSync(path.join(site, 'snippets'));
    writeFileSync(path.join(site, 'snippets', 'care.mdx'), 'Water the fern **weekly**.\n');
    const page = path.join(site, 'quickstart.mdx');
    const text = readFileSync(page, 'utf8');
    writeFileSync(
      page,
      text.replace(/^---\n[\s\S]*?\n---\n/, (frontmatter) => `${frontmatter}\nimport Care from '/snippets/care.mdx';\n\n<Care />\n`),
    );
    const out = path.join(folder, 'out-snippets');
    const { report } = await build(site, out);
    expect(report.built).toBe(true);
    expect(readFileSync(path.join(out, 'quickstart.md'), 'utf8')).toMatch(
      /^# Quickstart\n\n> List your first plants in five minutes\.\n\nWater the fern \*\*weekly\*\*\.\n/,
    );
  });

  it("keeps a site's own llms.txt as it is, and warns of a link in it that the build does not write", async () => {
    const site = exampleSite(path.join(folder, 'own'));
    writeFileSync(path.join(site, 'llms.txt'), '# Plants\n\n- [Quickstart](/quickstart.md)\n- [Gone](/gone.md)\n- [Elsewhere](https://example.com/x.md)\n');
    const out = path.join(folder, 'out-own');
    const { report, stderr } = await build(site, out);
    expect(readFileSync(path.join(out, 'llms.txt'), 'utf8')).toBe(readFileSync(path.join(site, 'llms.txt'), 'utf8'));
    expect(report.unwritten).toEqual([{ file: 'llms.txt', url: '/gone.md', siteOwn: true }]);
    expect([report.built, report.errors, report.warnings]).toEqual([true, 0, 1]);
    expect(stderr).toBe('');
    const text = await quireInProcess(['build', '--html', site, '-o', out, '--offline']);
    expect(text.stderr).toBe("quire build: llms.txt (the site's own) names /gone.md, which the build does not write: it would answer 404\n");
    expect(text.code).toBe(0);
  });
});
