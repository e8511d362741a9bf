import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * What went wrong while a page was open: console errors, uncaught exceptions, and requests to
 * `origin` that failed or were answered with an error status. Requests elsewhere (Google Fonts,
 * images on a CDN) are answered with an empty 200 in the tests: our machines have no network, and
 * what another server answers is not the page's fault.
 */
export function watchErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  const where = () => new URL(page.url(), origin).pathname;
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${where()}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${where()}: exception: ${error.message}`));
  // A request to the test's server by its path: the port changes from run to run.
  const shown = (url: string) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  page.on('requestfailed', (request) => {
    // A load the next navigation cancels (the favicon, while a test moves on) is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`${shown(request.url())}: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(`${origin}/`)) errors.push(`${shown(response.url())}: status ${response.status()}`);
  });
  return errors;
}

/** A browser context (1280 by 800) whose requests to other hosts than 127.0.0.1, where the tests serve, are answered with an empty 200. */
export async function offlineContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, body: '', contentType: contentTypeOfRequest(route.request().resourceType()) }),
  );
  return context;
}

function contentTypeOfRequest(type: string): string {
  return type === 'stylesheet' ? 'text/css' : type === 'script' ? 'text/javascript' : type === 'font' ? 'font/woff2' : 'application/octet-stream';
}
