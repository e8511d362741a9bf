import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, stopDev } from '../helpers/dev-process.js';
import { chromiumFor, launchChromium } from '../render/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Resolves with the next line of output that matches, after `action`. */
function nextOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((candidate) => pattern.test(candidate));
      if (line !== undefined) {
        child.stdout?.off('data', onData);
        resolve(line);
      }
    };
    child.stdout?.on('data', onData);
  });
}

function problemsOf(html: string): string {
  const section = /<section id="quire-dev-problems"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return section
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('quire dev', () => {
  let folder: string;
  let site: string;
  let dev: Awaited<ReturnType<typeof startDev>>;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-dev-'));
    site = path.join(folder, 'site');
    cpSync(path.join(root, 'fixtures/render/site'), site, { recursive: true });
    // A page reached by its URL only, with a diagram: it loads Mermaid from the server.
    writeFileSync(path.join(site, 'diagram.mdx'), '---\ntitle: Diagram\n---\n\n```mermaid\nflowchart LR\n  A --> B\n```\n');
    dev = await startDev(site);
  }, 60_000);

  afterAll(async () => {
    await stopDev(dev);
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves each page at its URL in the site shell, the shell files, the site files, and a 404 page', async () => {
    // The server listens before the site is compiled: this page is asked for at once and answered when it is.
    const page = await fetch(`${dev.url}/quickstart`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Quickstart');
    expect(html).toContain('class="sidebar');
    expect(html).toContain('/_quire/reload');
    expect(problemsOf(html)).toBe('');
    // The URL is said first, then what the compile found (the page may be served before: see below).
    await expect.poll(() => dev.output(), { timeout: 20_000 }).toMatch(/0 errors, 0 warnings/);
    expect(dev.output()).toMatch(/quire dev: http:\/\/127\.0\.0\.1:\d+ \(Ctrl-C stops\)\n0 errors, 0 warnings/);
    expect((await fetch(`${dev.url}/_quire/site.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const search = (await (await fetch(`${dev.url}/_quire/search.json`)).json()) as Array<{ url: string }>;
    expect(search.map((entry) => entry.url)).toContain('/quickstart#install');
    expect((await fetch(`${dev.url}/favicon.svg`)).status).toBe(200);
    // Every file of a kind the platform serves, named by a page or not (a page's code may build its address).
    const image = await fetch(`${dev.url}/images/plants/fern-dark.png`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    const guide = await fetch(`${dev.url}/downloads/care-guide.pdf`);
    expect([guide.status, guide.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // Not a hidden file, not a page's source.
    for (const unserved of ['/.env', '/index.mdx', '/quickstart.mdx']) expect((await fetch(`${dev.url}${unserved}`)).status, unserved).toBe(404);
    const missing = await fetch(`${dev.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('There is no page at this address');
    // A generated endpoint page (GET /plants, named by its operation's summary).
    const endpoint = search.find((entry) => entry.url.startsWith('/api-reference/') && !entry.url.includes('introduction'));
    expect(endpoint).toBeDefined();
    const endpointPage = await fetch(`${dev.url}${endpoint?.url.replace(/#.*$/, '')}`);
    expect(endpointPage.status).toBe(200);
    expect(await endpointPage.text()).toMatch(/GET|POST|DELETE/);
    // Nothing outside the site's files: not the folder above, however the path is written.
    writeFileSync(path.join(folder, 'secret.txt'), 'not the site');
    for (const escape of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt', '/docs.json', '/guides/../../secret.txt']) {
      const response = await fetch(`${dev.url}${escape}`);
      expect(response.status, escape).toBe(404);
      expect(await response.text(), escape).not.toContain('not the site');
    }
    // Mermaid is served as quire build --html writes it, for the pages that have a diagram.
    const diagram = await (await fetch(`${dev.url}/diagram`)).text();
    expect(diagram).toContain('<pre class="mermaid" data-quire-mermaid="">flowchart LR');
    expect(diagram).toContain('data-mermaid="/_quire/mermaid.min.js"');
    const mermaid = await fetch(`${dev.url}/_quire/mermaid.min.js`);
    expect([mermaid.status, mermaid.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await mermaid.text()).length).toBeGreaterThan(1_000_000);
    // A redirect of docs.json forwards.
    const moved = await fetch(`${dev.url}/old-quickstart`, { redirect: 'manual' });
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe('/quickstart#install');
  });

  it('serves the site as agents read it: each page as Markdown at <page>.md and for Accept: text/markdown, llms.txt, llms-full.txt', async () => {
    const markdown = await fetch(`${dev.url}/quickstart.md`);
    expect([markdown.status, markdown.headers.get('content-type')]).toEqual([200, 'text/markdown; charset=utf-8']);
    const text = await markdown.text();
    expect(text).toMatch(/^# Quickstart\n/);
    expect(text).not.toMatch(/<[A-Z][A-Za-z]*[\s>]/);
    // The same Markdown for a page asked for as Markdown, as agents and curl ask; HTML for a browser.
    for (const accept of ['text/markdown', 'text/plain']) {
      const asked = await fetch(`${dev.url}/quickstart`, { headers: { accept } });
      expect([asked.status, asked.headers.get('content-type'), asked.headers.get('vary')], accept).toEqual([200, 'text/markdown; charset=utf-8', 'Accept']);
      expect(await asked.text(), accept).toBe(text);
    }
    const browser = await fetch(`${dev.url}/quickstart`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await fetch(`${dev.url}/`, { headers: { accept: 'text/markdown' } })).headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    // llms.txt links every page of the navigation to its Markdown, each of which is served.
    const llms = await fetch(`${dev.url}/llms.txt`);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const links = [...(await llms.text()).matchAll(/\]\((\/[^)]+\.md)\)/g)].map((match) => match[1] as string);
    expect(links).toContain('/quickstart.md');
    for (const link of links) expect((await fetch(`${dev.url}${link}`)).status, link).toBe(200);
    const full = await (await fetch(`${dev.url}/llms-full.txt`)).text();
    expect(full).toContain(text.trim());
    expect((await fetch(`${dev.url}/no/such/page.md`)).status).toBe(404);
  });

  it('compiles again when a page changes, tells open pages to reload, and shows the page’s problems in it', async () => {
    const events = await fetch(`${dev.url}/_quire/reload`);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    await reader.read();
    const file = path.join(site, 'quickstart.mdx');
    const before = readFileSync(file, 'utf8');
    // A link to a page that is nearly there: the did-you-mean of the checks.
    const changed = nextOutput(dev.child, /quickstart\.mdx changed/);
    writeFileSync(file, `${before}\nSee [the overview](/guides/overveiw).\n`);
    expect(await changed).toMatch(/1 error/);
    let received = '';
    while (!received.includes('data: reload')) received += decoder.decode((await reader.read()).value);
    await reader.cancel();
    const problems = problemsOf(await (await fetch(`${dev.url}/quickstart`)).text());
    expect(problems).toContain('content/broken-link');
    expect(problems).toMatch(/quickstart\.mdx:\d+:\d+ error/);
    expect(problems).toContain('/guides/overview');
    for (const linked of ['/outside.txt', '/images/outside/leaf.png']) {
      const response = await fetch(`${dev.url}${linked}`);
      expect(response.status, linked).toBe(404);
      expect(await response.text(), linked).not.toContain('not the site');
    }
    // Another page has no problem of its own: it shows none.
    expect(problemsOf(await (await fetch(`${dev.url}/guides/overview`)).text())).toBe('');
    // The page's Markdown is of its text as it is now.
    expect(await (await fetch(`${dev.url}/quickstart.md`)).text()).toContain('See [the overview](/guides/overveiw).');

    // A page that does not compile shows why in its place, with the reference parser's place and
    // the lines around; every other page still renders.
    const broken = nextOutput(dev.child, /quickstart\.mdx changed/);
    writeFileSync(file, `${before}\n<Note>\nAn unclosed {\n`);
    await broken;
    const page = await (await fetch(`${dev.url}/quickstart`)).text();
    expect(page).toContain('This page does not compile');
    const syntax = problemsOf(page);
    expect(syntax).toMatch(/quickstart\.mdx:\d+:\d+ error content\/syntax/);
    expect(syntax).toContain('> ');
    expect(syntax).toContain('hint:');
    // The box in the page's place names the same place and message as the banner.
    const banner = /quickstart\.mdx:(\d+:\d+) error content\/syntax (.*)/.exec(syntax)!;
    const box = /<div class="render-error"[^>]*>[\s\S]*?<pre>quickstart\.mdx:(\d+:\d+): ([^<\n]*)/.exec(page)!;
    expect(box[1]).toBe(banner[1]);
    expect(
      box[2]!
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ).toBe(banner[2]!.trim());
    expect((await fetch(`${dev.url}/guides/overview`)).status).toBe(200);

    const fixed = nextOutput(dev.child, /quickstart\.mdx changed/);
    writeFileSync(file, before);
    expect(await fixed).toMatch(/0 errors/);
    expect(problemsOf(await (await fetch(`${dev.url}/quickstart`)).text())).toBe('');
  });
});

describe('quire dev before the checks', () => {
  let folder: string;
  let site: string;
  let dev: Awaited<ReturnType<typeof startDev>>;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-dev-first-'));
    site = path.join(folder, 'site');
    cpSync(path.join(root, 'fixtures/render/site'), site, { recursive: true });
    // A link to a page that is nearly there: only the checks find it, and its did-you-mean.
    const file = path.join(site, 'quickstart.mdx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee [the overview](/guides/overveiw).\n`);
    // Links out of the site, to a file and to a folder: never served.
    writeFileSync(path.join(folder, 'outside.txt'), 'not the site');
    mkdirSync(path.join(folder, 'outside'));
    writeFileSync(path.join(folder, 'outside', 'leaf.png'), 'not the site');
    symlinkSync(path.join(folder, 'outside.txt'), path.join(site, 'outside.txt'));
    symlinkSync(path.join(folder, 'outside'), path.join(site, 'images', 'outside'));
  });

  afterAll(async () => {
    await stopDev(dev);
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves the first page from the navigation and its own text, then reloads it with the problems the checks find, and shows a save', async () => {
    // The checks are held back 1.5 s after the navigation is ready: what is served before comes from the outline.
    dev = await startDev(site, { QUIRE_DEV_TEST_HOLD_CHECKS_MS: '1500' });
    const events = await fetch(`${dev.url}/_quire/reload`);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    await reader.read();
    const untilReload = async () => {
      let received = '';
      while (!received.includes('data: reload')) received += decoder.decode((await reader.read()).value);
    };
    const first = await (await fetch(`${dev.url}/quickstart`)).text();
    const checked = /\d+ errors?, \d+ warnings?/;
    expect(dev.output()).not.toMatch(checked);
    expect(first).toContain('<title>Quickstart');
    expect(first).toContain('class="sidebar');
    expect(first).toContain('See <a href="/guides/overveiw">the overview</a>');
    expect(problemsOf(first)).toBe('');
    // The checks done, the open page reloads and shows the broken link and its did-you-mean.
    await untilReload();
    expect(dev.output()).toMatch(/1 error/);
    const problems = problemsOf(await (await fetch(`${dev.url}/quickstart`)).text());
    expect(problems).toContain('content/broken-link');
    expect(problems).toContain('/guides/overview');
    for (const linked of ['/outside.txt', '/images/outside/leaf.png']) {
      const response = await fetch(`${dev.url}${linked}`);
      expect(response.status, linked).toBe(404);
      expect(await response.text(), linked).not.toContain('not the site');
    }

    // A save: the page's text (only this page is built again) and its problems.
    const file = path.join(site, 'quickstart.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('See [the overview](/guides/overveiw).', 'See [the overview](/guides/overview), saved.'));
    await untilReload();
    const saved = await (await fetch(`${dev.url}/quickstart`)).text();
    expect(saved).toContain('See <a href="/guides/overview">the overview</a>, saved.');
    expect(problemsOf(saved)).toBe('');
    await reader.cancel();
  }, 30_000);

  it('starts from the outline the last run kept, and reloads a page it served that the site now shows otherwise', async () => {
    // The run above kept its outline in the site's cache folder.
    expect(existsSync(path.join(site, '.quire', 'cache', 'dev-outline.v8'))).toBe(true);
    const exited = new Promise((resolve) => dev.child.once('exit', resolve));
    dev.child.kill('SIGINT');
    await exited;
    // Retitled while quire dev was stopped: the kept outline has the old title.
    const overview = path.join(site, 'guides', 'overview.mdx');
    writeFileSync(overview, readFileSync(overview, 'utf8').replace('title: Guides overview', 'title: Guides at a glance'));
    dev = await startDev(site, { QUIRE_DEV_TEST_HOLD_CHECKS_MS: '1500' });
    const events = await fetch(`${dev.url}/_quire/reload`);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    await reader.read();
    const first = await (await fetch(`${dev.url}/quickstart`)).text();
    // Served from the kept outline, before this run has listed or read the site.
    expect(dev.output()).not.toMatch(/\d+ errors?, \d+ warnings?/);
    expect(first).toContain('<title>Quickstart');
    expect(first).toContain('Guides overview');
    let received = '';
    while (!received.includes('data: reload')) received += decoder.decode((await reader.read()).value);
    const again = await (await fetch(`${dev.url}/quickstart`)).text();
    expect(again).toContain('Guides at a glance');
    expect(again).not.toContain('Guides overview');
    await reader.cancel();
  }, 30_000);

  it('serves a page first as the last run served it while its files and those it imports are as they were', async () => {
    const restart = async () => {
      const exited = new Promise((resolve) => dev.child.once('exit', resolve));
      dev.child.kill('SIGINT');
      await exited;
      dev = await startDev(site, { QUIRE_DEV_TEST_HOLD_CHECKS_MS: '1500' });
    };
    const checked = /\d+ errors?, \d+ warnings?/;
    // The page imports a snippet and has a broken link, which only the checks find.
    const events = await fetch(`${dev.url}/_quire/reload`);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    mkdirSync(path.join(site, 'snippets'), { recursive: true });
    writeFileSync(path.join(site, 'snippets', 'note.mdx'), 'Kept note one.\n');
    const file = path.join(site, 'quickstart.mdx');
    const text = readFileSync(file, 'utf8').replace('See [the overview](/guides/overview), saved.', 'See [the overview](/guides/overveiw).');
    writeFileSync(file, text.replace(/\n---\n/, "\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n"));
    let received = '';
    while (!received.includes('data: reload')) received += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const last = await (await fetch(`${dev.url}/quickstart`)).text();
    expect(last).toContain('Kept note one.');
    expect(problemsOf(last)).toContain('content/broken-link');

    // Started again: before the checks, the page has the problems they found last time, so it is
    // the HTML the last run served, not one made from the outline.
    await restart();
    const kept = await (await fetch(`${dev.url}/quickstart`)).text();
    expect(dev.output()).not.toMatch(checked);
    expect(kept).toBe(last);
    expect(existsSync(path.join(site, '.quire', 'cache', 'dev-pages.v8'))).toBe(true);

    // The snippet changed while quire dev was stopped: the page is made again, with its new text.
    await restart();
    writeFileSync(path.join(site, 'snippets', 'note.mdx'), 'Kept note two.\n');
    await restart();
    const made = await (await fetch(`${dev.url}/quickstart`)).text();
    expect(dev.output()).not.toMatch(checked);
    expect(made).toContain('Kept note two.');
    expect(made).not.toContain('Kept note one.');
    expect(problemsOf(made)).toBe('');
  }, 60_000);
});

const executablePath = chromiumFor('dev.test.ts');

describe.skipIf(!executablePath)('quire dev in a browser', () => {
  let folder: string;
  let site: string;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let browser: Browser;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-dev-browser-'));
    site = path.join(folder, 'site');
    cpSync(path.join(root, 'fixtures/render/site'), site, { recursive: true });
    dev = await startDev(site);
    browser = await launchChromium(executablePath);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stopDev(dev);
    rmSync(folder, { recursive: true, force: true });
  });

  it('reloads the open page by itself when its file changes', async () => {
    const page = await browser.newPage();
    await page.goto(`${dev.url}/quickstart`);
    await page.waitForFunction(() => document.querySelector('h2')?.textContent !== undefined);
    const file = path.join(site, 'quickstart.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('## Install', '## Install the SDK'));
    await page.waitForFunction(() => [...document.querySelectorAll('h2')].some((heading) => heading.textContent === 'Install the SDK'), undefined, {
      timeout: 15_000,
    });
    // The anchor of the renamed heading is the one the checks now accept.
    expect(await page.locator('h2#install-the-sdk').count()).toBe(1);
  });

  it('opens the search with Ctrl-K and lands on the section chosen', async () => {
    const page = await browser.newPage();
    await page.goto(`${dev.url}/`);
    await page.keyboard.press('Control+k');
    await page.locator('.quire-search input').fill('create key');
    await page.locator('.quire-search-result').first().waitFor();
    expect(await page.locator('.quire-search-result').first().textContent()).toContain('Create a key');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/quickstart#create-a-key$/);
    expect(await page.locator('#create-a-key').isVisible()).toBe(true);
  });
});
