import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/read-page.js';

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
