import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeArgs, startServe, type StartedServe } from '../../src/cli/commands/serve.js';
import { createApiKey } from '../../src/server/index.js';
import { quireInProcess } from '../helpers/cli.js';
import { SETUP_TIMEOUT_MS } from '../server/backends.js';
import { initializedDataDir } from '../server/initialized-data-dir.js';
import { startScriptedModel, text, type ScriptedModelServer } from '../server/scripted-model.js';
import { chromiumFor, launchChromium } from './chromium.js';
import { offlineContext, watchErrors } from './page-errors.js';
import { serveStaticFolder, type StaticServer } from './static-server.js';

const executablePath = chromiumFor('assistant-browser.test.ts');

// The example site built with an assistant panel that asks a quire serve on 127.0.0.1 (another
// origin: CORS and its preflight are part of what is tested), whose model is scripted.
describe.skipIf(!executablePath)("the rendered site's assistant panel", { timeout: SETUP_TIMEOUT_MS }, () => {
  let folder: string;
  let model: ScriptedModelServer;
  let served: StartedServe;
  let site: StaticServer;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'quire-assistant-browser-'));
    const docs = path.join(folder, 'docs');
    cpSync('fixtures/example-site', docs, { recursive: true });
    model = await startScriptedModel();
    const quiet = { stdout: new PassThrough().resume(), stderr: new PassThrough().resume() };
    served = await startServe(
      parseServeArgs(['--port', '0', '--quiet', '--site', `docs=${docs}`, '--data-dir', await initializedDataDir(path.join(folder, 'data'))]),
      {
        ...quiet,
        cwd: folder,
        env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: model.baseURL },
      },
    );
    key = (await createApiKey(served.store.apiKeys, 'docs', 'site', 'assistant')).text;
    const out = path.join(folder, 'out');
    const built = await quireInProcess(['build', '--html', docs, '-o', out, '--assistant', `docs=${served.running.url}`, '--assistant-key', key]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    site = await serveStaticFolder(out);
    browser = await launchChromium(executablePath);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await served?.close();
    await model?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  it('asks the question, shows the answer as it streams and its sources as links into the site', async () => {
    model.play(() => ({ content: [text('Send your key as `Authorization: Bearer <key>` on every request [1].')], stop_reason: 'end_turn' }));
    const context = await offlineContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page, site.url);
    await page.goto(`${site.url}/guides/overview`);
    await page.click('[data-assistant-open]');
    await page.fill('[data-assistant-question]', 'How do I send my bearer key?');
    await page.press('[data-assistant-question]', 'Enter');
    const sources = page.locator('[data-assistant-sources] a');
    await sources.first().waitFor();
    // The text as written, the code span as code (text nodes, never markup).
    expect(await page.locator('[data-assistant-answer] .assistant-text').textContent()).toBe(
      'Send your key as Authorization: Bearer <key> on every request [1].',
    );
    expect(await page.locator('[data-assistant-answer] .assistant-text code').textContent()).toBe('Authorization: Bearer <key>');
    const links = await sources.evaluateAll((anchors) => (anchors as HTMLAnchorElement[]).map((anchor) => ({ href: anchor.href, text: anchor.textContent })));
    expect(links.map((link) => new URL(link.href).pathname)).toContain('/guides/authentication');
    // Every source is a page the build wrote.
    for (const link of links) expect((await fetch(link.href)).status, link.href).toBe(200);
    await sources.filter({ hasText: 'Authentication' }).first().click();
    await page.waitForURL(/\/guides\/authentication$/);
    expect(await page.locator('h1.page-title').textContent()).toBe('Authentication');
    // The exchange is stored, in the thread the page keeps for the tab.
    const history = await served.store.conversations.page({ projectId: 'docs', limit: 5 });
    expect(history.conversations[0]).toMatchObject({ query: 'How do I send my bearer key?', queryCategory: 'guides' });
    const thread = await page.evaluate(() => sessionStorage.getItem('quire-assistant-thread-docs'));
    expect(history.conversations[0]!.threadId).toBe(thread);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so in the panel when the assistant cannot answer', async () => {
    model.play(() => ({ error: { status: 500, type: 'api_error', message: 'down' } }));
    const context = await offlineContext(browser);
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await page.click('[data-assistant-open]');
    await page.fill('[data-assistant-question]', 'Anything?');
    await page.click('.assistant-send');
    await expect.poll(() => page.locator('[data-assistant-answer].is-error').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('[data-assistant-answer] .assistant-text').textContent()).toBe('The assistant could not answer; try again.');
    await context.close();
  });
});

describe('quire build --assistant', () => {
  it('refuses an admin key, which every reader would see', async () => {
    const result = await quireInProcess([
      'build',
      '--html',
      'fixtures/example-site',
      '-o',
      path.join(tmpdir(), 'never-written'),
      '--assistant',
      'docs=http://127.0.0.1:4319',
      '--assistant-key',
      `quire_${'a'.repeat(16)}_${'b'.repeat(43)}`,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must be an assistant key (quire_dsc_...)');
  });
});
