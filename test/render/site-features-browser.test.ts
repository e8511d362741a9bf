import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('site-features-browser.test.ts');

// fixtures/render/features built with `quire build --html`: once for the root of a host, once
// under /docs/ (`--base`, a GitHub Pages project site), in Chromium.
describe.skipIf(!executablePath)('the site’s features in a browser', () => {
  let scratch: string;
  let server: StaticServer;
  let based: StaticServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'quire-features-browser-'));
    for (const [folder, extra] of [
      ['root', []],
      ['docs', ['--base', '/docs/']],
    ] as const) {
      const built = await quireInProcess(['build', '--html', 'fixtures/render/features', '-o', path.join(scratch, folder), ...extra]);
      expect(built.stderr).toBe('');
      expect(built.code).toBe(0);
    }
    server = await serveStaticFolder(path.join(scratch, 'root'));
    based = await serveStaticFolder(path.join(scratch, 'docs'), { base: '/docs/' });
    browser = await launchChromium(executablePath);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`${request.url()}: ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.url()}: ${response.status()}`);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await based?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const shownSample = () => page.locator('.side-column .request-sample .sample-panel:not([hidden])').getAttribute('data-quire-sample');

  it('shows an endpoint’s samples beside the page, in the language picked, and remembers it', async () => {
    await page.goto(`${server.url}/api-reference/orders/create-an-order`);
    const column = page.locator('.side-column');
    expect(await column.isVisible()).toBe(true);
    expect(await page.locator('.toc').count()).toBe(0);
    // Beside the page, not below it.
    const content = await page.locator('.endpoint-header').boundingBox();
    const side = await column.boundingBox();
    expect(side && content && side.x).toBeGreaterThan((content?.x ?? 0) + (content?.width ?? 0) - 1);
    expect(await shownSample()).toBe('Orbit SDK');
    await page.locator('.side-column .sample-picker').selectOption('Python');
    expect(await shownSample()).toBe('Python');
    expect(await page.locator('.side-column .request-sample .sample-panel:not([hidden])').innerText()).toContain('import requests');
    // The next endpoint page opens on the same language.
    await page.goto(`${server.url}/api-reference/orders/get-an-order`);
    expect(await shownSample()).toBe('Python');
    expect(await page.locator('.side-column .sample-picker').inputValue()).toBe('Python');
    // The inline copy (for phones) is hidden here.
    expect(await page.locator('.endpoint-reference > .side-inline').first().isVisible()).toBe(false);
  });

  it('keeps the examples in the page’s flow on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.url}/api-reference/orders/create-an-order`);
      expect(await page.locator('.side-column').isVisible()).toBe(false);
      const inline = page.locator('.endpoint-reference > .side-inline .request-sample');
      expect(await inline.isVisible()).toBe(true);
      expect(await page.locator('.endpoint-reference > .side-inline .response-sample').isVisible()).toBe(true);
      await page.goto(`${server.url}/en/v2/examples`);
      expect(await page.locator('.page-inner .request-example').isVisible()).toBe(true);
      expect(await page.locator('.side-column').isVisible()).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('puts a page’s RequestExample and Panel in the right column on a wide screen', async () => {
    await page.goto(`${server.url}/en/v2/examples`);
    expect(await page.locator('.side-column .request-example').isVisible()).toBe(true);
    expect(await page.locator('.side-column .response-example').isVisible()).toBe(true);
    expect(await page.locator('.page-inner .request-example').isVisible()).toBe(false);
    await page.goto(`${server.url}/en/v2/panel`);
    expect(await page.locator('.side-column .panel').innerText()).toContain('Pinned beside the page.');
    expect(await page.locator('.toc').count()).toBe(0);
  });

  it('works under a path of the host (--base /docs/): styled, linked, searchable', async () => {
    await page.goto(`${based.url}/docs/en/v2/examples`);
    // The style sheet loaded: the header sticks, the sidebar is beside the page.
    expect(await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
    const pathOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element: HTMLAnchorElement | HTMLLinkElement) => new URL(element.href).pathname);
    expect(await pathOf('link[rel="icon"]')).toBe('/docs/favicon.svg');
    await page.locator('.sidebar a', { hasText: 'A page with a panel' }).click();
    await page.waitForURL(`${based.url}/docs/en/v2/panel`);
    // The logo leads to the site's root under the path.
    expect(await pathOf('.site-logo')).toBe('/docs/');
    // The search index is fetched from under the path, and its results lead there.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('panel');
    const result = page.locator('.quire-search a').first();
    await expect.poll(() => result.evaluate((link: HTMLAnchorElement) => new URL(link.href).pathname)).toBe('/docs/en/v2/panel');
    // The 404 page, served at any depth, is styled and leads home under the path (a page of its
    // own: its status is not an error of this test).
    const missing = await browser.newPage();
    await missing.goto(`${based.url}/docs/en/v2/no/such/page`);
    expect(await missing.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
    expect(await missing.locator('.site-logo').evaluate((logo: HTMLAnchorElement) => new URL(logo.href).pathname)).toBe('/docs/');
    await missing.close();
  });

  it('closes the banner for good, and shows the language’s own on its pages', async () => {
    await page.goto(`${server.url}/en/v2/panel`);
    const banner = page.locator('.site-banner');
    expect(await banner.innerText()).toContain('Orbit 2 is out');
    await page.locator('[data-banner-close]').click();
    expect(await banner.isVisible()).toBe(false);
    await page.goto(`${server.url}/en/v2/index`);
    expect(await page.locator('.site-banner').isVisible()).toBe(false);
    // The versions, with their badges, and the languages, to choose from.
    await page.locator('[data-selector="version"] > summary').click();
    expect(await page.locator('[data-selector="version"] .selector-menu a').allTextContents()).toEqual(['v2Latest', 'v1Legacy']);
    await page.locator('[data-selector="language"] > summary').click();
    await page.locator('[data-selector="language"] .selector-menu a', { hasText: 'Français' }).click();
    await page.waitForURL(`${server.url}/fr/index`);
    expect(await page.locator('.site-banner').innerText()).toContain('Cette traduction est en cours.');
  });

  it('draws a Mermaid diagram, loading Mermaid only on the page that has one', async () => {
    const loads: string[] = [];
    const listener = (request: { url(): string }) => {
      if (request.url().includes('mermaid')) loads.push(request.url());
    };
    page.on('request', listener);
    try {
      await page.goto(`${server.url}/en/v2/panel`);
      await page.waitForLoadState('load');
      expect(loads).toEqual([]);
      await page.goto(`${server.url}/en/v2/diagram`);
      await page.locator('.mermaid svg').waitFor({ timeout: 30_000 });
      expect(await page.locator('.mermaid svg').innerHTML()).toContain('Shipped');
      expect(loads).toEqual([`${server.url}/_quire/mermaid.min.js`]);
    } finally {
      page.off('request', listener);
    }
  });

  it('loaded every page with no console error and no failed request', () => {
    expect(errors.join('\n')).toBe('');
  });
});
