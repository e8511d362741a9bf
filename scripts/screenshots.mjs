#!/usr/bin/env node
// Screenshots of the example site (fixtures/example-site) for docs/screenshots/ and the README:
// the home page, a page with components, an endpoint page, dark mode, a phone-width page, and a
// page whose MDX does not compile as `quire dev` shows it.
//
//   npm run build && node scripts/screenshots.mjs
//
// Needs Debian's chromium (apt-get install chromium; QUIRE_CHROMIUM=<path> for another) and
// playwright-core (a dev dependency). Builds the site with `quire build --html` into a temporary
// folder, serves it on 127.0.0.1, and writes the PNG files; run it again after the rendering
// changes and commit what it writes.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'dist/cli/index.js');
const site = path.join(root, 'fixtures/example-site');
const out = path.join(root, 'docs/screenshots');

const executablePath = process.env.QUIRE_CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => existsSync(file));
if (!executablePath) fail('no Chromium: apt-get install chromium, or set QUIRE_CHROMIUM=<path>');
if (!existsSync(cli)) fail('dist/cli/index.js is missing: run npm run build first');

/** The pages to take, at 1280 by 800 unless said otherwise. */
const SHOTS = [
  { file: 'home.png', href: '/', description: 'the home page' },
  { file: 'components.png', href: '/quickstart', description: 'a page with components (steps, a code group, tabs, a tip, accordions)' },
  { file: 'endpoint.png', href: '/api-reference/plants/add-a-plant', description: 'an endpoint page generated from openapi.yaml' },
  { file: 'dark.png', href: '/quickstart', dark: true, description: 'dark mode' },
  { file: 'phone.png', href: '/quickstart', phone: true, description: 'a phone-width page (390 by 844)' },
];

const scratch = mkdtempSync(path.join(tmpdir(), 'quire-screenshots-'));
let browser;
let server;
let dev;
try {
  const built = path.join(scratch, 'out');
  run([cli, 'build', '--html', site, '-o', built]);
  server = await serveFolder(built);
  browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--hide-scrollbars', '--font-render-hinting=none'] });
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: shot.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      deviceScaleFactor: shot.phone ? 2 : 1,
      colorScheme: shot.dark ? 'dark' : 'light',
      isMobile: Boolean(shot.phone),
      hasTouch: Boolean(shot.phone),
    });
    // The reader's choice wins over the system's: set it as the theme toggle would.
    await context.addInitScript((theme) => localStorage.setItem('quire-theme', theme), shot.dark ? 'dark' : 'light');
    const page = await context.newPage();
    await page.goto(`${server.url}${shot.href}`, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.screenshot({ path: path.join(out, shot.file) });
    await context.close();
    console.log(`docs/screenshots/${shot.file}: ${shot.description}`);
  }

  // A page whose MDX does not compile, in `quire dev` on a copy of the site: the diagnostic in
  // the page, every other page still served.
  const copy = path.join(scratch, 'site');
  cpSync(site, copy, { recursive: true });
  const broken = path.join(copy, 'guides/authentication.mdx');
  writeFileSync(broken, `${readFileSync(broken, 'utf8')}\n<Note>\nSend the key in the \`Authorization\` header {\n`);
  dev = await startDev(copy);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const page = await context.newPage();
  // The page keeps a connection open for reloads: never idle.
  await page.goto(`${dev.url}/guides/authentication`, { waitUntil: 'load', timeout: 120_000 });
  // The first view comes before the site's checks; when they are done the page reloads with its
  // diagnostics (file, line, column, frame, hint) above the content.
  await page.waitForSelector('#quire-dev-problems', { timeout: 120_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'mdx-error.png') });
  await context.close();
  console.log('docs/screenshots/mdx-error.png: a page whose MDX does not compile, in quire dev');
} finally {
  await browser?.close();
  await server?.close();
  dev?.child.kill('SIGINT');
  rmSync(scratch, { recursive: true, force: true });
}

function fail(message) {
  console.error(`screenshots: ${message}`);
  process.exit(1);
}

function run(args) {
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (result.status !== 0) fail(`node ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** The folder as a static host with clean URLs serves it (`/guides/setup` is `guides/setup.html`). */
async function serveFolder(folder) {
  const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml' };
  const http = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname).replace(/^\/+|\/+$/g, '');
    const candidates = pathname === '' ? ['index.html'] : [pathname, `${pathname}.html`];
    for (const candidate of candidates) {
      const file = path.resolve(folder, candidate);
      if (!file.startsWith(`${folder}${path.sep}`) || !existsSync(file) || !statSync(file).isFile()) continue;
      response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
      return;
    }
    response.writeHead(404, { 'content-type': types['.html'] });
    createReadStream(path.join(folder, '404.html')).pipe(response);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${http.address().port}`, close: () => new Promise((resolve) => http.close(resolve)) };
}

/** `quire dev` on a free port; resolves with its URL once it prints it. */
function startDev(folder) {
  // From the site's folder: the diagnostics name its files as its author sees them.
  const child = spawn(process.execPath, [cli, 'dev', '.', '--port', '0', '--offline'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const url = /quire dev: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`quire dev exited with ${code}: ${output}`)));
  });
}
