import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, expectTree, failingFs, quire, quireInProcess, readTree, repositoryRoot } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';

const out = () => path.join(copyFixture('cli', 'empty'), 'out');

describe('quire build (built CLI)', () => {
  it('compiles the example site into site.json and one model per endpoint page', async () => {
    const target = out();
    const { code, stdout, stderr } = await quireInProcess(['build', 'fixtures/example-site', '-o', target]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built 11 pages \(5 endpoint pages\) into .*out: 8 files, [\d.]+ KiB\.\n0 errors, 0 warnings\n$/);
    expectTree(target, fixturePath('cli', 'build-example-site.expected'));
    const site = JSON.parse(readFileSync(path.join(target, 'site.json'), 'utf8'));
    expect(site.format).toBe('quire-site');
    expect(site.version).toBe(5);
    // Every endpoint entry names a model file that holds that page, and the schema table its references point into.
    for (const entry of site.endpoints) {
      const model = JSON.parse(readFileSync(path.join(target, entry.model), 'utf8'));
      expect(model.url).toBe(entry.href);
      expect(model.method).toBe(entry.method);
      expect(model.schemas).toBe(entry.schemas);
      const table = JSON.parse(readFileSync(path.join(target, entry.schemas), 'utf8'));
      expect(table).toMatchObject({ format: 'quire-schemas', version: 5, file: model.file });
      for (const ref of JSON.stringify(model).matchAll(/"\$ref":"#([^"]*)"/g))
        expect(table.schemas, ref[1]).toHaveProperty([decodeURIComponent(ref[1] as string)]);
    }
    // Reading order: previous/next chain the pages of each section.
    const guides = site.pages.filter((page: { section: { tab?: string } }) => page.section.tab === 'Guides');
    expect(guides[0].previous).toBeUndefined();
    expect(guides[1].previous).toBe(guides[0].href);
    expect(guides[0].next).toBe(guides[1].href);
  });

  it('writes the same bytes for the same site, from any folder, relative or absolute', async () => {
    const first = out();
    const second = out();
    expect((await quireInProcess(['build', 'fixtures/example-site', '-o', first])).code).toBe(0);
    expect((await quireInProcess(['build', path.join(repositoryRoot, 'fixtures/example-site'), '--out', second], { cwd: tmpdir() })).code).toBe(0);
    expect(readTree(second)).toEqual(readTree(first));
  });

  it('removes files of its previous build it no longer writes, and nothing else', async () => {
    const target = out();
    mkdirSync(path.join(target, 'endpoints', 'old'), { recursive: true });
    writeFileSync(
      path.join(target, 'site.json'),
      JSON.stringify({ format: 'quire-site', version: 1, endpoints: [{ model: 'endpoints/old/gone.json' }, { model: '../../outside.json' }] }),
    );
    writeFileSync(path.join(target, 'endpoints', 'old', 'gone.json'), '{}');
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    const { code, stdout } = await quireInProcess(['build', 'fixtures/example-site', '-o', target]);
    expect(code).toBe(0);
    expect(stdout).toContain('; 1 file of the previous build removed.');
    expect(existsSync(path.join(target, 'endpoints', 'old', 'gone.json'))).toBe(false);
    expect(readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('refuses to replace a site.json that is not a Quire build', async () => {
    const target = out();
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, 'site.json'), '{"mine": true}');
    const { code, stderr } = await quireInProcess(['build', 'fixtures/example-site', '-o', target]);
    expect(code).toBe(1);
    expect(stderr).toContain('is not a Quire build; choose another output folder');
    expect(readTree(target)).toEqual({ 'site.json': '{"mine": true}' });
  });

  it('builds nothing from a docs.json with errors', async () => {
    const target = out();
    const { code, stdout } = await quireInProcess(['build', 'fixtures/docs-json/navigation-not-object', '-o', target]);
    expect(code).toBe(1);
    expect(stdout).toContain('error navigation/invalid-type');
    expect(stdout).toContain('Nothing was built.');
    expect(existsSync(target)).toBe(false);
  });

  it('builds what the platform shows of a navigation that also holds a stale list, and says what it ignores', async () => {
    // The root holds `versions` and a left-over `tabs`, whose page has no file: the platform
    // deploys the versions, and so does Quire, with a warning at `tabs`.
    const target = out();
    const { code, stdout } = await quireInProcess(['build', 'fixtures/cli/mixed-children-site', '-o', target, '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ built: true, errors: 0, warnings: 1 });
    expect(
      report.diagnostics.map((diagnostic: { code: string; line: number; column: number }) => `${diagnostic.line}:${diagnostic.column} ${diagnostic.code}`),
    ).toEqual(['32:5 navigation/mixed-children']);
    const site = JSON.parse(readFileSync(path.join(target, 'site.json'), 'utf8'));
    expect(site.pages.map((page: { href: string; section: object }) => [page.href, page.section])).toEqual([
      ['/v2/index', { version: 'v2' }],
      ['/v1/index', { version: 'v1' }],
    ]);
  });

  it('builds nothing when docs.json has errors, even though the rest of the site is checked', async () => {
    const target = out();
    const { code, stdout } = await quireInProcess(['build', 'fixtures/cli/validate-partial-site', '-o', target, '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ built: false, errors: 4, files: 0 });
    expect(report.diagnostics.map((diagnostic: { code: string }) => diagnostic.code)).toContain('navigation/missing-page');
    expect(existsSync(target)).toBe(false);
  });

  it('builds without the parts of docs.json whose errors the rules turned off, and not while one error is left', async () => {
    const off = ['navigation/unknown-key', 'navigation/missing-page', 'frontmatter/invalid-yaml', 'openapi/frontmatter-not-found'].flatMap((code) => [
      '--rule',
      `${code}=off`,
    ]);
    const target = out();
    const built = await quireInProcess(['build', 'fixtures/cli/validate-partial-site', '-o', target, '--format', 'json', ...off]);
    expect(built.code).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ built: true, errors: 0 });
    // The misspelt `pagess` is left out: its group is in site.json with no pages.
    expect(readFileSync(path.join(target, 'site.json'), 'utf8')).toContain('"Advanced"');
    const oneLeft = await quireInProcess(['build', 'fixtures/cli/validate-partial-site', '-o', out(), '--format', 'json', ...off.slice(0, -2)]);
    expect(oneLeft.code).toBe(1);
    expect(JSON.parse(oneLeft.stdout)).toMatchObject({ built: false, errors: 1 });
  });

  it('builds a site with other errors, prints them and exits 1', async () => {
    const target = out();
    const { code, stdout } = await quireInProcess(['build', 'fixtures/cli/validate-broken-site', '-o', target, '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ built: true, errors: 7, warnings: 1, pages: 6, endpoints: 2, files: 5 });
    const site = JSON.parse(readFileSync(path.join(target, 'site.json'), 'utf8'));
    // The known operation has its page; the unknown "POST /user" stays in the navigation without one.
    const [group] = site.navigation.root.children[1].children;
    expect(group.children.slice(0, 2)).toEqual([
      { kind: 'endpoint', label: 'List users', href: '/api-reference/users/list-users', method: 'GET', path: '/users' },
      { kind: 'endpoint', label: 'POST /user', method: 'POST', path: '/user' },
    ]);
    // The MDX page whose `openapi:` frontmatter names a real operation gets its model at its own URL.
    expect(site.endpoints.map((entry: { href: string }) => entry.href)).toEqual(['/api-reference/users/list-users', '/api/get-user']);
    expect(site.pages.find((page: { href: string }) => page.href === '/api/get-user')).toMatchObject({
      kind: 'page',
      openapi: 'GET /users/{id}',
      model: 'endpoints/api/get-user.json',
    });
    expect(site.pages.find((page: { href: string }) => page.href === '/api/delete-user').model).toBeUndefined();
    // The entry "guides/instal" has no file: it is left out, and the group's root without a file
    // opens nothing; the file guides/install.mdx, which no entry lists, is an unlisted page.
    expect(site.navigation.root.children[0].children[0]).not.toHaveProperty('root');
    expect(site.navigation.root.children[0].children[0].children.map((node: { href: string }) => node.href)).toEqual(['/', '/guides/setup']);
    expect(site.pages.map((page: { href: string; unlisted?: true }) => [page.href, page.unlisted ?? false])).toEqual([
      ['/', false],
      ['/guides/setup', false],
      ['/api-reference/users/list-users', false],
      ['/api/get-user', false],
      ['/api/delete-user', false],
      ['/guides/install', true],
    ]);
    expect((await quireInProcess(['build', 'fixtures/cli/validate-broken-site', '-o', out()])).stdout).toMatch(
      /^Built 6 pages \(2 endpoint pages; 1 page without a file left out\) into /m,
    );
  });

  it("adds each page's headings, links and words to site.json and its text to search.json; --no-content leaves them out", async () => {
    const target = out();
    expect((await quireInProcess(['build', 'fixtures/cli/build-broken-link', '-o', target])).code).toBe(0);
    const site = JSON.parse(readFileSync(path.join(target, 'site.json'), 'utf8'));
    expect(site.search).toBe('search.json');
    expect(site.pages[0]).toMatchObject({
      href: '/',
      headings: [{ depth: 2, text: 'Next steps', id: 'next-steps' }],
      links: [
        { url: '/setup', kind: 'link', href: '/setup' },
        { url: '/upgrade', kind: 'link' },
      ],
      words: 14,
    });
    expect(JSON.parse(readFileSync(path.join(target, 'search.json'), 'utf8')).pages).toEqual([
      {
        href: '/',
        sections: [{ id: 'next-steps', heading: 'Next steps', depth: 2, text: 'Read the setup guide, then the upgrade guide, which was never written.' }],
      },
      { href: '/setup', sections: [{ id: 'install', heading: 'Install', depth: 2, text: 'Run the installer.' }] },
    ]);
    // Without content, the search file of the previous build goes, and pages have no content fields.
    const { code, stdout } = await quireInProcess(['build', 'fixtures/cli/build-broken-link', '-o', target, '--no-content']);
    expect(code).toBe(0);
    expect(stdout).toContain('1 file of the previous build removed');
    expect(existsSync(path.join(target, 'search.json'))).toBe(false);
    const plain = JSON.parse(readFileSync(path.join(target, 'site.json'), 'utf8'));
    expect(plain.search).toBeUndefined();
    expect(plain.pages[0]).not.toHaveProperty('headings');
  });

  it('builds a site whose links lead nowhere with warnings, as the platform deploys it; a rule makes them errors', async () => {
    const built = await quireInProcess(['build', 'fixtures/cli/build-broken-link', '-o', out(), '--format', 'json']);
    expect(built.code).toBe(0);
    const report = JSON.parse(built.stdout);
    expect(report).toMatchObject({ built: true, errors: 0, warnings: 1 });
    expect(report.diagnostics).toMatchObject([{ code: 'content/broken-link', severity: 'warning', line: 7, column: 42 }]);
    // quire validate reports the same link as an error, and so does build when a rule says so.
    expect((await quireInProcess(['validate', 'fixtures/cli/build-broken-link'])).code).toBe(1);
    const strict = await quireInProcess(['build', 'fixtures/cli/build-broken-link', '-o', out(), '--format', 'json', '--rule', 'content/broken-link=error']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({ built: true, errors: 1, warnings: 0 });
  });

  it('changes nothing in the output folder when a write fails half way', async () => {
    const target = out();
    expect((await quireInProcess(['build', 'fixtures/example-site', '-o', target])).code).toBe(0);
    writeFileSync(path.join(target, 'site.json'), readFileSync(path.join(target, 'site.json'), 'utf8').replace('"Plant Store"', '"Old name"'));
    const before = readTree(target);
    const { code, stderr } = quire(['build', 'fixtures/example-site', '-o', target], failingFs('rename', 3));
    expect(code).toBe(1);
    expect(stderr).toMatch(/quire build: could not replace .*; no file was changed/);
    expect(readTree(target)).toEqual(before);
  });

  it('exits 2 without an output folder, and documents itself', async () => {
    expect((await quireInProcess(['build', 'fixtures/example-site'])).code).toBe(2);
    expect((await quireInProcess(['build', '--help'])).stdout).toContain('Usage: quire build [dir] -o <out>');
  });
});
