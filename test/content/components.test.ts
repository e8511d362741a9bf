import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_COMPONENTS,
  type PageJsxElement,
  componentAnchorIds,
  headingSlug,
  isHtmlElement,
  paramFieldId,
  titleMarkdownText,
} from '../../src/content/components.js';
import { cleanHeadingId } from '../../src/content/slug.js';
import { anchorKey, readPage } from '../../src/content/read-page.js';
import { expectedJson, fixtureCases, fixturePath } from '../helpers/fixtures.js';

const element = (name: string, attributes: Record<string, string | undefined>, inline = false): PageJsxElement => ({ name, attributes, inline });

// Each fixture's expected.json lists the ids that @mintlify/common 1.0.1211's own plugins
// (remarkParseTitleMarkdown, remarkComponentIds, remarkExtractTableOfContents, rehypeParamFieldIds)
// put on the page's block elements, read back with its COMPONENTS_WITHOUT_ID and
// COMPONENTS_WITH_CLEANED_ID: the platform's answer, computed once outside this repository.
// Quire's answer: readPage's heading ids (the elements the platform puts in the table of contents
// are headings there) and element ids, compared as anchors are (anchorKey on both sides: the
// platform's Update and Step clean their ids again when they render).
describe('element ids of fixture pages (readPage)', () => {
  for (const name of fixtureCases('content-anchors')) {
    it(name, () => {
      const facts = readPage(readFileSync(fixturePath('content-anchors', name, 'page.mdx'), 'utf8'), { file: 'page.mdx' });
      const ids = [...new Set([...facts.headings.map((heading) => heading.id), ...facts.ids].filter(Boolean).map(anchorKey))].sort();
      const expected = expectedJson(fixturePath('content-anchors', name, 'expected.json'), ids) as string[];
      expect(ids).toEqual([...new Set(expected.map(anchorKey))].sort());
    });
  }
});

describe('componentAnchorIds', () => {
  it('gives a field the id the platform renders: param-, the name decamelized, repeats suffixed _n', () => {
    expect(componentAnchorIds([element('ParamField', { body: 'userId' }), element('ParamField', { body: 'userId' })])).toEqual([
      'param-user-id',
      'param-user-id-1',
    ]);
    expect(paramFieldId('X-API-Key', 0)).toBe('param-x-api-key');
  });

  it('names a ParamField by query, then path, body, header, whatever the attribute order', () => {
    expect(componentAnchorIds([element('ParamField', { header: 'h', body: 'b', path: 'p' })])).toEqual(['param-p']);
  });

  it('keeps the explicit id of a field, and generated ids step around it', () => {
    expect(componentAnchorIds([element('ResponseField', { name: 'id' }), element('ResponseField', { name: 'other', id: 'param-id' })])).toEqual([
      'param-id-1',
      'param-id',
    ]);
  });

  it('gives inline fields and accordions no generated id (the platform only visits blocks)', () => {
    expect(
      componentAnchorIds([element('ParamField', { query: 'q' }, true), element('Accordion', { title: 'A' }, true), element('Tab', { title: 'T' }, true)]),
    ).toEqual([]);
  });

  it('keeps an explicit id on an inline HTML element: the browser renders it', () => {
    expect(componentAnchorIds([element('span', { id: 'here' }, true)])).toEqual(['here']);
  });

  it('ignores ids of components that do not render them', () => {
    expect(componentAnchorIds(['Card', 'Note', 'Tabs', 'Tooltip', 'Frame', 'Expandable', 'Steps'].map((name) => element(name, { id: `${name}-id` })))).toEqual(
      [],
    );
  });

  it('cleans the ids of Heading, Step and Update like heading ids', () => {
    expect(
      componentAnchorIds([
        element('Heading', { id: 'why?' }),
        element('Step', { id: 'ship-it!' }),
        element('Update', { id: '(draft)' }),
        element('div', { id: 'keep?' }),
      ]),
    ).toEqual(['why', 'ship-it', 'draft', 'keep?']);
  });

  it('an attribute present without a plain string value still counts as present', () => {
    // <Accordion title="A" id={dynamic}>: the platform leaves the title slug alone because an id exists.
    expect(componentAnchorIds([element('Accordion', { title: 'A', id: undefined })])).toEqual([]);
  });

  it('leaves Update and Step ids to the table of contents, but for a written id', () => {
    expect(
      componentAnchorIds([
        element('Update', { label: 'Setup' }),
        element('Step', { title: 'Setup', titleSize: 'h2' }),
        element('Step', { title: 'Setup', titleSize: 'p', id: 'own' }),
      ]),
    ).toEqual(['own']);
  });
});

describe('table of contents ids (readPage)', () => {
  const ids = (text: string) => readPage(text, { file: 'page.mdx' }).headings.map((heading) => [heading.element ?? 'md', heading.id, heading.toc ?? true]);

  it('numbers Update labels and anchored Step titles with the headings', () => {
    expect(
      ids(
        '<Update label="Setup">\n  x\n</Update>\n\n## Setup\n\n<Steps>\n  <Step title="Setup" titleSize="h2">\n    y\n  </Step>\n  <Step title="Setup" titleSize="p">\n    z\n  </Step>\n</Steps>\n',
      ),
    ).toEqual([
      ['Update', 'setup', true],
      ['md', 'setup-2', true],
      ['Step', 'setup-3', true],
    ]);
  });

  it('gives steps the titleSize of their Steps, through fragments, unless they set their own', () => {
    expect(
      ids(
        '<Steps titleSize="h3">\n  <Step title="Install">\n    a\n  </Step>\n  <>\n    <Step title="Run">\n      b\n    </Step>\n  </>\n  <Step title="Skip" titleSize="p">\n    c\n  </Step>\n</Steps>\n',
      ),
    ).toEqual([
      ['Step', 'install', true],
      ['Step', 'run', true],
    ]);
  });

  it('gives a Step with noAnchor no id', () => {
    expect(ids('<Step title="Setup" titleSize="h2" noAnchor>\n  a\n</Step>\n')).toEqual([]);
    expect(ids('<Step title="Setup" titleSize="h2" noAnchor="false">\n  a\n</Step>\n')).toEqual([['Step', 'setup', true]]);
  });

  it('keeps headings inside an Accordion out, with the slug they had before', () => {
    // remarkComponentIds numbers every Markdown heading first (setup, setup-2); the table of
    // contents then numbers only its own, from those slugs.
    expect(ids('<Accordion title="More">\n  ## Setup\n</Accordion>\n\n## Setup\n\n## Setup 2\n')).toEqual([
      ['md', 'setup', false],
      ['md', 'setup-2', true],
      ['md', 'setup-2-2', true],
    ]);
  });

  it('gives ##### headings and inline heading elements no id but a written one', () => {
    expect(ids('##### Deep\n\n###### Deeper {#deeper}\n\nText <h2>Inline</h2> text\n\n<h5 id="five">Five</h5>\n\n## Deep\n')).toEqual([
      ['md', '', false],
      ['md', 'deeper', false],
      ['h2', '', false],
      ['h5', 'five', false],
      ['md', 'deep', true],
    ]);
  });

  it('numbers slugs that clean to the same id together, as the platform cleans them first', () => {
    // `setup%3F` and `setup` are two slugs to the library's counter, one id once cleaned.
    expect(ids('## Setup?\n\n## Setup\n')).toEqual([
      ['md', 'setup', true],
      ['md', 'setup-2', true],
    ]);
  });

  it("makes single quotes in heading text curly, as the platform's typography does, but not in code", () => {
    expect(ids("## What's new?\n\n## 'Backend Connector'\n\n## The `it's` flag\n")).toEqual([
      ['md', 'what’s-new', true],
      ['md', '‘backend-connector’', true],
      ['md', 'the-its-flag', true],
    ]);
  });

  it('leaves a Visibility for agents out of the table of contents, not one for humans', () => {
    expect(ids('<Visibility for="agents">\n  ## Agents\n</Visibility>\n\n<Visibility for="humans">\n  ## Humans\n</Visibility>\n')).toEqual([
      ['md', 'agents', false],
      ['md', 'humans', true],
    ]);
  });
});

describe('slugs', () => {
  it('keeps percent escapes in heading slugs of titles that needed encoding', () => {
    expect(headingSlug('Python / Go')).toBe('python-%2F-go');
    expect(headingSlug('Node.js')).toBe('node-js');
    expect(headingSlug('C++')).toBe('c%2B%2B');
  });

  it('cleans heading ids, keeping a malformed escape as written', () => {
    expect(cleanHeadingId('caf%C3%A9')).toBe('café');
    expect(cleanHeadingId('100%1')).toBe('100%1');
    expect(cleanHeadingId('%E0%A4%A')).toBe('%E0%A4%A');
    expect(cleanHeadingId('launch-🚀')).toBe('launch-');
  });

  it('reads the visible text of a Markdown title', () => {
    expect(titleMarkdownText('**Install** the `cli` [now](/start)')).toBe('Install the cli now');
    expect(titleMarkdownText('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
});

// @mintlify/common 1.0.1211, dist/mdx/utils.js `allowedComponents`, its component names (the
// lowercase HTML names are covered by isHtmlElement).
const PLATFORM_ALLOWED_COMPONENTS = [
  'ApiPlayground',
  'Accordion',
  'AccordionGroup',
  'Badge',
  'Callout',
  'CodeGroup',
  'CodeBlock',
  'Color',
  'Color.Row',
  'Color.Item',
  'CustomCode',
  'CustomComponent',
  'DynamicCustomComponent',
  'Danger',
  'Tile',
  'Tree',
  'Tree.Folder',
  'Tree.File',
  'FileTree',
  'SnippetGroup',
  'Panel',
  'RequestExample',
  'ResponseExample',
  'Param',
  'ParamField',
  'Prompt',
  'Card',
  'CardGroup',
  'Columns',
  'Column',
  'Expandable',
  'Frame',
  'GitHub',
  'GitHub.Repo',
  'Github',
  'Github.Repo',
  'Heading',
  'Info',
  'Icon',
  'MDX',
  'Link',
  'MDXContentController',
  'ResponseField',
  'Warning',
  'Note',
  'Tip',
  'Check',
  'Tabs',
  'Tab',
  'Tooltip',
  'Latex',
  'Step',
  'Steps',
  'Update',
  'ZoomImage',
  'OptimizedVideo',
  'Mermaid',
  'Variation',
  'Visibility',
  'View',
];

describe('BUILT_IN_COMPONENTS', () => {
  it('holds every component the platform allows, and the legacy Snippet include', () => {
    expect([...BUILT_IN_COMPONENTS.keys()].filter((name) => !isHtmlElement(name)).sort()).toEqual([...PLATFORM_ALLOWED_COMPONENTS, 'Snippet'].sort());
  });

  it('does not hold names other platforms use', () => {
    for (const name of ['Image', 'Alert', 'Callouts', 'Cards', 'Folder', 'Tree.Leaf', 'Table', 'Video', 'Button'])
      expect(BUILT_IN_COMPONENTS.has(name), name).toBe(false);
  });

  // Each row: a component, the attribute its docs page marks required, and that page.
  it.each([
    ['Accordion', 'title', 'accordions'],
    ['Tab', 'title', 'tabs'],
    ['Tile', 'href', 'tiles'],
    ['Tooltip', 'tip', 'tooltips'],
    ['Update', 'label', 'update'],
    ['View', 'title', 'view'],
    ['Visibility', 'for', 'visibility'],
    ['Prompt', 'description', 'prompt'],
    ['Color', 'variant', 'color'],
    ['Color.Item', 'value', 'color'],
    ['Tree.Folder', 'name', 'tree'],
    ['Tree.File', 'name', 'tree'],
  ])('%s needs %s (%s)', (name, attribute, page) => {
    expect(BUILT_IN_COMPONENTS.get(name)?.required).toContain(attribute);
    expect(BUILT_IN_COMPONENTS.get(name)?.docs).toBe(`https://www.mintlify.com/docs/components/${page}`);
  });

  it('needs one of the parameter attributes on a ParamField, and icon or src on an Icon', () => {
    expect(BUILT_IN_COMPONENTS.get('ParamField')?.requiredOneOf).toEqual(['query', 'path', 'body', 'header', 'name']);
    expect(BUILT_IN_COMPONENTS.get('Param')?.requiredOneOf).toEqual(['query', 'path', 'body', 'header', 'name']);
    expect(BUILT_IN_COMPONENTS.get('Icon')?.requiredOneOf).toEqual(['icon', 'src']);
  });

  it('requires nothing of a Card (title optional in the docs and the component), a Step (renders its number and body) or a ResponseField (renders a row from its name or its type)', () => {
    expect(BUILT_IN_COMPONENTS.get('Card')?.required).toBeUndefined();
    expect(BUILT_IN_COMPONENTS.get('Step')?.required).toBeUndefined();
    expect(BUILT_IN_COMPONENTS.get('ResponseField')?.required).toBeUndefined();
    expect(BUILT_IN_COMPONENTS.get('ResponseField')?.requiredOneOf).toBeUndefined();
  });

  it('knows the link attributes the platform resolves, and the other documented ones', () => {
    // remarkResolveRelativeLinks resolves these four against the page's folder.
    expect(BUILT_IN_COMPONENTS.get('Card')?.links).toEqual(['href', 'img']);
    expect(BUILT_IN_COMPONENTS.get('a')?.links).toEqual(['href']);
    expect(BUILT_IN_COMPONENTS.get('img')?.links).toEqual(['src']);
    expect(BUILT_IN_COMPONENTS.get('source')?.links).toEqual(['src']);
    expect(BUILT_IN_COMPONENTS.get('Tile')?.links).toEqual(['href']);
    expect(BUILT_IN_COMPONENTS.get('Icon')?.links).toEqual(['src']);
    expect(BUILT_IN_COMPONENTS.get('video')?.links).toEqual(['src', 'poster']);
  });

  it('documents every non-internal component', () => {
    const internal = new Set([
      'CodeBlock',
      'ApiPlayground',
      'Latex',
      'Heading',
      'Link',
      'MDX',
      'MDXContentController',
      'CustomCode',
      'CustomComponent',
      'DynamicCustomComponent',
      'SnippetGroup',
      'Variation',
      'ZoomImage',
      'OptimizedVideo',
      'Snippet',
    ]);
    for (const [name, spec] of BUILT_IN_COMPONENTS)
      if (!isHtmlElement(name) && !internal.has(name)) expect(spec.docs, name).toMatch(/^https:\/\/www\.mintlify\.com\/docs\/components\/[a-z-]+$/);
  });
});

describe('isHtmlElement', () => {
  it('is true for lowercase names, false for components, dotted names and non-Latin names', () => {
    expect(['div', 'details', 'zapier-zap-templates', 'svg'].map(isHtmlElement)).toEqual([true, true, true, true]);
    expect(['Card', 'Tree.Folder', '요구사항', '_Private'].map(isHtmlElement)).toEqual([false, false, false, false]);
  });
});
