import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quireInProcess } from '../helpers/cli.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

// fixtures/render/site-code: a site's own MDX snippets and React components, built with `quire build --html`.
const scratch = mkdtempSync(path.join(tmpdir(), 'quire-site-code-'));
const out = path.join(scratch, 'out');
let report: { renderFailures: Array<{ file?: string; stage: string; message: string }> };

beforeAll(async () => {
  const built = await quireInProcess(['build', '--html', 'fixtures/render/site-code', '-o', out, '--format', 'json']);
  report = JSON.parse(built.stdout) as typeof report;
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
/** The page's content, without the shell. */
const prose = (file: string) => /<div class="prose">([\s\S]*?)<\/div><nav class="pager"/.exec(read(file))?.[1] ?? read(file);

describe("the site's own code, rendered on the server", () => {
  it('renders MDX snippets with their props, and a snippet that imports a snippet', () => {
    const html = prose('index.html');
    expect(html).toContain('<p>Hello, <strong>Ada</strong>!</p>');
    // signature.mdx, imported by greeting.mdx, given `team` and rendering a built-in component.
    expect(html).toMatch(/<div class="callout callout-note"[^>]*>.*Signed by the <!-- -->Docs<!-- --> team\./);
  });

  it('reads `export const` of the page and of a JS module; a name defined nowhere renders nothing', () => {
    expect(prose('index.html')).toContain('Version <!-- -->2.1<!-- -->, released <!-- -->2026-11-27<!-- -->; undefined names render nothing: [<!-- -->].');
  });

  it('renders the components of a .jsx and a .tsx module with their props; interactive ones as islands', () => {
    const html = prose('index.html');
    const counter = /<quire-island data-island="snippets\/counter.jsx#Counter" data-props="([^"]*)"[^>]*>(.*?)<\/quire-island>/.exec(html);
    expect(counter).not.toBeNull();
    const attribute = (counter?.[1] as string)
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    const props = JSON.parse(attribute) as Record<string, unknown>;
    // MDX children reach the browser as their HTML.
    expect(props).toEqual({ start: 3, children: { $html: '<p>The counter&#x27;s <em>children</em>, written in MDX.</p>' } });
    expect(counter?.[2]).toContain('<button type="button">Clicked <!-- -->3<!-- --> times</button>');
    expect(html).toContain('<quire-island data-island="snippets/label.tsx#default" data-props="{&quot;text&quot;:&quot;open me&quot;}"');
    expect(html).toContain('<button type="button" class="label">open me</button>');
    // A module with no hook nor handler renders on the server only.
    expect(html).toContain('<strong class="shout">static text<!-- -->!</strong>');
    expect(html).not.toContain('helpers.js#');
  });

  it('gives a component exported by an MDX snippet the built-in components it names without importing them', () => {
    const html = prose('event.html');
    expect(html).toContain('<div class="field param-field" id="param-event">');
    expect(html).toContain('The event type, <code>link.clicked</code>.');
    expect(html).toMatch(/id="param-id"/);
    expect(report.renderFailures.filter((failure) => failure.file === 'event.mdx')).toEqual([]);
  });

  it('loads the islands’ scripts only on pages that have one', () => {
    expect(read('index.html')).toContain(
      '<script src="./_quire/islands.js" defer></script><script src="./_quire/code/snippets/counter.jsx.js" defer></script><script src="./_quire/code/snippets/label.tsx.js" defer></script>',
    );
    expect(read('inline-component.html')).toContain('<script src="./_quire/code/inline-component.mdx.js" defer></script>');
    expect(read('plain.html')).not.toContain('islands.js');
    expect(read('plain.html')).not.toContain('<quire-island');
  });

  it('keeps the JavaScript of a page without components of its own small, and measures a page with some', () => {
    const gzip = (file: string) => gzipSync(readFileSync(path.join(out, file))).length;
    const plain = [...read('plain.html').matchAll(/<script src="\/([^"]+)"/g)].map((match) => match[1] as string);
    const plainBytes = plain.reduce((sum, file) => sum + gzip(file), 0);
    expect(plainBytes).toBeLessThan(150 * 1024);
    const withIslands = [...read('index.html').matchAll(/<script src="\/([^"]+)"/g)].map((match) => match[1] as string);
    const islandBytes = withIslands.reduce((sum, file) => sum + gzip(file), 0);
    // React and react-dom's client, minified: about 70 KB gzipped.
    expect(islandBytes).toBeLessThan(150 * 1024);
    console.log(`site-code.test.ts: JS gzipped: plain page ${plainBytes} B, page with islands ${islandBytes} B`);
  });

  it('shows what fails in the page’s place, with the file and the reason, and builds the rest', () => {
    const failures = Object.fromEntries(report.renderFailures.map((failure) => [failure.file, failure.message]));
    expect(failures).toEqual({
      'errors/missing.mdx': 'imports "/snippets/gone.mdx", which names no file of the site',
      'errors/cycle.mdx': 'snippets/cycle-a.mdx is in an import cycle: snippets/cycle-a.mdx → snippets/cycle-b.mdx → snippets/cycle-a.mdx',
      'errors/throws.mdx': "snippets/throws.jsx threw while it loaded: Cannot read properties of undefined (reading 'limit')",
      'errors/package.mdx': 'imports "framer-motion", a package: the site\'s code can import its own files and react only',
    });
    expect(prose('errors/throws.html')).toContain('<div class="render-error" role="alert">');
    expect(prose('errors/throws.html')).toContain('errors/throws.mdx: snippets/throws.jsx threw while it loaded');
  });
});

const executablePath = chromiumFor('site-code.test.ts');

describe.skipIf(!executablePath)("the site's own components in a browser", () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await serveStaticFolder(out);
    browser = await launchChromium(executablePath);
    page = await (await browser.newContext()).newPage();
    page.on('console', (message) => {
      // A missing file is told by its response, with its address (the browser's favicon request: the fixture has none).
      if ((message.type() === 'error' || message.type() === 'warning') && !message.text().startsWith('Failed to load resource'))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.url()}: ${response.status()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('hydrates a useState counter and a .tsx toggle: a click changes them', async () => {
    await page.goto(`${server.url}/`);
    const counter = page.locator('.counter button');
    await expect.poll(() => counter.textContent()).toBe('Clicked 3 times');
    await counter.click();
    await counter.click();
    await expect.poll(() => counter.textContent()).toBe('Clicked 5 times');
    // The children came as HTML and stay.
    expect(await page.locator('.counter em').textContent()).toBe('children');
    const label = page.locator('button.label');
    await label.click();
    await expect.poll(() => label.textContent()).toBe('OPEN ME');
    expect(errors).toEqual([]);
  });

  it('hydrates a component defined in the page with `export const`', async () => {
    await page.goto(`${server.url}/inline-component`);
    const toggle = page.locator('button.toggle');
    expect(await toggle.textContent()).toBe('Dark mode: off');
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Dark mode: on');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // `React.useState` with no import of React, on the server and in the browser.
    const counter = page.locator('button.counter');
    expect(await counter.textContent()).toBe('Counted 0');
    await counter.click();
    await expect.poll(() => counter.textContent()).toBe('Counted 1');
    expect(errors).toEqual([]);
  });
});
