import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, readPage } from '../../src/content/index.js';
import { loadSite } from '../../src/node/index.js';
import { MAX_PAGE_BYTES, readPageBytes } from '../../src/content/page-bytes.js';
import { temporarySite } from '../helpers/fixtures.js';

// Input no page should be: each gives one clear diagnostic at a real place, never a crash, a hang
// or a page silently left out. The odd files that fit in a fixture (binary, Latin-1, BOM, CRLF,
// TOML, empty) are in fixtures/content/odd-files; these are the ones generated.

const config = (pages: string[]) =>
  `${JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'G', pages }] } })}\n`;
const codes = (facts: { diagnostics: readonly { code: string }[] }) => facts.diagnostics.map((diagnostic) => diagnostic.code);

/** JSX nested `depth` deep, as block elements (`<div>` on its own line) or inline ones. */
const nestedBlocks = (depth: number) => `${'<div>\n'.repeat(depth)}x\n${'</div>\n'.repeat(depth)}`;
const nestedInline = (depth: number) => `Text ${'<span>'.repeat(depth)}x${'</span>'.repeat(depth)}\n`;

describe('deep nesting', () => {
  // Past a few thousand levels micromark and mdast-util-from-markdown overflow the call stack;
  // readPage turns that into content/too-deep. Below it the page parses.
  it.each([
    ['block JSX', nestedBlocks(10_000)],
    ['inline JSX', nestedInline(10_000)],
    ['block quotes', `${'> '.repeat(10_000)}x\n`],
    ['components', `${'<Note>'.repeat(10_000)}${'</Note>'.repeat(10_000)}\n`],
  ])('%s 10,000 deep is content/too-deep at the top of the page, not a crash', (_, text) => {
    const facts = readPage(text, { file: 'deep.mdx' });
    expect(facts.diagnostics).toEqual([expect.objectContaining({ code: 'content/too-deep', severity: 'error', file: 'deep.mdx', line: 1, column: 1 })]);
  });

  it('parses what real pages nest (100 levels) with its facts', () => {
    const facts = readPage(`${nestedBlocks(100)}\n## Deep heading\n\n[a link](/x)\n`, { file: 'deep.mdx' });
    expect(codes(facts)).toEqual([]);
    expect(facts.headings.map((heading) => heading.id)).toEqual(['deep-heading']);
    expect(facts.links.map((link) => link.url)).toEqual(['/x']);
  });

  it.each([
    ['brackets in a heading', `# ${'['.repeat(10_000)}x${']'.repeat(10_000)}\n`, 1, 0],
    ['links in a heading', `# ${'[a](/b)'.repeat(10_000)}\n`, 1, 10_000],
    ['links nested in links', `${'['.repeat(10_000)}x${'](/a)'.repeat(10_000)}\n`, 0, 1],
  ])('%s parses, without recursion', (_, text, headings, links) => {
    const facts = readPage(text, { file: 'deep.mdx' });
    expect(codes(facts)).toEqual([]);
    expect(facts.headings).toHaveLength(headings);
    expect(facts.links).toHaveLength(links);
  });

  it('the same heading 10,000 times: the last gets its numbered id', () => {
    const facts = readPage(`${Array.from({ length: 10_000 }, () => '## Same').join('\n\n')}\n`, { file: 'same.mdx' });
    expect(facts.headings).toHaveLength(10_000);
    expect(facts.headings.at(-1)?.id).toBe('same-10000');
  });

  it('a site with a page nested 10,000 deep reports it, and checks its other pages', async () => {
    const root = temporarySite({ 'docs.json': config(['deep', 'ok']), 'deep.mdx': nestedBlocks(10_000), 'ok.mdx': '# OK\n\n[gone](/gone)\n' });
    const site = await loadSite(root, { cwd: root, offline: true });
    expect(site.diagnostics.map(({ code, file, line, column }) => `${code} ${file}:${line}:${column}`)).toEqual([
      'content/too-deep deep.mdx:1:1',
      'content/broken-link ok.mdx:3:1',
    ]);
  });
});

describe('files that are not pages', () => {
  it('a binary file named .mdx is content/not-text, not parsed', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x3c, 0x4e, 0x6f, 0x74, 0x65]);
    expect(codes(readPageBytes(png, 'logo.mdx'))).toEqual(['content/not-text']);
  });

  it('invalid UTF-8 is content/invalid-utf8 at the first bad byte, and the page is still read', () => {
    const bytes = Buffer.concat([Buffer.from('---\ntitle: Café\n---\n\n## Menu\n\nUn caf'), Buffer.from([0xe9]), Buffer.from(' [lien](/menu#menu).\n')]);
    const facts = readPageBytes(bytes, 'menu.mdx');
    expect(facts.diagnostics).toEqual([expect.objectContaining({ code: 'content/invalid-utf8', severity: 'warning', line: 7, column: 7 })]);
    expect(facts.frontmatter?.title).toBe('Café');
    expect(facts.headings.map((heading) => heading.id)).toEqual(['menu']);
    expect(facts.links.map((link) => link.url)).toEqual(['/menu#menu']);
  });

  it('a byte order mark is not part of the page: frontmatter and positions as the author sees them', () => {
    const facts = readPageBytes(Buffer.from('\uFEFF---\ntitle: BOM\n---\n\n[a](/b)\n'), 'bom.mdx');
    expect(codes(facts)).toEqual([]);
    expect(facts.frontmatter?.title).toBe('BOM');
    expect(facts.links).toEqual([expect.objectContaining({ url: '/b', line: 5, column: 1 })]);
  });

  it('CRLF line endings keep lines and columns, and custom heading ids', () => {
    const facts = readPage('---\r\ntitle: CRLF\r\n---\r\n\r\n## Windows {#win}\r\n\r\nSee  [this](#win) and <Alertbox>x</Alertbox>.\r\n', { file: 'crlf.mdx' });
    expect(facts.frontmatter?.title).toBe('CRLF');
    expect(facts.headings).toEqual([expect.objectContaining({ id: 'win', line: 5, column: 1 })]);
    expect(facts.links).toEqual([expect.objectContaining({ url: '#win', line: 7, column: 6 })]);
    expect(facts.diagnostics).toEqual([expect.objectContaining({ code: 'content/unknown-component', line: 7, column: 23 })]);
  });

  it('TOML frontmatter (+++) is frontmatter, not prose', () => {
    const facts = readPage('+++\ntitle = "TOML"\n+++\n\nBody text.\n', { file: 'toml.mdx' });
    expect(codes(facts)).toEqual([]);
    expect(facts.text).toBe('Body text.');
  });

  it.each([
    ['an empty page', ''],
    ['only frontmatter', '---\ntitle: Only\n---\n'],
    ['only whitespace', '\n\n   \n'],
  ])('%s has no diagnostic and no facts', (_, text) => {
    const facts = readPage(text, { file: 'empty.mdx' });
    expect(facts.diagnostics).toEqual([]);
    expect([facts.headings, facts.links, facts.imports, facts.text]).toEqual([[], [], [], '']);
  });
});

describe('size', () => {
  it(`a page over ${MAX_PAGE_BYTES / 1024 / 1024} MiB is content/too-large at once, without being parsed`, () => {
    const bytes = Buffer.alloc(20 * 1024 * 1024, 'Some text with a [link](/x) and <Unknown /> element.\n\n');
    const start = performance.now();
    const facts = readPageBytes(bytes, 'huge.mdx');
    expect(performance.now() - start).toBeLessThan(1000);
    expect(facts.diagnostics).toEqual([expect.objectContaining({ code: 'content/too-large', severity: 'warning', line: 1, column: 1 })]);
    expect(facts.diagnostics[0]?.message).toMatch(/20 MiB, over the 2 MiB/);
    expect(facts.links).toEqual([]);
  });

  it('through loadSite, the large page is reported and the others are checked', async () => {
    const root = temporarySite({ 'docs.json': config(['huge', 'ok']), 'ok.mdx': '[gone](/gone)\n' });
    writeFileSync(path.join(root, 'huge.mdx'), Buffer.alloc(MAX_PAGE_BYTES + 1, 'x\n'));
    const site = await loadSite(root, { cwd: root, offline: true });
    expect(site.diagnostics.map(({ code, file }) => `${code} ${file}`)).toEqual(['content/too-large huge.mdx', 'content/broken-link ok.mdx']);
  });
});

describe('links and imports that lead nowhere safe', () => {
  const empty = readPage('', { file: 'x.mdx' });
  const page = (links: string[], imports: { source: string }[] = []) => ({
    ...empty,
    links: links.map((url) => ({ url, kind: 'link' as const, line: 1, column: 1 })),
    imports: imports.map((item) => ({ ...item, names: ['X'], line: 1, column: 1 })),
  });

  // A root-relative URL cannot climb above the root (`/../etc/passwd` is `/etc/passwd`, as a
  // browser reads it): a broken link, not one that leaves the site.
  it('a link with .. that leaves the repository is content/link-outside-site, however it is written', () => {
    const pages = new Map([['guides/a.mdx', page(['../../secrets.txt', '/../etc/passwd', '../../../x.png', './../../up', '..'])]]);
    const diagnostics = checkContent({ pages, files: ['guides/a.mdx'] });
    expect(diagnostics.map((diagnostic) => `${diagnostic.code} ${diagnostic.message.match(/"([^"]*)"/)?.[1]}`)).toEqual([
      'content/link-outside-site ../../secrets.txt',
      'content/broken-link /../etc/passwd',
      'content/link-outside-site ../../../x.png',
      'content/link-outside-site ./../../up',
    ]);
  });

  it('an import cycle between snippets is one content/import-cycle per cycle, and ends', () => {
    const pages = new Map([
      ['index.mdx', page([], [{ source: '/snippets/a.mdx' }])],
      ['snippets/a.mdx', page([], [{ source: '/snippets/b.mdx' }])],
      ['snippets/b.mdx', page([], [{ source: '/snippets/c.mdx' }])],
      ['snippets/c.mdx', page([], [{ source: '/snippets/a.mdx' }])],
      ['snippets/self.mdx', page([], [{ source: './self.mdx' }])],
    ]);
    const diagnostics = checkContent({ pages, files: [...pages.keys()] });
    expect(diagnostics.map((diagnostic) => `${diagnostic.code} ${diagnostic.file}`)).toEqual([
      'content/import-cycle snippets/c.mdx',
      'content/import-cycle snippets/self.mdx',
    ]);
  });

  it('snippets that each render the next twice, 24 levels deep, stop at the limit with content/too-many-snippets, and end', async () => {
    // 2^24 copies of the last snippet if every one were inlined.
    const files: Record<string, string> = {
      'docs.json': config(['index']),
      'index.mdx': "# Home\n\nimport S0 from '/snippets/s0.mdx';\n\n<S0 />\n\n[nowhere](#nowhere)\n",
    };
    for (let level = 0; level < 24; level++)
      files[`snippets/s${level}.mdx`] = `import S from '/snippets/s${level + 1}.mdx';\n\n## Level ${level}\n\n<S />\n\n<S />\n`;
    files['snippets/s24.mdx'] = '## Leaf\n';
    const root = temporarySite(files);
    const started = Date.now();
    const site = await loadSite(root, { cwd: root, offline: true });
    expect(Date.now() - started).toBeLessThan(10_000);
    // At the page's use of the first snippet; the page's anchors are not checked past it.
    expect(site.diagnostics.map(({ code, severity, file, line, column }) => `${code} ${severity} ${file}:${line}:${column}`)).toEqual([
      'content/too-many-snippets warning index.mdx:5:1',
    ]);
  });

  it('a chain of 10,000 snippets each rendering the next stops at the depth limit', () => {
    const rendering = (next: string | undefined) => ({
      ...page([], next ? [{ source: next }] : []),
      imports: next ? [{ source: next, names: ['S'], default: 'S', rendered: [{ line: 3, column: 1, textLine: 0 }], line: 1, column: 1 }] : [],
    });
    const pages = new Map(
      Array.from(
        { length: 10_000 },
        (_, index) => [index === 0 ? 'index.mdx' : `snippets/s${index}.mdx`, rendering(index < 9_999 ? `/snippets/s${index + 1}.mdx` : undefined)] as const,
      ),
    );
    expect(checkContent({ pages, files: [...pages.keys()] }).map(({ code, file, line }) => `${code} ${file}:${line}`)).toEqual([
      'content/too-many-snippets index.mdx:3',
    ]);
  });

  it('an import chain 10,000 snippets long is followed without recursion', () => {
    const pages = new Map(
      Array.from(
        { length: 10_000 },
        (_, index) => [`snippets/s${index}.mdx`, page([], index < 9_999 ? [{ source: `/snippets/s${index + 1}.mdx` }] : [])] as const,
      ),
    );
    expect(checkContent({ pages, files: [...pages.keys()] })).toEqual([]);
  });
});
