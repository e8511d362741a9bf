import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';

/**
 * Files the platform leaves out of every site without being told (repository metadata, editor
 * settings, dependencies, the repository's own README and licence files). Patterns in
 * `.gitignore` syntax; like the platform's matcher, they ignore case.
 */
const PLATFORM_IGNORES = ['.git', '.github', '.claude', '.agents', '.idea', '.vscode', '.cursor', 'node_modules', 'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];

/** Which files of a site are left out: by the platform, its `.mintignore`, and Quire's own `ignore`. */
export interface IgnoredFiles {
  /** True when the file (relative to the docs folder, `/` separators) is not part of the site. */
  ignores(file: string): boolean;
  /** True when the file is left out by the user's patterns (`.mintignore` or `ignore`), not only by the platform's defaults. */
  ignoredByUser(file: string): boolean;
}

/**
 * The files of the site at `root` that are not part of it: the platform's defaults, the patterns
 * of `root/.mintignore` (when it exists) and `patterns`, all in `.gitignore` syntax relative to
 * `root`, matched the way the platform matches `.mintignore` (the `ignore` package).
 */
export async function loadIgnoredFiles(root: string, patterns: readonly string[] = []): Promise<IgnoredFiles> {
  const mintignore = await readFile(path.join(root, '.mintignore'), 'utf8').catch(() => '');
  const user = [...mintignore.split(/\r?\n/).map((line) => line.trim()), ...patterns];
  const all = ignore().add(PLATFORM_IGNORES).add(user);
  const own = ignore().add(user);
  const normalize = (file: string) => file.replace(/^(?:\.\/)+/, '').replace(/^\/+/, '');
  return {
    ignores: (file) => {
      const relative = normalize(file);
      return relative !== '' && !relative.startsWith('../') && all.ignores(relative);
    },
    ignoredByUser: (file) => {
      const relative = normalize(file);
      return relative !== '' && !relative.startsWith('../') && own.ignores(relative);
    },
  };
}
