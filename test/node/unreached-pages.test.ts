import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/index.js';
import { fixturePath } from '../helpers/fixtures.js';

// fixtures/content/reached-pages: RELEASING.md, old/legacy.mdx and snippets/unused.mdx are files no
// reader is led to. Their problems are one content/unreached-page warning a file, reported only
// when the rules name the code; the pages readers reach (kept.mdx, in a hidden group) are checked
// link by link whatever the setting.
const folder = fixturePath('content', 'reached-pages');

async function unreached(rules: Record<string, 'off' | 'warning' | 'error'>) {
  const site = await loadSite(folder, { cwd: folder, offline: true, rules });
  return site.diagnostics
    .filter((diagnostic) => diagnostic.code === 'content/unreached-page')
    .map(({ severity, file, line, column, message }) => ({ severity, at: `${file}:${line}:${column}`, message }));
}

describe('content/unreached-page', () => {
  it('is reported only when a rule names it: a pattern sets severities, it does not ask for more', async () => {
    expect(await unreached({})).toEqual([]);
    expect(await unreached({ 'content/*': 'error', '*': 'warning' })).toEqual([]);
  });

  it('sums up the problems of each file, at the first, which it quotes', async () => {
    expect(await unreached({ 'content/unreached-page': 'warning' })).toEqual([
      {
        severity: 'warning',
        at: 'old/legacy.mdx:6:1',
        message:
          'No navigation entry lists this page and no page a reader reaches links to it or imports it: the platform publishes it, but only its URL leads there, where a reader meets 4 problems (2 links to no page or file, 1 missing anchor, 1 component left out). The first: The link "/retired" leads to no page or file of the site.',
      },
      {
        severity: 'warning',
        at: 'RELEASING.md:3:46',
        message:
          'No navigation entry lists this page and no page a reader reaches links to it or imports it: the platform publishes it, but only its URL leads there, where a reader meets 2 problems (1 link to no page or file, 1 link above the site\'s root). The first: The link "../.github/workflows/README.md" climbs above the site\'s root, and "/.github/workflows/README.md", where browsers stop, is no page or file of the site.',
      },
      {
        severity: 'warning',
        at: 'snippets/unused.mdx:1:53',
        message:
          'No page a reader reaches renders this snippet (none imports it, or only pages no reader is led to): a reader meets its one problem on such a page only, if at all. It is: The link "/retired" leads to no page or file of the site.',
      },
    ]);
    expect((await unreached({ 'content/unreached-page': 'error' })).map((finding) => finding.severity)).toEqual(['error', 'error', 'error']);
  });

  it('leaves the pages readers reach to the checks of their own', async () => {
    const site = await loadSite(folder, { cwd: folder, offline: true, rules: { 'content/unreached-page': 'warning' } });
    const kept = site.diagnostics.filter((diagnostic) => diagnostic.file === 'kept.mdx');
    expect(kept.map(({ code, severity }) => [code, severity])).toEqual([['content/broken-link', 'error']]);
  });
});
