import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticSiteResult } from '../../src/render/index.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { renderFixture } from './render-fixture.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('sidebar-shared-browser.test.ts');

/** The files of a build written to `folder`; the pages' paths. */
function writeBuild(result: StaticSiteResult, folder: string): string[] {
  const pages: string[] = [];
  for (const file of result.files) {
    const target = path.join(folder, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    const content = file.content;
    if (typeof content === 'string' && file.path.endsWith('.html') && !content.includes('http-equiv="refresh"') && file.path !== '404.html')
      pages.push(file.path);
    writeFileSync(target, content);
  }
  return pages;
}

/** The sidebar's groups and pages as the browser holds them once the page has loaded (scripts run). */
async function navTree(page: Page, url: string): Promise<string> {
  await page.goto(url, { waitUntil: 'load' });
  return page.locator('.sidebar .nav-tree').evaluate((nav) => nav.innerHTML);
}

// A section's sidebar shared by its pages (`sharedSidebarOver`, 100,000 characters by default; 0
// here, so that every sidebar of more than one block is shared): each page holds the blocks that
// hold it, the section's script draws the rest. In Chromium, every page's sidebar is then the one
// a build that keeps sidebars whole writes in it, character for character.
describe.skipIf(!executablePath)('a shared sidebar in a browser', () => {
  let folder: string;
  let browser: Browser;
  let page: Page;
  const servers: StaticServer[] = [];
  const errors: string[] = [];
  let whole: { pages: string[]; server: StaticServer };
  let shared: { pages: string[]; server: StaticServer; result: StaticSiteResult };
  let underBase: StaticServer;
  let fromDisk: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-shared-sidebar-'));
    const [wholeBuild, sharedBuild, baseBuild] = await Promise.all([
      renderFixture('site'),
      renderFixture('site', { sharedSidebarOver: 0 }),
      renderFixture('site', { sharedSidebarOver: 0, base: '/docs/' }),
    ]);
    const serve = async (name: string, result: StaticSiteResult, base?: string) => {
      const pages = writeBuild(result, path.join(folder, name));
      const server = await serveStaticFolder(path.join(folder, name), base ? { base } : {});
      servers.push(server);
      return { pages, server };
    };
    whole = await serve('whole', wholeBuild);
    shared = { ...(await serve('shared', sharedBuild)), result: sharedBuild };
    underBase = (await serve('base', baseBuild, '/docs/')).server;
    writeBuild(sharedBuild, path.join(folder, 'disk'));
    fromDisk = path.join(folder, 'disk');
    browser = await launchChromium(executablePath);
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('writes each section’s sidebar once, and pages that hold only their own blocks', () => {
    const scripts = shared.result.files.filter((file) => file.path.startsWith('_quire/nav/'));
    // The two tabs: Guides and API reference.
    expect(scripts.map((file) => file.path)).toEqual([expect.stringMatching(/^_quire\/nav\/[a-z0-9]+-[a-z0-9]+\.js$/), expect.any(String)]);
    const quickstart = shared.result.files.find((file) => file.path === 'quickstart.html')?.content as string;
    // The page's URLs, the script's included, are relative to its folder.
    const nav = /<nav class="nav-tree" aria-label="Pages">(.*?)<\/nav><script src="(\.\/_quire\/nav\/[^"]+)" data-blocks="0"><\/script>/.exec(quickstart);
    expect(nav?.[1]).toContain('href="./quickstart" aria-current="page"');
    // "Guides", the other group of the tab, is the script's.
    expect(nav?.[1]).not.toContain('Guides overview');
    expect(scripts.map((file) => `./${file.path}`)).toContain(nav?.[2]);
    expect(shared.pages).toEqual(whole.pages);
  });

  it('draws in every page the sidebar a page that holds it whole has, the page marked and its groups open', async () => {
    expect(shared.pages.length).toBeGreaterThan(8);
    for (const file of shared.pages) {
      const href = `/${file.replace(/\.html$/, '').replace(/^index$/, '')}`;
      expect(await navTree(page, `${shared.server.url}${href}`), href).toBe(await navTree(page, `${whole.server.url}${href}`));
    }
    // A page of a nested group: the group open, the page current.
    await page.goto(`${shared.server.url}/guides/webhooks/signatures`);
    expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe('Signatures');
    expect(await page.locator('.sidebar details.nav-nested').first().getAttribute('open')).toBe('');
    // The other group of the tab is there and works.
    await page.locator('.sidebar .nav-tree a', { hasText: 'Quickstart' }).click();
    await page.waitForURL(`${shared.server.url}/quickstart`);
    expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe('Quickstart');
    expect(errors).toEqual([]);
  }, 120_000);

  it('keeps the path the site is served under, and the links of a build opened from disk', async () => {
    // Two folders deep, under /docs/: the links the script draws lead under /docs/ too.
    await page.goto(`${underBase.url}/docs/guides/webhooks/receiving`);
    const links = await page.locator('.sidebar .nav-tree a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toEqual(
      ['', 'quickstart', 'guides/overview', 'guides/authentication', 'guides/webhooks/receiving', 'guides/webhooks/signatures'].map(
        (href) => `${underBase.url}/docs/${href}`,
      ),
    );
    // Two folders deep, from the disk: the links the script draws start where its own URL does,
    // and the site's script points them, as every link of the site, at the files written.
    await page.goto(pathToFileURL(path.join(fromDisk, 'guides/webhooks/receiving.html')).href);
    const fromFile = await page.locator('.sidebar .nav-tree a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(fromFile).toEqual(
      ['index', 'quickstart', 'guides/overview', 'guides/authentication', 'guides/webhooks/receiving', 'guides/webhooks/signatures'].map(
        (file) => pathToFileURL(path.join(fromDisk, `${file}.html`)).href,
      ),
    );
    expect(errors.filter((error) => !error.startsWith('file:'))).toEqual([]);
  });
});
