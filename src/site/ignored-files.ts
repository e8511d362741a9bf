import ignore from 'ignore';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * Files the platform leaves out of every site without being told (repository metadata, editor
 * settings, dependencies, the repository's own README and licence files). Patterns in
 * `.gitignore` syntax; like the platform's matcher, they ignore case.
 */
const PLATFORM_IGNORES = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
];

/** Which files of a site are left out: by the platform, its `.mintignore`, and Quire's own `ignore`. */
export interface IgnoredFiles {
  /** True when the file (relative to the docs folder, `/` separators) is not part of the site. */
  ignores(file: string): boolean;
  /** True when the file is left out by the user's patterns (`.mintignore` or `ignore`), not only by the platform's defaults. */
  ignoredByUser(file: string): boolean;
}

/**
 * The files of a site that are not part of it: the platform's defaults, the patterns of its
 * `.mintignore` (its text, `''` when there is none) and `patterns`, all in `.gitignore` syntax
 * relative to the docs folder, matched the way the platform matches `.mintignore` (the `ignore`
 * package).
 */
export function ignoredFiles(mintignore: string, patterns: readonly string[] = []): IgnoredFiles {
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

/**
 * Missing-page diagnostics whose file exists but is ignored, with a hint that says so: "has no
 * file" alone would send the user looking for a file that is right there. `exists` tells whether
 * a file (relative to the docs folder) is there.
 */
export function explainIgnoredPages(diagnostics: readonly Diagnostic[], ignored: IgnoredFiles, exists: (file: string) => boolean): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    if (diagnostic.code !== 'navigation/missing-page') return diagnostic;
    const page = /^The page "(.+)" has no file/.exec(diagnostic.message)?.[1];
    const file = page === undefined ? undefined : [`${page}.mdx`, `${page}.md`].find((name) => ignored.ignores(name) && exists(name));
    if (file === undefined) return diagnostic;
    const hint = ignored.ignoredByUser(file)
      ? `${file} exists, but .mintignore or the \`ignore\` patterns of quire.config.json leave it out, so it is not a page of the site. Remove the entry, or stop ignoring the file.`
      : `${file} exists, but the platform always leaves files of this name out, so it is not a page of the site. Rename the file (e.g. to .mdx), or add \`!${file}\` to .mintignore.`;
    return { ...diagnostic, hint };
  });
}
