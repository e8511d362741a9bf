import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { loadIgnoredFiles, type IgnoredFiles } from './ignore-files.js';
import { walkSiteFiles } from './site-files.js';

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
 * out. Symbolic links are followed inside the site (a page behind one is listed under the link's
 * name); one that leads outside the site or loops is not. Like the platform, files matched by
 * `.mintignore` or by its default ignores (`README.md`, ...) are left out too, and so are those
 * matched by `options.ignore`. This is the list `loadSite` gives `resolveNavigation` as `files`.
 */
export async function listPageFiles(root: string, options: ListPageFilesOptions = {}): Promise<string[]> {
  return (await listPageFilesAndLinks(root, options)).files;
}

/**
 * {@link listPageFiles}, with a diagnostic for each symbolic link of the site that leads outside
 * it or loops (`files/symlink-outside-site`, `files/symlink-loop`; `file` relative to `root`),
 * but those in files left out.
 */
export async function listPageFilesAndLinks(root: string, options: ListPageFilesOptions = {}): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const [walk, ignored] = await Promise.all([walkSiteFiles(root), options.ignored ?? loadIgnoredFiles(root, options.ignore)]);
  const hidden = (file: string) => file.split('/').some((part) => part.startsWith('.'));
  return {
    files: walk.files.filter((file) => /\.mdx?$/.test(file) && !hidden(file) && !ignored.ignores(file)),
    diagnostics: walk.diagnostics.filter((diagnostic) => !ignored.ignores(diagnostic.file)),
  };
}
