import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyEntry, isPlainPagePath, pagePath } from '../src/navigation/classify.js';

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
});
