import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { migrateMdx, type MigrateMdxInput, type MigrationPlan } from '../../src/index.js';

/** A docs.json with one group of `pages` and `openapi` in effect (when given). */
function docsJson(pages: unknown[], openapi?: unknown, extra: Record<string, unknown> = {}): string {
  const group = openapi === undefined ? { group: 'API', pages } : { group: 'API', openapi, pages };
  return `${JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#112233' }, navigation: { groups: [group] }, ...extra }, null, 2)}\n`;
}

const pets = `openapi: 3.1.0
info: {title: Pets, version: '1'}
paths:
  /pets:
    get:
      summary: List pets
      responses: {'200': {description: ok}}
    post:
      summary: Create a pet
      x-quire:
        playground: none
        metadata: {title: Old}
        content: Old
      responses: {'201': {description: created}}
  /pets/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get:
      summary: Get a pet
      x-hidden: true
      responses: {'200': {description: ok}}
webhooks:
  pet.created:
    post:
      summary: A pet was created
      responses: {'200': {description: ok}}
`;

function written(plan: MigrationPlan, file: string): string {
  const change = plan.changes.find((candidate) => candidate.file === file);
  if (change?.kind !== 'write') throw new Error(`${file} is not written`);
  return change.content;
}

function operation(plan: MigrationPlan, file: string, path: string, method: string): Record<string, unknown> {
  return (parse(written(plan, file)) as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths[path]?.[method] as Record<string, unknown>;
}

function run(input: Partial<MigrateMdxInput> & Pick<MigrateMdxInput, 'pages'>, extension?: string): MigrationPlan {
  return migrateMdx(
    {
      docsJson: docsJson(
        Object.keys(input.pages).map((file) => file.replace(/\.mdx$/, '')),
        'openapi.yaml',
      ),
      specs: { 'openapi.yaml': pets },
      ...input,
    },
    extension ? { extension } : {},
  );
}

describe('migrateMdx', () => {
  it('moves frontmatter (every field but openapi, as written), body and URL; MDX replaces those three, other members stay', () => {
    const plan = run({ pages: { 'api/create.mdx': '---\ntitle: Create\nopenapi: POST /pets\nweight: 3\ntags: [a, b]\n---\n\n\nBody line 1\r\nline 2\n\n' } });
    expect(plan.kept).toEqual([]);
    expect(operation(plan, 'openapi.yaml', '/pets', 'post')['x-quire']).toEqual({
      playground: 'none',
      metadata: { title: 'Create', weight: 3, tags: ['a', 'b'] },
      content: 'Body line 1\nline 2',
      href: '/api/create',
    });
  });

  it('removes metadata and content the page does not have: the generated page shows what the MDX page showed', () => {
    const plan = run({ pages: { 'api/create.mdx': '---\nopenapi: POST /pets\n---\n' } });
    expect(operation(plan, 'openapi.yaml', '/pets', 'post')['x-quire']).toEqual({ playground: 'none', href: '/api/create' });
  });

  it('writes another extension name when asked', () => {
    const plan = run({ pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\nHi\n' } }, 'x-mint');
    expect(operation(plan, 'openapi.yaml', '/pets', 'get')['x-mint']).toEqual({ href: '/api/list', content: 'Hi' });
  });

  it('writes into the extension the document already uses, and says which and why', () => {
    // Only x-quire (pets has one): x-quire.
    const quire = run({ pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\nHi\n' } });
    expect(quire.extensions).toEqual([
      { spec: 'openapi.yaml', extension: 'x-quire', reason: 'in-use', why: 'the document already uses x-quire in 1 place, and no x-mint' },
    ]);
    expect(quire.moved).toMatchObject([{ extension: 'x-quire' }]);
    // x-mint anywhere, even only on a schema (parameter pills): x-mint, even beside x-quire.
    const pills = pets.replace(
      'webhooks:',
      'components:\n  schemas:\n    Pet: {type: object, properties: {name: {type: string, x-mint: {post: [indexed]}}}}\nwebhooks:',
    );
    const mint = run({ specs: { 'openapi.yaml': pills }, pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\nHi\n' } });
    expect(mint.extensions).toEqual([
      {
        spec: 'openapi.yaml',
        extension: 'x-mint',
        reason: 'in-use',
        why: 'the document already uses x-mint in 1 place (and x-quire in 1 place), and x-mint is what the platform reads',
      },
    ]);
    expect(operation(mint, 'openapi.yaml', '/pets', 'get')).toMatchObject({ 'x-mint': { href: '/api/list', content: 'Hi' } });
    expect(operation(mint, 'openapi.yaml', '/pets', 'get')['x-quire']).toBeUndefined();
    // Neither: x-quire, with a word for sites the platform publishes.
    const plain = pets.replace(/      x-quire:\n(?:        .*\n)+/, '');
    const neither = run({ specs: { 'openapi.yaml': plain }, pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\nHi\n' } });
    expect(neither.extensions).toMatchObject([{ extension: 'x-quire', reason: 'default' }]);
    expect(neither.extensions[0]?.why).toContain('the platform reads only x-mint');
    // Named: that one, whatever the document uses.
    expect(run({ specs: { 'openapi.yaml': pills }, pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n' } }, 'x-quire').extensions).toMatchObject([
      { extension: 'x-quire', reason: 'option' },
    ]);
  });

  it('warns where the other extension of the operation keeps settings that would show instead of the page', () => {
    // The document uses x-mint, so POST /pets gets x-mint; its x-quire content and metadata, read first by Quire, stay.
    const both = pets.replace('webhooks:', "  /other:\n    get: {summary: O, x-mint: {href: /o}, responses: {'200': {description: ok}}}\nwebhooks:");
    const plan = run({ specs: { 'openapi.yaml': both }, pages: { 'api/create.mdx': '---\nopenapi: POST /pets\n---\nNew\n' } });
    expect(plan.moved).toMatchObject([{ extension: 'x-mint' }]);
    expect(plan.diagnostics).toEqual([
      expect.objectContaining({
        code: 'migrate/shadowed-extension',
        severity: 'warning',
        file: 'openapi.yaml',
        pointer: '/paths/~1pets/post/x-quire/metadata',
        line: 12,
        column: 9,
      }),
    ]);
    expect(plan.diagnostics[0]?.message).toBe(
      "POST /pets keeps `x-quire.metadata` and `x-quire.content` beside the `x-mint` written from api/create.mdx: Quire reads `x-quire` before `x-mint`, so Quire's page shows these instead of what the MDX page had.",
    );
    // Written in x-quire by request, while x-mint keeps a content: the platform shows that one.
    const platform = pets.replace(
      '      x-quire:\n        playground: none\n        metadata: {title: Old}\n        content: Old\n',
      '      x-mint: {content: Old}\n',
    );
    const named = run({ specs: { 'openapi.yaml': platform }, pages: { 'api/create.mdx': '---\nopenapi: POST /pets\n---\nNew\n' } }, 'x-quire');
    expect(named.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'POST /pets keeps `x-mint.content` beside the `x-quire` written from api/create.mdx: the platform reads only `x-mint`, so its page shows these instead of what the MDX page had.',
    ]);
  });

  it('moves webhook pages, and rewrites their entries to `webhook name`', () => {
    const plan = run({ pages: { 'api/created.mdx': '---\nopenapi: webhook pet.created\n---\nSent.\n' } });
    expect(plan.moved).toMatchObject([{ kind: 'webhook', method: 'POST', path: 'pet.created', entries: [{ to: 'webhook pet.created' }] }]);
  });

  it('keeps pages whose endpoint is not found, with did-you-mean, and still moves the others', () => {
    const plan = run({ pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n', 'api/typo.mdx': '---\ntitle: T\nopenapi: GET /pets/\n---\n' } });
    expect(plan.moved.map((page) => page.file)).toEqual(['api/list.mdx']);
    expect(plan.kept).toMatchObject([{ file: 'api/typo.mdx', code: 'migrate/endpoint-not-found' }]);
    expect(plan.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'migrate/endpoint-not-found', file: 'api/typo.mdx', line: 3, column: 1, suggestions: ['GET /pets', 'POST /pets'] }),
    );
    expect(plan.changes.map((change) => `${change.kind} ${change.file}`)).toEqual(['write openapi.yaml', 'write docs.json', 'delete api/list.mdx']);
  });

  it('keeps pages of hidden operations, of documents given by URL, and unknown documents', () => {
    const url = 'https://example.com/openapi.yaml';
    const plan = migrateMdx({
      docsJson: docsJson(['api/hidden', 'api/remote', 'api/unknown'], ['openapi.yaml']),
      pages: {
        'api/hidden.mdx': '---\nopenapi: GET /pets/{id}\n---\n',
        'api/remote.mdx': `---\nopenapi: ${url} GET /pets\n---\n`,
        'api/unknown.mdx': '---\nopenapi: other.yaml GET /pets\n---\n',
      },
      specs: { 'openapi.yaml': pets, [url]: pets },
    });
    expect(plan.kept.map((page) => [page.file, page.code])).toEqual([
      ['api/hidden.mdx', 'migrate/hidden-operation'],
      ['api/remote.mdx', 'migrate/remote-document'],
      ['api/unknown.mdx', 'migrate/unknown-document'],
    ]);
    expect(plan.changes).toEqual([]);
    // A URL the caller did not read is not unknown: it is remote.
    expect(run({ pages: { 'api/remote.mdx': `---\nopenapi: ${url} GET /pets\n---\n` } }).kept).toMatchObject([{ code: 'migrate/remote-document' }]);
  });

  it('keeps a page whose endpoint is in several documents in effect, and names the document when the page did', () => {
    const input = { docsJson: docsJson(['api/a', 'api/b'], ['openapi.yaml', 'copy.yaml']), specs: { 'openapi.yaml': pets, 'copy.yaml': pets } };
    const plan = migrateMdx({ ...input, pages: { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n', 'api/b.mdx': '---\nopenapi: copy.yaml GET /pets\n---\n' } });
    expect(plan.kept).toMatchObject([{ file: 'api/a.mdx', code: 'migrate/ambiguous-endpoint' }]);
    expect(plan.moved).toMatchObject([{ file: 'api/b.mdx', spec: 'copy.yaml', entries: [{ to: 'copy.yaml GET /pets' }] }]);
  });

  it('names the document where none is in effect', () => {
    const plan = migrateMdx({
      docsJson: docsJson(['api/a']),
      pages: { 'api/a.mdx': '---\nopenapi: /openapi.yaml GET /pets\n---\n' },
      specs: { 'openapi.yaml': pets },
    });
    expect(plan.moved).toMatchObject([{ entries: [{ to: 'openapi.yaml GET /pets' }] }]);
  });

  it('keeps a page listed under different documents that each have its endpoint', () => {
    const docs = JSON.stringify({
      theme: 'mint',
      name: 'A',
      colors: { primary: '#112233' },
      navigation: {
        groups: [
          { group: 'V1', openapi: 'v1.yaml', pages: ['api/a'] },
          { group: 'V2', openapi: 'v2.yaml', pages: ['api/a'] },
        ],
      },
    });
    const plan = migrateMdx({ docsJson: docs, pages: { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' }, specs: { 'v1.yaml': pets, 'v2.yaml': pets } });
    expect(plan.kept).toMatchObject([{ code: 'migrate/ambiguous-endpoint' }]);
  });

  it('rewrites every entry of a page listed twice', () => {
    const plan = run({
      docsJson: docsJson(['api/list', { group: 'Again', pages: ['api/list'] }], 'openapi.yaml'),
      pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n' },
    });
    expect(plan.moved[0]?.entries.map((entry) => [entry.pointer, entry.to])).toEqual([
      ['/navigation/groups/0/pages/0', 'GET /pets'],
      ['/navigation/groups/0/pages/1/pages/0', 'GET /pets'],
    ]);
  });

  it('picks the page last in reading order when several name one operation, the same on every run', () => {
    const pages = { 'api/b.mdx': '---\nopenapi: GET /pets\n---\nB\n', 'api/a.mdx': '---\nopenapi: GET /pets\n---\nA\n' };
    const plan = run({ docsJson: docsJson(['api/b', 'api/a'], 'openapi.yaml'), pages });
    expect(plan.moved.map((page) => page.file)).toEqual(['api/a.mdx']);
    expect(plan.kept).toMatchObject([{ file: 'api/b.mdx', code: 'migrate/superseded' }]);
    const reversed = run({ docsJson: docsJson(['api/a', 'api/b'], 'openapi.yaml'), pages });
    expect(reversed.moved.map((page) => page.file)).toEqual(['api/b.mdx']);
    expect(run({ docsJson: docsJson(['api/b', 'api/a'], 'openapi.yaml'), pages })).toEqual(plan);
  });

  it('keeps pages that are not listed, group roots, and pages untranslated entries fall back to', () => {
    const docs = docsJson([{ group: 'G', root: 'api/root', pages: ['api/root'] }, 'fr/api/list', 'api/list'], 'openapi.yaml');
    const pages = {
      'api/list.mdx': '---\nopenapi: GET /pets\n---\n',
      'api/root.mdx': '---\nopenapi: POST /pets\n---\n',
      'api/draft.mdx': '---\nopenapi: GET /pets\n---\n',
    };
    const plan = migrateMdx({ docsJson: docs, pages, specs: { 'openapi.yaml': pets }, files: Object.keys(pages) });
    expect(plan.kept.map((page) => [page.file, page.code])).toEqual([
      ['api/draft.mdx', 'migrate/not-in-navigation'],
      ['api/list.mdx', 'migrate/translation-fallback'],
      ['api/root.mdx', 'migrate/group-root'],
    ]);
    // With the translation present, the page moves.
    expect(
      migrateMdx({ docsJson: docs, pages, specs: { 'openapi.yaml': pets }, files: [...Object.keys(pages), 'fr/api/list.mdx'] }).moved.map((page) => page.file),
    ).toEqual(['api/list.mdx']);
  });

  it('changes nothing when a document it reads is invalid, or docs.json is', () => {
    const broken = pets.replace("info: {title: Pets, version: '1'}", 'info: {title: Pets}');
    const plan = run({ specs: { 'openapi.yaml': broken }, pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n' } });
    expect(plan).toMatchObject({ blocked: true, changes: [], moved: [], kept: [{ code: 'migrate/blocked' }] });
    expect(plan.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['migrate/invalid-document', 'openapi/missing-field']);
    const invalidConfig = run({ docsJson: '{"navigation": {}}', pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n' } });
    expect(invalidConfig).toMatchObject({ blocked: true, changes: [] });
    expect(invalidConfig.diagnostics[0]?.code).toBe('migrate/invalid-docs-json');
  });

  it('reads the frontmatter as the platform does: quoted values over unindented lines, an indented first field', () => {
    // A plain YAML parser refused both pages ("not valid YAML") and dropped the spaces before a
    // line break inside quotes; the platform renders them with these values.
    const plan = run({
      pages: {
        'api/create.mdx': "---\n  title: 'Create\n   a pet  \n\n  now'\nopenapi: POST /pets\n---\n",
        'api/list.mdx': '---\ntitle: "List\npets"\nopenapi: GET /pets\n---\n',
      },
    });
    expect(plan.kept).toEqual([]);
    expect((operation(plan, 'openapi.yaml', '/pets', 'post')['x-quire'] as Record<string, unknown>).metadata).toEqual({ title: 'Create a pet  \nnow' });
    expect((operation(plan, 'openapi.yaml', '/pets', 'get')['x-quire'] as Record<string, unknown>).metadata).toEqual({ title: 'List pets' });
  });

  it('keeps pages whose frontmatter is not YAML or whose reference is not an endpoint', () => {
    const plan = run({ pages: { 'api/bad.mdx': '---\nopenapi: GET /pets\ntitle: [unclosed\n---\n', 'api/odd.mdx': '---\nopenapi: openapi.yaml\n---\n' } });
    expect(plan.kept.map((page) => [page.file, page.code])).toEqual([
      ['api/bad.mdx', 'migrate/invalid-frontmatter'],
      ['api/odd.mdx', 'migrate/invalid-reference'],
    ]);
    expect(plan.diagnostics.map((diagnostic) => diagnostic.code)).toContain('frontmatter/invalid-yaml');
  });

  it('keeps a page whose operation object is shared by several paths', () => {
    const shared = `openapi: 3.1.0\ninfo: {title: S, version: '1'}\npaths:\n  /a: {$ref: '#/components/pathItems/P'}\n  /b: {$ref: '#/components/pathItems/P'}\ncomponents:\n  pathItems:\n    P:\n      get: {summary: S, responses: {'200': {description: ok}}}\n`;
    const plan = run({ specs: { 'openapi.yaml': shared }, pages: { 'api/a.mdx': '---\nopenapi: GET /a\n---\n' } });
    expect(plan.kept).toMatchObject([{ code: 'migrate/shared-operation' }]);
  });

  it("edits the $ref'd file that holds the entry, keeping a byte order mark", () => {
    const nav = '\uFEFF{\n    "group": "API",\n    "openapi": "openapi.yaml",\n    "pages": ["api/list"]\n}\n';
    const docs = JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#112233' }, navigation: { groups: [{ $ref: 'nav/api.json' }] } });
    const plan = migrateMdx({
      docsJson: docs,
      readFile: (file) => (file === 'nav/api.json' ? nav : undefined),
      pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n' },
      specs: { 'openapi.yaml': pets },
    });
    expect(written(plan, 'nav/api.json')).toBe(nav.replace('"api/list"', '"GET /pets"'));
    expect(plan.changes.map((change) => change.file)).not.toContain('docs.json');
  });

  it('serves folder/index.mdx as the page `folder`', () => {
    const plan = migrateMdx({
      docsJson: docsJson(['api'], 'openapi.yaml'),
      pages: { 'api/index.mdx': '---\nopenapi: GET /pets\n---\n' },
      specs: { 'openapi.yaml': pets },
    });
    expect(plan.moved).toMatchObject([{ file: 'api/index.mdx', href: '/api', entries: [{ from: 'api', to: 'GET /pets' }] }]);
    // Unless api.mdx exists: then that file is the page `api`.
    const shadowed = migrateMdx({
      docsJson: docsJson(['api'], 'openapi.yaml'),
      pages: { 'api/index.mdx': '---\nopenapi: GET /pets\n---\n' },
      files: ['api.mdx', 'api/index.mdx'],
      specs: { 'openapi.yaml': pets },
    });
    expect(shadowed.kept).toMatchObject([{ file: 'api/index.mdx', code: 'migrate/not-in-navigation' }]);
  });

  it('keeps a page whose body imports modules relative to its file (not in code blocks)', () => {
    const relative = '---\nopenapi: GET /pets\n---\nimport Note from "../snippets/note.mdx";\n\n<Note />\n';
    const rooted = '---\nopenapi: POST /pets\n---\nimport Note from "/snippets/note.mdx";\n\n```js\nimport x from "./x.js";\n```\n';
    const plan = run({ pages: { 'api/a.mdx': relative, 'api/b.mdx': rooted } });
    expect(plan.kept.map((page) => [page.file, page.code])).toEqual([['api/a.mdx', 'migrate/relative-import']]);
    expect(plan.moved.map((page) => page.file)).toEqual(['api/b.mdx']);
  });
});
