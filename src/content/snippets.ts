// Type-only: the configuration compiler uses this module and must not load the parser.
import type { PageFacts } from './read-page.js';
import { importPath } from './rendered.js';

/**
 * Whether the platform takes `file` (a path from the site root) as a snippet by where it is:
 * under the root `snippets/` or `_snippets/` folder, in any case. Such a file is never a page,
 * imported or not; `es/snippets/a.mdx` is not in that folder.
 */
export function inSnippetFolder(file: string): boolean {
  return /^_?snippets\//i.test(file);
}

/**
 * The files of `files` the platform takes as snippets, not pages (its docs: "Snippets are any
 * `.mdx`, `.md`, or `.jsx` files imported into another file"): those in a snippet folder (see
 * {@link inSnippetFolder}), and those another file imports by their path, extension included,
 * from the root or relative to the importing file (`import Intro from '/components/intro.mdx'`,
 * `'../intro.mdx'`), matched in any case as the platform matches them. `pages` holds the facts
 * of the MDX files by path, as `loadSite` returns them.
 */
export function snippetFiles(pages: ReadonlyMap<string, PageFacts>, files: Iterable<string>): Set<string> {
  const imported = new Set<string>();
  for (const [file, facts] of pages) {
    for (const item of facts.imports) if (!item.legacy && /^\.{0,2}\//.test(item.source)) imported.add(importPath(item.source, file).toLowerCase());
  }
  const snippets = new Set<string>();
  for (const file of files) if (inSnippetFolder(file) || imported.has(file.toLowerCase())) snippets.add(file);
  return snippets;
}
