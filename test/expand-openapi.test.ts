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
  it('expands an element with openapi and no pages into one group per tag, in the order of tags, untagged last', () => {
    const { tree, pages, diagnostics } = expand({ tabs: [{ tab: 'API', openapi: { source: 'api.yaml', directory: 'reference' } }] }, { 'api.yaml': spec('API') });
    expect(diagnostics).toEqual([]);
    expect(outline(tree.root.children)).toEqual([
      'tab API',
      '  group Users',
      '    endpoint List users /reference/users/list-users',
      '    endpoint Create a user /reference/users/create-a-user (deprecated)',
      '    endpoint Get a user /reference/users/get-a-user',
      '  group Orders',
      '    endpoint List orders /reference/orders/list-orders',
      '  group Endpoints',
      '    endpoint Health /reference/health',
      '    webhook Order paid /reference/order-paid',
    ]);
    expect(pages.map((page) => page.url)).toEqual(['reference/users/list-users', 'reference/users/create-a-user', 'reference/users/get-a-user', 'reference/orders/list-orders', 'reference/health', 'reference/order-paid']);
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
    expect(pages).toHaveLength(3);
  });

  it('reports a near miss with "did you mean", an ambiguous reference and an unknown document', () => {
    const { diagnostics } = expand(
      { tabs: [{ tab: 'API', openapi: ['a.yaml', 'b.yaml'], groups: [{ group: 'G', pages: ['GET /users/', 'get /Users/{id}', 'GET /orders', 'nope.yaml GET /users', 'webhook order.payd'] }] }] },
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

  it('gives an MDX page its own URL and title and makes its code samples only when they are read', () => {
    const { pages } = expand({ openapi: 'api.yaml', pages: ['guide/users'] }, { 'api.yaml': spec('API') }, { 'guide/users': { openapi: 'GET /users', title: 'Everyone' } });
    const page = pages.find((candidate) => candidate.url === 'guide/users');
    expect(page?.metadata.title).toBe('Everyone');
    // Still a getter: checking a site never pays for samples nobody reads.
    expect(Object.getOwnPropertyDescriptor(page, 'codeSamples')?.get).toBeTypeOf('function');
    expect(page?.codeSamples.map((sample) => sample.label)).toContain('cURL');
    expect(Object.getOwnPropertyDescriptor(page, 'codeSamples')?.value).toBe(page?.codeSamples);
    expect(JSON.parse(JSON.stringify(page)).codeSamples).toEqual(page?.codeSamples);
  });

  it('reports a document that cannot be read, and the document\'s own problems in its file', () => {
    const { diagnostics } = expand({ tabs: [{ tab: 'A', openapi: 'missing.yaml' }, { tab: 'B', openapi: 'swagger.json' }] }, { 'swagger.json': '{ "swagger": "2.0", "info": {}, "paths": {} }' });
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ['openapi/document-missing', 'docs.json'],
      [expect.stringMatching(/^openapi\//), 'swagger.json'],
    ]);
  });
});
