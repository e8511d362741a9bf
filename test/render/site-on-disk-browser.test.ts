import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { chromiumFor, launchChromium } from './chromium.js';

const executablePath = chromiumFor('site-on-disk-browser.test.ts');

/** What went wrong on a page opened from disk: console errors, exceptions, files that could not be read. */
function watchDiskErrors(page: Page): string[] {
  const errors: string[] = [];
  const where = () => page.url().replace(/^.*?\/out\//, '');
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${where()}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${where()}: exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`${where()}: ${request.url()}: ${request.failure()?.errorText}`);
  });
  return errors;
}

// The example site built with `quire build --html` and opened from disk (file://), as a reader
// double-clicks out/index.html: styled, its logo drawn, its links leading to the files written.
describe.skipIf(!executablePath)('the static build opened from disk', () => {
  let folder: string;
  let out: string;
  let browser: Browser;
  let context: BrowserContext;

  /** The file:// URL of a file of the build. */
  const fileUrl = (file: string) => pathToFileURL(path.join(out, file)).href;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-disk-browser-'));
    out = path.join(folder, 'out');
    for (const [site, target] of [
      ['fixtures/example-site', out],
      ['fixtures/render/features', path.join(folder, 'features')],
    ]) {
      const built = await quireInProcess(['build', '--html', site as string, '-o', target as string]);
      expect(built.stderr).toBe('');
      expect(built.code).toBe(0);
    }
    browser = await launchChromium(executablePath);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // No network here: other hosts (Google Fonts) answer an empty 200.
    await context.route(/^https?:/, (route) => route.fulfill({ status: 200, body: '' }));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('opens every page with its style sheet, script and images, and no error', async () => {
    const pages = (readdirSync(out, { recursive: true, encoding: 'utf8' }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => file.endsWith('.html') && !file.startsWith('_quire/'))
      .sort();
    expect(pages.length).toBeGreaterThan(5);
    const problems: string[] = [];
    const page = await context.newPage();
    const seen = watchDiskErrors(page);
    for (const file of pages.filter((name) => name !== '404.html')) {
      await page.goto(fileUrl(file), { waitUntil: 'load' });
      // The style sheet applied: the header sticks.
      const position = await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position);
      if (position !== 'sticky') problems.push(`${file}: header is ${position}, the style sheet did not apply`);
      const broken = await page
        .locator('img')
        .evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src));
      problems.push(...broken.map((src) => `${file}: image not drawn: ${src}`));
    }
    await page.close();
    expect([...seen, ...problems]).toEqual([]);
  }, 120_000);

  it('draws the logo and follows the sidebar, the logo and the table of contents to the files written', async () => {
    const page = await context.newPage();
    const errors = watchDiskErrors(page);
    await page.goto(fileUrl('index.html'));
    expect(await page.locator('.site-logo img.logo-light').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // A sidebar link, into a folder.
    await page.locator('.sidebar a', { hasText: 'Authentication' }).click();
    await page.waitForURL(fileUrl('guides/authentication.html'));
    expect(await page.locator('h1.page-title').innerText()).toBe('Authentication');
    expect(await page.locator('.sidebar .nav-link.active').innerText()).toContain('Authentication');
    expect(await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
    // Back to the root by the logo, then a page at the root by the sidebar.
    await page.locator('a.site-logo').click();
    await page.waitForURL(fileUrl('index.html'));
    await page.locator('.sidebar a', { hasText: 'Quickstart' }).click();
    await page.waitForURL(fileUrl('quickstart.html'));
    // An anchor of the table of contents stays on the page.
    const anchor = page.locator('.toc a').first();
    const hash = await anchor.getAttribute('href');
    await anchor.click();
    await page.waitForURL(`${fileUrl('quickstart.html')}${hash}`);
    // A look at it: QUIRE_SCREENSHOTS=<folder> keeps the screenshot.
    await page.screenshot({ path: path.join(process.env.QUIRE_SCREENSHOTS ?? folder, 'on-disk.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('follows the pages that forward to the files written: index.html of a site without a home page, a redirect', async () => {
    const page = await context.newPage();
    const errors = watchDiskErrors(page);
    const features = (file: string) => pathToFileURL(path.join(folder, 'features', file)).href;
    await page.goto(features('index.html'));
    await page.waitForURL(features('en/v2/index.html'));
    expect(await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
    await page.goto(features('start.html'));
    await page.waitForURL(features('en/v2/examples.html'));
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('says plainly that search needs a server', async () => {
    const page = await context.newPage();
    const errors = watchDiskErrors(page);
    await page.goto(fileUrl('quickstart.html'));
    await page.keyboard.press('Control+k');
    await page.keyboard.type('plant');
    expect(await page.locator('.quire-search-empty').innerText()).toContain('Search needs the site served over HTTP');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('keeps 404.html on URLs from the root, as a host serves it at any depth', () => {
    const notFound = readFileSync(path.join(out, '404.html'), 'utf8');
    expect(notFound).toContain('href="/_quire/site.css"');
    const nested = readFileSync(path.join(out, 'guides/authentication.html'), 'utf8');
    expect(nested).toContain('href="../_quire/site.css"');
    expect(nested).not.toMatch(/\s(?:href|src)="\/(?!\/)/);
  });
});
