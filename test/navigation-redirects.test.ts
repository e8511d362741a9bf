import { describe, expect, it } from 'vitest';
import { parseDocsJson } from '../src/index.js';
import { checkRedirects, resolveRedirects } from '../src/navigation/redirects.js';

const pages = new Set(['index', 'guides/quickstart', 'guides/install', 'api/index', 'api/users/get-user', 'reference/cli/run']);

function check(redirects: Array<{ source: string; destination: string }>, known: ReadonlySet<string> = pages) {
  return checkRedirects(redirects, known).map(({ code, severity, message, suggestions, pointer }) => ({
    code,
    severity,
    message,
    pointer,
    ...(suggestions ? { suggestions } : {}),
  }));
}

describe('checkRedirects', () => {
  it('accepts pages, folder index pages, the home page, chains, URLs and non-page files', () => {
    expect(
      check([
        { source: '/start', destination: '/guides/quickstart' },
        { source: '/start2', destination: 'guides/quickstart/' },
        { source: '/old-api', destination: '/api' },
        { source: '/home', destination: '/' },
        { source: '/a', destination: '/start#section' },
        { source: '/b', destination: '/a?x=1' },
        { source: '/c', destination: 'https://example.com/elsewhere' },
        { source: '/d', destination: '/files/report.pdf' },
        { source: '/e', destination: '/guides/install.mdx' },
      ]),
    ).toEqual([]);
  });

  it('reports a destination that is no page, with the page of the same name as suggestion', () => {
    expect(check([{ source: '/x', destination: '/cli/run' }])).toEqual([
      {
        code: 'navigation/redirect-to-nothing',
        severity: 'warning',
        message: 'The redirect from "/x" leads to "/cli/run", which is not a page of the site.',
        pointer: '/redirects/0/destination',
        suggestions: ['/reference/cli/run'],
      },
    ]);
  });

  it('follows chains to their end and names where they stop', () => {
    const [finding] = check([
      { source: '/one', destination: '/two' },
      { source: '/two', destination: '/guides/quikstart' },
    ]);
    expect(finding?.message).toBe('The redirect from "/one" leads to "/two" (through other redirects, "/guides/quikstart"), which is not a page of the site.');
    expect(finding?.suggestions).toEqual(['/guides/quickstart']);
  });

  it('follows chains through redirects with parameters, the first that matches applying', () => {
    // PrefectHQ: "/latest/guides/docker" leads to "/v3/deploy/infrastructure-examples/docker",
    // which "/v3/deploy/infrastructure-examples/:slug*" sends on to a page.
    expect(
      check([
        { source: '/old/install', destination: '/moved/install' },
        { source: '/moved/:slug*', destination: '/guides/:slug*' },
        { source: '/legacy/:section/:page', destination: '/:section/:page' },
        { source: '/x', destination: '/legacy/guides/quickstart' },
      ]),
    ).toEqual([]);
    // The pattern comes first in the list, so it applies to "/moved" and sends it to "/guides".
    const [finding] = check([
      { source: '/y', destination: '/moved' },
      { source: '/moved/:slug*', destination: '/guides/:slug*' },
      { source: '/moved', destination: '/guides/install' },
    ]);
    expect(finding?.message).toBe('The redirect from "/y" leads to "/moved" (through other redirects, "/guides"), which is not a page of the site.');
    const [missing] = check([
      { source: '/old/setup', destination: '/moved/setup' },
      { source: '/moved/:slug*', destination: '/guides/:slug*' },
    ]);
    expect(missing?.message).toBe(
      'The redirect from "/old/setup" leads to "/moved/setup" (through other redirects, "/guides/setup"), which is not a page of the site.',
    );
  });

  it('reports a loop through a redirect with parameters once the same path comes back', () => {
    const found = check([
      { source: '/a', destination: '/b/a' },
      { source: '/b/:slug*', destination: '/:slug*' },
    ]);
    expect(found.map((finding) => [finding.code, finding.pointer])).toEqual([['navigation/redirect-loop', '/redirects/0/destination']]);
    // Applied again to another path, it is no loop: the chain reaches a page.
    expect(
      check([
        { source: '/go', destination: '/b/b/guides/install' },
        { source: '/b/:slug*', destination: '/:slug*' },
      ]),
    ).toEqual([]);
  });

  it('reports loops as errors, on each redirect that enters one', () => {
    const found = check([
      { source: '/self', destination: '/self' },
      { source: '/p', destination: '/q' },
      { source: '/q', destination: '/p/' },
      { source: '/into', destination: '/p' },
    ]);
    expect(found.map((finding) => [finding.code, finding.severity, finding.pointer])).toEqual([
      ['navigation/redirect-loop', 'error', '/redirects/0/destination'],
      ['navigation/redirect-loop', 'error', '/redirects/1/destination'],
      ['navigation/redirect-loop', 'error', '/redirects/2/destination'],
      ['navigation/redirect-loop', 'error', '/redirects/3/destination'],
    ]);
    expect(found[0]?.message).toBe('The redirect from "/self" comes back to "/self"; it never reaches a page.');
    expect(found[1]?.message).toBe('The redirect from "/p" comes back to "/p" through 1 other redirect; it never reaches a page.');
    expect(found[3]?.message).toBe('The redirect from "/into" leads into a loop of redirects (through "/p"); it never reaches a page.');
  });

  it('ignores sources with a fragment, which match no request', () => {
    expect(check([{ source: '/guides/install#old', destination: '/guides/install#new' }])).toEqual([]);
    // PrefectHQ: the page itself is redirected on; the fragment's redirect is no loop.
    expect(
      check([
        { source: '/moved#old', destination: '/moved#new' },
        { source: '/moved', destination: '/guides/install' },
      ]),
    ).toEqual([]);
  });

  it('checks the fixed part of destinations with parameters', () => {
    expect(
      check([
        { source: '/v1/:slug*', destination: '/guides/:slug*' },
        { source: '/all/:path*', destination: '/:path*' },
      ]),
    ).toEqual([]);
    expect(check([{ source: '/v1/:slug*', destination: '/v3/guides/:slug*' }])).toEqual([
      {
        code: 'navigation/redirect-to-nothing',
        severity: 'warning',
        message: 'The redirect from "/v1/:slug*" leads to "/v3/guides/:slug*", but no page of the site is under "/v3/guides".',
        pointer: '/redirects/0/destination',
      },
    ]);
  });

  it('understands a base path written in redirects, unless pages live under it', () => {
    expect(check([{ source: '/docs/old', destination: '/docs/guides/install' }])).toEqual([]);
    expect(check([{ source: '/guides/old', destination: '/guides/api/index' }])).toHaveLength(1);
  });

  it('places findings on the destination in docs.json', () => {
    const text = '{\n  "redirects": [\n    { "source": "/a", "destination": "/nowhere" }\n  ]\n}\n';
    const parsed = parseDocsJson(text);
    const [finding] = checkRedirects([{ source: '/a', destination: '/nowhere' }], pages, { locate: parsed.locate });
    expect(finding).toMatchObject({ file: 'docs.json', line: 3, column: 38 });
  });
});

describe('resolveRedirects', () => {
  const resolve = (redirects: Array<{ source: string; destination: string }>) =>
    resolveRedirects(redirects, pages).map(({ page, suffix }) => (page === undefined ? null : `${page}${suffix}`));

  it('gives the page each redirect leads to, as checkRedirects follows it', () => {
    expect(
      resolve([
        { source: '/start', destination: '/guides/quickstart' },
        { source: '/start2', destination: 'guides/quickstart/' },
        { source: '/old-api', destination: '/api' },
        { source: '/home', destination: '/' },
        { source: '/a', destination: '/start#section' },
        { source: '/b', destination: '/a?x=1' },
        { source: '/docs/old', destination: '/docs/guides/install' },
        { source: '/e', destination: '/guides/install.mdx' },
      ]),
    ).toEqual([
      'guides/quickstart',
      'guides/quickstart',
      'api/index',
      'index',
      'guides/quickstart#section',
      'guides/quickstart#section',
      'guides/install',
      'guides/install',
    ]);
  });

  it('leads nowhere for URLs, files, parameters, missing pages and loops', () => {
    expect(
      resolve([
        { source: '/c', destination: 'https://example.com/elsewhere' },
        { source: '/d', destination: '/files/report.pdf' },
        { source: '/v1/:slug*', destination: '/guides/:slug*' },
        { source: '/x', destination: '/cli/run' },
        { source: '/p', destination: '/q' },
        { source: '/q', destination: '/p' },
      ]),
    ).toEqual([null, null, null, null, null, null]);
  });

  it('follows a chain through a source with parameters, filled in as checkRedirects fills it', () => {
    expect(
      resolve([
        { source: '/x', destination: '/old/quickstart' },
        { source: '/old/:slug*', destination: '/guides/:slug*' },
      ]),
    ).toEqual(['guides/quickstart', null]);
  });

  it('keeps the query of the last destination and the anchor last written, as a browser does', () => {
    expect(
      resolve([
        { source: '/one', destination: '/two#top' },
        { source: '/two', destination: '/three?from=two' },
        { source: '/three', destination: '/guides/install' },
      ]),
    ).toEqual(['guides/install#top', 'guides/install', 'guides/install']);
  });
});
