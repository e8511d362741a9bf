import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadOpenApi, planOpenApiFiles, type PlanOpenApiFilesOptions } from '../../src/index.js';

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  'x-quire'?: Record<string, unknown>;
  'x-hidden'?: boolean;
  'x-excluded'?: boolean;
}

/** A valid 3.1 description whose operations are `paths[path][method]`. */
function spec(paths: Record<string, Record<string, Operation>>, extra: Record<string, unknown> = {}): string {
  const withResponses = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, { ...operation, responses: { '200': { description: 'OK' } } }])),
    ]),
  );
  return stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: withResponses, ...extra });
}

function plan(text: string, options: PlanOpenApiFilesOptions = {}) {
  const { document, diagnostics } = loadOpenApi(text, { file: 'openapi.yaml' });
  expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  return planOpenApiFiles(document!, options);
}

describe('planOpenApiFiles', () => {
  it("names files after the platform's page URLs, inside the folder, and lists them by tag in the order the tags come", () => {
    const result = plan(
      spec(
        {
          '/users': { get: { summary: 'List users', tags: ['Users'] }, post: { summary: "Create a plant's pot", tags: ['Plants'] } },
          '/ping': { get: { summary: 'Ping' } },
          '/users/{id}': { get: { tags: ['customer_portal'] } },
        },
        { tags: [{ name: 'Plants' }, { name: 'Users' }] },
      ),
      { directory: 'api-reference', source: 'openapi.yaml' },
    );
    expect(result.diagnostics).toEqual([]);
    // No slug: words are not split at capitals, `_` stays, `'` goes; without a summary, `<method>-<path>`.
    expect(result.files.map((file) => [file.path, file.page, file.openapi])).toEqual([
      ['users/list-users.mdx', 'api-reference/users/list-users', 'GET /users'],
      ['plants/create-a-plants-pot.mdx', 'api-reference/plants/create-a-plants-pot', 'POST /users'],
      ['ping.mdx', 'api-reference/ping', 'GET /ping'],
      ['customer_portal/get-users.mdx', 'api-reference/customer_portal/get-users', 'GET /users/{id}'],
    ]);
    expect(result.navigation).toEqual({
      groups: [
        { group: 'Users', openapi: 'openapi.yaml', pages: ['api-reference/users/list-users'] },
        { group: 'Plants', openapi: 'openapi.yaml', pages: ['api-reference/plants/create-a-plants-pot'] },
        { group: 'API Reference', openapi: 'openapi.yaml', pages: ['api-reference/ping'] },
        { group: 'customer_portal', openapi: 'openapi.yaml', pages: ['api-reference/customer_portal/get-users'] },
      ],
    });
  });

  it('numbers names repeated in a navigation group from -1, and lets the later of two pages at one URL stay, as the platform does', () => {
    const result = plan(
      spec({
        // Operations are read per path in the order get, put, post, ...
        '/a': { get: { summary: 'List', tags: ['Users'] }, put: { summary: 'List', tags: ['Users'] }, post: { summary: 'List', tags: ['USERS'] } },
        '/b': { get: { summary: 'Other', tags: ['Users'], 'x-quire': { href: 'Users/Other' } }, post: { summary: 'Other', tags: ['Users'] } },
      }),
    );
    // POST /a is in another group (USERS) with the same folder: one URL for two pages.
    expect(result.files.map((file) => [file.path, file.openapi])).toEqual([
      ['users/list-1.mdx', 'PUT /a'],
      ['users/list.mdx', 'POST /a'],
      ['users/other.mdx', 'GET /b'],
      ['users/other-1.mdx', 'POST /b'],
    ]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer, diagnostic.message])).toEqual([
      ['openapi/duplicate-url', '/paths/~1a/get', 'GET /a and POST /a both get the URL /users/list: the platform publishes only the page of POST /a there.'],
    ]);
    expect(result.navigation.groups.map((group) => [group.group, group.pages])).toEqual([
      ['Users', ['users/list', 'users/list-1', 'users/other', 'users/other-1']],
      ['USERS', ['users/list']],
    ]);
  });

  it('writes a name that cannot be a file everywhere under a safe one, and says the URL differs', () => {
    const long = 'Retrieve the complete list of every single registered user account together with their profile and settings and history';
    const result = plan(
      spec({
        '/': { get: { summary: '???', operationId: '!!!' } },
        '/con': { get: { summary: 'Con', tags: ['Aux'] }, post: { summary: 'nul', tags: ['<x>'] } },
        '/long': { get: { summary: long.repeat(3) }, put: { summary: long } },
      }),
    );
    const paths = result.files.map((file) => file.path);
    expect(paths).toEqual([
      'endpoint.mdx',
      'aux-tag/con-endpoint.mdx',
      'x/nul-endpoint.mdx',
      'retrieve-the-complete-list-of-every-single-registered-user-account-together-with-their-profile-and.mdx',
      `${long.toLowerCase().replaceAll(' ', '-')}.mdx`,
    ]);
    for (const path of paths) for (const segment of path.split('/')) expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(255);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.pointer])).toEqual([
      ['openapi-file/renamed', 'warning', '/paths/~1/get'],
      ['openapi-file/renamed', 'warning', '/paths/~1con/get'],
      ['openapi-file/renamed', 'warning', '/paths/~1con/post'],
      ['openapi-file/renamed', 'warning', '/paths/~1long/get'],
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'The page of GET / is written as endpoint.mdx: its URL on the platform, /???, cannot be a file name on every system.',
    );
  });

  it('names a webhook after its summary, else its name as written', () => {
    const result = plan(
      stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        webhooks: {
          checkout_created: { post: { responses: { '200': { description: 'OK' } } } },
          'order.paid': { post: { summary: 'Order Paid', responses: { '200': { description: 'OK' } } } },
        },
      }),
    );
    expect(result.files.map((file) => [file.path, file.openapi])).toEqual([
      ['checkout_created.mdx', 'webhook checkout_created'],
      ['order-paid.mdx', 'webhook order.paid'],
    ]);
  });

  it('writes href pages where they say, numbered in their group like the others', () => {
    const result = plan(
      spec({ '/a': { get: { summary: 'List', tags: ['Users'] }, post: { summary: 'Make', tags: ['Users'], 'x-quire': { href: '/api/users/list.mdx' } } } }),
      { directory: 'api' },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((file) => [file.path, file.page])).toEqual([
      ['users/list.mdx', 'api/users/list'],
      ['users/list-1.mdx', 'api/users/list-1'],
    ]);
  });

  it('refuses an href outside the folder and one that is not a plain path, at the href, and plans no file', () => {
    const text = spec({
      '/a': {
        get: { 'x-quire': { href: '../../etc/passwd' } },
        put: { 'x-quire': { href: 'guides/intro' } },
        post: { 'x-quire': { href: 'api/con' } },
        patch: { 'x-quire': { href: 'api/a:b' } },
        delete: { 'x-quire': { href: 'https://example.com/x' } },
      },
      '/b': { get: { 'x-quire': { href: 'api/same' } }, post: { 'x-quire': { href: 'api/SAME' } }, put: { 'x-quire': { href: '' } } },
    });
    const result = plan(text, { directory: 'api' });
    expect(result.files).toEqual([]);
    // In the order of the file (patch is written before delete).
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual([
      ['openapi-file/href-outside-folder', '/paths/~1a/get/x-quire/href'],
      ['openapi-file/href-outside-folder', '/paths/~1a/put/x-quire/href'],
      ['openapi-file/invalid-href', '/paths/~1a/post/x-quire/href'],
      ['openapi-file/invalid-href', '/paths/~1a/patch/x-quire/href'],
      ['openapi-file/invalid-href', '/paths/~1a/delete/x-quire/href'],
      ['openapi/duplicate-url', '/paths/~1b/get'],
    ]);
    const lines = text.split('\n');
    for (const diagnostic of result.diagnostics.slice(0, 5))
      expect(lines[diagnostic.line! - 1]?.slice(diagnostic.column! - 1 - 'href: '.length)).toMatch(/^href: /);
    const messages = result.diagnostics.map((diagnostic) => diagnostic.message);
    expect(messages[0]).toBe('`x-quire.href` "../../etc/passwd" of GET /a puts the page outside the folder api/, where the files are written.');
    expect(messages[1]).toBe('`x-quire.href` "guides/intro" of PUT /a puts the page outside the folder api/, where the files are written.');
    expect(messages[2]).toContain('a name Windows reserves');
    expect(messages[3]).toContain('":", which Windows does not allow');
    expect(messages[4]).toContain('is a URL');
    expect(messages[5]).toBe('GET /b and POST /b both get the URL /api/same: the platform publishes only the page of POST /b there.');
  });

  it('writes x-hidden operations, leaves them out of the navigation, and writes nothing for x-excluded ones', () => {
    const result = plan(
      spec({ '/a': { get: { summary: 'Shown' }, post: { summary: 'Secret', 'x-hidden': true }, put: { summary: 'Gone', 'x-excluded': true } as Operation } }),
    );
    expect(result.files.map((file) => file.path)).toEqual(['shown.mdx', 'secret.mdx']);
    expect(result.navigation.groups).toEqual([{ group: 'API Reference', pages: ['shown'] }]);
  });

  it('reads another vendor extension and writes the version', () => {
    const result = plan(spec({ '/a': { get: { summary: 'A', 'x-mint': { metadata: { sidebarTitle: 'Short' }, content: 'Body' } } as Operation } }), {
      extension: 'x-mint',
      version: 'v2',
    });
    expect(result.files[0]?.content).toBe('---\ntitle: A\nopenapi: GET /a\nversion: v2\nsidebarTitle: Short\n---\n\nBody\n');
  });

  it('warns when the frontmatter cannot name the operation', () => {
    const result = plan(spec({ '/a b': { get: { summary: 'Spaced' } } }));
    expect(result.files).toHaveLength(1);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'openapi-file/unreadable-reference', severity: 'warning', pointer: '/paths/~1a b/get' }),
    ]);
  });

  it('reports progress for every file', () => {
    const calls: Array<[number, number]> = [];
    plan(spec({ '/a': { get: {}, post: {} } }), { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});
