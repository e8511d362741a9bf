import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_SIDEBAR_OVER } from '../../src/render/index.js';
import { renderFixture } from './render-fixture.js';

type Rendered = Awaited<ReturnType<typeof renderFixture>>;

/** The inner HTML of a page's `nav.nav-tree` and the shared script after it, if any. */
function navOf(html: string): { inner: string; script?: string; blocks?: string } {
  const found = /<nav class="nav-tree" aria-label="Pages">(.*?)<\/nav>(?:<script src="([^"]+)"(?: data-blocks="([^"]*)")?><\/script>)?/.exec(html);
  if (!found) throw new Error('no nav-tree');
  return { inner: found[1] as string, ...(found[2] ? { script: found[2] } : {}), ...(found[3] ? { blocks: found[3] } : {}) };
}

/** The top-level blocks of a sidebar's HTML (`<div class="nav-group">` or `<ul class="nav-group">`, each to its matching close). */
function blocksOf(inner: string): string[] {
  const blocks: string[] = [];
  let at = 0;
  while (at < inner.length) {
    const tag = /^<(div|ul)\b/.exec(inner.slice(at))?.[1];
    if (!tag) throw new Error(`not a block at ${at}: ${inner.slice(at, at + 60)}`);
    const pattern = new RegExp(`<${tag}\\b|</${tag}>`, 'g');
    pattern.lastIndex = at;
    let depth = 0;
    for (let match = pattern.exec(inner); match; match = pattern.exec(inner)) {
      depth += match[0].startsWith('</') ? -1 : 1;
      if (depth === 0) {
        blocks.push(inner.slice(at, match.index + match[0].length));
        at = match.index + match[0].length;
        break;
      }
    }
  }
  return blocks;
}

// The sidebar of a section is drawn once and shared by its pages; over `sharedSidebarOver`
// characters it is written once, as a script of the site, and each page keeps its own blocks.
describe('sidebars shared by the pages of a section', () => {
  let whole: Rendered;
  let shared: Rendered;
  beforeAll(async () => {
    [whole, shared] = await Promise.all([renderFixture('site'), renderFixture('site', { sharedSidebarOver: 0 })]);
  }, 60_000);

  it('keeps a sidebar under the limit whole in every page, with no script', () => {
    expect(SHARED_SIDEBAR_OVER).toBe(100_000);
    expect(whole.files.filter((file) => file.path.startsWith('_quire/nav/'))).toEqual([]);
    const quickstart = navOf(whole.html('quickstart.html'));
    expect(quickstart.script).toBeUndefined();
    expect(blocksOf(quickstart.inner).length).toBe(2);
  });

  it('gives each page, over the limit, the blocks that hold it, marked as in the whole sidebar, and the script with the others', () => {
    const scripts = new Map(shared.files.filter((file) => file.path.startsWith('_quire/nav/')).map((file) => [`/${file.path}`, file.content as string]));
    expect(scripts.size).toBe(2);
    // Every page but 404.html, which a host serves at any depth: it keeps its sidebar whole.
    const pages = whole.files.filter((file) => file.path !== '404.html' && navOfOrUndefined(file.content as string) !== undefined);
    expect(navOf(shared.html('404.html')).script).toBeUndefined();
    expect(pages.length).toBeGreaterThan(8);
    for (const { path: file } of pages) {
      const full = blocksOf(navOf(whole.html(file)).inner);
      const page = navOf(shared.html(file));
      // The script's URL is relative to the page's folder, as every URL of the page (`./`, `../`).
      const src = page.script as string;
      const script = scripts.get(`/${path.posix.join(path.posix.dirname(file), src)}`);
      expect(script, file).toBeDefined();
      // The script draws its blocks' URLs from the site's root starting where its own URL does.
      const root = src.replace(/_quire\/nav\/[^/]*$/, '');
      const asDrawn = (html: string) => html.replace(/( (?:href|src)=")\/(?!\/)/g, `$1${root}`);
      // The script holds every block unmarked, in order (the JSON array it ends with).
      const unmarked = JSON.parse(/,(\[.*\])\);\n$/.exec(script as string)?.[1] as string) as string[];
      expect(unmarked.length, file).toBe(full.length);
      const held = page.blocks === undefined ? [] : page.blocks.split(' ').map(Number);
      // The page's own blocks are those of the whole sidebar; the others are the script's, the same.
      expect(blocksOf(page.inner), file).toEqual(held.map((index) => full[index]));
      full.forEach((block, index) => {
        if (!held.includes(index)) expect(asDrawn(unmarked[index] as string), `${file} block ${index}`).toBe(block);
      });
    }
    // A page of the API tab: its group alone ("Plants"), the page current in it.
    const endpoint = navOf(shared.html('api-reference/endpoint/get-plant.html'));
    expect(endpoint.blocks).toBe('1');
    expect(endpoint.inner).toContain('href="../../api-reference/endpoint/get-plant" aria-current="page"');
    expect(endpoint.inner).not.toContain('Overview');
  });

  it('writes the same files for the same site, the script named by its content', async () => {
    const again = await renderFixture('site', { sharedSidebarOver: 0 });
    expect(again.files.map((file) => [file.path, file.content])).toEqual(shared.files.map((file) => [file.path, file.content]));
    // A sidebar of one block has nothing to share: over the limit, it stays whole.
    const single = await renderFixture('sidebar-one-group', { sharedSidebarOver: 0 });
    expect(single.files.filter((file) => file.path.startsWith('_quire/nav/'))).toEqual([]);
  });
});

function navOfOrUndefined(html: string): string | undefined {
  try {
    return navOf(html).inner;
  } catch {
    return undefined;
  }
}
