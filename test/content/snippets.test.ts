import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/content/read-page.js';
import { inSnippetFolder, snippetFiles } from '../../src/content/snippets.js';

describe('snippetFiles: the files the platform takes as snippets, not pages', () => {
  const files = {
    'index.mdx': [
      "import Intro from '/parts/Intro.mdx';",
      "import Part from './guides/part';",
      "import { Pill } from '/components/pill.jsx';",
      "import Card from 'some-package';",
      '',
      '<Intro />',
    ].join('\n'),
    'guides/part.mdx': 'Imported without its extension: the platform matches imports by the path as written.',
    'parts/intro.mdx': 'Imported by its path, in another case.',
    'components/pill.jsx': '',
    'snippets/a.mdx': 'In the root snippets folder, imported by no one.',
    '_Snippets/b.mdx': 'In the root _snippets folder, in another case.',
    'es/snippets/c.mdx': 'A folder named snippets, but not the root one: a page.',
    'guides/page.mdx': 'A page.',
  };
  const pages = new Map(
    Object.entries(files)
      .filter(([file]) => file.endsWith('.mdx'))
      .map(([file, text]) => [file, readPage(text, { file })]),
  );

  it('are those in the root snippet folders and those imported by their path', () => {
    expect([...snippetFiles(pages, Object.keys(files))].sort()).toEqual(['_Snippets/b.mdx', 'components/pill.jsx', 'parts/intro.mdx', 'snippets/a.mdx']);
  });

  it('by folder alone, only the root ones', () => {
    expect(['snippets/a.mdx', '_snippets/b.mdx', 'SNIPPETS/x.jsx', 'es/snippets/c.mdx', 'snippets.mdx', 'my_snippets/a.mdx'].map(inSnippetFolder)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
