import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEndpointPages,
  buildSite,
  compileSite,
  expandOpenApiEndpoints,
  formatDiagnostics,
  loadOpenApi,
  migrateMdx,
  parseDocsJson,
  planOpenApiFiles,
  resolveNavigation,
  type Diagnostic,
  type DocsConfig,
  type FileContent,
  type MigrateMdxInput,
} from '../../src/index.js';
import { loadSite, planMdxMigration, readOpenApiSource } from '../../src/node/index.js';
import { placeInDocuments } from '../../src/node/place-in-documents.js';
import { MAX_PAGE_BYTES } from '../../src/content/page-bytes.js';
import { repositoryRoot } from '../helpers/cli.js';
import { temporarySite } from '../helpers/fixtures.js';

// Every diagnostic code Quire can emit is documented, and every documented code is real; each
// code is triggered here through the public function that reports it, and each diagnostic names
// the file, line and column where the user fixes it (never printed as `undefined`).

const AREAS = ['json', 'config', 'navigation', 'frontmatter', 'icon', 'openapi', 'openapi-file', 'migrate', 'build', 'content', 'files'];
const CODE = new RegExp(`^(?:${AREAS.join('|')})/[a-z0-9-]+$`);

/** Codes with no line to point at, and why. */
const NO_PLACE: Record<string, string> = {
  'files/symlink-outside-site': 'the file is the symbolic link itself, named; a link has no lines',
  'files/symlink-loop': 'the file is the symbolic link itself, named; a link has no lines',
  'config/not-found': 'there is no docs.json: the diagnostic names the path where it was looked for',
  'migrate/invalid-document': 'a heading naming the document whose own errors, each placed, follow it',
  'migrate/invalid-docs-json': 'a heading naming docs.json whose own errors, each placed, follow it',
  'migrate/blocked': 'a report entry (plan.kept) for a page not moved because of the errors above, not a diagnostic',
  'migrate/invalid-frontmatter': 'a report entry (plan.kept); the frontmatter/invalid-yaml diagnostic beside it is placed',
  'json/too-large': 'the whole file is refused by its size, before any line is read',
  'openapi/too-large':
    'from readOpenApiSource alone, whose source is its argument (loadSite places read failures where the document is named, but has no size option to trigger it)',
  'openapi/unsupported-scheme':
    'only from readOpenApiSource called with the source as its argument: docs.json refuses other schemes itself (navigation/invalid-value)',
};

/**
 * Codes not triggered by this walk, and why; each is a gap to close, reported in the issue.
 * Removing a code from here makes the test require a case that triggers it.
 */
const NOT_WALKED: Record<string, string> = {
  'openapi-file/spec-outside-site': 'quire openapi-file only (test/cli/openapi-file.test.ts); about where the file lives: no line by nature',
  'openapi-file/link-outside-folder': 'quire openapi-file only; about the output folder on disk: no line by nature',
  'openapi-file/not-a-file': 'quire openapi-file only; about the output folder on disk: no line by nature',
  'openapi-file/write-failed': 'quire openapi-file only; a failed write: no line by nature',
  ...Object.fromEntries(
    ['edit-failed', 'reformatted'].map((code) => [
      `migrate/${code}`,
      'an edit of a document that cannot be made in place: no input known to this walk makes one (edit-failed "should not happen")',
    ]),
  ),
  'content/parser-crash': 'a crash of the native MDX parser (satteri): no page is known to make it crash; test/content/parse-page.test.ts injects one',
  'config/too-small': 'no docs.json schema has a minimum above one today (one is config/empty-value); the rule stays for those that will',
};

/** Codes of the schema checks' table (src/config/validate/zod-issues.ts) that no navigation schema produces. */
const UNREACHABLE: Record<string, string> = {
  'navigation/too-small': 'navigation schemas only require non-empty strings (empty-value)',
  'navigation/too-big': 'navigation schemas have no maximum',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/** Codes written in the source; each is a literal (test/rules/codes.test.ts). */
function emittedCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(path.join(repositoryRoot, 'src'))) {
    if (file.endsWith(path.join('diagnostics', 'codes.ts'))) continue;
    const text = readFileSync(file, 'utf8');
    for (const [, code] of text.matchAll(/['`]([a-z-]+\/[a-z0-9-]+)['`]/g)) if (CODE.test(code as string)) codes.add(code as string);
  }
  for (const code of Object.keys(UNREACHABLE)) codes.delete(code);
  return codes;
}

function documentedCodes(): Set<string> {
  const text = readFileSync(path.join(repositoryRoot, 'docs/diagnostics.md'), 'utf8');
  return new Set([...text.matchAll(/`([a-z-]+\/[a-z0-9-]+)`/g)].map((match) => match[1] as string).filter((code) => CODE.test(code)));
}

/** A site in a temporary folder. */
const site = (files: Record<string, string>) => temporarySite(files, 'quire-codes-');

const SPEC =
  'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get:\n      summary: List\n      responses: { "200": { description: OK } }\n';
const config = (navigation: unknown, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation, ...extra }, null, 2)}\n`;
const group = (pages: unknown[], openapi?: unknown) => ({ groups: [{ group: 'G', ...(openapi === undefined ? {} : { openapi }), pages }] });

/** A description whose `x-quire.href`s and paths cannot all be page files. */
const HREF_SPEC = `openapi: 3.1.0
info: { title: F, version: "1" }
paths:
  /a:
    get: { summary: A, x-quire: { href: con }, responses: { "200": { description: OK } } }
  /b:
    get: { summary: B, x-quire: { href: api/same }, responses: { "200": { description: OK } } }
  /c:
    get: { summary: C, x-quire: { href: api/SAME }, responses: { "200": { description: OK } } }
  /d e:
    get: { summary: D, responses: { "200": { description: OK } } }
`;

/** Generated sites for the codes the fixture folders do not trigger; `{url}` is a local server. */
function generatedSites(
  url: string,
): Array<{ name: string; files: Record<string, string>; offline?: boolean; timeoutMs?: number; rules?: Record<string, 'warning'> }> {
  const deep = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;
  return [
    {
      name: 'frontmatter',
      files: {
        'docs.json': config(group(['a', 'b', 'c', 'd', 'e', 'f', 'g'])),
        'a.mdx': '---\ntitle: [unclosed\n---\n',
        'b.mdx': '---\nhidden: "yes"\n---\n',
        'c.mdx': '---\nmode: wide-ish\n---\n',
        'd.mdx': '---\napi: 42\n---\n',
        'e.mdx': '---\nTitle: E\n---\n',
        'f.mdx': '---\nicon: fa-book\n---\n',
        'g.mdx': '---\nicon: Book Open\n---\n',
      },
    },
    {
      name: 'untranslated',
      files: {
        'docs.json': config({
          languages: [
            { language: 'en', groups: [{ group: 'G', pages: ['x'] }] },
            { language: 'fr', groups: [{ group: 'G', pages: ['fr/x'] }] },
          ],
        }),
        'x.mdx': '# X\n',
      },
    },
    {
      name: 'navigation-too-deep',
      files: {
        'docs.json': config({ groups: [Array.from({ length: 70 }).reduce<unknown>((inner, _, index) => ({ group: `G${index}`, pages: [inner] }), 'x')] }),
        'x.mdx': '# X\n',
      },
    },
    { name: 'json-too-deep', files: { 'docs.json': `{"theme":"mint","name":"A","colors":{"primary":"#000000"},"navigation":{"pages":["x"]},"x":${deep}}` } },
    {
      name: 'openapi-references',
      files: {
        'docs.json': config({
          groups: [
            { group: 'G', openapi: ['one.yaml', 'two.yaml'], pages: ['GET /pets', 'other.yaml GET /pets', 'p', 'q', 'r'] },
            { group: 'I', openapi: '../outside.yaml', pages: [] },
            { group: 'J', openapi: 'nothing.yaml', pages: [] },
            { group: 'K', openapi: 'deep.json' },
            { group: 'L', openapi: 'bad-ref.yaml' },
          ],
        }),
        'one.yaml': SPEC,
        'two.yaml': SPEC,
        'deep.json': `{"openapi":"3.1.0","info":{"title":"D","version":"1"},"paths":{},"x-deep":${deep}}`,
        'bad-ref.yaml': 'openapi: 3.1.0\ninfo: { title: R, version: "1" }\npaths:\n  /r:\n    get:\n      responses:\n        "200": { $ref: 42 }\n',
        'p.mdx': '---\nopenapi: GET\n---\n',
        'q.mdx': '---\nopenapi: missing.yaml GET /pets\n---\n',
        'r.mdx': '---\nopenapi-schema: missing.yaml Pet\n---\n',
      },
    },
    {
      name: 'frontmatter-blocks',
      files: { 'docs.json': config(group(['a', 'b'])), 'a.mdx': '---\njust a line of text\n---\n', 'b.mdx': '--- \ntitle: B\n---\n' },
    },
    {
      name: 'frontmatter-documents',
      files: {
        'docs.json': config(group(['other', 'ja/reference/relative'])),
        'api.json': JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'A', version: '1' },
          paths: { '/pets': { get: { responses: { '200': { description: 'OK' } } } } },
        }),
        'ja/api.json': JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'J', version: '1' },
          paths: { '/pets': { get: { responses: { '200': { description: 'OK' } } } } },
        }),
        'cats.yaml': SPEC.replace('/pets', '/cats'),
        'other.mdx': '---\nopenapi: api.json GET /cats\n---\n',
        'ja/reference/relative.mdx': '---\nopenapi: ../api.json GET /pets\n---\n',
      },
    },
    { name: 'frontmatter-without-document', files: { 'docs.json': config(group(['p'])), 'p.mdx': '---\nopenapi: GET /pets\n---\n' } },
    { name: 'url-404', files: { 'docs.json': config(group([], `${url}/missing.yaml`)) } },
    // Only the server that never answers gets a short time: a busy machine must not turn the 404 into a timeout.
    { name: 'url-slow', timeoutMs: 300, files: { 'docs.json': config(group([], `${url}/slow.yaml`)) } },
    { name: 'url-offline', offline: true, files: { 'docs.json': config(group(['GET /pets'], `${url}/spec.yaml`)) } },
    // The other content/ codes are in the sites of fixtures/content.
    {
      name: 'frontmatter-too-deep',
      files: { 'docs.json': config(group(['deep-frontmatter'])), 'deep-frontmatter.mdx': `---\ntitle: A\n${'a: '.repeat(300)}\n---\n` },
    },
    { name: 'content-too-deep', files: { 'docs.json': config(group(['deep'])), 'deep.mdx': `${'<div>\n'.repeat(10_000)}x\n${'</div>\n'.repeat(10_000)}` } },
    {
      name: 'content-too-many-snippets',
      files: {
        'docs.json': config(group(['index'])),
        'index.mdx': "import S0 from '/snippets/s0.mdx';\n\n<S0 />\n",
        ...Object.fromEntries(
          Array.from({ length: 16 }, (_, level) => [`snippets/s${level}.mdx`, `import S from '/snippets/s${level + 1}.mdx';\n\n<S />\n<S />\n`]),
        ),
        'snippets/s16.mdx': '## Leaf\n',
      },
    },
    // Reported only when a rule names it.
    {
      name: 'content-unreached-page',
      rules: { 'content/unreached-page': 'warning' },
      files: { 'docs.json': config(group(['index'])), 'index.mdx': '# Home\n', 'old.mdx': '[gone](/gone)\n' },
    },
    { name: 'content-too-large', files: { 'docs.json': config(group(['large'])), 'large.mdx': 'Text.\n'.repeat(Math.ceil(MAX_PAGE_BYTES / 6) + 1) } },
  ];
}

const PETS = `openapi: 3.1.0
info: {title: Pets, version: '1'}
paths:
  /pets:
    get: {summary: List, responses: {'200': {description: ok}}}
    post: {summary: Create, responses: {'201': {description: created}}}
  /pets/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get: {summary: Get, x-hidden: true, responses: {'200': {description: ok}}}
`;
const SHARED = `openapi: 3.1.0\ninfo: {title: S, version: '1'}\npaths:\n  /a: {$ref: '#/components/pathItems/P'}\n  /b: {$ref: '#/components/pathItems/P'}\ncomponents:\n  pathItems:\n    P:\n      get: {summary: S, responses: {'200': {description: ok}}}\n`;
const REMOTE = 'https://example.com/openapi.yaml';

/** migrateMdx inputs for the migrate/ codes: docs.json pages, the `openapi` in effect, page files, documents. */
function migrateInputs(): MigrateMdxInput[] {
  const input = (
    pages: unknown[],
    openapi: unknown,
    files: Record<string, string>,
    specs: Record<string, string> = { 'openapi.yaml': PETS },
    extra: Partial<MigrateMdxInput> = {},
  ): MigrateMdxInput => ({ docsJson: config(group(pages, openapi)), pages: files, specs, ...extra });
  return [
    input(
      ['api/hidden', 'api/remote', 'api/unknown', 'api/bad', 'api/odd', 'api/import'],
      'openapi.yaml',
      {
        'api/hidden.mdx': '---\nopenapi: GET /pets/{id}\n---\n',
        'api/remote.mdx': `---\nopenapi: ${REMOTE} GET /pets\n---\n`,
        'api/unknown.mdx': '---\nopenapi: other.yaml GET /pets\n---\n',
        'api/bad.mdx': '---\nopenapi: GET /pets\ntitle: [unclosed\n---\n',
        'api/odd.mdx': '---\nopenapi: openapi.yaml\n---\n',
        'api/import.mdx': "---\nopenapi: POST /pets\n---\nimport Note from './note.mdx';\n",
      },
      { 'openapi.yaml': PETS, [REMOTE]: PETS },
    ),
    input(['api/a'], ['openapi.yaml', 'copy.yaml'], { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' }, { 'openapi.yaml': PETS, 'copy.yaml': PETS }),
    input(['api/b', 'api/c'], 'openapi.yaml', { 'api/b.mdx': '---\nopenapi: GET /pets\n---\n', 'api/c.mdx': '---\nopenapi: GET /pets\n---\n' }),
    {
      docsJson: config({
        languages: [
          { language: 'en', groups: [{ group: 'G', openapi: 'openapi.yaml', root: 'api/root', pages: ['api/root', 'api/list'] }] },
          { language: 'fr', groups: [{ group: 'G', openapi: 'openapi.yaml', pages: ['fr/api/list'] }] },
        ],
      }),
      pages: { 'api/list.mdx': '---\nopenapi: GET /pets\n---\n', 'api/root.mdx': '---\nopenapi: POST /pets\n---\n' },
      specs: { 'openapi.yaml': PETS },
      files: ['api/list.mdx', 'api/root.mdx'],
    },
    input(['api/a'], 'openapi.yaml', { 'api/a.mdx': '---\nopenapi: GET /a\n---\n' }, { 'openapi.yaml': SHARED }),
    input(['api/a'], undefined, { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' }, {}),
    input(['api/a'], 'my spec.yaml', { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' }, { 'my spec.yaml': PETS }),
    input(['api/a'], 'openapi.yaml', { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' }, {}),
    input(
      ['api/a'],
      'openapi.yaml',
      { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' },
      { 'openapi.yaml': PETS.replace('    parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n', '') },
    ),
    { docsJson: '{"navigation": {}}\n', pages: { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' }, specs: { 'openapi.yaml': PETS } },
    // A page whose path has capitals: the platform lower-cases the URL of a generated page, so it stays.
    input(['api/ListPets'], 'openapi.yaml', { 'api/ListPets.mdx': '---\nopenapi: GET /pets\n---\n' }),
    // The document uses x-mint, so the page goes there; the operation's x-quire content would show instead in Quire.
    input(
      ['api/a'],
      'openapi.yaml',
      { 'api/a.mdx': '---\nopenapi: GET /pets\n---\n' },
      {
        'openapi.yaml': PETS.replace('get: {summary: List, ', 'get: {summary: List, x-quire: {content: Old}, ').replace(
          'post: {summary: Create, ',
          'post: {summary: Create, x-mint: {content: Made}, ',
        ),
      },
    ),
  ];
}

/** Fixture folders that are sites (a docs.json in the folder or its `input`). */
function fixtureSites(): string[] {
  const found = [path.join(repositoryRoot, 'fixtures/example-site')];
  for (const area of ['docs-json', 'navigation', 'cli', 'migrate-mdx', 'content']) {
    const folder = path.join(repositoryRoot, 'fixtures', area);
    for (const name of readdirSync(folder)) {
      for (const candidate of [path.join(folder, name), path.join(folder, name, 'input')])
        if (existsSync(path.join(candidate, 'docs.json'))) found.push(candidate);
    }
  }
  return found;
}

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/slow.yaml') return; // never answers: openapi/fetch-timeout
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('diagnostic codes', () => {
  it('are the same in the source and in docs/diagnostics.md', () => {
    const emitted = emittedCodes();
    const documented = documentedCodes();
    expect(emitted.size).toBeGreaterThan(100);
    expect([...emitted].filter((code) => !documented.has(code)).sort(), 'emitted but not documented').toEqual([]);
    expect([...documented].filter((code) => !emitted.has(code)).sort(), 'documented but never emitted').toEqual([]);
  });

  it('each name the file, line and column to fix', { timeout: 60_000 }, async () => {
    const seen = new Map<string, Diagnostic>();
    const unplaced: string[] = [];
    const check = (diagnostics: readonly Diagnostic[], sources: Record<string, string>, where: string) => {
      const printed = formatDiagnostics(diagnostics, sources);
      expect(printed, where).not.toMatch(/undefined/);
      for (const diagnostic of diagnostics) {
        if (!seen.has(diagnostic.code)) seen.set(diagnostic.code, diagnostic);
        if (diagnostic.code in NO_PLACE) continue;
        const text = sources[diagnostic.file];
        const lines = text?.split('\n');
        const inside =
          diagnostic.line !== undefined &&
          diagnostic.column !== undefined &&
          (lines === undefined || (diagnostic.line <= lines.length && diagnostic.column <= (lines[diagnostic.line - 1] as string).length + 1));
        if (!diagnostic.file || !inside) unplaced.push(`${where}: ${diagnostic.code} at ${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`);
      }
    };
    for (const folder of fixtureSites()) {
      const loaded = await loadSite(folder, { cwd: folder, offline: true });
      check(loaded.diagnostics, loaded.sources, path.relative(repositoryRoot, folder));
      if (folder.includes('migrate-mdx')) {
        const migration = await planMdxMigration(folder, { cwd: folder });
        check(migration.diagnostics, migration.sources, `${path.relative(repositoryRoot, folder)} (migrate)`);
      }
    }
    for (const generated of generatedSites(base)) {
      const root = site(generated.files);
      const loaded = await loadSite(root, {
        cwd: root,
        offline: generated.offline ?? false,
        openapiTimeoutMs: generated.timeoutMs ?? 15_000,
        ...(generated.rules ? { rules: generated.rules } : {}),
      });
      check(loaded.diagnostics, loaded.sources, generated.name);
    }
    // buildSite names the document and a pointer; quire build places them as here.
    const unsafe = site({
      'docs.json': config({ groups: [{ group: 'API', openapi: 'openapi.yaml' }] }),
      'openapi.yaml': SPEC.replace('      summary: List\n', '      summary: List\n      x-quire: { href: api/../../escape }\n'),
    });
    const built = await loadSite(unsafe, { cwd: unsafe });
    const compiled = buildSite({ config: built.config as DocsConfig, tree: built.tree as NonNullable<typeof built.tree>, endpointPages: built.endpointPages });
    const placedBuild = await placeInDocuments(compiled.diagnostics, { root: unsafe, cwd: unsafe });
    check(placedBuild.diagnostics, placedBuild.sources, 'buildSite');
    // loadSite lists a page and then reads it; a page it cannot read (gone or locked in between:
    // tests run as root here, who reads any file) is given to the compiler as why, as here.
    const vanished = site({ 'docs.json': config(group(['gone'])) });
    const why = (() => {
      try {
        readFileSync(path.join(vanished, 'gone.mdx'));
        return 'read after all';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    const unread = compileSite({
      files: ['docs.json', 'gone.mdx'],
      texts: new Map<string, FileContent>([
        ['docs.json', readFileSync(path.join(vanished, 'docs.json'), 'utf8')],
        ['gone.mdx', { unreadable: why }],
      ]),
    });
    expect(unread.diagnostics.filter((diagnostic) => diagnostic.code === 'content/unreadable')).toHaveLength(1);
    check(unread.diagnostics, unread.sources, 'compileSite of a page that could not be read');
    // Symbolic links (not written by temporarySite): one out of the site, one that loops.
    const linked = site({ 'docs.json': config(group(['index'])), 'index.mdx': '# Home\n' });
    symlinkSync(tmpdir(), path.join(linked, 'outside'));
    symlinkSync('.', path.join(linked, 'itself'));
    const withLinks = await loadSite(linked, { cwd: linked });
    check(withLinks.diagnostics, withLinks.sources, 'symbolic links');
    const missing = await loadSite(site({}), { cwd: tmpdir() });
    check(missing.diagnostics, missing.sources, 'no docs.json');
    check((await readOpenApiSource('ftp://example.com/openapi.yaml')).diagnostics, {}, 'readOpenApiSource');
    check(parseDocsJson('{"name": "A"}', { file: 'docs.json', maxSize: 4 }).diagnostics, {}, 'parseDocsJson over maxSize');
    const large = site({ 'openapi.yaml': SPEC });
    check((await readOpenApiSource('openapi.yaml', { root: large, maxBytes: 10 })).diagnostics, {}, 'readOpenApiSource over maxBytes');
    // parseDocsJson without readFile cannot follow a $ref.
    const withRef = '{\n  "navigation": { "$ref": "navigation.json" }\n}\n';
    check(parseDocsJson(withRef, { file: 'docs.json' }).diagnostics, { 'docs.json': withRef }, 'parseDocsJson without readFile');
    // expandOpenApiEndpoints called directly, without the text of a document in effect.
    const navigation = config(group(['GET /pets', 'other.yaml GET /pets'], 'absent.yaml'));
    const parsed = parseDocsJson(navigation, { file: 'docs.json' });
    const resolved = resolveNavigation(parsed.config as DocsConfig, { locate: parsed.locate });
    check(expandOpenApiEndpoints(resolved.tree, {}, { locate: parsed.locate }).diagnostics, { 'docs.json': navigation }, 'expandOpenApiEndpoints');
    for (const [index, input] of migrateInputs().entries()) {
      const texts: Record<string, string> = {
        'docs.json': input.docsJson,
        ...(input.pages as Record<string, string>),
        ...(input.specs as Record<string, string> | undefined),
      };
      const plan = migrateMdx(input);
      check(plan.diagnostics, texts, `migrateMdx input ${index}`);
      // Pages kept are reported by code too; those without a diagnostic of their own are listed in NO_PLACE.
      for (const kept of plan.kept)
        if (kept.code in NO_PLACE && !seen.has(kept.code))
          seen.set(kept.code, { code: kept.code, severity: 'error', message: kept.message, file: kept.file, pointer: '' });
    }
    const hrefs = loadOpenApi(HREF_SPEC, { file: 'hrefs.yaml' });
    check(
      planOpenApiFiles(hrefs.document as NonNullable<typeof hrefs.document>, { directory: 'api' }).diagnostics,
      { 'hrefs.yaml': HREF_SPEC },
      'planOpenApiFiles',
    );
    for (const name of readdirSync(path.join(repositoryRoot, 'fixtures/openapi'))) {
      const folder = path.join(repositoryRoot, 'fixtures/openapi', name);
      const spec = readdirSync(folder).find((file) => !['expected.json', 'options.json'].includes(file)) as string;
      const text = readFileSync(path.join(folder, spec), 'utf8');
      const options = existsSync(path.join(folder, 'options.json'))
        ? (JSON.parse(readFileSync(path.join(folder, 'options.json'), 'utf8')) as { pages?: Parameters<typeof buildEndpointPages>[1] })
        : {};
      const loaded = loadOpenApi(text, { file: spec });
      const diagnostics = [...loaded.diagnostics, ...(loaded.document ? buildEndpointPages(loaded.document, options.pages).diagnostics : [])];
      check(diagnostics, { [spec]: text }, `fixtures/openapi/${name}`);
      if (loaded.document)
        check(planOpenApiFiles(loaded.document, { directory: 'api' }).diagnostics, { [spec]: text }, `fixtures/openapi/${name} (openapi-file)`);
    }
    expect(unplaced).toEqual([]);
    const notTriggered = [...emittedCodes()].filter((code) => !seen.has(code) && !(code in NOT_WALKED)).sort();
    expect(notTriggered, 'codes no case triggers').toEqual([]);
    // A code listed as not walked that is now triggered belongs out of the list.
    expect(Object.keys(NOT_WALKED).filter((code) => seen.has(code))).toEqual([]);
  });
});
