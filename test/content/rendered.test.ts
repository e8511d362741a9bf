import { describe, expect, it } from 'vitest';
import { readPage, type PageFacts } from '../../src/content/read-page.js';
import { renderedPage } from '../../src/content/rendered.js';

/** Facts of each file, read from its text, as `loadSite` gives them. */
function site(files: Record<string, string>): Map<string, PageFacts> {
  return new Map(Object.entries(files).map(([file, text]) => [file, readPage(text, { file })]));
}

const ids = (result: ReturnType<typeof renderedPage>) => result?.headings.map((heading) => `${heading.file} ${heading.depth} ${heading.id}`);

describe('readPage: where snippets are rendered', () => {
  it('records where the default export is used, each time, and nothing for named imports or unused ones', () => {
    const facts = readPage(
      [
        "import Setup from '/snippets/setup.mdx';",
        "import { Pill } from '/snippets/widgets.mdx';",
        "import Unused from '/snippets/unused.mdx';",
        '',
        '<Setup />',
        '',
        'Text <Pill>new</Pill> and <Setup /> inline.',
      ].join('\n'),
      { file: 'page.mdx' },
    );
    expect(facts.imports.map((item) => [item.source, item.rendered ?? null])).toEqual([
      // `textLine`: the snippet's text goes before the page's text line 0 ("Text and inline.", cut at the use) and before line 1 ("inline.").
      [
        '/snippets/setup.mdx',
        [
          { line: 5, column: 1, textLine: 0 },
          { line: 7, column: 27, textLine: 1 },
        ],
      ],
      ['/snippets/widgets.mdx', null],
      ['/snippets/unused.mdx', null],
    ]);
  });

  it('keeps the ids the author wrote, and numbers them with the others', () => {
    const facts = readPage(['## One {#first}', '', '<h2 id="second">Two</h2>', '', '## Three', '', '## First', '', '## Again {#three}'].join('\n'), {
      file: 'page.mdx',
    });
    expect(facts.headings.map((heading) => [heading.id, heading.custom ?? null])).toEqual([
      ['first', 'first'],
      ['second', 'second'],
      ['three', null],
      ['first-2', null],
      ['three-2', 'three'],
    ]);
  });
});

describe('renderedPage', () => {
  it('leaves a snippet rendered inside an Accordion out of the table of contents, and numbers its headings all the same', () => {
    const pages = site({
      'guide.mdx': [
        "import Setup from '/snippets/setup.mdx';",
        '',
        '<Accordion title="More">',
        '  <Setup />',
        '</Accordion>',
        '',
        '<Setup />',
        '',
        '## Install',
      ].join('\n'),
      'snippets/setup.mdx': '## Install\n',
    });
    expect(pages.get('guide.mdx')?.imports[0]?.rendered).toEqual([
      { line: 4, column: 3, toc: false, textLine: 0 },
      { line: 7, column: 1, textLine: 0 },
    ]);
    expect(renderedPage('guide.mdx', pages)?.headings.map((heading) => [heading.file, heading.id, heading.toc ?? true])).toEqual([
      // The platform slugs every Markdown heading first (install, install-2, install-3); the table
      // of contents then numbers its own from those.
      ['snippets/setup.mdx', 'install', false],
      ['snippets/setup.mdx', 'install-2', true],
      ['guide.mdx', 'install-3', true],
    ]);
  });

  const snippet = ['## Install', '', "import Nested from '/snippets/nested.mdx';", '', '<Nested />'].join('\n');

  it('puts the headings of rendered snippets in their place and numbers ids over the whole page', () => {
    const pages = site({
      'guide.mdx': [
        "import Setup from '/snippets/setup.mdx';",
        '',
        '## Install',
        '',
        '<Setup />',
        '',
        '## Install {#again}',
        '',
        '<Setup />',
        '',
        '## Install',
      ].join('\n'),
      'snippets/setup.mdx': snippet,
      'snippets/nested.mdx': '### Check',
    });
    const result = renderedPage('guide.mdx', pages);
    expect(ids(result)).toEqual([
      'guide.mdx 2 install',
      'snippets/setup.mdx 2 install-2',
      'snippets/nested.mdx 3 check',
      'guide.mdx 2 again',
      'snippets/setup.mdx 2 install-3',
      'snippets/nested.mdx 3 check-2',
      'guide.mdx 2 install-4',
    ]);
    expect(result?.snippets).toEqual(['snippets/setup.mdx', 'snippets/nested.mdx']);
    expect(result?.complete).toBe(true);
    // The facts themselves are left as read.
    expect(pages.get('snippets/setup.mdx')?.headings.map((heading) => heading.id)).toEqual(['install']);
  });

  it('resolves imports relative to the importing file, without extension too', () => {
    const pages = site({ 'guides/a.mdx': "import Part from './parts/part';\n\n# A\n\n<Part />", 'guides/parts/part.mdx': '## Part' });
    expect(ids(renderedPage('guides/a.mdx', pages))).toEqual(['guides/a.mdx 1 a', 'guides/parts/part.mdx 2 part']);
  });

  it('gives no ids on a page of mode custom, the snippets included', () => {
    const pages = site({
      'landing.mdx': "---\nmode: custom\n---\nimport Setup from '/snippets/setup.mdx';\n\n## Hello\n\n<Setup />",
      'snippets/setup.mdx': snippet,
      'snippets/nested.mdx': '### Check',
    });
    expect(renderedPage('landing.mdx', pages)?.headings.map((heading) => heading.id)).toEqual(['', '', '']);
  });

  it('renders a snippet that renders itself once, and says when a snippet was not read', () => {
    const pages = site({
      'page.mdx': "import Loop from '/snippets/loop.mdx';\nimport Broken from '/snippets/broken.mdx';\n\n<Loop />\n\n<Broken />",
      'snippets/loop.mdx': "import Loop from '/snippets/loop.mdx';\n\n## Loop\n\n<Loop />",
      'snippets/broken.mdx': '## Broken\n\n<Note>unclosed',
    });
    const result = renderedPage('page.mdx', pages);
    expect(ids(result)).toEqual(['snippets/loop.mdx 2 loop']);
    expect(result?.complete).toBe(false);
    expect(renderedPage('missing.mdx', pages)).toBeUndefined();
  });

  it('puts the text of rendered snippets where they are used, each time, and counts their words', () => {
    const pages = site({
      'guide.mdx': [
        "import Setup from '/snippets/setup.mdx';",
        "import Widget from '/snippets/widget.jsx';",
        '',
        'First the setup:',
        '',
        '<Setup />',
        '',
        'Then once more, <Setup /> inline, and a <Widget />.',
        '',
        '## Done',
      ].join('\n'),
      'snippets/setup.mdx': snippet,
      'snippets/nested.mdx': 'Check the **version**.',
    });
    const result = renderedPage('guide.mdx', pages);
    expect(result?.text.split('\n')).toEqual([
      'First the setup:',
      'Install',
      'Check the version.',
      'Then once more,',
      'Install',
      'Check the version.',
      'inline, and a .',
      'Done',
    ]);
    expect(result?.words).toBe(3 + 2 * (1 + 3) + 3 + 3 + 1);
    // The facts themselves keep the page's own text.
    expect(pages.get('guide.mdx')?.text).toBe('First the setup:\nThen once more,\ninline, and a .\nDone');
  });

  it('leaves out the text of a snippet that renders itself again or was not read', () => {
    const pages = site({
      'page.mdx': "import Loop from '/snippets/loop.mdx';\nimport Broken from '/snippets/broken.mdx';\n\nBefore.\n\n<Loop />\n\n<Broken />\n\nAfter.",
      'snippets/loop.mdx': "import Loop from '/snippets/loop.mdx';\n\nLooping.\n\n<Loop />",
      'snippets/broken.mdx': 'Broken.\n\n<Note>unclosed',
    });
    expect(renderedPage('page.mdx', pages)?.text).toBe('Before.\nLooping.\nAfter.');
  });

  it('leaves the ids of a page that renders no snippet as read', () => {
    const pages = site({
      'page.mdx': "import { Pill } from '/snippets/widgets.mdx';\n\n## A\n\n## A\n\n<Pill />",
      'snippets/widgets.mdx': 'export const Pill = () => <span />;',
    });
    expect(ids(renderedPage('page.mdx', pages))).toEqual(['page.mdx 2 a', 'page.mdx 2 a-2']);
  });
});
