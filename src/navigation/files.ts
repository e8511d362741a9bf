import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMean, didYouMeanText, editDistance } from '../diagnostics/suggest.js';
import { LANGUAGE_CODES } from '../config/schemas/navigation.js';
import { filePagePath, isPlainPagePath, markdownExtensionLength, plainPagePathHash } from './classify.js';
import { PageEntry } from './page-node.js';
import { hashPath, hashPrefix, PathSet, type PathIndex } from './path-index.js';
import type { MissingPagesSummary } from './types.js';

const LANGUAGES = new Set<string>(LANGUAGE_CODES.map((code) => code.toLowerCase()));

/**
 * Checks that every page listed has a file. Each missing page is reported once (at its first
 * entry); a page whose counterpart without a language prefix exists is reported as untranslated.
 * Returns whether a path is served by a file, and the count of missing pages per section.
 *
 * Each file is looked up in the page index (whose table the walk has built already) rather than
 * put in a table of its own: the set of every path the files serve is made only when a path
 * outside the navigation is asked about (an untranslated page's original that is not listed, a
 * group root, "did you mean").
 */
export function checkPageFiles(
  pages: readonly PageEntry[],
  pathEntries: Int32Array,
  byPath: PathIndex<PageEntry>,
  files: Iterable<string>,
  report: (finding: Omit<Diagnostic, 'file'>) => void,
): { hasFile: (path: string) => boolean; summary: MissingPagesSummary[] } {
  const list = Array.isArray(files) ? (files as readonly string[]) : [...files];
  // Per path of the page index: whether a file serves it, then whether it was reported.
  const status = new Uint8Array(byPath.size);
  byPath.withPathsAtHand(() => markServedPages(list, byPath, status));
  let existing: PathSet | undefined;
  const hasFile = (path: string): boolean => {
    const entry = byPath.entryOf(path);
    if (entry !== -1) return status[entry] === HAS_FILE;
    existing ??= servedSet(list);
    return existing.has(path);
  };
  let similar: SimilarPages | undefined;
  const summary: MissingPagesSummary[] = [];
  for (let index = 0; index < pages.length; index++) {
    const node = pages[index] as PageEntry;
    const pathEntry = pathEntries[index] as number;
    const known = status[pathEntry] as number;
    if (known === HAS_FILE) continue;
    const section = PageEntry.stateOf(node);
    if (section.missing === undefined) summary.push((section.missing = { section: section.labels, pointer: section.pointer, count: 0 }));
    section.missing.count++;
    if (known === REPORTED) continue;
    status[pathEntry] = REPORTED;
    const untranslated = withoutLanguage(node.path);
    if (untranslated && hasFile(untranslated)) {
      report({
        code: 'navigation/untranslated-page',
        severity: 'warning',
        message: `The page "${node.path}" has no file; "${untranslated}" exists, so it looks untranslated.`,
        pointer: node.pointer,
        hint: `Add ${node.path}.mdx, or point the entry at "${untranslated}" until the translation exists.`,
      });
      continue;
    }
    similar ??= new SimilarPages(servedPaths(list));
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
  }
  return { hasFile, summary };
}

/** Per path of the page index, in `checkPageFiles`: a file serves it; it was reported missing. */
const HAS_FILE = 1;
const REPORTED = 2;

/** Sets `HAS_FILE` in `status` for each path of the page index that one of the files serves. */
function markServedPages(list: readonly string[], byPath: PathIndex<PageEntry>, status: Uint8Array): void {
  for (let index = 0; index < list.length; index++) {
    const file = list[index] as string;
    const extension = markdownExtensionLength(file);
    if (extension === 0) continue;
    const length = file.length - extension;
    // Most files serve a page of the navigation and are written as its path: the name up to the
    // extension is looked up as it is, hashed in place, and not checked for normal form (a page
    // path of the index is in normal form, so the file's is too). Only the others are normalised.
    let entry = byPath.entryOfPrefix(file, length, hashPrefix(file, length));
    let path: string | undefined;
    if (entry === -1) {
      const stem = file.slice(0, length);
      path = isPlainPagePath(stem) ? stem : filePagePath(file);
      if (path !== stem) entry = byPath.entryOf(path);
    }
    if (entry !== -1) status[entry] = HAS_FILE;
    // `folder/index.mdx` also serves `folder`.
    if (path === undefined ? endsWithIndex(file, length) : path.endsWith('/index')) {
      const folder = byPath.entryOf(path === undefined ? file.slice(0, length - '/index'.length) : path.slice(0, -'/index'.length));
      if (folder !== -1) status[folder] = HAS_FILE;
    }
  }
}

/** Calls `visit` with the page path of each page file (`.md`, `.mdx`) and its hash. */
function forEachPageFile(files: readonly string[], visit: (path: string, hash: number) => void): void {
  // An indexed loop: `for...of` costs an iterator result per file until the code is optimised.
  for (let index = 0; index < files.length; index++) {
    const file = files[index] as string;
    const extension = markdownExtensionLength(file);
    if (extension === 0) continue;
    // Most files are already in normal form (`guides/a.mdx`): their page path is a slice.
    const stem = file.slice(0, -extension);
    const hash = plainPagePathHash(stem);
    if (hash !== -1) visit(stem, hash);
    else {
      const path = filePagePath(file);
      visit(path, hashPath(path));
    }
  }
}

/** Whether `text.slice(0, length)` ends with `/index`. */
function endsWithIndex(text: string, length: number): boolean {
  return length >= 6 && text.charCodeAt(length - 1) === 0x78 && text.charCodeAt(length - 6) === 0x2f && text.slice(length - 5, length) === 'index';
}

/** The page paths the files serve, in order. */
function servedPaths(files: readonly string[]): string[] {
  const paths: string[] = [];
  forEachPageFile(files, (path) => paths.push(path));
  return paths;
}

/** Every path the files serve: their page paths, and `folder` for each `folder/index`. */
function servedSet(files: readonly string[]): PathSet {
  const set = new PathSet(files.length);
  forEachPageFile(files, (path, hash) => {
    set.add(path, hash);
    if (path.endsWith('/index')) set.add(path.slice(0, -'/index'.length));
  });
  return set;
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
    const moved = (this.byName.get(nameOf(path)) ?? []).map((candidate) => ({ candidate, distance: editDistance(path, candidate) })).sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate)).map((entry) => entry.candidate);
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
