import fastGlob from 'fast-glob';
import { loadIgnoredFiles, type IgnoredFiles } from './ignore-files.js';

/** Options of {@link listPageFiles}. */
export interface ListPageFilesOptions {
  /**
   * Patterns in `.gitignore` syntax, relative to `root`, of files that are not pages of the site,
   * added to those of `root/.mintignore`.
   */
  ignore?: readonly string[];
  /** The files left out, when the caller has them already (`loadSite`); read from `root` otherwise. */
  ignored?: IgnoredFiles;
}

/**
 * The page files of a site: every `.md` and `.mdx` file under `root` (the folder of docs.json),
 * relative to it with `/` separators, sorted. `node_modules`, `.git` and hidden files are left
 * out, and symbolic links are not followed (a link could lead out of the site). Like the
 * platform, files matched by `.mintignore` or by its default ignores (`README.md`, ...) are left
 * out too, and so are those matched by `options.ignore`. This is the list `loadSite` gives
 * `resolveNavigation` as `files`.
 */
export async function listPageFiles(root: string, options: ListPageFilesOptions = {}): Promise<string[]> {
  const [files, ignored] = await Promise.all([
    fastGlob(['**/*.md', '**/*.mdx'], { cwd: root, ignore: ['**/node_modules/**', '**/.git/**'], followSymbolicLinks: false, dot: false }),
    options.ignored ?? loadIgnoredFiles(root, options.ignore),
  ]);
  return files.filter((file) => !ignored.ignores(file)).sort();
}
