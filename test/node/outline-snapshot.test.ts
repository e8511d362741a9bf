import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/node/load-site.js';
import {
  KEPT_PAGES,
  keptPageIsCurrent,
  outlineSnapshotKey,
  pageSources,
  readKeptPages,
  readOutlineSnapshot,
  writeKeptPages,
  writeOutlineSnapshot,
} from '../../src/node/outline-snapshot.js';

describe('the outline quire dev keeps for its next start', () => {
  it('reads back what was kept under the same key only, and nothing from a damaged file', async () => {
    const site = await loadSite('fixtures/render/site', { content: false, offline: true });
    const cache = mkdtempSync(path.join(tmpdir(), 'quire-outline-'));
    const key = outlineSnapshotKey(site.docsJson, { strict: false, offline: true })!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // Another option, or another docs.json, is another key.
    expect(outlineSnapshotKey(site.docsJson, { strict: true, offline: true })).not.toBe(key);
    expect(outlineSnapshotKey(path.join(cache, 'docs.json'), { strict: false, offline: true })).toBeUndefined();

    expect(readOutlineSnapshot(cache, key)).toBeUndefined();
    writeOutlineSnapshot(cache, key, site);
    // Written whole under its name: no temporary file left.
    expect(readdirSync(cache)).toEqual(['dev-outline.v8']);
    const kept = readOutlineSnapshot<typeof site>(cache, key)!;
    expect(kept.tree).toEqual(site.tree);
    expect(kept.endpointPages).toEqual(site.endpointPages);
    expect(kept.frontmatter).toEqual(site.frontmatter);
    expect(kept.sources).toEqual({});
    expect(readOutlineSnapshot(cache, 'another key')).toBeUndefined();

    writeFileSync(path.join(cache, 'dev-outline.v8'), 'not a snapshot');
    expect(readOutlineSnapshot(cache, key)).toBeUndefined();
  });

  it("keeps the last pages' HTML with the hashes of the files each is made from", () => {
    const site = mkdtempSync(path.join(tmpdir(), 'quire-kept-pages-'));
    mkdirSync(path.join(site, 'snippets'));
    mkdirSync(path.join(site, 'guides'));
    const write = (file: string, text: string) => writeFileSync(path.join(site, file), text);
    write(
      'guides/page.mdx',
      "import Note from '/snippets/note.mdx';\nimport { Card } from '../snippets/card';\nimport { z } from 'zod';\nimport Out from '../../outside.mdx';\n\n<Note />\n<Snippet file=\"legacy.mdx\" />\n",
    );
    write('snippets/note.mdx', 'A note.\n');
    write('snippets/card.jsx', "import { helper } from './helper.js';\nexport const Card = () => helper();\n");
    write('snippets/helper.js', 'export const helper = () => null;\n');
    write('snippets/legacy.mdx', 'Legacy.\n');
    const sources = pageSources(site, 'guides/page.mdx');
    // The page, the snippets it imports and what they import; not a package, not a file out of the site.
    expect(Object.keys(sources).sort()).toEqual(['guides/page.mdx', 'snippets/card.jsx', 'snippets/helper.js', 'snippets/legacy.mdx', 'snippets/note.mdx']);
    const kept = { html: '<p>page</p>', sources };
    expect(keptPageIsCurrent(kept, pageSources(site, 'guides/page.mdx'))).toBe(true);
    // A file two imports away changed: the page is made again.
    write('snippets/helper.js', 'export const helper = () => "changed";\n');
    expect(keptPageIsCurrent(kept, pageSources(site, 'guides/page.mdx'))).toBe(false);

    const cache = mkdtempSync(path.join(tmpdir(), 'quire-kept-pages-cache-'));
    expect(readKeptPages(cache, 'key').size).toBe(0);
    const pages = new Map(Array.from({ length: KEPT_PAGES + 4 }, (_, index) => [`/page-${index}`, { html: `<p>${index}</p>`, sources: {} }]));
    writeKeptPages(cache, 'key', pages);
    expect(readdirSync(cache)).toEqual(['dev-pages.v8']);
    // The last served, in order.
    expect([...readKeptPages(cache, 'key').keys()]).toEqual([...pages.keys()].slice(4));
    expect(readKeptPages(cache, 'another key').size).toBe(0);
    writeFileSync(path.join(cache, 'dev-pages.v8'), 'not kept pages');
    expect(readKeptPages(cache, 'key').size).toBe(0);
  });
});
