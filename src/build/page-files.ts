import { filePagePath } from '../navigation/classify.js';

/**
 * The file of each page path, from the page files of a site (`.md`, `.mdx`, relative to its root):
 * `guides/setup` is `guides/setup.mdx`, and a folder is its `index` page (`guides` is
 * `guides/index.mdx`) when no file has its own path, as the navigation's entries are served.
 * With both `a.md` and `a.mdx`, `a.mdx` is the page, as for the frontmatter the navigation reads.
 */
export function pageFileIndex(files: Iterable<string>): Map<string, string> {
  const byPath = new Map<string, string>();
  const folders = new Map<string, string>();
  // Sorted, `a.md` comes before `a.mdx`, which is set last and so is the page.
  for (const file of [...files].filter((name) => /\.mdx?$/i.test(name)).sort()) {
    const path = filePagePath(file);
    byPath.set(path, file);
    if (path.endsWith('/index')) folders.set(path.slice(0, -'/index'.length), file);
  }
  for (const [folder, file] of folders) if (!byPath.has(folder)) byPath.set(folder, file);
  return byPath;
}
