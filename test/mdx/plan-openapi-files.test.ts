import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadOpenApi, planOpenApiFiles, type PlanOpenApiFilesOptions } from '../../src/index.js';

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  'x-quire'?: Record<string, unknown>;
  'x-hidden'?: boolean;
}

/** A valid 3.1 description whose operations are `paths[path][method]`. */
function spec(paths: Record<string, Record<string, Operation>>, extra: Record<string, unknown> = {}): string {
  const withResponses = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [path, Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, { ...operation, responses: { '200': { description: 'OK' } } }]))]),
  );
  return stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: withResponses, ...extra });
}

function plan(text: string, options: PlanOpenApiFilesOptions = {}) {
  const { document, diagnostics } = loadOpenApi(text, { file: 'openapi.yaml' });
  expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  return planOpenApiFiles(document!, options);
}

describe('planOpenApiFiles', () => {
  it('names files after the page URLs, inside the folder, and lists them by tag in the order of `tags`', () => {
    const result = plan(
      spec({ '/users': { get: { summary: 'List users', tags: ['Users'] }, post: { summary: 'Create a plant', tags: ['Plants'] } }, '/ping': { get: { summary: 'Ping' } } }, { tags: [{ name: 'Plants' }, { name: 'Users' }] }),
      { directory: 'api-reference', source: 'openapi.yaml' },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((file) => [file.path, file.page, file.openapi])).toEqual([
      ['users/list-users.mdx', 'api-reference/users/list-users', 'GET /users'],
      ['plants/create-a-plant.mdx', 'api-reference/plants/create-a-plant', 'POST /users'],
      ['ping.mdx', 'api-reference/ping', 'GET /ping'],
    ]);
    expect(result.navigation).toEqual({
      groups: [
        { group: 'Plants', openapi: 'openapi.yaml', pages: ['api-reference/plants/create-a-plant'] },
        { group: 'Users', openapi: 'openapi.yaml', pages: ['api-reference/users/list-users'] },
        { group: 'Endpoints', openapi: 'openapi.yaml', pages: ['api-reference/ping'] },
      ],
    });
  });

  it('keeps apart tags and summaries that slug alike, and pages that differ only in case', () => {
    const result = plan(
      spec({
        // Operations are read per path in the order get, put, post, ...
        '/a': { get: { summary: 'List', tags: ['Users'] }, put: { summary: 'List', tags: ['users!'] }, post: { summary: 'List', tags: ['USERS'] } },
        '/b': { get: { summary: 'Other', tags: ['Users'], 'x-quire': { href: 'Users/Other' } }, post: { summary: 'Other', tags: ['Users'] } },
      }),
    );
    expect(result.files.map((file) => file.path)).toEqual(['users/list.mdx', 'users/list-2.mdx', 'users/list-3.mdx', 'Users/Other.mdx', 'users/other-2.mdx']);
    expect(result.navigation.groups.map((group) => group.group)).toEqual(['Users', 'users!', 'USERS']);
  });

  it('gives every operation a name, never one Windows reserves, never a very long one', () => {
    const long = 'Retrieve the complete list of every single registered user account together with their profile and settings and history';
    const result = plan(
      spec({
        '/': { get: { summary: '???', operationId: '!!!' } },
        '/con': { get: { summary: 'Con', tags: ['Aux'] }, post: { summary: 'nul', tags: ['???'] } },
        '/long': { get: { summary: long } },
      }),
    );
    const paths = result.files.map((file) => file.path);
    expect(paths).toEqual(['get.mdx', 'aux-tag/con-endpoint.mdx', 'tag/nul-endpoint.mdx', 'retrieve-the-complete-list-of-every-single-registered-user-account-together-with-their-profile-and.mdx']);
    expect(paths[3]!.length).toBeLessThanOrEqual(104);
    for (const path of paths) for (const segment of path.split('/')) expect(segment).toMatch(/^[a-z0-9][a-z0-9-]*(\.mdx)?$/);
  });

  it('turns a webhook with an unsluggable name into `endpoint`', () => {
    const result = plan(stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, webhooks: { '***': { post: { responses: { '200': { description: 'OK' } } } } } }));
    expect(result.files.map((file) => [file.path, file.openapi])).toEqual([['endpoint.mdx', 'webhook ***']]);
  });

  it('writes x-quire.href pages where they say, inside the folder, before generated names', () => {
    const result = plan(
      spec({ '/a': { get: { summary: 'List', tags: ['Users'] }, post: { summary: 'Make', tags: ['Users'], 'x-quire': { href: '/api/users/list.mdx' } } } }),
      { directory: 'api' },
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((file) => [file.path, file.page])).toEqual([
      ['users/list-2.mdx', 'api/users/list-2'],
      ['users/list.mdx', 'api/users/list'],
    ]);
  });

  it('refuses an href outside the folder, an invalid one and a duplicate one, at the href, and plans no file', () => {
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
      ['openapi-file/duplicate-href', '/paths/~1b/post/x-quire/href'],
      ['openapi-file/invalid-href', '/paths/~1b/put/x-quire/href'],
    ]);
    const lines = text.split('\n');
    for (const diagnostic of result.diagnostics) expect(lines[diagnostic.line! - 1]?.slice(diagnostic.column! - 1 - 'href: '.length)).toMatch(/^href: /);
    const messages = result.diagnostics.map((diagnostic) => diagnostic.message);
    expect(messages[0]).toBe('`x-quire.href` "../../etc/passwd" of GET /a puts the page outside the folder api/, where the files are written.');
    expect(messages[1]).toBe('`x-quire.href` "guides/intro" of PUT /a puts the page outside the folder api/, where the files are written.');
    expect(messages[2]).toContain('a name Windows reserves');
    expect(messages[3]).toContain('":", which Windows does not allow');
    expect(messages[4]).toContain('is a URL');
    expect(messages[5]).toBe('`x-quire.href` "api/SAME" of POST /b is also the page of GET /b; each page needs its own file.');
    expect(messages[6]).toContain('is empty');
  });

  it('leaves out x-hidden operations and keeps the navigation of the others', () => {
    const result = plan(spec({ '/a': { get: { summary: 'Shown' }, post: { summary: 'Secret', 'x-hidden': true } } }));
    expect(result.files.map((file) => file.path)).toEqual(['shown.mdx']);
    expect(result.navigation.groups).toEqual([{ group: 'Endpoints', pages: ['shown'] }]);
  });

  it('reads another vendor extension and writes the version', () => {
    const result = plan(spec({ '/a': { get: { summary: 'A', 'x-mint': { metadata: { sidebarTitle: 'Short' }, content: 'Body' } } as Operation } }), { extension: 'x-mint', version: 'v2' });
    expect(result.files[0]?.content).toBe('---\ntitle: A\nopenapi: GET /a\nversion: v2\nsidebarTitle: Short\n---\n\nBody\n');
  });

  it('warns when the frontmatter cannot name the operation', () => {
    const result = plan(spec({ '/a b': { get: { summary: 'Spaced' } } }));
    expect(result.files).toHaveLength(1);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'openapi-file/unreadable-reference', severity: 'warning', pointer: '/paths/~1a b/get' })]);
  });

  it('reports progress for every file', () => {
    const calls: Array<[number, number]> = [];
    plan(spec({ '/a': { get: {}, post: {} } }), { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([[1, 2], [2, 2]]);
  });
});
