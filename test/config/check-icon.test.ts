import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkIcon } from '../../src/config/icons/check-icon.js';
import { checkPageIcon } from '../../src/config/icons/page-icon.js';

describe('checkIcon', () => {
  it.each([
    ['book', 'fontawesome'],
    // Font Awesome Pro names are not in any published list, so they are never called unknown.
    ['sparkles', 'fontawesome'],
    ['house', 'lucide'],
    // Lucide still resolves its old names.
    ['home', 'lucide'],
    ['/images/icon.svg', 'lucide'],
    ['https://acme.com/icon.png', 'fontawesome'],
    ['logo.png', 'fontawesome'],
    ['<svg viewBox="0 0 1 1"></svg>', 'fontawesome'],
    ['anything-at-all', 'tabler'],
  ] as const)('accepts %s (%s)', (name, library) => {
    expect(checkIcon(name, library)).toBeUndefined();
  });

  it('refuses the fa- prefix in every library, as the platform does', () => {
    expect(checkIcon('fa-book')).toMatchObject({ code: 'icon/fa-prefix', rejected: true, suggestions: ['book'] });
    expect(checkIcon('fa-solid fa-github', 'lucide')).toMatchObject({ code: 'icon/fa-prefix', suggestions: ['github'] });
  });

  it('suggests the written form of a name with capitals, spaces or class prefixes', () => {
    expect(checkIcon('Book Open')).toMatchObject({ code: 'icon/unknown-name', rejected: false, suggestions: ['book-open'] });
    expect(checkIcon('fas fa-book')).toMatchObject({ suggestions: ['book'] });
    expect(checkIcon('Cloud', 'lucide')).toMatchObject({ suggestions: ['cloud'] });
    expect(checkIcon('Not_A_Lucide_Icon', 'lucide')).toMatchObject({ suggestions: [] });
  });

  it('looks Lucide names up, with did you mean', () => {
    expect(checkIcon('setings', 'lucide')).toMatchObject({ code: 'icon/unknown-name', suggestions: ['settings'] });
  });

  it('points a Font Awesome brand used with Lucide to an icon object', () => {
    const problem = checkIcon('discord', 'lucide');
    expect(problem?.hint).toContain('"library": "fontawesome"');
    expect(problem?.suggestions).toEqual([]);
  });
});

describe('checkPageIcon', () => {
  it('reports a frontmatter icon as a warning at /icon, with the library of an icon object', () => {
    expect(checkPageIcon('fa-book', 'guide.mdx')).toMatchObject({ code: 'icon/fa-prefix', severity: 'warning', file: 'guide.mdx', pointer: '/icon' });
    expect(checkPageIcon({ name: 'setings', library: 'lucide' }, 'guide.mdx')).toMatchObject({ suggestions: ['settings'] });
    expect(checkPageIcon({ name: 'setings' }, 'guide.mdx')).toBeUndefined();
    expect(checkPageIcon(undefined, 'guide.mdx')).toBeUndefined();
  });
});

describe('icon-names.generated.ts', () => {
  it('matches the icon sets installed as devDependencies', () => {
    const script = fileURLToPath(new URL('../../scripts/generate-icon-names.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
