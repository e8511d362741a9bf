import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFor, launchChromium } from './chromium.js';
import { offlineContext, watchErrors } from './page-errors.js';
import { renderFixture } from './render-fixture.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('navigation-browser.test.ts');

// fixtures/render/navigation-site: products (one a link elsewhere), a tab with a `menu`, groups
// with `root` (top-level and nested), `interaction.drilldown`, and an MDX page with `openapi:`
// frontmatter; built as `quire build --html` builds it and clicked in Chromium.
describe.skipIf(!executablePath)('the navigation in a browser', () => {
  let folder: string;
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];

  async function open(href: string): Promise<Page> {
    const page = await context.newPage();
    const seen = watchErrors(page, server.url);
    page.on('close', () => errors.push(...seen));
    await page.goto(`${server.url}${href}`);
    return page;
  }

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-navigation-browser-'));
    const site = await renderFixture('navigation-site');
    expect(site.failures).toEqual([]);
    for (const file of site.files) {
      mkdirSync(path.dirname(path.join(folder, file.path)), { recursive: true });
      writeFileSync(path.join(folder, file.path), file.content);
    }
    server = await serveStaticFolder(folder);
    browser = await launchChromium(executablePath);
    context = await offlineContext(browser);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('switches products, their descriptions shown, one leading elsewhere', async () => {
    const page = await open('/pay/guides/setup');
    const products = page.locator('[data-selector="product"]');
    expect(await products.locator('summary').innerText()).toContain('Payments');
    await products.locator('summary').click();
    const options = products.locator('.selector-menu a');
    // (A product that is a link shows no description: site.json's links carry none yet.)
    expect(await options.allInnerTexts()).toEqual(['Payments\nTake money online', 'Identity\nKnow your customers', 'Status\nIs it up?']);
    expect(await options.nth(2).getAttribute('href')).toBe('https://status.example.com');
    await options.nth(1).click();
    await page.waitForURL(`${server.url}/id/index`);
    expect(await page.locator('[data-selector="product"] summary').innerText()).toContain('Identity');
    await page.close();
  });

  it('opens a group’s root page from its title, top-level and nested, and drills down into a group without one', async () => {
    const page = await open('/pay/guides/setup');
    // A top-level group's title.
    await page.locator('.nav-group-title a', { hasText: 'Start' }).click();
    await page.waitForURL(`${server.url}/pay/index`);
    // A nested group with a root: its title opens the root page, the group open there.
    const refunds = page.locator('details.nav-nested', { hasText: 'Refunds' });
    expect(await refunds.getAttribute('open')).toBeNull();
    await refunds.locator('summary a', { hasText: 'Refunds' }).click();
    await page.waitForURL(`${server.url}/pay/guides/refunds`);
    expect(await page.locator('details.nav-nested', { hasText: 'Refunds' }).getAttribute('open')).toBe('');
    expect(await page.locator('.sidebar a', { hasText: 'Partial refunds' }).isVisible()).toBe(true);
    // `interaction.drilldown`: a nested group without a root opens its first page.
    await page.locator('details.nav-nested summary a', { hasText: 'Disputes' }).click();
    await page.waitForURL(`${server.url}/pay/guides/disputes`);
    expect(await page.locator('.sidebar .nav-link.active').innerText()).toBe('Disputes');
    expect(await page.locator('.sidebar a', { hasText: 'Evidence' }).isVisible()).toBe(true);
    await page.close();
  });

  it('opens a tab’s menu in the tabs bar, its items leading to their pages', async () => {
    const page = await open('/pay/guides/setup');
    const menu = page.locator('.tabs-bar details.tab-menu', { hasText: 'Reference' });
    expect(await menu.locator('.tab-menu-list').isVisible()).toBe(false);
    await menu.locator('summary').click();
    expect(await menu.locator('.tab-menu-list a').allInnerTexts()).toEqual(['REST API\nEvery endpoint', 'SDKs\nLibraries for your stack']);
    // A look at it: QUIRE_SCREENSHOTS=<folder> keeps a screenshot.
    if (process.env.QUIRE_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.QUIRE_SCREENSHOTS, 'tab-menu.png') });
    // Closed by a click elsewhere.
    await page.locator('h1.page-title').click();
    expect(await menu.locator('.tab-menu-list').isVisible()).toBe(false);
    await menu.locator('summary').click();
    await menu.locator('.tab-menu-list a', { hasText: 'SDKs' }).click();
    await page.waitForURL(`${server.url}/pay/ref/sdks`);
    // There, the tab is the current one, its item chosen, and the sidebar has no menu of its own.
    const current = page.locator('.tabs-bar details.tab-menu.active');
    expect(await current.locator('summary').innerText()).toContain('Reference');
    await current.locator('summary').click();
    expect(await current.locator('.tab-menu-list a.active').innerText()).toContain('SDKs');
    expect(await page.locator('.sidebar [data-selector="menu-item"]').count()).toBe(0);
    await page.close();
  });

  it('shows the method of an MDX page with `openapi:` frontmatter in the sidebar', async () => {
    const page = await open('/pay/api/overview');
    const entry = page.locator('.sidebar a', { hasText: 'Create a charge' });
    expect(await entry.locator('.method').innerText()).toBe('POST');
    expect(await entry.locator('.method').getAttribute('class')).toBe('method method-post');
    expect(await page.locator('.sidebar a', { hasText: 'API overview' }).locator('.method').count()).toBe(0);
    await page.close();
  });

  afterAll(() => {
    expect(errors).toEqual([]);
  });
});
