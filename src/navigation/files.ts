import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMean, didYouMeanText, editDistance } from '../diagnostics/suggest.js';
import { LANGUAGE_CODES } from '../config/schemas/navigation.js';
import { filePagePath, isPlainPagePath } from './classify.js';
import type { SectionState } from './page-node.js';
import type { MissingPagesSummary, PageNode } from './types.js';

const LANGUAGES = new Set<string>(LANGUAGE_CODES.map((code) => code.toLowerCase()));

/**
 * Checks that every page listed has a file. Each missing page is reported once (at its first
 * entry); a page whose counterpart without a language prefix exists is reported as untranslated.
 * `sections[i]` is the section of `pages[i]`. Returns whether a path is served by a file, and the
 * count of missing pages per section.
 */
export function checkPageFiles(
  pages: readonly PageNode[],
  sections: readonly SectionState[],
  files: Iterable<string>,
  report: (finding: Omit<Diagnostic, 'file'>) => void,
): { hasFile: (path: string) => boolean; summary: MissingPagesSummary[] } {
  const paths = pagePathsOf(files);
  const served = servedSet(paths);
  const hasFile = (path: string): boolean => served.has(path);
  const reported = new Set<string>();
  let similar: SimilarPages | undefined;
  const summary: MissingPagesSummary[] = [];
  pages.forEach((node, index) => {
    if (served.has(node.path)) return;
    const section = sections[index] as SectionState;
    if (section.missing === undefined) summary.push((section.missing = { section: section.labels, pointer: section.pointer, count: 0 }));
    section.missing.count++;
    if (reported.has(node.path)) return;
    reported.add(node.path);
    const untranslated = withoutLanguage(node.path);
    if (untranslated && hasFile(untranslated)) {
      report({
        code: 'navigation/untranslated-page',
        severity: 'warning',
        message: `The page "${node.path}" has no file; "${untranslated}" exists, so it looks untranslated.`,
        pointer: node.pointer,
        hint: `Add ${node.path}.mdx, or point the entry at "${untranslated}" until the translation exists.`,
      });
      return;
    }
    similar ??= new SimilarPages(paths);
    const candidates = similar.of(node.path);
    const finding: Omit<Diagnostic, 'file'> = {
      code: 'navigation/missing-page',
      severity: 'error',
      message: `The page "${node.path}" has no file (${node.path}.mdx or ${node.path}.md).`,
      pointer: node.pointer,
      hint: didYouMeanText(candidates) ?? 'Create the page, or remove the entry.',
    };
    if (candidates.length) finding.suggestions = candidates;
    report(finding);
  });
  return { hasFile, summary };
}

/** The page path of each page file (`.md`, `.mdx`), in order. */
function pagePathsOf(files: Iterable<string>): string[] {
  const paths: string[] = [];
  for (const file of files) {
    const stem = file.replace(/\.mdx?$/i, '');
    if (stem === file) continue;
    // Most files are named in normal form (`guides/a.mdx`): normalising every one took 9 of the
    // 14 ms that resolving the largest corpus site with its 5,071 files took.
    paths.push(isPlainPagePath(stem) ? stem : filePagePath(file));
  }
  return paths;
}

/** Every path the page files serve: their page paths, and `folder` for each `folder/index`. */
function servedSet(paths: readonly string[]): Set<string> {
  const served = new Set<string>(paths);
  for (const path of paths) if (path.endsWith('/index')) served.add(path.slice(0, -'/index'.length));
  return served;
}

/** The page paths of the files, indexed for "did you mean": built at the first missing page only. */
class SimilarPages {
  private readonly byFolder = new Map<string, string[]>();
  private readonly byName = new Map<string, string[]>();
  private readonly lowerCase = new Map<string, string>();

  constructor(served: readonly string[]) {
    for (const path of served) {
      this.lowerCase.set(path.toLowerCase(), path);
      push(this.byFolder, folderOf(path), path);
      push(this.byName, nameOf(path), path);
    }
  }

  /** Pages a missing page may have meant: the same path in another case, else the same file name in another folder (a moved page), or a near name in the same folder. */
  of(path: string): string[] {
    const caseOnly = this.lowerCase.get(path.toLowerCase());
    if (caseOnly) return [caseOnly];
    const folder = folderOf(path);
    // The same name elsewhere, closest path first.
    const moved = (this.byName.get(nameOf(path)) ?? [])
      .map((candidate) => ({ candidate, distance: editDistance(path, candidate) }))
      .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
      .map((entry) => entry.candidate);
    const siblings = this.byFolder.get(folder) ?? [];
    const near = didYouMean(nameOf(path), siblings.map(nameOf)).map((name) => (folder ? `${folder}/${name}` : name));
    return [...new Set([...moved, ...near])].slice(0, 3);
  }
}

function withoutLanguage(path: string): string | undefined {
  const slash = path.indexOf('/');
  if (slash === -1 || !LANGUAGES.has(path.slice(0, slash).toLowerCase())) return undefined;
  return path.slice(slash + 1);
}

function folderOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
