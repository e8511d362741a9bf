import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/read-page.js';
import { nodePageParsers } from '../../src/node/native-parser.js';

const linksOf = (text: string) => readPage(text, { file: 'page.mdx' }).links.map(({ url, line, column }) => `${line}:${column} ${url}`);

describe('readPage: where links are', () => {
  it('places a literal URL where it is written, also where GFM finds it only after parsing', () => {
    // After an unclosed `[` micromark leaves a URL as text, and mdast-util-gfm-autolink-literal
    // links it afterwards, without a position (ClickHouse's changelogs: "values in [0, 1).
    // (https://github.com/ClickHouse/ClickHouse/pull/43124)").
    const page = [
      '---',
      'title: T',
      '---',
      '',
      '* In [0, 1). (https://example.com/pull/1) ([someone](https://example.com/someone)).',
      '* Also [a (https://example.com/pull/2) and (https://example.com/pull/3), see www.example.org.',
      '',
      'Mail [x (team@example.com).',
    ].join('\n');
    expect(linksOf(page)).toEqual([
      '5:15 https://example.com/pull/1',
      '5:44 https://example.com/someone',
      '6:12 https://example.com/pull/2',
      '6:45 https://example.com/pull/3',
      '6:78 http://www.example.org',
      '8:10 mailto:team@example.com',
    ]);
  });

  it('counts CRLF line endings as one line break when placing them', () => {
    expect(linksOf('# T\r\n\r\nSee [0, 1) (https://example.com/a).\r\n\r\nAnd [ (https://example.com/b).\r\n')).toEqual([
      '3:13 https://example.com/a',
      '5:8 https://example.com/b',
    ]);
  });
});

describe('readPage: elements alone in their paragraph are blocks, as the platform compiles them', () => {
  // What the platform's own compile (@mintlify/common's getMdx, run on this page from bench/.cache)
  // makes of it: @mdx-js/mdx unravels a paragraph of JSX alone before the platform's steps, so the
  // `<Button>`s there are dropped (comments "Component Button does not exist"), the `<Other>` in a
  // sentence fails the page (`_missingMdxReference("Other")`), the `<h2>` gets the id
  // `heading-alone` and a place in the table of contents, and the `<ParamField>` the id `param-x`.
  const page = [
    '---',
    'title: T',
    '---',
    '',
    '<Button href="/a">Alone</Button>',
    '',
    '  <Button href="/b">Two</Button>',
    '  <Button href="/c">Buttons</Button>',
    '',
    'A sentence with <Other href="/d">inline</Other> in it.',
    '',
    '<h2>Heading alone</h2>',
    '',
    '<ParamField path="x" type="string">Desc</ParamField>',
    '',
  ].join('\n');

  for (const [reader, parsers] of [
    ['the reference', undefined],
    ['satteri', nodePageParsers()],
  ] as const) {
    it(`with ${reader}`, () => {
      const facts = readPage(page, { file: 'page.mdx', ...(parsers ? { parsers } : {}) });
      expect(facts.diagnostics.map(({ code, line, column }) => `${line}:${column} ${code}`)).toEqual([
        '5:1 content/dropped-component',
        '10:17 content/unknown-component',
      ]);
      expect(facts.headings.map(({ id, element, toc }) => ({ id, element, toc }))).toEqual([{ id: 'heading-alone', element: 'h2', toc: undefined }]);
      expect(facts.ids).toEqual(['param-x']);
    });
  }
});
