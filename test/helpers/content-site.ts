import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from './fixtures.js';

/**
 * A copy of `fixtures/content-cache/site` with each of its pages copied `copies` times more
 * (`guides/links-3.mdx`, ...), each copy a line longer than the page, so that no two have the same
 * bytes (and so the same cache entry). The copies are listed in a group of their own, so that
 * each is checked as the page it copies is (the problems of a page no reader is led to are
 * reported only on request).
 */
export function grownContentSite(copies: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'quire-content-'));
  cpSync(fixturePath('content-cache', 'site'), root, { recursive: true });
  const listed: string[] = [];
  for (const page of ['index.mdx', 'guides/install.mdx', 'guides/links.mdx', 'guides/broken-syntax.mdx', 'guides/components.mdx']) {
    for (let copy = 1; copy <= copies; copy++) {
      const target = path.join(root, page.replace('.mdx', `-${copy}.mdx`));
      cpSync(path.join(root, page), target);
      appendFileSync(target, `\nCopy ${copy}.\n`);
      listed.push(page.replace('.mdx', `-${copy}`));
    }
  }
  const docsJson = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as { navigation: { groups: unknown[] } };
  docsJson.navigation.groups.push({ group: 'Copies', pages: listed });
  writeFileSync(path.join(root, 'docs.json'), `${JSON.stringify(docsJson, null, 2)}\n`);
  return root;
}
