import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { startDev, stopDev, type DevProcess } from '../helpers/dev-process.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { startEchoServer, type EchoedRequest, type EchoServer } from './echo-server.js';
import { offlineContext, watchErrors } from './page-errors.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('playground-browser.test.ts');
const SITE = 'fixtures/render/playground-site';
const CREATE = '/api-reference/items/create-an-item';

/**
 * The ways to authenticate of `POST /items/{itemId}`, in the order of its `security` (the
 * playground's choice), with what the reader types and what the API must receive.
 */
const AUTH = [
  { scheme: 'headerKey', typed: { value: 'key-h' }, expect: (request: EchoedRequest) => expect(request.headers['x-api-key']).toBe('key-h') },
  { scheme: 'queryKey', typed: { value: 'key q' }, expect: (request: EchoedRequest) => expect(queryOf(request).getAll('api_key')).toEqual(['key q']) },
  { scheme: 'cookieKey', typed: { value: 'key-c' }, cookie: 'auth_cookie=key-c', expect: () => {} },
  { scheme: 'bearer', typed: { token: 'tok-b' }, expect: (request: EchoedRequest) => expect(request.headers.authorization).toBe('Bearer tok-b') },
  {
    scheme: 'basic',
    typed: { username: 'ann', password: 'pa:ss é' },
    expect: (request: EchoedRequest) => expect(request.headers.authorization).toBe(`Basic ${Buffer.from('ann:pa:ss é').toString('base64')}`),
  },
  { scheme: 'oauth', typed: { token: 'tok-o' }, expect: (request: EchoedRequest) => expect(request.headers.authorization).toBe('Bearer tok-o') },
] as const;

/** The request's body types, in the order of its `content`, with what the reader types and what the API must receive. */
const BODIES = [
  {
    type: 'application/json',
    fill: (page: Page) => page.fill('[data-playground-body="0"] [data-playground-text]', '{"name": "Desk", "count": 3}'),
    expect: (request: EchoedRequest) => {
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body.toString('utf8'))).toEqual({ name: 'Desk', count: 3 });
    },
  },
  {
    type: 'application/x-www-form-urlencoded',
    fill: async (page: Page) => {
      await page.fill('[data-playground-body="1"] [data-playground-field="name"]', 'Desk & chair');
      await page.fill('[data-playground-body="1"] [data-playground-field="count"]', '3');
    },
    expect: (request: EchoedRequest) => {
      expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect([...new URLSearchParams(request.body.toString('utf8'))]).toEqual([
        ['name', 'Desk & chair'],
        ['count', '3'],
      ]);
    },
  },
  {
    type: 'multipart/form-data',
    fill: async (page: Page) => {
      await page.fill('[data-playground-body="2"] [data-playground-field="title"]', 'Notes');
      await page.setInputFiles('[data-playground-body="2"] [data-playground-field="file"]', {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hello file\n'),
      });
    },
    expect: async (request: EchoedRequest) => {
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': request.headers['content-type'] as string } }).formData();
      expect(form.get('title')).toBe('Notes');
      const file = form.get('file') as File;
      expect(file.name).toBe('notes.txt');
      expect(await file.text()).toBe('hello file\n');
    },
  },
  {
    type: 'text/plain',
    fill: (page: Page) => page.fill('[data-playground-body="3"] [data-playground-text]', 'some words'),
    expect: (request: EchoedRequest) => {
      expect(request.headers['content-type']).toBe('text/plain');
      expect(request.body.toString('utf8')).toBe('some words');
    },
  },
] as const;

function queryOf(request: EchoedRequest): URLSearchParams {
  return new URLSearchParams(request.url.split('?')[1] ?? '');
}

/** Types every parameter, the credentials of one way to authenticate and a body of one type, as a reader does. */
async function typeRequest(page: Page, echo: EchoServer, auth: (typeof AUTH)[number], bodyIndex: number): Promise<void> {
  await page.fill('[data-playground-variable="port"]', String(echo.port));
  await page.fill('[data-playground-param="0"]', 'item 7/x');
  await page.fill('[data-playground-param="1"]', '5');
  await page.fill('[data-playground-param="2"]', 'red,green');
  await page.fill('[data-playground-param="3"]', 'trace-9');
  await page.fill('[data-playground-param="4"]', 's-9');
  await page.selectOption('[data-playground-auth-choice]', String(AUTH.indexOf(auth)));
  for (const [field, value] of Object.entries(auth.typed))
    await page.fill(`[data-playground-auth-scheme="${auth.scheme}"] [data-playground-auth="${field}"]`, value);
  await page.selectOption('[data-playground-body-choice]', String(bodyIndex));
  await BODIES[bodyIndex]!.fill(page);
}

/** Sends, and resolves with what the echo server received once the page shows the answer. */
async function send(page: Page, echo: EchoServer): Promise<EchoedRequest> {
  const before = echo.received.length;
  // What an earlier send showed is cleared, so that the wait below is for this one's answer.
  await page.locator('[data-playground-status]').evaluate((element) => (element.textContent = ''));
  await page.click('[data-playground-send]');
  await expect.poll(() => echo.received.length, { timeout: 10_000 }).toBe(before + 1);
  await page.waitForFunction(() => document.querySelector('[data-playground-status]')?.textContent !== '');
  return echo.received.at(-1) as EchoedRequest;
}

/** What every request of {@link typeRequest} carries whichever the credentials and the body. */
function expectParameters(request: EchoedRequest, viaProxy: boolean, auth: (typeof AUTH)[number]): void {
  expect(request.method).toBe('POST');
  expect(request.url.split('?')[0]).toBe('/items/item%207%2Fx');
  const query = queryOf(request);
  expect(query.get('limit')).toBe('5');
  expect(query.getAll('tags')).toEqual(['red', 'green']);
  expect(request.headers['x-trace']).toBe('trace-9');
  // A browser sends a page no cookies for another site: only the proxy can.
  const cookie = 'cookie' in auth ? `session=s-9; ${auth.cookie}` : 'session=s-9';
  expect(request.headers.cookie).toBe(viaProxy ? cookie : undefined);
  auth.expect(request);
}

describe.skipIf(!executablePath)('the API playground sends what the reader typed', () => {
  let folder: string;
  let browser: Browser;
  let echo: EchoServer;
  let built: StaticServer;
  let dev: DevProcess | undefined;
  let guarded: DevProcess | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-playground-'));
    const out = path.join(folder, 'out');
    const result = await quireInProcess(['build', '--html', SITE, '-o', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    built = await serveStaticFolder(out);
    echo = await startEchoServer();
    browser = await launchChromium(executablePath);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await built?.close();
    await echo?.close();
    await stopDev(dev);
    await stopDev(guarded);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  async function openCreate(origin: string): Promise<{ page: Page; errors: string[] }> {
    const context = await offlineContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page, origin);
    await page.goto(`${origin}${CREATE}`);
    // The playground's script has come (it marks the form).
    await page.waitForSelector('form[data-playground-ready]', { state: 'attached' });
    return { page, errors };
  }

  it('from the browser (quire build --html): every location, every credential, every body type', async () => {
    const { page, errors } = await openCreate(built.url);
    for (const [index, auth] of AUTH.entries()) {
      const bodyIndex = index % BODIES.length;
      await typeRequest(page, echo, auth, bodyIndex);
      const request = await send(page, echo);
      expectParameters(request, false, auth);
      await BODIES[bodyIndex]!.expect(request);
      // What the API answered, as it answered it.
      await expect.poll(() => page.locator('[data-playground-status]').textContent()).toBe('201 Created');
      expect(await page.locator('[data-playground-headers]').textContent()).toContain('x-echo: yes');
      expect(JSON.parse((await page.locator('[data-playground-answer]').textContent()) ?? '')).toMatchObject({ method: 'POST', received: true });
      expect(await page.locator('[data-playground-answer]').textContent()).toContain('\n  "method": "POST"');
      expect(await page.locator('[data-playground-time]').textContent()).toMatch(/^\d+ ms$/);
      // Cookies cannot go from the page to another site: the reader is told, not left guessing.
      expect(await page.locator('[data-playground-note]').textContent()).toContain('session');
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('writes the request samples again from what the reader types, and keeps the credentials for the other pages', async () => {
    const { page } = await openCreate(built.url);
    await typeRequest(page, echo, AUTH[3], 0);
    // Both cards (the right column's, and the one in the flow on narrow screens) say the same.
    const cards = await page.locator('[data-quire-sample="cURL"] pre').allTextContents();
    expect(cards.length).toBe(2);
    expect(cards[1]).toBe(cards[0]);
    const curl = cards[0];
    expect(curl).toContain(`--url 'http://127.0.0.1:${echo.port}/items/item%207%2Fx?limit=5&tags=red&tags=green'`);
    expect(curl).toContain("--header 'Authorization: Bearer tok-b'");
    expect(curl).toContain("--header 'X-Trace: trace-9'");
    expect(curl).toContain('"name": "Desk"');
    const python = await page.locator('[data-quire-sample="Python"] pre').first().textContent();
    expect(python).toContain('"Authorization": "Bearer tok-b"');
    expect(await page.locator('[data-playground-url]').textContent()).toBe(`http://127.0.0.1:${echo.port}/items/item%207%2Fx?limit=5&tags=red&tags=green`);
    // The same scheme on another page of the site: the token is there.
    await page.click('a[href$="get-an-item"]');
    await page.waitForURL(/get-an-item$/);
    await expect.poll(() => page.locator('[data-playground-auth-scheme="bearer"] [data-playground-auth="token"]').inputValue()).toBe('tok-b');
    await page.context().close();
  });

  it('offers a download for a binary answer, and only a URL to copy in simple mode', async () => {
    const { page } = await openCreate(built.url);
    await typeRequest(page, echo, AUTH[0], 0);
    await page.fill('[data-playground-param="0"]', 'binary-item');
    await send(page, echo);
    await expect.poll(() => page.locator('[data-playground-download]').isVisible()).toBe(true);
    expect(await page.locator('[data-playground-download]').textContent()).toBe('Download the body (application/octet-stream, 5 bytes)');
    await page.goto(`${built.url}/api-reference/health`);
    expect(await page.locator('form[data-quire-playground]').count()).toBe(0);
    expect(await page.locator('.playground-simple .playground-url').textContent()).toBe('http://127.0.0.1:4010/health');
    await page.context().close();
  });

  it("through quire dev's proxy: the cookies too; never to a server the description does not declare", { timeout: 60_000 }, async () => {
    dev = await startDev(SITE, {}, ['--proxy-private']);
    const { page, errors } = await openCreate(dev.url);
    for (const [index, auth] of AUTH.entries()) {
      const bodyIndex = (index + 1) % BODIES.length;
      await typeRequest(page, echo, auth, bodyIndex);
      const request = await send(page, echo);
      expectParameters(request, true, auth);
      await BODIES[bodyIndex]!.expect(request);
      await expect.poll(() => page.locator('[data-playground-status]').textContent()).toBe('201 Created');
      expect(await page.locator('[data-playground-headers]').textContent()).toContain('x-echo: yes');
      // Nothing of the browser's own reaches the API: not the preview's origin, not its address.
      expect(request.headers.origin).toBeUndefined();
      expect(request.headers.referer).toBeUndefined();
    }
    expect(errors).toEqual([]);
    await page.context().close();
    const undeclared = await fetch(`${dev.url}/_quire/proxy`, {
      method: 'POST',
      headers: { 'x-quire-proxy-url': `http://localhost:${echo.port}/items/x` },
      body: 'x',
    });
    expect(undeclared.status).toBe(403);
    expect(((await undeclared.json()) as { error: string }).error).toContain("is not a server the site's OpenAPI descriptions declare");
    const scheme = await fetch(`${dev.url}/_quire/proxy`, { method: 'GET', headers: { 'x-quire-proxy-url': `file:///etc/passwd` } });
    expect(scheme.status).toBe(403);
  });

  it('refuses a loopback address unless quire dev is started with --proxy-private', { timeout: 60_000 }, async () => {
    const before = echo.received.length;
    guarded = await startDev(SITE);
    const { page } = await openCreate(guarded.url);
    await typeRequest(page, echo, AUTH[0], 0);
    await page.click('[data-playground-send]');
    await expect.poll(() => page.locator('[data-playground-status]').textContent()).toBe("403 from quire dev's proxy");
    expect(await page.locator('[data-playground-answer]').textContent()).toContain('127.0.0.1 is a loopback or private address');
    expect(echo.received.length).toBe(before);
    await page.context().close();
  });
});
