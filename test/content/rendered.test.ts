import { describe, expect, it } from 'vitest';
import { readPage, type PageFacts } from '../../src/content/read-page.js';
import { renderedHeadings } from '../../src/content/rendered.js';

/** Facts of each file, read from its text, as `loadSite` gives them. */
function site(files: Record<string, string>): Map<string, PageFacts> {
  return new Map(Object.entries(files).map(([file, text]) => [file, readPage(text, { file })]));
}

const ids = (result: ReturnType<typeof renderedHeadings>) => result?.headings.map((heading) => `${heading.file} ${heading.depth} ${heading.id}`);

describe('readPage: where snippets are rendered', () => {
  it('records where the default export is used, each time, and nothing for named imports or unused ones', () => {
    const facts = readPage(["import Setup from '/snippets/setup.mdx';", "import { Pill } from '/snippets/widgets.mdx';", "import Unused from '/snippets/unused.mdx';", '', '<Setup />', '', 'Text <Pill>new</Pill> and <Setup /> inline.'].join('\n'), { file: 'page.mdx' });
    expect(facts.imports.map((item) => [item.source, item.rendered ?? null])).toEqual([
      ['/snippets/setup.mdx', [{ line: 5, column: 1 }, { line: 7, column: 27 }]],
      ['/snippets/widgets.mdx', null],
      ['/snippets/unused.mdx', null],
    ]);
  });

  it('keeps the ids the author wrote, and numbers them with the others', () => {
    const facts = readPage(['## One {#first}', '', '<h2 id="second">Two</h2>', '', '## Three', '', '## First', '', '## Again {#three}'].join('\n'), { file: 'page.mdx' });
    expect(facts.headings.map((heading) => [heading.id, heading.custom ?? null])).toEqual([
      ['first', 'first'],
      ['second', 'second'],
      ['three', null],
      ['first-2', null],
      ['three-2', 'three'],
    ]);
  });
});

describe('renderedHeadings', () => {
  it('leaves a snippet rendered inside an Accordion out of the table of contents, and numbers its headings all the same', () => {
    const pages = site({
      'guide.mdx': ["import Setup from '/snippets/setup.mdx';", '', '<Accordion title="More">', '  <Setup />', '</Accordion>', '', '<Setup />', '', '## Install'].join('\n'),
      'snippets/setup.mdx': '## Install\n',
    });
    expect(pages.get('guide.mdx')?.imports[0]?.rendered).toEqual([{ line: 4, column: 3, toc: false }, { line: 7, column: 1 }]);
    expect(renderedHeadings('guide.mdx', pages)?.headings.map((heading) => [heading.file, heading.id, heading.toc ?? true])).toEqual([
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
      'guide.mdx': ["import Setup from '/snippets/setup.mdx';", '', '## Install', '', '<Setup />', '', '## Install {#again}', '', '<Setup />', '', '## Install'].join('\n'),
      'snippets/setup.mdx': snippet,
      'snippets/nested.mdx': '### Check',
    });
    const result = renderedHeadings('guide.mdx', pages);
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
    expect(ids(renderedHeadings('guides/a.mdx', pages))).toEqual(['guides/a.mdx 1 a', 'guides/parts/part.mdx 2 part']);
  });

  it('gives no ids on a page of mode custom, the snippets included', () => {
    const pages = site({ 'landing.mdx': "---\nmode: custom\n---\nimport Setup from '/snippets/setup.mdx';\n\n## Hello\n\n<Setup />", 'snippets/setup.mdx': snippet, 'snippets/nested.mdx': '### Check' });
    expect(renderedHeadings('landing.mdx', pages)?.headings.map((heading) => heading.id)).toEqual(['', '', '']);
  });

  it('renders a snippet that renders itself once, and says when a snippet was not read', () => {
    const pages = site({
      'page.mdx': "import Loop from '/snippets/loop.mdx';\nimport Broken from '/snippets/broken.mdx';\n\n<Loop />\n\n<Broken />",
      'snippets/loop.mdx': "import Loop from '/snippets/loop.mdx';\n\n## Loop\n\n<Loop />",
      'snippets/broken.mdx': '## Broken\n\n<Note>unclosed',
    });
    const result = renderedHeadings('page.mdx', pages);
    expect(ids(result)).toEqual(['snippets/loop.mdx 2 loop']);
    expect(result?.complete).toBe(false);
    expect(renderedHeadings('missing.mdx', pages)).toBeUndefined();
  });

  it('leaves the ids of a page that renders no snippet as read', () => {
    const pages = site({ 'page.mdx': "import { Pill } from '/snippets/widgets.mdx';\n\n## A\n\n## A\n\n<Pill />", 'snippets/widgets.mdx': 'export const Pill = () => <span />;' });
    expect(ids(renderedHeadings('page.mdx', pages))).toEqual(['page.mdx 2 a', 'page.mdx 2 a-2']);
  });
});
