import { describe, expect, it } from 'vitest';
import { SEARCH_SCRIPT, SEARCH_TEXT_CHARACTERS, searchEntries } from '../../src/render/search.js';

describe('the search index of a rendered site', () => {
  it('has one entry per section, landing on its heading, with the page title; unpublished pages and empty leads are left out', () => {
    const entries = searchEntries(
      {
        format: 'quire-search',
        version: 5,
        pages: [
          {
            href: '/quickstart',
            sections: [
              { text: '' },
              { id: 'install', heading: 'Install', depth: 2, text: 'Run npm install.' },
              { id: 'configure', heading: 'Configure', depth: 2, text: 'x'.repeat(SEARCH_TEXT_CHARACTERS + 10) },
            ],
          },
          { href: '/intro', sections: [{ text: 'Welcome to the docs.' }] },
          { href: '/draft', sections: [{ text: 'Not in the site.' }] },
        ],
      },
      new Map([
        ['/quickstart', 'Quickstart'],
        ['/intro', 'Introduction'],
      ]),
    );
    expect(entries.map((entry) => [entry.url, entry.page, entry.heading ?? null, entry.text.length])).toEqual([
      ['/quickstart#install', 'Quickstart', 'Install', 16],
      ['/quickstart#configure', 'Quickstart', 'Configure', SEARCH_TEXT_CHARACTERS],
      ['/intro', 'Introduction', null, 20],
    ]);
  });

  it('ships a script that parses', () => {
    expect(() => new Function(SEARCH_SCRIPT)).not.toThrow();
  });
});
