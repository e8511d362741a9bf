import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('site-browser.test.ts');

// The fixture site built with `quire build --html`, served as a static host serves it, in Chromium.
describe.skipIf(!executablePath)('quire build --html in a browser', () => {
  let out: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    out = path.join(mkdtempSync(path.join(tmpdir(), 'quire-html-browser-')), 'out');
    const built = await quireInProcess(['build', '--html', 'fixtures/render/site', '-o', out]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    server = await serveStaticFolder(out);
    browser = await launchChromium(executablePath);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => {
      // A load the next navigation cancels (the favicon, while a test moves on) is not a failure.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`${request.url()}: ${request.failure()?.errorText}`);
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (out) rmSync(path.dirname(out), { recursive: true, force: true });
  });

  // The build writes each page's links relative to its folder (`./quickstart` at the root,
  // `../quickstart` a folder down); 404.html's start at the root.
  it('lists the navigation of the page’s tab in the sidebar, the current page marked', async () => {
    await page.goto(`${server.url}/quickstart`);
    const links = await page
      .locator('.sidebar .nav-tree a')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]));
    expect(links).toEqual([
      ['Introduction', '/'],
      ['Quickstart', '/quickstart'],
      ['Guides overview', '/guides/overview'],
      ['Authentication', '/guides/authentication'],
      ['Receiving', '/guides/webhooks/receiving'],
      ['Signatures', '/guides/webhooks/signatures'],
    ]);
    expect(await page.locator('.sidebar .nav-group-title').allTextContents()).toEqual(['Get started', 'Guides']);
    expect(await page.locator('.sidebar a[aria-current="page"]').textContent()).toBe('Quickstart');
    expect(await page.locator('.tabs-bar a').allTextContents()).toEqual(['Guides', 'API reference']);
    expect(await page.locator('.tabs-bar a.active').textContent()).toBe('Guides');
    // The nested group "Webhooks" starts closed (not `expanded`); "Security" inside it is `expanded`.
    expect(await page.locator('details.nav-nested').first().getAttribute('open')).toBeNull();
    expect(await page.locator('.sidebar a[href="./guides/webhooks/receiving"]').isVisible()).toBe(false);
    await page.locator('details.nav-nested > summary').first().click();
    expect(await page.locator('.sidebar a[href="./guides/webhooks/receiving"]').isVisible()).toBe(true);
    expect(await page.locator('.sidebar a[href="./guides/webhooks/signatures"]').isVisible()).toBe(true);
  });

  it('lands on the page a sidebar link names, with its title, eyebrow and table of contents', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('.sidebar a[href="./quickstart"]').click();
    await page.waitForURL(`${server.url}/quickstart`);
    expect(await page.locator('h1.page-title').textContent()).toBe('Quickstart');
    expect(await page.title()).toBe('Quickstart - Plant Store');
    expect(await page.locator('.eyebrow span').allTextContents()).toEqual(['Guides', 'Get started']);
    expect(await page.locator('.toc a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual([
      '#create-a-key',
      '#install',
      '#first-request',
      '#paging',
      '#errors',
      '#next-steps',
    ]);
    await page.locator('.pager-next').click();
    await page.waitForURL(`${server.url}/guides/overview`);
    await page.locator('.tabs-bar a', { hasText: 'API reference' }).click();
    await page.waitForURL(`${server.url}/api-reference/introduction`);
  });

  it('follows an anchor link Quire’s checks pass to its heading, scrolled into view', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('.prose a[href="./quickstart#install"]').click();
    await page.waitForURL(`${server.url}/quickstart#install`);
    const heading = page.locator('#install');
    expect(await heading.evaluate((element) => element.tagName)).toBe('H2');
    await expect.poll(() => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeGreaterThan(0);
    // Below the sticky header and tabs, at the top of the view (or as near as the page's end lets it).
    const place = await page.evaluate(() => {
      const heading = document.getElementById('install') as HTMLElement;
      const header = (document.querySelector('.site-header') as HTMLElement).getBoundingClientRect().bottom;
      const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      return { top: heading.getBoundingClientRect().top, header, atEnd, scrolled: window.scrollY };
    });
    expect(place.scrolled).toBeGreaterThan(100);
    expect(place.top).toBeGreaterThanOrEqual(place.header);
    if (!place.atEnd) expect(place.top).toBeLessThan(place.header + 40);
    // Within the page too: the table of contents.
    await page.locator('.toc a[href="#next-steps"]').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#next-steps');
    const next = await page.locator('#next-steps').evaluate((element) => element.getBoundingClientRect().top);
    expect(next).toBeGreaterThan(100);
    expect(next).toBeLessThan(800);
  });

  it('switches between light and dark, and remembers the choice', async () => {
    await page.goto(`${server.url}/guides/authentication`);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light'); // docs.json: appearance.default light
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.locator('[data-theme-toggle]').click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await background()).not.toBe(light);
    expect(await page.locator('.logo-dark').isVisible()).toBe(true);
    expect(await page.locator('.logo-light').isVisible()).toBe(false);
    await page.goto(`${server.url}/quickstart`);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.locator('[data-theme-toggle]').click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
  });

  it('opens the navigation behind the menu button on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.url}/guides/overview`);
      expect(await page.locator('.sidebar a[href="../quickstart"]').isVisible()).toBe(false);
      await page.locator('[data-menu-button]').click();
      await expect.poll(() => page.locator('.sidebar a[href="../quickstart"]').isVisible()).toBe(true);
      expect(await page.locator('[data-menu-button]').getAttribute('aria-expanded')).toBe('true');
      await page.locator('.sidebar a[href="../quickstart"]').click();
      await page.waitForURL(`${server.url}/quickstart`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('draws endpoint pages with their method, path and fields', async () => {
    await page.goto(`${server.url}/api-reference/plants/add-a-plant`);
    expect(await page.locator('.endpoint-header .method').textContent()).toBe('POST');
    expect(await page.locator('.endpoint-header .endpoint-path').textContent()).toBe('/plants');
    expect(await page.locator('.field-name').allTextContents()).toContain('name');
    await page.goto(`${server.url}/api-reference/endpoint/get-plant`);
    expect(await page.locator('.endpoint-header').getAttribute('data-endpoint')).toBe('GET /plants/{id}');
    expect(await page.locator('.prose').first().textContent()).toContain('Returns one plant by its identifier.');
  });

  it('shows images of the site', async () => {
    await page.goto(`${server.url}/`);
    const width = await page.locator('img[alt="A greenhouse"]').evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : -1));
    expect(width).toBe(640);
    await page.goto(`${server.url}/guides/webhooks/receiving`);
    const relative = await page.locator('img[alt="The webhook flow"]').evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : -1));
    expect(relative).toBe(480);
  });

  it('answers an unknown address with the 404 page', async () => {
    // In a page of its own: the 404 is the one failed request there, which the other pages must not have.
    const other = await browser.newPage();
    try {
      const response = await other.goto(`${server.url}/no/such/page`);
      expect(response?.status()).toBe(404);
      expect(await other.locator('h1.page-title').textContent()).toBe('Page not found');
      expect(await other.locator('.sidebar a[href="/quickstart"]').count()).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('forwards a redirect of docs.json to its destination', async () => {
    await page.goto(`${server.url}/old-quickstart`);
    await page.waitForURL(`${server.url}/quickstart#install`);
    expect(await page.locator('h1.page-title').textContent()).toBe('Quickstart');
  });

  it('loaded every page with no console error and no failed request', () => {
    expect(errors).toEqual([]);
  });
});
