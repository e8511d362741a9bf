import { describe, expect, it } from 'vitest';
import { markdownHeadingIds } from '../../src/render/index.js';
import { legacySnippetFile } from '../../src/content/rendered.js';
import { withLegacySnippets } from '../../src/render/legacy-snippets.js';
import { loadSite } from '../../src/node/index.js';
import { renderFixture } from './render-fixture.js';

// fixtures/render/snippets: MDX snippets as the platform renders them, the site's code run as
// `quire build --html` runs it.
const built = renderFixture('snippets', {}, { siteCode: true });
/** The page's content, without the shell. */
const prose = async (file: string) => {
  const html = (await built).html(file);
  return /<div class="prose">([\s\S]*?)<\/div><nav class="pager"/.exec(html)?.[1] ?? html;
};

describe('MDX snippets in a page', { timeout: 120_000 }, () => {
  it('numbers the headings of a snippet rendered twice over the page, as the anchor check and the table of contents do', async () => {
    const html = (await built).html('index.html');
    const content = await prose('index.html');
    expect((await built).failures).toEqual([]);
    // The snippet's `## Setup` twice, then the page's own: setup, setup-2, setup-3; the snippet's `### Check` check, check-2.
    expect([...content.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1])).toEqual(['before', 'setup', 'check', 'setup-2', 'check-2', 'setup-3']);
    // Each link of the table of contents lands on a heading of the page.
    const toc = [...html.matchAll(/<a [^>]*href="#([^"]+)"/g)].map((match) => match[1]);
    for (const id of ['setup', 'setup-2', 'setup-3']) expect(toc, id).toContain(id);
    expect(content).toContain('Install with <!-- -->npm');
    expect(content).toContain('Install with <!-- -->pnpm');
  });

  it('renders the legacy `<Snippet file>` with the snippet’s content in its place, found in the snippet folders', async () => {
    const content = await prose('legacy.html');
    expect(content).toContain('Ask in the <strong>community forum</strong> when you are stuck.');
    // A path from the site root, inside a component.
    expect(content).toMatch(/<div class="callout callout-note"[\s\S]*<h2 id="setup">Setup<\/h2>/);
    // A file the site does not hold: the placeholder that names it.
    expect(content).toContain('data-component="Snippet"');
    // In a code block, the element is text.
    expect(content).toMatch(/&lt;Snippet file=|Snippet<\/span>/);
    expect((await built).failures).toEqual([]);
  });

  it('puts the headings of a legacy `<Snippet file>` in the table of contents and the anchor check, as the platform inlines it first', async () => {
    const html = (await built).html('legacy.html');
    const aside = /<aside class="toc"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
    expect([...aside.matchAll(/<a href="#([^"]+)"/g)].map((match) => match[1])).toEqual(['setup', 'check']);
    // The snippet's headings carry those ids in the page.
    expect([...(await prose('legacy.html')).matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1])).toEqual(['setup', 'check']);
    // The page links to `#check`, a heading of the snippet: no missing anchor.
    const site = await loadSite('fixtures/render/snippets');
    expect(site.diagnostics.filter((diagnostic) => diagnostic.file?.endsWith('legacy.mdx'))).toEqual([]);
    const facts = site.content.get('legacy.mdx');
    expect(facts?.imports.filter((item) => item.legacy).map((item) => [item.source, item.rendered?.length])).toEqual([
      ['get-help.mdx', 1],
      ['snippets/setup.mdx', 1],
      ['nowhere.mdx', 1],
    ]);
  });

  it('gives a snippet’s component the names the page imports, as the platform’s single page module does', async () => {
    const content = await prose('scope.html');
    expect(content).toContain('<div class="authorizations"><h3 class="bordered">Authorizations</h3></div>');
    expect(content).toContain('<h3 class="bordered">Body</h3>');
  });

  it('finds the file of a `<Snippet file>` as the platform does, and keeps the page’s line numbers', () => {
    const files = new Set(['_snippets/get-help.mdx', 'snippets/setup.mdx', 'snippets/nested/intro.mdx', 'guides/intro.mdx']);
    expect(legacySnippetFile(files, 'get-help.mdx')).toBe('_snippets/get-help.mdx');
    expect(legacySnippetFile(files, 'setup.mdx')).toBe('snippets/setup.mdx');
    expect(legacySnippetFile(files, '/snippets/setup.mdx')).toBe('snippets/setup.mdx');
    expect(legacySnippetFile(files, 'intro.mdx')).toBe('snippets/nested/intro.mdx');
    expect(legacySnippetFile(files, 'missing.mdx')).toBeUndefined();
    const text = '# Title\n\n<Snippet file="get-help.mdx" />\n\n## After\n';
    const rewritten = withLegacySnippets(text, files);
    expect(rewritten.split('\n').slice(0, 5)).toEqual(['# Title', '', '<QuireLegacySnippet0 />', '', '## After']);
    expect(rewritten).toContain(`import QuireLegacySnippet0 from "/_snippets/get-help.mdx";`);
    expect(markdownHeadingIds([{ line: 5, id: 'after' }]).get(5)).toBe('after');
    expect(withLegacySnippets('```\n<Snippet file="get-help.mdx" />\n```\n', files)).toBe('```\n<Snippet file="get-help.mdx" />\n```\n');
  });
});

describe('the imports of a module of the site', () => {
  it('are the require calls of its code, not text in its strings, templates or comments', async () => {
    const { requireCalls } = await import('../../src/render/require-calls.js');
    const code = [
      'var import_react = require("react");',
      'var import_intro = __toESM(require("/snippets/intro.mdx"));',
      // helius-labs: a code block of the page showing an import of a package, as esbuild writes its text.
      `const block = 'const { Connection } = require("@solana/web3.js");';`,
      'const shown = `require("express") ${require("./helpers.js").name} \\` require("in-template")`;',
      '// require("commented")',
      '/* require("block-comment") */',
      'other.require("method-call");',
      'var again = require("react");',
    ].join('\n');
    expect(requireCalls(code)).toEqual(['react', '/snippets/intro.mdx', './helpers.js']);
  });
});
