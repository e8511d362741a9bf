import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, type CompiledFile, type CompiledGroup, type CompiledSearchText, type CompiledSection, type CompiledSite } from '../../src/index.js';
import { loadSite } from '../../src/node/index.js';
import { MAX_OUTPUT_PATH_BYTES } from '../../src/build/output-paths.js';
import { expectTree } from '../helpers/cli.js';
import { fixtureCases, fixturePath } from '../helpers/fixtures.js';

/** The files buildSite makes of a fixture site, and its diagnostics as `diagnostics.json`, in a fresh folder. */
async function build(name: string): Promise<{ folder: string; files: CompiledFile[] }> {
  const site = await loadSite(fixturePath('build', name), { cwd: fixturePath('build', name) });
  if (!site.config || !site.tree) throw new Error(JSON.stringify(site.diagnostics));
  const compiled = buildSite({
    config: site.config,
    tree: site.tree,
    endpointPages: site.endpointPages,
    content: site.content,
    files: site.files,
    frontmatter: site.frontmatter,
    siteFiles: site.siteFiles,
  });
  const folder = mkdtempSync(path.join(tmpdir(), `quire-build-${name}-`));
  const diagnostics = [...site.diagnostics, ...compiled.diagnostics].map(({ code, severity, file, line, column, message }) => ({
    code,
    severity,
    file,
    line,
    column,
    message,
  }));
  for (const file of [...compiled.files, { path: 'diagnostics.json', content: `${JSON.stringify(diagnostics, null, 2)}\n` }]) {
    mkdirSync(path.dirname(path.join(folder, file.path)), { recursive: true });
    writeFileSync(path.join(folder, file.path), file.content);
  }
  return { folder, files: compiled.files };
}

/** Every `$ref` written in a page model or table, as the pointer it names. */
function references(content: string): string[] {
  return [...content.matchAll(/"\$ref":"#([^"]*)"/g)].map((match) => decodeURIComponent(match[1] as string));
}

describe('buildSite on fixture sites (fixtures/build/<case>, expected output in <case>.expected)', () => {
  for (const name of fixtureCases('build').filter((entry) => !entry.endsWith('.expected'))) {
    it(name, async () => {
      const { folder, files } = await build(name);
      expectTree(folder, fixturePath('build', `${name}.expected`));
      // Every path can be written on Linux, macOS and Windows, and every reference is in its table.
      for (const file of files) {
        expect(Buffer.byteLength(file.path), file.path).toBeLessThanOrEqual(MAX_OUTPUT_PATH_BYTES);
        for (const segment of file.path.split('/')) expect(Buffer.byteLength(segment), file.path).toBeLessThanOrEqual(255);
        if (!file.path.startsWith('endpoints/')) continue;
        const table = JSON.parse(files.find((candidate) => candidate.path === JSON.parse(file.content).schemas)?.content ?? '{}') as {
          schemas: Record<string, unknown>;
        };
        for (const pointer of references(file.content)) expect(table.schemas, `${file.path} ${pointer}`).toHaveProperty([pointer]);
      }
    });
  }
});

describe('page URLs from long and odd summaries', () => {
  it("are the platform's, however long or odd, and only the files they are written to are made to fit", async () => {
    const { files } = await build('long-and-odd-summaries');
    const site = JSON.parse(files.find((file) => file.path === 'site.json')?.content ?? '{}') as { endpoints: Array<{ href: string; model: string }> };
    const merge =
      '/api-reference/merge-queue/this-event-occurs-when-there-is-activity-relating-to-a-merge-group-in-a-merge-queue-for-more-information-see-"managing-a-merge-queue"';
    expect(site.endpoints.map((endpoint) => endpoint.href)).toEqual([
      // No slug: letters outside ASCII, `!`, `"` and dashes stay, `.`, `,` and `'` go, nothing is cut.
      '/api-reference/a-tag-whose-name-is-a-whole-sentence-which-a-few-generated-descriptions-do-write-and-which-goes-on-well-past-a-hundred-characters/delete-a-queue',
      '/api-reference/get-users',
      '/api-reference/get-users!',
      '/api-reference/merge-group-long-name-without-summary-that-a-generator-made-from-the-event-and-its-action-and-its-whole-payload-type',
      '/api-reference/merge-queue/supercalifragilisticexpialidocious-pneumonoultramicroscopicsilicovolcanoconiosis-antidisestablishmentarianism-floccinaucinihilipilification',
      merge,
      `${merge}-in-the-github-documentation-to-subscribe-to-this-event-a-github-app-must-have-at-least-read-level-access-for-the-"merge-queues"-repository-permission`,
      `${merge}-post`,
      '/api-reference/λίστα-στοιχείων',
      '/api-reference/—',
      '/api-reference/日本語/создать-пользователя',
      '/api-reference/日本語/ユーザーの一覧を取得する',
      '/api-reference/🚀-!!!',
    ]);
    const models = site.endpoints.map((endpoint) => endpoint.model);
    expect(new Set(models).size).toBe(models.length);
    for (const model of models)
      expect(
        files.some((file) => file.path === model),
        model,
      ).toBe(true);
    // `"` is a character Windows refuses: written as %22; a part over 200 bytes is cut and ends with a hash of the whole.
    expect(models[5]).toBe(
      'endpoints/api-reference/merge-queue/this-event-occurs-when-there-is-activity-relating-to-a-merge-group-in-a-merge-queue-for-more-information-see-%22managing-a-merge-queue%22.json',
    );
    expect(models[6]).toMatch(/^endpoints\/api-reference\/merge-queue\/this-event-occurs-when-there-is-activity-relating-.*-[0-9a-f]{16}\.json$/);
    expect(Buffer.byteLength(models[6]!.split('/')[2]!)).toBeLessThanOrEqual(200 + '.json'.length);
  });
});

describe('a schema referenced from 1,000 places', () => {
  it('is written once, in the table, and the output stays proportional to the description', async () => {
    const { folder, files } = await build('schema-shared-1000');
    const description = statSync(fixturePath('build', 'schema-shared-1000', 'openapi.json')).size;
    const output = files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
    expect(output / description).toBeLessThan(10);
    // Address's own keywords sit in each row that names it, its properties only in the table.
    const all = files.map((file) => file.content).join('\n');
    expect(all.split('"First line."').length - 1).toBe(1);
    const table = JSON.parse(readFileSync(path.join(folder, 'schemas/openapi-json.json'), 'utf8'));
    // Point is only reached inside Address; the records, through the `record` field of a response.
    expect(Object.keys(table.schemas)).toEqual([
      '/components/schemas/Address',
      '/components/schemas/Node',
      '/components/schemas/Point',
      ...Array.from({ length: 10 }, (_, index) => `/components/schemas/Record${index}`),
    ]);
    const page = JSON.parse(readFileSync(path.join(folder, 'endpoints/api-reference/records/get-record-0.json'), 'utf8'));
    expect(page.responses[0].content[0].schema.properties.address0).toEqual({
      $ref: '#/components/schemas/Address',
      name: 'Address',
      type: 'object',
      description: 'A postal address.',
      required: ['line1', 'country'],
    });
    expect(page.responses[0].content[0].schema.properties.tree).toMatchObject({ $ref: '#/components/schemas/Node', name: 'Node', type: 'object' });
  });
});

/** Bytes of every file written, over the bytes of the fixture's description. */
function ratio(name: string, files: CompiledFile[]): number {
  const description = statSync(fixturePath('build', name, 'openapi.json')).size;
  return files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0) / description;
}

describe('one body under 300 media types (Google mirror timeline.insert)', () => {
  it('writes the body once and names it under the other media types; the output stays under 10x the description', async () => {
    const { folder, files } = await build('body-many-media-types');
    // Before: every media type wrote the generated example again, 14x the description.
    expect(ratio('body-many-media-types', files)).toBeLessThan(10);
    const insert = JSON.parse(readFileSync(path.join(folder, 'endpoints/api-reference/timeline/insert-a-timeline-item.json'), 'utf8'));
    const content = insert.requestBody.content;
    expect(content).toHaveLength(300);
    // The first media type is drawn from the page alone: its schema's fields and its example.
    expect(content[0]).toMatchObject({ mediaType: 'application/json', examples: [{ generated: true, value: { text: 'string' } }], schema: { type: 'object' } });
    expect(content.slice(1)).toEqual(Array.from({ length: 299 }, (_, index) => ({ mediaType: `image/x-kind-${index + 1}`, sameAs: 'application/json' })));
    // Media types whose examples differ are each written; one like an earlier one names it.
    const update = JSON.parse(readFileSync(path.join(folder, 'endpoints/api-reference/timeline/update-a-timeline-item.json'), 'utf8'));
    expect(
      update.requestBody.content.map((media: { mediaType: string; sameAs?: string; examples?: unknown }) => [media.mediaType, media.sameAs, media.examples]),
    ).toEqual([
      ['application/json', undefined, [{ value: { text: 'Updated' } }]],
      ['application/xml', undefined, [{ value: { text: 'Updated in XML' } }]],
      ['text/plain', 'application/json', undefined],
    ]);
  });
});

describe('examples on a parameter shared by 300 operations (Azure LUIS Authoring, cosmos-db)', () => {
  it('writes the list once in the table; each page keeps the first example in place', async () => {
    const { folder, files } = await build('examples-shared-parameter');
    // Before: each of the 300 pages wrote the 300 examples, 54x the description.
    expect(ratio('examples-shared-parameter', files)).toBeLessThan(10);
    const table = JSON.parse(readFileSync(path.join(folder, 'schemas/openapi-json.json'), 'utf8'));
    expect(table.examples).toHaveLength(1);
    expect(table.examples[0]).toHaveLength(300);
    expect(table.examples[0][299]).toEqual({ name: 'Successful Get Item 299 request', value: '00000299-c573-46b3-bc4c-ae01d686e68e' });
    const page = JSON.parse(readFileSync(path.join(folder, 'endpoints/api-reference/items/get-item-7.json'), 'utf8'));
    expect(page.parameters.path).toEqual([
      {
        name: 'appId',
        in: 'path',
        required: true,
        deprecated: false,
        description: 'The application ID.',
        schema: { type: 'string', format: 'uuid' },
        examples: [{ name: 'Successful Get Item 0 request', value: '00000000-c573-46b3-bc4c-ae01d686e68e' }],
        sharedExamples: 0,
      },
    ]);
    const all = files.map((file) => file.content).join('\n');
    expect(all.split('00000299-c573').length - 1).toBe(1);
  });
});

describe('page content (fixtures/build/page-content)', () => {
  it('gives each page its headings, links and words in site.json, and its text once in search.json', async () => {
    const { folder, files } = await build('page-content');
    const site = JSON.parse(readFileSync(path.join(folder, 'site.json'), 'utf8'));
    expect(site.version).toBe(5);
    expect(site.search).toBe('search.json');
    const home = site.pages.find((page: { href: string }) => page.href === '/');
    // A custom `{#id}` is the id; the same text again gets the platform's slug.
    expect(home.headings).toEqual([
      { depth: 2, text: 'Get started', id: 'start-here' },
      { depth: 2, text: 'Get started', id: 'get-started' },
    ]);
    // The page's 56 words and the 5 of the snippet it renders (`<Note />`: "A note from a snippet.").
    expect(home.words).toBe(61);
    // Links keep the URL as written; `href` is the page they lead to, as site.json names it.
    const hrefs = Object.fromEntries(home.links.map((link: { url: string; href?: string }) => [link.url, link.href ?? null]));
    expect(hrefs).toEqual({
      '/guides/setup#install-the-cli': '/guides/setup#install-the-cli',
      './guides/setup.mdx': '/guides/setup',
      guides: '/guides/index',
      '#start-here': '/#start-here',
      '/old-setup': '/guides/setup',
      '/extra': '/extra',
      '/guides/setup': '/guides/setup',
      // A file of the site: the link names it, and it is among the static files the output uses.
      '/images/diagram.png': null,
      'https://example.com/docs': null,
      '/gone': null,
      // A snippet is no page: the platform publishes none there.
      '/_snippets/tip': null,
      '/docs/guides/setup': '/guides/setup',
    });
    expect(home.links.find((link: { url: string }) => link.url === '/guides/setup')).toEqual({ url: '/guides/setup', kind: 'element', href: '/guides/setup' });
    const guides = site.pages.find((page: { href: string }) => page.href === '/guides/index');
    expect(guides.links).toEqual([
      { url: 'setup', kind: 'link', href: '/guides/setup' },
      { url: '../', kind: 'link', href: '/' },
    ]);
    // `mode: custom` pages give headings no id; a page that does not parse has no content fields.
    expect(site.pages.find((page: { href: string }) => page.href === '/landing').headings).toEqual([{ depth: 2, text: 'A custom page' }]);
    const broken = site.pages.find((page: { href: string }) => page.href === '/broken');
    expect(broken).not.toHaveProperty('headings');
    expect(broken).not.toHaveProperty('words');
    // A page listed in two sections carries its headings in both entries, its text once.
    const setups = site.pages.filter((page: { href: string }) => page.href === '/guides/setup');
    expect(setups).toHaveLength(2);
    expect(setups[1].headings).toEqual(setups[0].headings);
    // The headings of the snippet the page renders are in their place, ids numbered over the whole
    // page as the platform numbers them: the page's second "Install the CLI" is the third.
    expect(setups[0].headings).toEqual([
      { depth: 2, text: 'Install the CLI', id: 'install-the-cli' },
      { depth: 3, text: 'Sign in', id: 'sign-in' },
      { depth: 2, text: 'Troubleshooting', id: 'troubleshooting' },
      { depth: 3, text: 'Install the CLI', id: 'install-the-cli-2' },
      { depth: 2, text: 'Install the CLI', id: 'install-the-cli-3' },
    ]);
    expect(home.links.find((link: { url: string }) => link.url === '/images/diagram.png')).toEqual({
      url: '/images/diagram.png',
      kind: 'image',
      file: 'images/diagram.png',
    });
    expect(site.staticFiles).toEqual(['images/diagram.png']);
    const search = JSON.parse(readFileSync(path.join(folder, 'search.json'), 'utf8'));
    // The pages of the navigation, then the page no navigation lists.
    expect(search.pages.map((page: { href: string }) => page.href)).toEqual(['/', '/guides/index', '/guides/setup', '/landing', '/extra']);
    const setupText = search.pages[2].sections
      .map((section: { heading?: string; text: string }) => [section.heading, section.text].filter((part) => part !== undefined && part !== '').join('\n'))
      .join('\n') as string;
    // Prose and inline code, table cells, no code blocks, no frontmatter.
    expect(setupText).toContain('Run npm install -g quire-docs in a terminal.');
    expect(setupText).toContain('Open the dashboard');
    expect(setupText).not.toContain('this code is not prose');
    expect(setupText).not.toContain('title: Setup');
    // The snippet's text is where the page renders it, as a reader sees it: after the table, before the second heading.
    expect(setupText.split('\n').slice(-6)).toEqual([
      'Open the dashboard',
      'Troubleshooting',
      'Install the CLI',
      'If the install fails, run it again with --verbose.',
      'Install the CLI',
      'The same title twice gets another id. See the home page and ref.',
    ]);
    expect(search.pages[0].sections.at(-1).text.split('\n').at(-1)).toBe('A note from a snippet.');
    expect(files.map((file) => file.path)).toEqual(['site.json', 'search.json']);
  });

  it('writes site.json as JSON.stringify(site, null, 2) would, but with each heading and link on one line', async () => {
    const site = await loadSite(fixturePath('build', 'page-content'), { cwd: fixturePath('build', 'page-content') });
    if (!site.config || !site.tree) throw new Error(JSON.stringify(site.diagnostics));
    const compiled = buildSite({
      config: site.config,
      tree: site.tree,
      endpointPages: site.endpointPages,
      content: site.content,
      files: site.files,
      frontmatter: site.frontmatter,
      siteFiles: site.siteFiles,
    });
    const text = compiled.files[0]?.content ?? '';
    expect(JSON.parse(text)).toEqual(compiled.site);
    expect(text).toContain('\n        {"depth":2,"text":"Get started","id":"start-here"},\n');
    expect(text).toContain('\n        {"url":"../","kind":"link","href":"/"}\n');
    // Everything else, settings' own `links` included, is indented as JSON.stringify indents it.
    const { pages: _pages, ...rest } = compiled.site;
    const withoutPages = text.slice(0, text.indexOf('  "pages": [')) + text.slice(text.indexOf('  "endpoints": ['));
    expect(withoutPages).toBe(`${JSON.stringify(rest, null, 2)}\n`);
  });
});

describe('buildSite without content', () => {
  it('writes no search file and no content fields', async () => {
    const site = await loadSite(fixturePath('build', 'page-content'), { cwd: fixturePath('build', 'page-content'), content: false });
    if (!site.config || !site.tree) throw new Error(JSON.stringify(site.diagnostics));
    const compiled = buildSite({ config: site.config, tree: site.tree, endpointPages: site.endpointPages });
    expect(compiled.files.map((file) => file.path)).toEqual(['site.json']);
    expect(compiled.site.search).toBeUndefined();
    for (const page of compiled.site.pages) expect(Object.keys(page)).not.toContain('headings');
  });
});

describe('buildSite with json: false (what quire dev and build --html read)', () => {
  it('gives the same site and search text, and writes no file', async () => {
    for (const name of ['mdx-endpoint-page', 'page-content', 'static-files']) {
      const site = await loadSite(fixturePath('build', name), { cwd: fixturePath('build', name) });
      if (!site.config || !site.tree) throw new Error(JSON.stringify(site.diagnostics));
      const input = {
        config: site.config,
        tree: site.tree,
        endpointPages: site.endpointPages,
        content: site.content,
        files: site.files,
        siteFiles: site.siteFiles,
      };
      const full = buildSite(input);
      const lean = buildSite({ ...input, json: false });
      expect(full.files.length, name).toBeGreaterThan(0);
      expect(lean.files, name).toEqual([]);
      expect(lean.site, name).toEqual(full.site);
      expect(lean.search, name).toEqual(full.search);
    }
  });
});

/** site.json and search.json of a fixture site, built as `quire build` builds it. */
async function output(name: string): Promise<{ site: CompiledSite; search: CompiledSearchText }> {
  const { folder } = await build(name);
  return { site: JSON.parse(readFileSync(path.join(folder, 'site.json'), 'utf8')), search: JSON.parse(readFileSync(path.join(folder, 'search.json'), 'utf8')) };
}

describe('what a renderer needs of a page (site.json version 5)', () => {
  it('gives each page its file, title apart from its sidebar title, and whole frontmatter', async () => {
    const { site } = await output('page-files-and-titles');
    const byHref = new Map(site.pages.map((page) => [page.href, page]));
    expect(byHref.get('/guides')).toMatchObject({
      file: 'guides/index.mdx',
      title: 'All guides',
      frontmatter: { title: 'All guides', icon: 'book', tag: 'NEW' },
    });
    // No title: the platform's, from the file name; the navigation shows it too.
    expect(byHref.get('/guides/getting_started-fast')).toMatchObject({ file: 'guides/getting_started-fast.mdx', title: 'Getting started fast' });
    expect(byHref.get('/guides/getting_started-fast')).not.toHaveProperty('frontmatter');
    expect(byHref.get('/guides/short-label')).toMatchObject({ title: 'A title too long for the sidebar', sidebarTitle: 'Short label' });
    const labels = ((site.navigation.root as CompiledSection).children[0] as CompiledGroup).children.map((node) => node.label);
    expect(labels).toEqual(['Welcome', 'All guides', 'Getting started fast', 'Short label', 'Search engines', 'Elsewhere']);
    expect(byHref.get('/guides/seo')?.frontmatter).toEqual({
      title: 'Search engines',
      'og:title': 'Search engines, in a card',
      'og:image': '/images/card.png',
      noindex: true,
      hidden: true,
    });
    expect(byHref.get('/guides/elsewhere')?.frontmatter).toMatchObject({ url: 'https://example.com/elsewhere' });
    // A page documenting an operation without a title takes the operation's, and its description.
    expect(byHref.get('/api/get-plant')).toMatchObject({ title: 'Get a plant', description: 'One plant, by its id.', model: 'endpoints/api/get-plant.json' });
  });

  it('adds the page files no navigation entry lists, hidden, with their content; not snippets', async () => {
    const { site, search } = await output('unlisted-pages');
    expect(site.pages.map((page) => [page.href, page.file, page.unlisted ?? false, page.hidden ?? false])).toEqual([
      ['/', 'index.mdx', false, false],
      ['/setup', 'setup.mdx', false, false],
      ['/404', '404.mdx', true, true],
      ['/drafts/changelog', 'drafts/changelog.mdx', true, true],
      ['/drafts/notes', 'drafts/notes.md', true, true],
    ]);
    const draft = site.pages.find((page) => page.href === '/drafts/changelog');
    expect(draft).toMatchObject({
      section: {},
      breadcrumbs: [],
      headings: [
        { depth: 2, text: 'March', id: 'march' },
        { depth: 2, text: 'April', id: 'april' },
      ],
      links: [{ url: '../setup', kind: 'link', href: '/setup' }],
      words: 9,
    });
    expect(draft).not.toHaveProperty('previous');
    expect(search.pages.map((page) => page.href)).toEqual(['/', '/setup', '/404', '/drafts/changelog', '/drafts/notes']);
    // The home page links to the draft: the link leads to its page.
    expect(site.pages[0]?.links?.[1]).toEqual({ url: '/drafts/changelog', kind: 'link', href: '/drafts/changelog' });
  });

  it('gives an MDX endpoint page its model and its own content, and the endpoint entry its file', async () => {
    const { site, search } = await output('mdx-endpoint-page');
    const page = site.pages.find((entry) => entry.href === '/api/create-order');
    expect(page).toMatchObject({
      kind: 'page',
      file: 'api/create-order.mdx',
      model: 'endpoints/api/create-order.json',
      openapi: 'POST /orders',
      headings: [{ depth: 2, text: 'Idempotency', id: 'idempotency' }],
    });
    expect(site.endpoints.find((entry) => entry.href === '/api/create-order')).toMatchObject({
      file: 'api/create-order.mdx',
      model: 'endpoints/api/create-order.json',
    });
    expect(site.endpoints.find((entry) => entry.href === '/api-reference/orders/list-orders')).not.toHaveProperty('file');
    expect(search.pages[0]?.sections.map((section) => section.id)).toEqual([undefined, 'idempotency']);
  });

  it('lists the static files pages, snippets, frontmatter and docs.json use, and every custom .css and .js', async () => {
    const { site } = await output('static-files');
    expect(site.staticFiles).toEqual([
      'analytics.js',
      'favicon.svg',
      'files/report.pdf',
      'fonts/inter.woff2',
      'guides/img/step-1.png',
      'icons/home.svg',
      'icons/start.svg',
      'images/architecture.png',
      'images/background.png',
      'images/banner.png',
      'images/card.png',
      'images/demo.mp4',
      'images/team.jpg',
      'logo/dark.svg',
      'logo/light.svg',
      'style.css',
    ]);
    // Not used: a file nothing names, and a component snippet.
    expect(site.staticFiles).not.toContain('unused/old.png');
    expect(site.staticFiles).not.toContain('snippets/counter.jsx');
    expect(site.pages[1]?.links).toEqual([
      { url: 'img/step-1.png', kind: 'image', file: 'guides/img/step-1.png' },
      { url: 'https://example.com/elsewhere.png', kind: 'link' },
      { url: '/images/missing.png', kind: 'link' },
    ]);
  });

  it('resolves redirects to the page they lead to, through chains, keeping the query and the anchor', async () => {
    const { site } = await output('redirects');
    expect(Object.fromEntries(site.redirects.map((redirect) => [redirect.source, redirect.href ?? null]))).toEqual({
      '/start': '/guides/quickstart',
      '/old-guides': '/guides/index',
      '/home': '/',
      '/first': '/guides/quickstart?from=second#install',
      '/second': '/guides/quickstart?from=second',
      '/under-base': '/guides/quickstart',
      '/blog/:slug*': null,
      '/elsewhere': null,
      '/report': null,
      '/draft': '/drafts/plan',
      '/gone': null,
      '/ping': null,
      '/pong': null,
    });
    expect(site.redirects[0]).toEqual({ source: '/start', destination: '/guides/quickstart', permanent: true, href: '/guides/quickstart' });
  });

  it('splits the search text at the headings of the table of contents', async () => {
    const { search } = await output('search-sections');
    const [home, changelog] = search.pages;
    expect(home?.sections.map((section) => [section.id ?? null, section.heading ?? null])).toEqual([
      [null, null],
      ['needs', 'Requirements'],
      ['on-windows', 'On Windows'],
      ['an-html-heading', 'An HTML heading'],
      ['download', 'Download'],
      ['unpack', 'Unpack'],
      ['troubleshooting', 'Troubleshooting'],
      ['next-steps', 'Next steps'],
    ]);
    // Headings out of the table of contents stay in the text of the section they are in.
    expect(home?.sections[2]?.text).toBe(
      'Use PowerShell.\nA heading the table of contents leaves out\nStill part of "On Windows".\nBehind a proxy\nSet HTTPS_PROXY. The heading is inside an accordion: it stays in the text of "On Windows".',
    );
    // A heading written in a snippet the page renders is a section of the page.
    expect(home?.sections[6]).toEqual({ id: 'troubleshooting', heading: 'Troubleshooting', depth: 2, text: 'Run it again with --verbose.' });
    // An Update's label is its heading; its content is its text.
    expect(changelog?.sections).toEqual([
      { id: 'march-2025', heading: 'March 2025', depth: 1, text: 'Faster builds.' },
      { id: 'february-2025', heading: 'February 2025', depth: 1, text: 'A new output format.' },
    ]);
  });

  it('leaves pages without a file out of the navigation and previous/next, with the groups and sections they leave empty', async () => {
    const { site } = await output('pages-without-file');
    expect((site.navigation.root as CompiledSection).children.map((node) => node.label)).toEqual(['Guides']);
    const guides = (site.navigation.root as CompiledSection).children[0] as CompiledSection;
    expect(guides.children.map((node) => node.label)).toEqual(['Start']);
    expect(site.pages.map((page) => [page.href, page.previous ?? null, page.next ?? null])).toEqual([
      ['/', null, '/setup'],
      ['/setup', '/', null],
    ]);
  });

  it('links previous/next within each section, past hidden pages, through generated pages, as the library does between pages', async () => {
    const { site } = await output('previous-next');
    expect(site.pages.map((page) => [page.href, page.previous ?? null, page.next ?? null])).toEqual([
      ['/', null, '/setup'],
      ['/secret', null, null],
      ['/setup', '/', '/api-reference/list-plants'],
      ['/runbook', null, null],
      ['/api-reference/list-plants', '/setup', '/usage'],
      ['/usage', '/api-reference/list-plants', null],
      ['/reference', null, '/setup'],
      ['/setup', '/reference', null],
    ]);
    // The library's page index has the same neighbours, by href, except that generated pages are
    // not in it yet (they are placed by expandOpenApiEndpoints).
    const loaded = await loadSite(fixturePath('build', 'previous-next'), { cwd: fixturePath('build', 'previous-next'), content: false });
    expect(loaded.pages?.list.map((page) => [page.href, page.previous ?? null, page.next ?? null])).toEqual([
      ['/', null, '/setup'],
      ['/secret', null, null],
      ['/setup', '/', '/usage'],
      ['/runbook', null, null],
      ['/usage', '/setup', null],
      ['/reference', null, '/setup'],
      ['/setup', '/reference', null],
    ]);
  });
});
