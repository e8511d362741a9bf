import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/index.js';
import { nodePageParsers } from '../../src/node/native-parser.js';
import { compileMdx, markdownHeadingIds, renderPageHtml } from '../../src/render/index.js';

const file = 'fixtures/render/basic/page.mdx';
const text = readFileSync(file, 'utf8');
const facts = readPage(text, { file, parsers: nodePageParsers() });

describe('renderPageHtml', () => {
  const result = renderPageHtml({ text, facts });
  const html = result.ok ? result.html : '';

  it('renders a whole document with the frontmatter title and description', () => {
    expect(result).toMatchObject({ ok: true });
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">/);
    expect(html).toContain('<title>Render spike</title>');
    expect(html).toContain('<meta name="description" content="One page through satteri and React 19">');
    expect(html).toContain('<h1 class="page-title">Render spike</h1>');
    expect(html).not.toContain('title: Render spike'); // the frontmatter is not in the body
  });

  it('gives headings the ids the anchor check accepts, custom ids included', () => {
    const ids = facts.headings.map((heading) => heading.id);
    expect(ids).toEqual(['setup', 'setup-2', 'custom-news']);
    const rendered = [...html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1]);
    expect(rendered).toEqual(ids);
    expect(html).toContain('<h2 id="custom-news">What&#x27;s new?</h2>');
  });

  it('renders the dialect: GFM tables, task lists, strikethrough, math (as TeX before prepareRender loads KaTeX)', () => {
    expect(html).toContain('<table>');
    expect(html).toContain('<del>strike</del>');
    expect(html).toMatch(/<input type="checkbox" disabled="" checked=""\/?>/);
    expect(html).toContain('<code class="math math-inline math-source">x^2</code>');
    expect(html).toContain('<pre class="math math-display math-source">E = mc^2</pre>');
  });

  it('draws the built-in components', () => {
    expect(html).toMatch(
      /<div class="callout callout-note" role="note" data-callout="note"><div class="callout-icon"><svg class="quire-icon" data-icon="info"[^>]*>.*?<\/svg><\/div><div class="callout-body">Install it <strong>first<\/strong>.<\/div><\/div>/,
    );
    expect(html).toContain('class="callout callout-warning"');
    expect(html).toContain('<div class="columns columns-2" style="--columns:2">');
    expect(html).toContain(
      '<a class="card card-link" href="/quickstart"><div class="card-content"><div class="card-text"><div class="card-title">Quickstart</div>',
    );
    expect(html).toContain('<div class="card"><div class="card-content"><div class="card-text"><div class="card-title">API</div>');
    // The code group: tabs named by the fences' meta, the first panel shown, the others hidden.
    expect(html).toContain('<div class="code-group" data-quire-tabs="">');
    expect(html).toContain('aria-selected="true" data-quire-tab="0" tabindex="0">npm</button>');
    expect(html).toContain('aria-selected="false" data-quire-tab="1" tabindex="-1">pnpm</button>');
    expect(html).toContain('<div class="tab-panel" role="tabpanel" data-quire-panel="1" hidden="">');
    expect(html).toContain('<button type="button" role="tab" class="tab" id="one" aria-selected="true"');
    expect(html).toContain('<summary class="tree-label">');
    // `a` and `img` are in BUILT_IN_COMPONENTS for their link attributes: they stay HTML.
    expect(html).toContain('<a href="/quickstart">the quickstart</a>');
    expect(html).not.toContain('data-component=');
  });
});

describe('compileMdx', () => {
  it('returns a syntax error with its place instead of throwing', () => {
    const result = compileMdx('# Title\n\n<Note>\n\nunclosed\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/Note/);
  });

  it('returns the frontmatter block the parser set aside', () => {
    const result = compileMdx('---\ntitle: A\n---\n\nBody\n');
    expect(result.ok && result.page.frontmatter).toEqual({ kind: 'yaml', value: 'title: A' });
  });

  it("reads a code block's meta, which satteri drops: title and highlighted lines", () => {
    const result = renderPageHtml({ text: '```js title="a.js" {1}\nx\n```\n', facts: { frontmatter: undefined, headings: [] } });
    expect(result.ok && result.html).toContain('<div class="code-block" data-title="a.js"><div class="code-header"><span class="code-title">a.js</span>');
    expect(result.ok && result.html).toContain('<span class="line" data-line="1" data-highlighted="">x</span>');
  });

  it('renders an imported snippet as a placeholder until snippets are compiled', () => {
    const text = "import Intro from '/snippets/intro.mdx'\nimport { Chart } from '/snippets/chart.jsx'\n\n<Intro />\n\n<Chart />\n";
    const result = renderPageHtml({ text, facts: { frontmatter: undefined, headings: [] } });
    expect(result.ok && result.html).toContain(
      '<div class="component-placeholder" data-component="snippet"></div>\n<div class="component-placeholder" data-component="Chart"></div>',
    );
  });

  it('renders nothing for a component that is neither built in, imported nor defined, as the platform', () => {
    const text = 'Before\n\n<PrettyFormatSettings>\n  hidden\n</PrettyFormatSettings>\n\nAfter\n';
    const facts = readPage(text, { file: 'dropped.mdx', parsers: nodePageParsers() });
    expect(facts.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['content/dropped-component']);
    const result = renderPageHtml({ text, facts });
    expect(result.ok && result.html).toMatch(/<main><p>Before<\/p>\n(?:<!-- -->)?\n<p>After<\/p><\/main>/);
    expect(result.ok && result.html.slice(result.html.indexOf('<body>'))).not.toContain('hidden');
  });

  // dittofeed's integrations/channels/sms.mdx and email.mdx: satteri refuses a multi-line opening
  // tag whose `>` starts a line with content after it; remark-mdx (the platform's parser) reads it.
  const refusedBySatteri = [
    '---',
    'title: SMS',
    '---',
    '',
    '## Sending',
    '',
    'Sent {1 + 1} times.',
    '',
    '<Card',
    '  title="Send SMS with Twilio"',
    '  href="/integrations/channels/twilio"',
    '>Currently, Dittofeed supports *Twilio*.</Card>',
    '',
    '```js title="send.js"',
    'send()',
    '```',
    '',
    '## Sending',
    '',
  ].join('\n');

  it("compiles a page satteri refuses from the reference parser's tree when the checks read it", () => {
    expect(compileMdx(refusedBySatteri).ok).toBe(false);
    const facts = readPage(refusedBySatteri, { file: 'sms.mdx', parsers: nodePageParsers() });
    expect(facts.diagnostics).toEqual([]);
    const compiled = compileMdx(refusedBySatteri, { headingIds: markdownHeadingIds(facts.headings), referenceReads: true });
    expect(compiled.ok && compiled.page.frontmatter).toEqual({ kind: 'yaml', value: 'title: SMS' });
    const result = renderPageHtml({ text: refusedBySatteri, facts });
    const html = result.ok ? result.html : '';
    expect(facts.headings.map((heading) => heading.id)).toEqual(['sending', 'sending-2']);
    expect([...html.matchAll(/<h2 id="([^"]*)">Sending<\/h2>/g)].map((match) => match[1])).toEqual(['sending', 'sending-2']);
    expect(html).toMatch(/Sent (?:<!-- -->)?2(?:<!-- -->)? times\./);
    expect(html).toMatch(/<a class="card[^"]*" href="\/integrations\/channels\/twilio"/);
    expect(html).toContain('Send SMS with Twilio');
    expect(html).toContain('Currently, Dittofeed supports <em>Twilio</em>.');
    expect(html).toContain('data-title="send.js"');
  });

  it("keeps satteri's error for a page the reference refuses too, or that the checks did not read", () => {
    const broken = '# Title\n\n<Note>\n\nunclosed\n';
    const facts = readPage(broken, { file: 'broken.mdx', parsers: nodePageParsers() });
    expect(facts.diagnostics.map((diagnostic) => diagnostic.code)).toContain('content/syntax');
    const result = renderPageHtml({ text: broken, facts });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ stage: 'compile', message: expect.stringMatching(/Note/) });
    // Facts without diagnostics (not read by the checks): the reference is not run.
    expect(renderPageHtml({ text: refusedBySatteri, facts: { frontmatter: undefined, headings: [] } }).ok).toBe(false);
  });

  it('sets no id on a heading the map does not name', () => {
    const result = renderPageHtml({
      text: '## One\n\n## Two\n',
      facts: { frontmatter: undefined, headings: [{ depth: 2, text: 'One', id: 'one', line: 1, column: 1, textLine: 0 }] },
    });
    expect(result.ok && result.html).toContain('<h2 id="one">One</h2>\n<h2>Two</h2>');
    expect(markdownHeadingIds([{ line: 3, id: 'x', element: 'Step' }]).size).toBe(0);
  });
});

describe('HTML written in a page', () => {
  it('has its style attribute made an object, as the platform does, instead of failing the page', () => {
    const text = '<div style="max-width: 50%; -ms-flex: 1; --gap: 2px; background: url(data:image/png;base64,AA) !important; color:">Hi</div>\n';
    const result = renderPageHtml({ text, facts: { frontmatter: undefined, headings: [] } });
    expect(result.ok && result.html).toContain('<div style="max-width:50%;-ms-flex:1;--gap:2px;background:url(data:image/png;base64,AA)">Hi</div>');
  });
});

describe('a page with React code of its own', () => {
  it("gets React's hooks for `import { useState } from 'react'`", () => {
    const text =
      "import { useState } from 'react'\n\nexport const Counter = () => {\n  const [count] = useState(3);\n  return <b>{count}</b>;\n};\n\n<Counter />\n";
    const result = renderPageHtml({ text, facts: { frontmatter: undefined, headings: [] } });
    expect(result.ok && result.html).toContain('<b>3</b>');
  });
});
