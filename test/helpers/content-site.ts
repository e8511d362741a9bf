import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from './fixtures.js';

/**
 * A copy of `fixtures/content-cache/site` with each of its pages copied `copies` times more
 * (`guides/links-3.mdx`, ...), each copy a line longer than the page, so that no two have the same
 * bytes (and so the same cache entry). The copies are not in the navigation: unlisted pages.
 */
export function grownContentSite(copies: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quire-content-'));
  cpSync(fixturePath('content-cache', 'site'), root, { recursive: true });
  for (const page of ['index.mdx', 'guides/install.mdx', 'guides/links.mdx', 'guides/broken-syntax.mdx', 'guides/components.mdx']) {
    for (let copy = 1; copy <= copies; copy++) {
      const target = path.join(root, page.replace('.mdx', `-${copy}.mdx`));
      cpSync(path.join(root, page), target);
      appendFileSync(target, `\nCopy ${copy}.\n`);
    }
  }
  return root;
}
