import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/index.js';
import { nodePageParsers } from '../../src/node/native-parser.js';
import { CLIENT_SCRIPT, clientFeatures, fenceLanguages, katexAssets, parseCodeMeta, prepareRender, renderPageHtml } from '../../src/render/index.js';

// One page that uses every built-in component of docs/components.md with its documented props.
const file = 'fixtures/render/components/page.mdx';
const text = readFileSync(file, 'utf8');
const facts = readPage(text, { file, parsers: nodePageParsers() });
let html = '';

/** The part of the page that starts at the first match of `start`, `length` characters long. */
function at(start: string, length = 600): string {
  const index = html.indexOf(start);
  expect(index, `${start} is in the page`).toBeGreaterThanOrEqual(0);
  return html.slice(index, index + length);
}

beforeAll(async () => {
  expect(await prepareRender({ pages: [text] })).toEqual({ highlighting: true, math: true, icons: true });
  const result = renderPageHtml({ text, facts });
  if (!result.ok) throw new Error(result.error.message);
  html = result.html.slice(result.html.indexOf('<body>'));
});

describe('the built-in components, with their props', () => {
  it('draws no placeholder and reports nothing on the fixture', () => {
    expect(facts.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([]);
    expect(html).not.toContain('data-component=');
  });

  it('draws each callout with its icon, and Callout with its own icon and colour', () => {
    for (const [kind, icon] of [
      ['note', 'info'],
      ['warning', 'triangle-alert'],
      ['info', 'circle-info'],
      ['tip', 'lightbulb'],
      ['check', 'check'],
      ['danger', 'octagon-alert'],
    ])
      expect(at(`<div class="callout callout-${kind}"`, 200)).toContain(`data-icon="${icon}"`);
    expect(at('<div class="callout callout-callout"', 200)).toMatch(
      /style="--callout-color:#9333ea"><div class="callout-icon"><svg class="quire-icon" data-icon="rocket"/,
    );
  });

  it('draws cards: icon, link, external arrow, horizontal, image, call to action, arrow={false}', () => {
    expect(at('<div class="columns columns-3" style="--columns:3">', 300)).toContain(
      '<a class="card card-link" href="/quickstart"><div class="card-content"><div class="card-icon">',
    );
    const external = at('<a class="card card-link" href="https://github.com/example/repo" target="_blank" rel="noreferrer">', 2000);
    expect(external).toContain('<span class="card-arrow" aria-hidden="true">');
    expect(at('<div class="card card-horizontal">', 100)).toBeTruthy();
    expect(at('<a class="card card-link" href="/guide"><img class="card-img" src="https://example.com/cover.png" alt=""/>', 2000)).toContain(
      '<div class="card-cta">Read the guide<!-- --> <svg class="quire-icon" data-icon="arrow-right"',
    );
    expect(at('<a class="card card-link" href="https://example.com"', 400)).not.toContain('card-arrow');
  });

  it('numbers steps, gives an icon step its icon, and a titleSize step the id of the table of contents', () => {
    const steps = at('<div class="steps" role="list">', 20000);
    expect(steps).toMatch(
      /^<div class="steps" role="list"><div class="step" role="listitem"><div class="step-marker">1<\/div><div class="step-content"><p class="step-title">Install<\/p>/,
    );
    expect(steps).toContain('<div class="step-marker">2</div><div class="step-content"><h3 class="step-title" id="validate">Validate</h3>');
    expect(facts.headings.find((heading) => heading.element === 'Step')?.id).toBe('validate');
    expect(steps).toMatch(/<div class="step-marker" aria-hidden="true"><svg class="quire-icon" data-icon="rocket"[^]*?<p class="step-title">Ship<\/p>/);
  });

  it('renders every tab panel, the first shown, with the ids the anchor check gives tabs', () => {
    const tabs = at('<div class="tabs" data-quire-tabs="">', 3000);
    expect(tabs).toContain('<button type="button" role="tab" class="tab" id="npm" aria-selected="true" data-quire-tab="0" tabindex="0">npm</button>');
    expect(tabs).toMatch(/id="pnpm" aria-selected="false" data-quire-tab="1" tabindex="-1"><svg class="quire-icon" data-icon="box"/);
    expect(tabs).toContain('id="npm-2" aria-selected="false" data-quire-tab="2"');
    expect(tabs).toContain('<div class="tab-panel" role="tabpanel" data-quire-panel="0"><p>Install with npm.</p></div>');
    expect(tabs).toContain('<div class="tab-panel" role="tabpanel" data-quire-panel="2" hidden=""><p>A second tab with the same title.</p></div>');
  });

  it('draws accordions as <details> (defaultOpen, icon, description), with numbered title ids', () => {
    expect(at('<div class="accordion-group">', 100)).toContain('<details class="accordion" id="what-is-quire" open="">');
    expect(at('<details class="accordion" id="step-1-install">', 900)).toContain('<span class="accordion-description">Two minutes</span>');
    expect(at('<details class="accordion" id="what-is-quire-1">', 60)).not.toContain('open=');
  });

  it('gives every element the id the anchor check accepts (facts.ids), numbered as the platform does', () => {
    expect(facts.ids).toEqual(expect.arrayContaining(['param-user-id', 'param-user-1', 'what-is-quire-1', 'npm-2', 'javascript']));
    for (const id of facts.ids) expect(html, id).toContain(`id="${id}"`);
    for (const heading of facts.headings) expect(html, heading.id).toContain(`id="${heading.id}"`);
  });

  it('highlights code with shiki, coloured by CSS variables for both modes: title, line highlights, line numbers, wrap, copy button', () => {
    const block = at('<div class="code-block" data-title="src/app.ts">', 6000).split('</pre>')[0] as string;
    expect(block).toContain('<div class="code-header"><span class="code-title">src/app.ts</span><button type="button" class="copy-button" data-quire-copy=""');
    expect(block).toContain(
      '<pre class="quire-code shiki has-line-numbers has-highlights" data-language="ts" tabindex="0"><code><span class="line" data-line="1">',
    );
    expect(block).toContain('<span style="color:var(--shiki-token-keyword)">import</span>');
    expect(block).toContain(
      '<span style="color:var(--shiki-token-keyword)">from</span> <span style="color:var(--shiki-token-string-expression)">&#x27;node:fs/promises&#x27;</span>',
    );
    expect(block).toContain('<span style="color:var(--shiki-token-comment)">// Parse it.</span>');
    expect([...block.matchAll(/data-line="(\d)"( data-highlighted="")?/g)].map((match) => `${match[1]}${match[2] ? '*' : ''}`)).toEqual([
      '1',
      '2*',
      '3',
      '4*',
      '5*',
    ]);
    expect(html).toContain('<pre class="quire-code shiki wrap" data-language="python"');
  });

  it('draws code groups and API examples as tabs named by the fences', () => {
    const group = at('<div class="code-group" data-quire-tabs="">', 3000);
    expect(group).toMatch(
      /data-quire-tab="0" tabindex="0">npm<\/button><button [^>]*data-quire-tab="1" tabindex="-1">pnpm<\/button><\/div><button type="button" class="copy-button"/,
    );
    expect(group).toContain(
      '<div class="tab-panel" role="tabpanel" data-quire-panel="1" hidden=""><div class="code-block code-block-bare" data-title="pnpm"><pre class="quire-code shiki"',
    );
    expect(at('<div class="api-example request-example" data-quire-example="request">', 400)).toContain('>cURL</button>');
    expect(at('<div class="api-example response-example" data-quire-example="response">', 400)).toContain('>200</button>');
  });

  it('draws fields: name linking to its anchor, type, location, required, default, deprecated, nested in an expandable', () => {
    expect(html).toContain(
      '<div class="field param-field" id="param-user-id"><div class="field-head"><a class="field-name" href="#param-user-id">userId</a><span class="field-type">string</span><span class="field-location">path</span><span class="field-required">required</span></div>',
    );
    expect(at('<div class="field param-field" id="param-limit">', 400)).toContain('<div class="field-default">Default: <code>20</code></div>');
    expect(at('<div class="field param-field field-deprecated" id="param-x-old">', 400)).toContain('<span class="field-deprecated-label">deprecated</span>');
    const user = at('<div class="field response-field" id="param-user">', 3000);
    expect(user).toContain('<details class="expandable"><summary>');
    expect(user).toContain('<span class="expandable-show">Show properties</span>');
    expect(user).toContain('<div class="field response-field" id="param-name">');
    expect(user).toContain('<div class="field-default">Default: <code>Ada</code></div>');
  });

  it('draws frames, badges, tooltips and icons (inline SVG, an image, or a neutral dot)', () => {
    expect(html).toContain(
      '<figure class="frame"><div class="frame-content"><img src="https://example.com/dashboard.png" alt="Dashboard"/></div><figcaption class="frame-caption">The dashboard, in light mode</figcaption></figure>',
    );
    expect(html).toContain('<span class="badge badge-green badge-md badge-pill">Stable</span>');
    expect(html).toMatch(/<span class="badge badge-orange badge-sm badge-stroke"><svg class="quire-icon" data-icon="code-branch"[^]*?<\/svg>beta<\/span>/);
    expect(html).toContain(
      '<span class="tooltip" tabindex="0"><span class="tooltip-trigger">term with a tooltip</span><span class="tooltip-content" role="tooltip"><span class="tooltip-headline">API</span><span class="tooltip-tip">Application programming interface</span><a class="tooltip-cta" href="/api">Read more</a></span></span>',
    );
    expect(html).toMatch(
      /<svg class="quire-icon" data-icon="circle-check" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" style="color:#16a34a">/,
    );
    expect(html).toContain('<span class="quire-icon quire-icon-unknown" data-icon="not-an-icon" role="img" aria-label="not-an-icon"></span>');
    expect(html).toMatch(
      /<svg class="quire-icon" data-icon="python" viewBox="0 0 640 640" width="1em" height="1em" aria-hidden="true" style="width:20px;height:20px">/,
    );
  });

  it('typesets math with KaTeX: inline, display, and <Latex>', () => {
    expect(html).toMatch(/<span class="math math-inline"><span class="katex"><span class="katex-mathml"><math [^>]*><semantics><mrow><mi>E<\/mi>/);
    expect(html).toMatch(
      /<div class="math math-display"><span class="katex-display">[^]*?<annotation encoding="application\/x-tex">\\int_0\^1 x\^2 \\, dx = \\frac\{1\}\{3\}<\/annotation>/,
    );
    expect(html).toContain('<annotation encoding="application/x-tex">\\sqrt{a^2 + b^2}</annotation>');
  });

  it('leaves Mermaid diagrams to the browser, marked for the layout', () => {
    expect(html).toContain('<pre class="mermaid" data-quire-mermaid="">graph TD\n  A[Page] --&gt; B[HTML]</pre>');
    expect(clientFeatures(html)).toEqual({ tabs: true, copy: true, views: true, samples: false, mermaid: true, math: true });
    expect(clientFeatures('<p>plain</p>')).toEqual({ tabs: false, copy: false, views: false, samples: false, mermaid: false, math: false });
  });

  it('draws updates with the id of the table of contents, tags as badges', () => {
    expect(facts.headings.find((heading) => heading.element === 'Update')?.id).toBe('v1-2-0');
    expect(html).toContain(
      '<div class="update" id="v1-2-0"><div class="update-meta"><div class="update-label">v1.2.0</div><div class="update-description">June 2026</div><div class="update-tags"><span class="badge badge-gray badge-sm">Feature</span><span class="badge badge-gray badge-sm">Fix</span></div></div>',
    );
  });

  it('draws trees (folders as <details>, open with defaultOpen, highlighted files), colours, prompts', () => {
    const tree = at('<div class="tree" role="tree">', 4000);
    expect(tree).toMatch(
      /^<div class="tree" role="tree"><ul><li class="tree-folder" role="treeitem"><details open=""><summary class="tree-label"><svg[^]*?<span>docs<\/span>/,
    );
    expect(tree).toMatch(/<li class="tree-folder" role="treeitem"><details><summary class="tree-label"><svg[^]*?<span>guides<\/span>/);
    expect(tree).toContain('<li class="tree-file tree-highlighted" role="treeitem">');
    expect(html).toContain(
      '<div class="colors colors-compact"><button type="button" class="color-item" data-quire-copy-text="#0d9373" title="Copy #0d9373"><span class="color-swatch" style="background:#0d9373"></span><span class="color-name">primary</span><code class="color-value">#0d9373</code></button>',
    );
    expect(html).toContain('<div class="colors colors-table"><div class="color-row"><div class="color-row-title">Brand</div><div class="color-row-items">');
    const prompt = at('<div class="prompt">', 3000);
    expect(prompt).toContain('<span class="prompt-description">Write clear docs</span>');
    expect(prompt).toContain(`href="cursor://anysphere.cursor-deeplink/prompt?text=${encodeURIComponent('You are a technical writer. Be concise.')}"`);
    expect(prompt).toContain('<div class="prompt-body" data-quire-copy-source=""><p>You are a <strong>technical writer</strong>. Be concise.</p></div>');
  });

  it('renders views under their titles, and Visibility for humans only', () => {
    expect(html).toMatch(/<section class="view" id="javascript" data-quire-view="JavaScript"><div class="view-title"><svg class="quire-icon" data-icon="js"/);
    expect(html).toContain('<section class="view" id="python" data-quire-view="Python">');
    expect(html).toContain('<div class="visibility">Shown to readers.</div>');
    expect(html).not.toContain('Only for agents');
  });

  it('draws tiles, panels and GitHub repositories', () => {
    expect(html).toMatch(
      /<a class="tile" href="\/components\/accordions"><div class="tile-preview"><svg class="quire-icon" data-icon="layers"[^]*?<div class="tile-title">Accordion<\/div><div class="tile-description">Two variants<\/div><\/a>/,
    );
    expect(html).toContain('<aside class="panel" data-quire-panel="">Side content.</aside>');
    expect(html).toContain('<a class="card card-link card-horizontal github-repo" href="https://github.com/example/quire" target="_blank" rel="noreferrer">');
  });
});

describe('ids of components written inside a sentence', () => {
  it('gives none, as the platform: the block after keeps the first number', () => {
    const page =
      'Set <ParamField query="limit">inline</ParamField> here, and <Accordion title="FAQ">x</Accordion>.\n\n<ParamField query="limit" type="integer">\n  block\n</ParamField>\n\n<Accordion title="FAQ">\n  y\n</Accordion>\n';
    const pageFacts = readPage(page, { file: 'inline.mdx', parsers: nodePageParsers() });
    expect(pageFacts.ids).toEqual(['param-limit', 'faq']);
    const result = renderPageHtml({ text: page, facts: pageFacts });
    const body = result.ok ? result.html.slice(result.html.indexOf('<body>')) : '';
    expect([...body.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])).toEqual(['param-limit', 'faq']);
    expect(body).toContain(
      '<p>Set <span class="field param-field"><span class="field-head"><span class="field-name">limit</span><span class="field-location">query</span></span><span class="field-body">inline</span></span> here',
    );
    expect(body).not.toContain('data-quire-inline');
  });
});

describe('code fences', () => {
  it('reads titles, highlights, focus, line numbers and wrap from the meta', () => {
    expect(parseCodeMeta('title="a.js" {1,3-4} lines wrap')).toEqual({
      title: 'a.js',
      highlight: new Set([1, 3, 4]),
      focus: new Set(),
      lines: true,
      wrap: true,
      expandable: false,
    });
    expect(parseCodeMeta('npm install {2}').title).toBe('npm install');
    expect(parseCodeMeta('Example theme={null}').title).toBe('Example');
    expect(parseCodeMeta('highlight={1-2} focus={3}')).toMatchObject({ highlight: new Set([1, 2]), focus: new Set([3]) });
    expect(parseCodeMeta('highlight={1-2}').title).toBeUndefined();
    expect(parseCodeMeta(undefined)).toEqual({ highlight: new Set(), focus: new Set(), lines: false, wrap: false, expandable: false });
  });

  it('lists the languages a page uses, so that prepareRender loads them first', () => {
    expect([...fenceLanguages('```ts a.ts\nx\n```\n\n  ~~~py\ny\n~~~\n> ```Bash\n')]).toEqual(['ts', 'py', 'bash']);
  });

  it('draws a language shiki does not know, and one before it is loaded, as plain text', () => {
    const result = renderPageHtml({ text: '```notalanguage\n<x>\n```\n', facts: { frontmatter: undefined, headings: [] } });
    expect(result.ok && result.html).toContain(
      '<pre class="quire-code plain" data-language="notalanguage" tabindex="0"><code><span class="line" data-line="1">&lt;x&gt;</span></code></pre>',
    );
  });

  it('loads a language on demand', async () => {
    const page = '```elixir\ndefmodule A do end\n```\n';
    await prepareRender({ pages: [page] });
    const result = renderPageHtml({ text: page, facts: { frontmatter: undefined, headings: [] } });
    expect(result.ok && result.html).toContain('<pre class="quire-code shiki" data-language="elixir"');
  });
});

describe('assets for the layout', () => {
  it("gives KaTeX's stylesheet and fonts, and a client script that parses", () => {
    const assets = katexAssets(createRequire(import.meta.url).resolve);
    expect(assets?.css).toMatch(/katex\/dist\/katex\.min\.css$/);
    expect(readFileSync(assets!.css, 'utf8')).toContain('url(fonts/KaTeX_Main-Regular.woff2)');
    expect(
      katexAssets(() => {
        throw new Error('not installed');
      }),
    ).toBeUndefined();
    expect(() => new Function(CLIENT_SCRIPT)).not.toThrow();
    expect(CLIENT_SCRIPT.length).toBeLessThan(4000);
  });
});

describe('an icon given as an object', () => {
  it("draws docs.json's `{ name, style }` by its name, an element as it is, and nothing for any other object", async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { Icon } = await import('../../src/render/icons.js');
    // Unstructured-IO's global anchors: the object form threw "Objects are not valid as a React child" on every page.
    expect(renderToString(createElement(Icon, { icon: { name: 'rocket', style: 'thin' } }))).toContain('data-icon="rocket"');
    expect(renderToString(createElement(Icon, { icon: createElement('svg', { id: 'own' }) }))).toBe('<svg id="own"></svg>');
    expect(renderToString(createElement(Icon, { icon: { size: 3 } }))).toBe('');
  });
});
