import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostics, type Diagnostic } from '../../src/index.js';
import { loadSite } from '../../src/node/index.js';
import { quire } from '../helpers/cli.js';
import { temporarySite } from '../helpers/fixtures.js';

const SPEC = `openapi: 3.1.0
info: { title: Plants, version: 1.0.0 }
paths:
  /plants:
    get:
      summary: List plants
      responses: { '200': { description: OK } }
`;

/** A local server: /good.yaml is a document, /missing.yaml answers 404; it counts requests. */
let server: Server;
let base = '';
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/good.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC);
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const site = (files: Record<string, string>) => temporarySite(files, 'quire-places-');

/** docs.json text with one group per document, each with one endpoint reference; `lineOf` finds a value's line. */
function docsJson(groups: Array<{ openapi: string; pages: string[] }>, redirects: Array<{ source: string; destination: string }> = []): string {
  return `${JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, ...groups.map((group, index) => ({ group: `API ${index}`, ...group }))] }, ...(redirects.length ? { redirects } : {}) }, null, 2)}\n`;
}

/** Line and column (1-based) of the first occurrence of `"value"` in `text`, at the value's opening quote. */
function placeOf(text: string, value: string): { line: number; column: number } {
  const offset = text.indexOf(JSON.stringify(value));
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1) as string).length + 1 };
}

const summary = (diagnostics: Diagnostic[]) => diagnostics.map(({ code, severity, file, line, column }) => ({ code, severity, file, line, column }));

describe('OpenAPI documents given by URL', () => {
  it('online: a 404 is one error at the URL in docs.json, and a good document is used', async () => {
    const missing = `${base}/missing.yaml`;
    const text = docsJson([
      { openapi: `${base}/good.yaml`, pages: ['GET /plants'] },
      { openapi: missing, pages: ['GET /plants', 'POST /nothing'] },
    ]);
    const root = site({ 'docs.json': text, 'index.mdx': '# Home\n' });
    const loaded = await loadSite(root, { cwd: root });
    expect(summary(loaded.diagnostics)).toEqual([{ code: 'openapi/fetch-failed', severity: 'error', file: 'docs.json', ...placeOf(text, missing) }]);
    expect(loaded.diagnostics[0]?.message).toBe(`${missing} answered 404 Not Found.`);
    expect(loaded.endpointPages.map((page) => page.path)).toEqual(['/plants']);
    const printed = formatDiagnostics(loaded.diagnostics, loaded.sources);
    expect(printed).toContain(`docs.json:${placeOf(text, missing).line}:${placeOf(text, missing).column} error openapi/fetch-failed`);
    expect(printed).not.toContain('undefined');
  });

  it('offline: nothing is fetched; one warning per URL, at the URL, saying what is not checked', async () => {
    const good = `${base}/good.yaml?offline`;
    const missing = `${base}/missing.yaml?offline`;
    const text = docsJson(
      [
        { openapi: good, pages: ['GET /plants', 'GET /nothing', 'plants'] },
        { openapi: missing, pages: [] },
      ],
      [{ source: '/old', destination: '/api-reference/plants/list-plants' }],
    );
    const root = site({
      'docs.json': text,
      'index.mdx': '# Home\n',
      // A page documenting an operation of a skipped document is not checked either.
      'plants.mdx': `---\ntitle: Plants\nopenapi: ${good} GET /gone\n---\n`,
    });
    const loaded = await loadSite(root, { cwd: root, offline: true });
    expect(requests.filter((url) => url.includes('offline'))).toEqual([]);
    expect(summary(loaded.diagnostics)).toEqual([
      { code: 'openapi/url-skipped', severity: 'warning', file: 'docs.json', ...placeOf(text, good) },
      { code: 'openapi/url-skipped', severity: 'warning', file: 'docs.json', ...placeOf(text, missing) },
    ]);
    expect(loaded.diagnostics[0]?.message).toBe(
      `${good} was not fetched (offline); not checked against it: 3 endpoint references, and links to pages under /api-reference/.`,
    );
    expect(loaded.diagnostics[1]?.message).toBe(
      `${missing} was not fetched (offline); not checked against it: the pages of 1 element listing all its operations, and links to pages under /api-reference/.`,
    );
    expect(formatDiagnostics(loaded.diagnostics, loaded.sources)).not.toContain('undefined');
  });

  it('no network: every URL failing to resolve is taken as offline, with "no network"', async () => {
    const url = 'http://nonexistent.invalid/openapi.yaml';
    const text = docsJson([{ openapi: url, pages: ['GET /plants'] }]);
    const root = site({ 'docs.json': text, 'index.mdx': '# Home\n' });
    const loaded = await loadSite(root, { cwd: root });
    expect(summary(loaded.diagnostics)).toEqual([{ code: 'openapi/url-skipped', severity: 'warning', file: 'docs.json', ...placeOf(text, url) }]);
    expect(loaded.diagnostics[0]?.message).toMatch(
      /^no network: http:\/\/nonexistent\.invalid\/openapi\.yaml could not be fetched \(fetch failed: (ENOTFOUND|EAI_AGAIN)\); not checked against it: 1 endpoint reference, and links to pages under \/api-reference\/\.$/,
    );
  });

  it('an unresolvable host is an error when another URL of the site answers', async () => {
    const url = 'http://nonexistent.invalid/openapi.yaml';
    const text = docsJson([
      { openapi: `${base}/good.yaml`, pages: ['GET /plants'] },
      { openapi: url, pages: ['GET /plants'] },
    ]);
    const root = site({ 'docs.json': text, 'index.mdx': '# Home\n' });
    const loaded = await loadSite(root, { cwd: root });
    expect(summary(loaded.diagnostics)).toEqual([{ code: 'openapi/fetch-failed', severity: 'error', file: 'docs.json', ...placeOf(text, url) }]);
  });
});

describe('OpenAPI files that cannot be read', () => {
  it('a missing file named in docs.json is one openapi/not-found at its value', async () => {
    const text = docsJson([{ openapi: 'specs/missing.yaml', pages: ['GET /plants'] }]);
    const root = site({ 'docs.json': text, 'index.mdx': '# Home\n' });
    const loaded = await loadSite(root, { cwd: root });
    expect(summary(loaded.diagnostics)).toEqual([{ code: 'openapi/not-found', severity: 'error', file: 'docs.json', ...placeOf(text, 'specs/missing.yaml') }]);
  });

  it('a file named only by a page that does not exist is reported on the page, once', async () => {
    const text = docsJson([{ openapi: 'openapi.yaml', pages: ['guide'] }]);
    const page = '---\ntitle: Guide\nopenapi: missing.yaml GET /plants\n---\n';
    const root = site({ 'docs.json': text, 'index.mdx': '# Home\n', 'guide.mdx': page, 'openapi.yaml': SPEC });
    const loaded = await loadSite(root, { cwd: root });
    // openapi.yaml has the operation, so the platform falls back to it: a warning, not a read failure.
    expect(summary(loaded.diagnostics)).toEqual([
      { code: 'openapi/frontmatter-unknown-document', severity: 'warning', file: 'guide.mdx', line: 3, column: 10 },
    ]);
  });
});

describe('quire validate --offline', () => {
  it('does not fetch, warns at the URL and exits 0', () => {
    const url = `${base}/good.yaml?cli`;
    const text = docsJson([{ openapi: url, pages: ['GET /plants'] }]);
    const root = site({ 'docs.json': text, 'index.mdx': '# Home\n' });
    const result = quire(['validate', root, '--offline'], { cwd: root });
    const { line, column } = placeOf(text, url);
    expect(result.stdout).toContain(
      `docs.json:${line}:${column} warning openapi/url-skipped ${url} was not fetched (offline); not checked against it: 1 endpoint reference, and links to pages under /api-reference/.`,
    );
    expect(result.code).toBe(0);
    expect(quire(['validate', '--help']).stdout).toContain('--offline');
    expect(quire(['build', '--help']).stdout).toContain('--offline');
  });
});
