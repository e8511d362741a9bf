import { describe, expect, it } from 'vitest';
import type { CompiledSection } from '../../src/build/types.js';
import { pageNavigation } from '../../src/render/index.js';

const page = (label: string, href: string) => ({ kind: 'page' as const, label, href });
const group = (label: string, children: CompiledSection['children']) => ({
  kind: 'group' as const,
  label,
  expanded: true,
  collapsible: false,
  drilldown: false,
  children,
});

// versions → tabs → groups, with a tab that links elsewhere and a hidden version.
const root: CompiledSection = {
  kind: 'root',
  label: 'Site',
  children: [
    {
      kind: 'version',
      label: 'v2',
      tag: 'Latest',
      default: true,
      children: [
        { kind: 'tab', label: 'Guides', children: [group('Start', [page('Intro', '/v2/intro')])] },
        { kind: 'tab', label: 'API', children: [group('Users', [page('List', '/v2/api/list')])] },
        { kind: 'link', label: 'Blog', href: 'https://example.com/blog' },
      ],
    },
    { kind: 'version', label: 'v1', children: [{ kind: 'tab', label: 'Guides', children: [group('Start', [page('Intro', '/v1/intro')])] }] },
    { kind: 'version', label: 'beta', hidden: true, children: [page('Beta', '/beta')] },
  ],
};
const site = { navigation: { root, global: [] } };

describe('pageNavigation', () => {
  it('chooses the sections the page is in, and offers the others with their first page', () => {
    const navigation = pageNavigation(site, { version: 'v2', tab: 'API' });
    expect(navigation.levels).toEqual([
      {
        kind: 'version',
        options: [
          { label: 'v2', href: '/v2/intro', active: true, external: false, tag: 'Latest' },
          { label: 'v1', href: '/v1/intro', active: false, external: false },
        ],
      },
      {
        kind: 'tab',
        options: [
          { label: 'Guides', href: '/v2/intro', active: false, external: false },
          { label: 'API', href: '/v2/api/list', active: true, external: false },
          { label: 'Blog', href: 'https://example.com/blog', active: false, external: true },
        ],
      },
    ]);
    expect(navigation.sidebar).toEqual([group('Users', [page('List', '/v2/api/list')])]);
  });

  it('falls back to the default section, then the first, for a page in none (an unlisted page)', () => {
    const navigation = pageNavigation(site, {});
    expect(navigation.levels.map((level) => level.options.find((option) => option.active)?.label)).toEqual(['v2', 'Guides']);
    expect(pageNavigation(site, { version: 'v1' }).sidebar).toEqual([group('Start', [page('Intro', '/v1/intro')])]);
  });
});
