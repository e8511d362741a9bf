import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { offlineContext, watchErrors } from './page-errors.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('example-site-browser.test.ts');

/** The URL path of every page of an HTML build (`guides/setup.html` is `/guides/setup`), 404.html left out. */
function pagesOf(out: string): string[] {
  return (readdirSync(out, { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('_quire/'))
    .map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`))
    .sort();
}

/** A built site served as a static host serves it. */
interface BuiltSite {
  out: string;
  server: StaticServer;
  pages: string[];
}

async function build(site: string, folder: string): Promise<string> {
  const out = path.join(folder, path.basename(site));
  const built = await quireInProcess(['build', '--html', site, '-o', out]);
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
  return out;
}

// The example site (fixtures/example-site) and a site with a page per built-in component
// (fixtures/render/components-site), built with `quire build --html`, in one Chromium: every page
// opened (four at a time, each in a context of its own) with no console error and no failed
// request, and what a reader clicks doing what it should. test/render/site-browser.test.ts covers
// the sidebar, anchors, dark mode and the phone menu on fixtures/render/site.
describe.skipIf(!executablePath)('the example site and the components site in a browser', () => {
  let folder: string;
  let browser: Browser;
  let example: BuiltSite;
  let components: BuiltSite;
  let context: BrowserContext;
  const errors: string[] = [];

  /** A new page of the shared context, its errors collected. */
  async function open(site: BuiltSite, href: string): Promise<Page> {
    const page = await context.newPage();
    const seen = watchErrors(page, site.server.url);
    page.on('close', () => errors.push(...seen));
    await page.goto(`${site.server.url}${href}`);
    return page;
  }

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-example-browser-'));
    const exampleOut = await build('fixtures/example-site', folder);
    const componentsOut = await build('fixtures/render/components-site', folder);
    example = { out: exampleOut, server: await serveStaticFolder(exampleOut), pages: pagesOf(exampleOut) };
    components = { out: componentsOut, server: await serveStaticFolder(componentsOut), pages: pagesOf(componentsOut) };
    browser = await launchChromium(executablePath);
    context = await offlineContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await example?.server.close();
    await components?.server.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it.each([
    ['example site', () => example, 11],
    ['components site', () => components, 31],
  ])(
    'opens every page of the %s with no console error and no failed request',
    async (_name, site, count) => {
      const { pages, server } = site();
      expect(pages.length).toBe(count);
      const problems: string[] = [];
      const queue = [...pages];
      // Two readers (the machine has two cores), each one tab going from page to page: a new tab
      // per page cost a third of the time, and four at once made a slow page slower still.
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          const pageContext = await offlineContext(browser);
          try {
            const page = await pageContext.newPage();
            const seen = watchErrors(page, server.url);
            for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
              const response = await page.goto(`${server.url}${href}`, { waitUntil: 'load' });
              expect(response?.status(), href).toBe(200);
              expect(await page.locator('h1.page-title').count(), href).toBe(1);
              // Every image of the page (the logo, the site's pictures) is there and drawn.
              const broken = await page
                .locator('img')
                .evaluateAll((images) =>
                  (images as HTMLImageElement[])
                    .filter((image) => image.complete && image.naturalWidth === 0 && !image.src.startsWith('https://'))
                    .map((image) => image.src),
                );
              problems.push(...broken.map((src) => `${href}: image not drawn: ${src}`));
            }
            problems.push(...seen);
          } finally {
            await pageContext.close();
          }
        }),
      );
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it('switches tabs and code groups, opens accordions, and copies code (example site)', async () => {
    const page = await open(example, '/quickstart');
    // Tabs: the second panel shows on a click, the first hides.
    const tabs = page.locator('.tabs[data-quire-tabs]').first();
    await tabs.locator('[data-quire-tab="1"]').click();
    expect(await tabs.locator('[data-quire-panel="1"]').isVisible()).toBe(true);
    expect(await tabs.locator('[data-quire-panel="0"]').isVisible()).toBe(false);
    expect(await tabs.locator('[data-quire-tab="1"]').getAttribute('aria-selected')).toBe('true');
    // A code group: pnpm, then copy what it shows.
    const group = page.locator('.code-group').first();
    await group.locator('[data-quire-tab="1"]').click();
    expect(await group.locator('[data-quire-panel="1"]').isVisible()).toBe(true);
    await group.locator('[data-quire-copy]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('pnpm add plant-store');
    // Accordions start closed and open on a click.
    const accordion = page.locator('details.accordion', { hasText: 'Is there a sandbox?' });
    expect(await accordion.getAttribute('open')).toBeNull();
    expect(await accordion.getByText('never change real data').isVisible()).toBe(false);
    await accordion.locator('summary').click();
    expect(await accordion.getByText('never change real data').isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  it('finds a section with the search and lands on it (example site, static build)', async () => {
    const page = await open(example, '/');
    await page.locator('[data-quire-search-open]').first().click();
    await page.locator('.quire-search input').fill('first request');
    await page.locator('.quire-search-result').first().waitFor();
    expect(await page.locator('.quire-search-result').first().textContent()).toContain('Your first request');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/quickstart#your-first-request$/);
    expect(await page.locator('#your-first-request').isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  it('moves between languages, versions and dropdowns with the selectors', async () => {
    const page = await open(components, '/');
    const selector = (kind: string) => page.locator(`details.selector[data-selector="${kind}"]`);
    // A menu opens on a click and closes on a click elsewhere.
    await selector('version').locator('summary').click();
    expect(await selector('version').locator('a', { hasText: 'v1' }).isVisible()).toBe(true);
    await page.locator('h1.page-title').click();
    expect(await selector('version').getAttribute('open')).toBeNull();
    await selector('dropdown').locator('summary').click();
    await selector('dropdown').locator('a', { hasText: 'Content' }).click();
    await page.waitForURL(`${components.server.url}/components/code`);
    expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe('Code blocks');
    expect(await selector('dropdown').locator('summary').textContent()).toContain('Content');
    await selector('version').locator('summary').click();
    await selector('version').locator('a', { hasText: 'v1' }).click();
    await page.waitForURL(`${components.server.url}/v1/index`);
    expect(await page.locator('h1.page-title').textContent()).toBe('Version 1');
    // The languages by their names, not their codes.
    await selector('language').locator('summary').click();
    expect(await selector('language').locator('.selector-menu a').allTextContents()).toEqual(['English', 'Français']);
    await selector('language').locator('a', { hasText: 'Français' }).click();
    await page.waitForURL(`${components.server.url}/fr/index`);
    expect(await page.locator('h1.page-title').textContent()).toBe('Composants');
    expect(await selector('language').locator('summary').textContent()).toContain('Français');
    await page.close();
  }, 60_000);

  it('works the interactive components when clicked', async () => {
    const page = await open(components, '/components/tabs');
    // Tabs, and the table of contents of the page.
    await page.locator('.tabs [data-quire-tab="2"]').click();
    expect(await page.getByText('Install with yarn.').isVisible()).toBe(true);
    expect(await page.getByText('Install with npm.').isVisible()).toBe(false);
    await page.locator('.toc a[href="#run"]').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#run');

    await page.goto(`${components.server.url}/components/accordions`);
    expect(await page.getByText('A compiler for documentation sites.').isVisible()).toBe(true); // defaultOpen
    expect(await page.getByText('Closed until clicked.').isVisible()).toBe(false);
    await page.locator('details.accordion#a-single-accordion > summary').click();
    expect(await page.getByText('Closed until clicked.').isVisible()).toBe(true);

    await page.goto(`${components.server.url}/components/expandables`);
    expect(await page.getByText('The id.').isVisible()).toBe(false);
    await page.locator('details.expandable > summary').click();
    expect(await page.getByText('The id.').isVisible()).toBe(true);

    await page.goto(`${components.server.url}/components/tree`);
    expect(await page.getByText('intro.mdx').isVisible()).toBe(false);
    await page.locator('.tree-folder summary', { hasText: 'guides' }).click();
    expect(await page.getByText('intro.mdx').isVisible()).toBe(true);

    await page.goto(`${components.server.url}/components/views`);
    expect(await page.getByText('Use requests.').isVisible()).toBe(false);
    await page.locator('select').first().selectOption({ label: 'Python' });
    expect(await page.getByText('Use requests.').isVisible()).toBe(true);
    expect(await page.getByText('Use fetch.').isVisible()).toBe(false);

    await page.goto(`${components.server.url}/components/code`);
    await page.locator('.code-block', { hasText: 'src/app.ts' }).locator('[data-quire-copy]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('const config = JSON.parse(text);\nconsole.log(config.name);');

    await page.goto(`${components.server.url}/components/colors`);
    await page.locator('[data-quire-copy-text="#0d9373"]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('#0d9373');

    await page.goto(`${components.server.url}/components/tooltips`);
    await page.locator('.tooltip-trigger').hover();
    await expect.poll(() => page.locator('.tooltip-content').isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  it('turns the components site dark and back', async () => {
    const page = await open(components, '/components/callouts');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    const note = () => page.locator('.callout-note').evaluate((element) => getComputedStyle(element).backgroundColor);
    const light = await note();
    await page.locator('[data-theme-toggle]').first().click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await note()).not.toBe(light);
    await page.locator('[data-theme-toggle]').first().click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.close();
  }, 60_000);

  it('had no console error and no failed request while clicking', () => {
    expect(errors).toEqual([]);
  });
});
