import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quireInProcess, readTree } from '../helpers/cli.js';

function out(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'quire-build-html-')), 'out');
}

// The site built once, read by the tests that only read it (each build takes seconds of CPU).
let built: Promise<{ target: string; result: { code: number; stdout: string; stderr: string } }> | undefined;
function buildSite(): Promise<{ target: string; result: { code: number; stdout: string; stderr: string } }> {
  built ??= (async () => {
    const target = out();
    return { target, result: await quireInProcess(['build', '--html', 'fixtures/render/site', '-o', target]) };
  })();
  return built;
}

// In this process (quireInProcess): the first build loads the renderer's modules, which takes
// long on a busy machine; the built CLI's own test of --html is test/render/site-browser.test.ts.
describe('quire build --html', { timeout: 120_000 }, () => {
  it('writes one page per URL, the endpoint pages, 404.html, redirects and the site’s files', async () => {
    const {
      target,
      result: { code, stdout, stderr },
    } = await buildSite();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built 13 pages as HTML \(5 endpoint pages\) into .*out: 44 files, [\d.]+ KiB\.\n0 errors, 0 warnings\n$/);
    expect(Object.keys(readTree(target))).toEqual([
      '404.html',
      '_quire/build.json',
      '_quire/playground.js',
      '_quire/search.json',
      '_quire/site.css',
      '_quire/site.js',
      '_redirects',
      'api-reference/a-plant-was-added.html',
      'api-reference/a-plant-was-added.md',
      'api-reference/endpoint/get-plant.html',
      'api-reference/endpoint/get-plant.md',
      'api-reference/introduction.html',
      'api-reference/introduction.md',
      'api-reference/plants/add-a-plant.html',
      'api-reference/plants/add-a-plant.md',
      'api-reference/plants/delete-a-plant.html',
      'api-reference/plants/delete-a-plant.md',
      'api-reference/plants/list-plants.html',
      'api-reference/plants/list-plants.md',
      'changelog.html',
      'changelog.md',
      'downloads/care-guide.pdf',
      'favicon.svg',
      'guides/authentication.html',
      'guides/authentication.md',
      'guides/overview.html',
      'guides/overview.md',
      'guides/webhooks/receiving.html',
      'guides/webhooks/receiving.md',
      'guides/webhooks/signatures.html',
      'guides/webhooks/signatures.md',
      'images/flow.png',
      'images/greenhouse.png',
      'images/plants/fern-dark.png',
      'index.html',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'logo/dark.svg',
      'logo/light.svg',
      'old-quickstart.html',
      'openapi.yaml',
      'quickstart.html',
      'quickstart.md',
    ]);
    expect(readFileSync(path.join(target, 'images/greenhouse.png'))).toEqual(readFileSync('fixtures/render/site/images/greenhouse.png'));
    // Files no page names are copied too, as the platform serves every file of a served kind (a
    // page's code may build their address); not docs.json, not the hidden .env, not the pages.
    expect(readFileSync(path.join(target, 'images/plants/fern-dark.png'))).toEqual(readFileSync('fixtures/render/site/images/plants/fern-dark.png'));
    expect(readFileSync(path.join(target, 'downloads/care-guide.pdf'), 'utf8')).toContain('%PDF-1.4');
    expect(readFileSync(path.join(target, '_redirects'), 'utf8')).toBe('/old-quickstart /quickstart#install 301\n/api/* /api-reference/:splat 301\n');
    const forward = readFileSync(path.join(target, 'old-quickstart.html'), 'utf8');
    // Its URLs lead from its own folder, as every page's (404.html's excepted).
    expect(forward).toContain('<meta http-equiv="refresh" content="0; url=./quickstart#install">');
    expect(forward).toContain('<link rel="canonical" href="./quickstart#install">');
    expect(readFileSync(path.join(target, 'guides/webhooks/receiving.html'), 'utf8')).toContain('<link rel="stylesheet" href="../../_quire/site.css">');
    expect(readFileSync(path.join(target, '404.html'), 'utf8')).toContain('<link rel="stylesheet" href="/_quire/site.css">');
  });

  it('puts the head a page asks for: title, description, Open Graph, favicon, theme, noindex on unlisted pages', async () => {
    const { target, result } = await buildSite();
    expect(result.code).toBe(0);
    const quickstart = readFileSync(path.join(target, 'quickstart.html'), 'utf8');
    expect(quickstart).toMatch(
      /^<!DOCTYPE html><html lang="en" data-root=".\/" data-appearance="light" data-playground=".\/_quire\/playground\.js" data-search=".\/_quire\/search\.json" class="has-tabs">/,
    );
    expect(quickstart).toContain('<title>Quickstart - Plant Store</title>');
    expect(quickstart).toContain('<meta name="description" content="List your first plants in five minutes.">');
    expect(quickstart).toContain('<meta property="og:title" content="Quickstart">');
    expect(quickstart).toContain('<link rel="icon" href="./favicon.svg">');
    expect(quickstart).toContain('--quire-primary:#16A34A;--quire-primary-light:#4ADE80;--quire-primary-dark:#15803D');
    expect(quickstart).not.toContain('name="robots"');
    // The ids of the headings are those the anchor check accepts, and the table of contents links them.
    for (const id of ['create-a-key', 'install', 'first-request', 'paging', 'errors', 'next-steps']) {
      expect(quickstart).toContain(` id="${id}"`);
      expect(quickstart).toContain(`href="#${id}"`);
    }
    expect(readFileSync(path.join(target, 'changelog.html'), 'utf8')).toContain('<meta name="robots" content="noindex">');
  });

  it('gives the same bytes for the same site, and a rebuild removes only what it wrote before', async () => {
    const first = out();
    const second = out();
    expect((await quireInProcess(['build', '--html', 'fixtures/render/site', '-o', first])).code).toBe(0);
    expect((await quireInProcess(['build', '--html', path.resolve('fixtures/render/site'), '-o', second])).code).toBe(0);
    expect(readTree(second)).toEqual(readTree(first));
    // A file of the user's own in the folder stays; the build's own files are replaced.
    writeFileSync(path.join(first, 'notes.txt'), 'mine');
    const again = await quireInProcess(['build', '--html', 'fixtures/render/site', '-o', first]);
    expect(again.code).toBe(0);
    expect(readFileSync(path.join(first, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('refuses to replace a file no earlier build wrote', async () => {
    const target = out();
    expect((await quireInProcess(['build', '--html', 'fixtures/render/site', '-o', target])).code).toBe(0);
    const record = path.join(target, '_quire/build.json');
    const files = JSON.parse(readFileSync(record, 'utf8')).files as string[];
    writeFileSync(record, `${JSON.stringify({ format: 'quire-html', files: files.filter((file) => file !== 'index.html') })}\n`);
    const result = await quireInProcess(['build', '--html', 'fixtures/render/site', '-o', target]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('index.html, which no earlier build wrote');
    expect(existsSync(path.join(target, 'index.html'))).toBe(true);
  });

  it('needs the pages’ content', async () => {
    const result = await quireInProcess(['build', '--html', '--no-content', 'fixtures/render/site', '-o', out()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--html needs the pages');
  });

  it('highlights code in a language loaded only when the page renders (a list item’s fence)', async () => {
    const target = out();
    const { code, stderr } = await quireInProcess(['build', '--html', 'fixtures/render/code-languages', '-o', target]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const page = readFileSync(path.join(target, 'index.html'), 'utf8');
    expect(page).toContain('<pre class="quire-code shiki" data-language="elixir"');
    expect(page).toContain('<pre class="quire-code shiki" data-language="bash"');
  });

  it('writes a page that fails to render with its error in its place, names it, and writes the others', async () => {
    const target = out();
    const { code, stdout, stderr } = await quireInProcess(['build', '--html', 'fixtures/render/failing-page', '-o', target]);
    expect(code).toBe(0);
    expect(stderr).toBe(
      "quire build: broken.mdx: the page was written with its render error in its place: Cannot read properties of undefined (reading 'property')\n",
    );
    expect(stdout).toMatch(/^Built 3 pages as HTML \(1 page with a rendering error\)/);
    expect(readFileSync(path.join(target, 'broken.html'), 'utf8')).toContain(
      '<pre>broken.mdx: Cannot read properties of undefined (reading &#x27;property&#x27;)</pre>',
    );
    expect(readFileSync(path.join(target, 'last.html'), 'utf8')).toContain('The last page.');
    expect(JSON.parse(readFileSync(path.join(target, '_quire/build.json'), 'utf8')).files).toContain('broken.html');
  });

  it('takes --base with --html only, and only a path', async () => {
    const without = await quireInProcess(['build', '--base', '/docs/', 'fixtures/render/site', '-o', out()]);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('--base applies to the HTML build: add --html');
    const wrong = await quireInProcess(['build', '--html', '--base', '/a b/', 'fixtures/render/site', '-o', out()]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--base must be a path such as /docs/');
  });
});
