import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeBase } from '../../src/render/index.js';
import { renderFixture } from './render-fixture.js';

type Rendered = Awaited<ReturnType<typeof renderFixture>>;

/** The HTML of the first element with `class` (its opening tag to the matching close of the same tag name). */
function element(html: string, className: string): string {
  const start = html.search(new RegExp(`<(\\w+)[^>]*class="[^"]*\\b${className}\\b`));
  if (start < 0) return '';
  const tag = /^<(\w+)/.exec(html.slice(start))?.[1] as string;
  let depth = 0;
  const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
  pattern.lastIndex = start;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return html.slice(start);
}

/** The text of some HTML, without its tags (highlighted code is split in tokens). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

describe('the rendered site: endpoint pages and the right column', () => {
  let site: Rendered;
  beforeAll(async () => {
    site = await renderFixture('features');
  }, 60_000);

  it('gives an endpoint page its samples in every language, with a picker, in the right column', () => {
    const page = site.html('api-reference/orders/create-an-order.html');
    const column = element(page, 'side-column');
    const samples = element(column, 'request-sample');
    // x-codeSamples first, then the eight languages of api.examples.languages, in their order.
    const options = [...samples.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
    expect(options).toEqual(['Orbit SDK', 'cURL', 'Python', 'JavaScript', 'Go', 'Java', 'Ruby', 'PHP', 'C#']);
    const panels = [...samples.matchAll(/<div class="sample-panel" data-quire-sample="([^"]*)"( hidden="")?/g)].map((match) => [
      match[1],
      match[2] !== undefined,
    ]);
    expect(panels).toEqual(options.map((label, index) => [label, index > 0]));
    // Highlighted, each in its own language (shiki's token colours), the SDK sample as written.
    expect(samples).toContain('data-language="go"');
    expect(samples).toContain('data-language="csharp"');
    expect(samples).toMatch(/<pre class="quire-code shiki" data-language="typescript"/);
    expect(textOf(samples)).toContain("const order = await orbit.orders.create({ sku: 'A-1', quantity: 2 });");
    expect(samples).toContain('aria-label="Copy code"');
    // The response examples: the document's named example and the 422's, by status.
    const responses = element(column, 'response-sample');
    expect([...responses.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['201', '422']);
    expect(responses).toContain('ord_1');
    expect(responses).toContain('sku is unknown');
    // Instead of the table of contents; and the same in the flow, for narrow screens.
    expect(page).not.toContain('class="toc"');
    expect(element(page, 'endpoint-reference')).toContain('<div class="side-inline" data-side="request" data-generated="">');
  });

  it('shows the examples a document writes for fields, and folds nested objects', () => {
    const page = site.html('api-reference/orders/create-an-order.html');
    expect(page).toMatch(/class="field-example">Example: <code>A-1<\/code>/);
    expect(page).toMatch(/<details class="field-children"><summary>Show properties<\/summary>.*city/);
    expect(site.html('api-reference/orders/get-an-order.html')).toMatch(/class="field-example">Example: <code>ord_1<\/code>/);
  });

  it('puts a page’s RequestExample and ResponseExample in the right column, and keeps them in the flow for phones', () => {
    const page = site.html('en/v2/examples.html');
    const column = element(page, 'side-column');
    expect(column).toContain('request-example');
    expect(column).toContain('response-example');
    expect(column.indexOf('request-example')).toBeLessThan(column.indexOf('response-example'));
    expect(textOf(column)).toContain('orbit.orders.list()');
    expect(element(page, 'page-inner')).toContain('<div class="side-inline" data-side="request">');
    expect(page).not.toContain('class="toc"');
  });

  it('puts a Panel in place of the table of contents', () => {
    const page = site.html('en/v2/panel.html');
    const column = element(page, 'side-column');
    expect(column).toContain('data-panel=""');
    expect(column).toContain('Pinned beside the page.');
    expect(page).not.toContain('class="toc"');
    // A page without any keeps its table of contents.
    expect(site.html('en/v2/index.html')).toContain('class="toc"');
  });
});

describe('a site served under a path of its host (--base)', () => {
  it('reads the path as users write it', () => {
    expect(['docs', '/docs', '/docs/', 'https://example.github.io/docs/', ' /a/b ', '/'].map(normalizeBase)).toEqual([
      '/docs/',
      '/docs/',
      '/docs/',
      '/docs/',
      '/a/b/',
      '/',
    ]);
    expect(['/do cs/', '/../x', '/a"b', '/docs?x=1'].map(normalizeBase)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('writes every page relative to its folder, and puts the path before the URLs of 404.html and _redirects', async () => {
    const site = await renderFixture('features', { base: '/docs/' });
    const page = site.html('en/v2/examples.html');
    expect(page).toContain('<link rel="stylesheet" href="../../_quire/site.css">');
    expect(page).toContain('<script src="../../_quire/site.js" defer>');
    expect(page).toContain('data-search="../../_quire/search.json"');
    expect(page).toContain('data-root="../../"');
    expect(page).toContain('<link rel="icon" href="../../favicon.svg">');
    expect(page).toContain('href="../../en/v2/panel"');
    expect(page).toContain('href="https://github.com/example/orbit"');
    // No URL from the root is left.
    expect(page.match(/\s(?:href|src)="\/(?!\/)[^"]*"/g)).toBeNull();
    expect(site.html('start.html')).toContain('<meta http-equiv="refresh" content="0; url=./en/v2/examples">');
    expect(site.html('index.html')).toContain('url=./en/v2/index');
    // A host serves 404.html at any depth: its URLs start at the root, under the path.
    const notFound = site.html('404.html');
    expect(notFound).toContain('<link rel="stylesheet" href="/docs/_quire/site.css">');
    expect(notFound).toContain('data-root="/docs/"');
    expect(notFound.match(/\s(?:href|src)="\/(?!docs\/|\/)[^"]*"/g)).toBeNull();
    const files = new Map(site.files.map((file) => [file.path, file.content]));
    expect(files.get('_redirects')).toBe('/docs/start /docs/en/v2/examples 301\n');
    // The search index's URLs start at the site's root, which each page names (`data-root`).
    const search = JSON.parse(String(files.get('_quire/search.json'))) as { url: string }[];
    expect(search.length).toBeGreaterThan(0);
    for (const entry of search) expect(entry.url).toMatch(/^\/(?!docs\/)[^/]/);
  }, 60_000);
});

describe('the rendered site: frontmatter url, banners', () => {
  let site: Rendered;
  beforeAll(async () => {
    site = await renderFixture('features');
  }, 60_000);

  it('makes a page whose frontmatter has `url` a link there in the navigation, and its own address forward there', () => {
    const home = site.html('en/v2/index.html');
    expect(home).toMatch(/<a class="nav-link" href="https:\/\/status\.orbit\.example" target="_blank" rel="noreferrer">.*?Status page/);
    expect(home).not.toContain('href="/en/v2/status"');
    // The page before it leads there too.
    expect(site.html('en/v2/diagram.html')).toMatch(/<a class="pager-next" href="https:\/\/status\.orbit\.example"/);
    expect(site.html('en/v2/status.html')).toContain('<meta http-equiv="refresh" content="0; url=https://status.orbit.example">');
  });

  it('draws docs.json’s banner, and a language’s own banner and footer on its pages', () => {
    const home = site.html('en/v2/index.html');
    expect(home).toMatch(
      /<div class="site-banner banner-info"[^>]*data-banner="\w+"><div class="banner-content"><p>Orbit 2 is out: see <strong>what changed<\/strong>\.<\/p><\/div><button type="button" class="banner-close"/,
    );
    expect(home).toContain('href="https://github.com/example/orbit"');
    const french = site.html('fr/index.html');
    expect(french).toMatch(/<div class="site-banner banner-warning"[^>]*><div class="banner-content"><p>Cette traduction est en cours\.<\/p><\/div><\/div>/);
    expect(french).toContain('href="https://github.com/example/orbit-fr"');
    expect(french).not.toContain('href="https://github.com/example/orbit"');
  });
});

describe('The favicon', () => {
  it('is the site’s, or an empty one so that the browser asks for no /favicon.ico', async () => {
    const withIcon = await renderFixture('site');
    expect(withIcon.html('index.html')).toContain('<link rel="icon" href="./favicon.svg">');
    expect(withIcon.html('index.html')).not.toContain('href="data:,"');
    const without = await renderFixture('code-languages');
    const home = without.files.find((file) => file.path.endsWith('.html') && file.path !== '404.html');
    expect(String(home?.content)).toContain('<link rel="icon" href="data:,">');
  }, 120_000);
});

describe('Mermaid in the rendered site', () => {
  it('ships its bundle only when a page has a diagram', async () => {
    const bundle = 'window.mermaid={}';
    const withDiagram = await renderFixture('features', { mermaidScript: bundle });
    expect(withDiagram.files.find((file) => file.path === '_quire/mermaid.min.js')?.content).toBe(bundle);
    expect(withDiagram.html('en/v2/diagram.html')).toContain('<pre class="mermaid" data-quire-mermaid="">flowchart LR');
    const without = await renderFixture('site', { mermaidScript: bundle });
    expect(without.files.some((file) => file.path === '_quire/mermaid.min.js')).toBe(false);
  }, 120_000);
});
