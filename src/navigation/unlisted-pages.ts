import { inSnippetFolder } from '../content/snippets.js';
import { filePagePath } from './classify.js';

/**
 * The page files that no navigation entry lists, in the order of `files`. The platform publishes
 * them as hidden pages (reachable by URL, not in the sidebar), so they are worth a mention, not an
 * error. Snippets are never pages: files under the root `snippets/` or `_snippets/` folder, and
 * `snippets`, the files other files import (see `snippetFiles`, when the content was read); the
 * root 404 page is the platform's custom "page not found": both are left out;
 * `folder/index.mdx` counts as listed when `folder` is; `listed` holds the page paths of the
 * navigation's entries (`PageIndex.byPath` will do), `servedUrls` the URL paths of generated
 * endpoint pages (an MDX endpoint page may stand at one without being listed).
 */
export function findUnlistedPages(
  files: readonly string[],
  listedPaths: { has(path: string): boolean },
  servedUrls: Iterable<string> = [],
  snippets: ReadonlySet<string> = new Set(),
): string[] {
  const served = new Set<string>();
  for (const url of servedUrls) served.add(url.replace(/^\/+/, '') || 'index');
  const listed = (path: string) => listedPaths.has(path) || served.has(path);
  return files.filter((file) => {
    const path = filePagePath(file);
    if (path === '404' || inSnippetFolder(file) || snippets.has(file)) return false;
    return !listed(path) && !(path.endsWith('/index') && listed(path.slice(0, -'/index'.length)));
  });
}
