import { describe, expect, it } from 'vitest';
import { expandOpenApiEndpoints, parseDocsJson, resolveNavigation, type NavigationNode, type PageFrontmatter } from '../src/index.js';

const spec = (title: string, extra = '') => `openapi: 3.1.0
info: { title: ${title}, version: 1.0.0 }
tags: [{ name: Users }, { name: Orders }]
paths:
  /users:
    get: { tags: [Users], summary: List users, responses: { '200': { description: ok } } }
    post: { tags: [Users], summary: Create a user, deprecated: true, responses: { '201': { description: created } } }
  /users/{id}:
    get: { tags: [Users], summary: Get a user, parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '200': { description: ok } } }
  /orders:
    get: { tags: [Orders], summary: List orders, responses: { '200': { description: ok } } }
  /health:
    get: { summary: Health, responses: { '200': { description: ok } } }
webhooks:
  order.paid:
    post: { summary: Order paid, responses: { '200': { description: ok } } }
components:
  schemas:
    User: { type: object }
${extra}`;

function expand(navigation: unknown, specs: Record<string, string>, frontmatter: Record<string, PageFrontmatter> = {}) {
  const text = JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation }, null, 2);
  const parsed = parseDocsJson(text);
  expect(parsed.diagnostics).toEqual([]);
  const resolved = resolveNavigation(parsed.config!, { locate: parsed.locate, frontmatter: new Map(Object.entries(frontmatter)) });
  return { resolved, ...expandOpenApiEndpoints(resolved.tree, specs, { locate: parsed.locate }) };
}

function outline(nodes: readonly NavigationNode[], depth = 0): string[] {
  return nodes.flatMap((node) => {
    const line = `${'  '.repeat(depth)}${node.kind} ${node.label}${'href' in node && node.href ? ` ${node.href}` : ''}${'deprecated' in node && node.deprecated ? ' (deprecated)' : ''}`;
    return 'children' in node ? [line, ...outline(node.children, depth + 1)] : [line];
  });
}

describe('expandOpenApiEndpoints', () => {
  it('expands an element with openapi and no pages into one group per tag, as the platform groups them: in the order their first operation comes, untagged ones in "API Reference"', () => {
    const { tree, pages, diagnostics } = expand(
      { tabs: [{ tab: 'API', openapi: { source: 'api.yaml', directory: 'reference' } }] },
      { 'api.yaml': spec('API') },
    );
    expect(diagnostics).toEqual([]);
    expect(outline(tree.root.children)).toEqual([
      'tab API',
      '  group Users',
      '    endpoint List users /reference/users/list-users',
      '    endpoint Create a user /reference/users/create-a-user (deprecated)',
      '    endpoint Get a user /reference/users/get-a-user',
      '  group Orders',
      '    endpoint List orders /reference/orders/list-orders',
      '  group API Reference',
      '    endpoint Health /reference/health',
      '    webhook Order paid /reference/order-paid',
    ]);
    expect(pages.map((page) => page.url)).toEqual([
      '/reference/users/list-users',
      '/reference/users/create-a-user',
      '/reference/users/get-a-user',
      '/reference/orders/list-orders',
      '/reference/health',
      '/reference/order-paid',
    ]);
  });

  it('lists every operation after the children of an element with openapi, unless an entry below takes the document from it', () => {
    const { tree } = expand(
      {
        tabs: [
          { tab: 'Guides', openapi: 'api.yaml', groups: [{ group: 'Start', pages: ['intro'] }] },
          { tab: 'Picked', openapi: 'api.yaml', groups: [{ group: 'Some', pages: ['GET /orders'] }] },
          { tab: 'Named', openapi: 'api.yaml', groups: [{ group: 'Other', pages: ['other.yaml GET /health'] }] },
        ],
      },
      { 'api.yaml': spec('API'), 'other.yaml': spec('Other') },
    );
    const generated = (indent: string) => [
      `${indent}group Users`,
      `${indent}  endpoint List users /api-reference/users/list-users`,
      `${indent}  endpoint Create a user /api-reference/users/create-a-user (deprecated)`,
      `${indent}  endpoint Get a user /api-reference/users/get-a-user`,
      `${indent}group Orders`,
      `${indent}  endpoint List orders /api-reference/orders/list-orders`,
      `${indent}group API Reference`,
      `${indent}  endpoint Health /api-reference/health`,
      `${indent}  webhook Order paid /api-reference/order-paid`,
    ];
    expect(outline(tree.root.children)).toEqual([
      'tab Guides',
      '  group Start',
      '    page Intro /intro',
      ...generated('  '),
      'tab Picked',
      '  group Some',
      '    endpoint List orders /api-reference/orders/list-orders',
      'tab Named',
      '  group Other',
      '    endpoint Health /api-reference/health',
      ...generated('  '),
    ]);
  });

  it('publishes x-hidden operations out of the navigation, and x-excluded ones not at all', () => {
    const hidden = spec('API')
      .replace('summary: Health,', 'summary: Health, x-hidden: true,')
      .replace('summary: List orders,', 'summary: List orders, x-excluded: true,');
    const { tree, pages, diagnostics } = expand(
      {
        tabs: [
          { tab: 'API', openapi: 'api.yaml' },
          { tab: 'Named', groups: [{ group: 'G', pages: ['api.yaml GET /health', 'api.yaml GET /orders'] }] },
        ],
      },
      { 'api.yaml': hidden },
    );
    expect(outline(tree.root.children).filter((line) => /Health|orders|Orders|group/.test(line))).toEqual([
      '  group Users',
      '  group API Reference',
      '  group G',
      '    endpoint Health /api-reference/health',
      '    endpoint GET /orders',
    ]);
    expect(pages.filter((page) => page.hidden).map((page) => page.url)).toEqual(['/api-reference/health']);
    expect(pages.some((page) => page.path === '/orders')).toBe(false);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.pointer])).toEqual([
      ['openapi/excluded-operation', 'error', '/paths/~1orders/get'],
    ]);
  });

  it('resolves listed references, inherited or named, and keeps the rest of the tree', () => {
    const { tree, pages, diagnostics } = expand(
      { openapi: 'api.yaml', groups: [{ group: 'Users', pages: ['intro', 'GET /users/{id}', 'admin POST /users', 'webhook order.paid'] }] },
      { 'api.yaml': spec('API'), admin: spec('Admin') },
    );
    expect(diagnostics).toEqual([]);
    expect(outline(tree.root.children)).toEqual([
      'group Users',
      '  page Intro /intro',
      '  endpoint Get a user /api-reference/users/get-a-user',
      '  endpoint Create a user /api-reference/users/create-a-user (deprecated)',
      '  webhook Order paid /api-reference/order-paid',
    ]);
    // The navigation's own document gives every operation a page, listed nowhere (as on the platform).
    expect(pages.map((page) => page.url)).toEqual([
      '/api-reference/users/get-a-user',
      '/api-reference/users/create-a-user',
      '/api-reference/order-paid',
      '/api-reference/users/list-users',
      '/api-reference/orders/list-orders',
      '/api-reference/health',
    ]);
  });

  it('reports a near miss with "did you mean", an ambiguous reference and an unknown document', () => {
    const { diagnostics } = expand(
      {
        tabs: [
          {
            tab: 'API',
            openapi: ['a.yaml', 'b.yaml'],
            groups: [{ group: 'G', pages: ['GET /users/', 'get /Users/{id}', 'GET /orders', 'nope.yaml GET /users', 'webhook order.payd'] }],
          },
        ],
      },
      { 'a.yaml': spec('A'), 'b.yaml': spec('B') },
    );
    // Positioned at the entries in docs.json (lines 19 to 23), best suggestion first.
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.line, diagnostic.suggestions?.[0] ?? diagnostic.hint])).toEqual([
      ['openapi/reference-not-found', 19, 'GET /users'],
      ['openapi/reference-not-found', 20, 'GET /users/{id}'],
      ['openapi/ambiguous-reference', 21, 'Name the document: "a.yaml GET /orders".'],
      ['openapi/unknown-document', 22, 'Documents of the site: a.yaml, b.yaml.'],
      ['openapi/reference-not-found', 23, 'webhook order.paid'],
    ]);
  });

  it('checks the openapi and openapi-schema frontmatter of MDX pages against the document in effect', () => {
    const { diagnostics } = expand(
      { openapi: 'api.yaml', pages: ['users', 'orders', 'schema', 'bad'] },
      { 'api.yaml': spec('API') },
      { users: { openapi: 'GET /users' }, orders: { openapi: 'GET /order' }, schema: { 'openapi-schema': 'Usr' }, bad: { openapi: 'users' } },
    );
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file, diagnostic.suggestions])).toEqual([
      ['openapi/frontmatter-not-found', 'orders.mdx', ['GET /orders']],
      ['openapi/frontmatter-not-found', 'schema.mdx', ['User']],
      ['openapi/frontmatter-invalid', 'bad.mdx', undefined],
    ]);
  });

  it('reports two navigation entries that get one URL, but not two MDX pages whose operations would', () => {
    // Without a summary, `GET /annotations` and `GET /annotations/{id}` are both `get-annotations`.
    const annotations = `openapi: 3.1.0
info: { title: Annotations, version: 1.0.0 }
paths:
  /annotations:
    get: { responses: { '200': { description: ok } } }
  /annotations/{id}:
    get: { parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '200': { description: ok } } }
`;
    const entries = expand(
      { groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /annotations', 'GET /annotations/{id}'] }] },
      { 'api.yaml': annotations },
    );
    expect(entries.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'openapi/duplicate-url',
        'GET /annotations and GET /annotations/{id} both get the URL /api-reference/get-annotations: the platform publishes only the page of GET /annotations/{id} there.',
      ],
    ]);
    const mdx = expand(
      { groups: [{ group: 'API', pages: ['list', 'one'] }] },
      { 'api.yaml': annotations },
      { list: { openapi: 'api.yaml GET /annotations' }, one: { openapi: 'api.yaml GET /annotations/{id}' } },
    );
    expect(mdx.diagnostics).toEqual([]);
    expect(mdx.pages.map((page) => [page.url, page.path])).toEqual([
      ['/list', '/annotations'],
      ['/one', '/annotations/{id}'],
    ]);
  });

  it('gives an MDX page its own URL and title and makes its code samples only when they are read', () => {
    const { pages } = expand(
      { openapi: 'api.yaml', pages: ['guide/users'] },
      { 'api.yaml': spec('API') },
      { 'guide/users': { openapi: 'GET /users', title: 'Everyone' } },
    );
    const page = pages.find((candidate) => candidate.url === '/guide/users');
    expect(page?.metadata.title).toBe('Everyone');
    // Still a getter: checking a site never pays for samples nobody reads.
    expect(Object.getOwnPropertyDescriptor(page, 'codeSamples')?.get).toBeTypeOf('function');
    expect(page?.codeSamples.map((sample) => sample.label)).toContain('cURL');
    expect(Object.getOwnPropertyDescriptor(page, 'codeSamples')?.value).toBe(page?.codeSamples);
    expect(JSON.parse(JSON.stringify(page)).codeSamples).toEqual(page?.codeSamples);
  });

  it("reports a document that cannot be read, and the document's own problems in its file", () => {
    const { diagnostics } = expand(
      {
        tabs: [
          { tab: 'A', openapi: 'missing.yaml' },
          { tab: 'B', openapi: 'swagger.json' },
        ],
      },
      { 'swagger.json': '{ "swagger": "2.0", "info": {}, "paths": {} }' },
    );
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ['openapi/document-missing', 'docs.json'],
      [expect.stringMatching(/^openapi\//), 'swagger.json'],
    ]);
  });
});
