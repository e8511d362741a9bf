import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyEntry, filePagePath, isPlainPagePath, pagePath } from '../src/navigation/classify.js';
import { joinPath } from '../src/util/posix-path.js';

describe('classifyEntry', () => {
  it.each([
    ['guides/quickstart', { kind: 'page', path: 'guides/quickstart' }],
    ['/guides/quickstart/', { kind: 'page', path: 'guides/quickstart' }],
    ['./guides/./quickstart.MDX', { kind: 'page', path: 'guides/quickstart' }],
    ['zh/指南/开始', { kind: 'page', path: 'zh/指南/开始' }],
    ['v1.2/notes.md', { kind: 'page', path: 'v1.2/notes' }],
    ['guides\\windows', { kind: 'page', path: 'guides/windows' }],
    ['get /users', { kind: 'endpoint', method: 'GET', path: '/users' }],
    ['openapi.yaml Post /users/{id}', { kind: 'endpoint', method: 'POST', path: '/users/{id}', spec: 'openapi.yaml' }],
    ['webhook user.created', { kind: 'webhook', name: 'user.created' }],
    ['admin.json webhook order paid', { kind: 'webhook', name: 'order paid', spec: 'admin.json' }],
    ['../secrets', { kind: 'outside', path: '../secrets' }],
    ['PATCHY /x', { kind: 'unknown-method', method: 'PATCHY', path: '/x', suggestions: ['PATCH'] }],
  ])('%s', (entry, expected) => {
    expect(classifyEntry(entry)).toEqual(expected);
  });

  it('takes the fast path exactly when normalising would change nothing', () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9._ \-\\/é\u00a0]{0,8}$/);
    fc.assert(
      fc.property(segment, (entry) => {
        if (!isPlainPagePath(entry)) return;
        expect(pagePath(entry)).toEqual({ kind: 'page', path: entry });
        expect(classifyEntry(entry.replace(/^/, ''))).toEqual({ kind: 'page', path: entry });
      }),
      { numRuns: 5000 },
    );
  });

  it('finds a page path in normal form', () => {
    // The rule written plainly: no control character, white space or backslash, no `//` or `/.`,
    // no leading `.` or `/`, no trailing `/`, no `.md`/`.mdx` extension.
    const plain = (entry: string) =>
      entry !== '' &&
      !/^[./]/.test(entry) &&
      !entry.endsWith('/') &&
      !/[\u0000-\u0020\\\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]|\/[/.]/.test(entry) &&
      !/\.mdx?$/i.test(entry);
    const entries = fc.stringMatching(/^[a-zA-Z0-9._ \-\\/é\u00a0\u0085\u2003\u3000\t\n\u0000\u0021\u005b-\u0060\u007f\u0080\u3001]{0,12}$/);
    fc.assert(
      fc.property(entries, (entry) => {
        expect(isPlainPagePath(entry)).toBe(plain(entry));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives a page file the page path joinPath gives it, fast path or not', () => {
    const normalised = (file: string) => joinPath(file.replace(/\\/g, '/').replace(/^\/+/, '')).replace(/\.mdx?$/i, '');
    const files = fc.stringMatching(/^[a-z./\\]{0,10}(\.mdx?|\.MDX)?$/);
    fc.assert(
      fc.property(files, (file) => {
        expect(filePagePath(file)).toBe(normalised(file));
      }),
      { numRuns: 5000 },
    );
    expect(['guides/a.mdx', './guides/a.mdx', 'guides//a.md', 'guides/../b.mdx', 'a\\b.MDX'].map(filePagePath)).toEqual([
      'guides/a',
      'guides/a',
      'guides/a',
      'b',
      'a/b',
    ]);
  });
});
