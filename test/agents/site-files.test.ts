import { describe, expect, it } from 'vitest';
import { markdownFileOf, siteUrlsIn } from '../../src/agents/site-files.js';

describe('siteUrlsIn', () => {
  const llms = [
    '# Site',
    '',
    '- [Setup](https://docs.example.com/guides/setup.md): See [the API](/api/users) and [elsewhere](https://other.example/x).',
    '- [Home](https://docs.example.com/index.md)',
    '',
    'Read [the blog](/blog/post) too.',
  ].join('\n');

  it('gives the paths into the site that a llms.txt or sitemap names, the site URL taken off, links elsewhere left out', () => {
    expect(siteUrlsIn(llms, { siteUrl: 'https://docs.example.com' })).toEqual(['/guides/setup.md', '/api/users', '/index.md', '/blog/post']);
    expect(siteUrlsIn('<urlset><url><loc>https://docs.example.com/a&amp;b</loc></url></urlset>', { siteUrl: 'https://docs.example.com' })).toEqual(['/a&b']);
    expect(siteUrlsIn('- [A](/docs/a.md)', { base: '/docs/' })).toEqual(['/a.md']);
  });

  it('with `listed`, only the link each item of a list starts with: the descriptions are the authors’ text', () => {
    expect(siteUrlsIn(llms, { siteUrl: 'https://docs.example.com', listed: true })).toEqual(['/guides/setup.md', '/index.md']);
  });
});

describe('markdownFileOf', () => {
  it('is index.md for the root, the path with .md for a page, and nothing for a path no file can have', () => {
    expect([markdownFileOf('/'), markdownFileOf('/guides/setup/'), markdownFileOf('/caf%C3%A9'), markdownFileOf('/a/../b'), markdownFileOf('/a:b')]).toEqual([
      'index.md',
      'guides/setup.md',
      'café.md',
      undefined,
      undefined,
    ]);
  });
});
