import fastGlob from 'fast-glob';

/**
 * The page files of a site: every `.md` and `.mdx` file under `root` (the folder of docs.json),
 * relative to it with `/` separators, sorted. `node_modules`, `.git` and hidden files are left
 * out, and symbolic links are not followed (a link could lead out of the site). This is the list
 * `loadSite` gives `resolveNavigation` as `files`.
 */
export async function listPageFiles(root: string): Promise<string[]> {
  const files = await fastGlob(['**/*.md', '**/*.mdx'], { cwd: root, ignore: ['**/node_modules/**', '**/.git/**'], followSymbolicLinks: false, dot: false });
  return files.sort();
}
