import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { didYouMean, didYouMeanText, editDistance } from '../diagnostics/suggest.js';
import { LANGUAGE_CODES } from '../config/schemas/navigation.js';
import { filePagePath } from './classify.js';
import type { SectionState } from './resolve.js';
import type { MissingPagesSummary, PageInfo } from './types.js';

const LANGUAGES = new Set<string>(LANGUAGE_CODES.map((code) => code.toLowerCase()));

/**
 * Checks that every page listed has a file. Each missing page is reported once (at its first
 * entry); a page whose counterpart without a language prefix exists is reported as untranslated.
 * Returns the set of page paths the files serve, and the count of missing pages per section.
 */
export function checkPageFiles(
  pages: readonly PageInfo[],
  sections: readonly SectionState[],
  files: Iterable<string>,
  report: (finding: Omit<Diagnostic, 'file'>) => void,
): { existing: ReadonlySet<string>; summary: MissingPagesSummary[] } {
  const existing = new Set<string>();
  const byFolder = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const lowerCase = new Map<string, string>();
  for (const file of files) {
    if (!/\.mdx?$/i.test(file)) continue;
    const path = filePagePath(file);
    existing.add(path);
    // `folder/index.mdx` also serves `folder`.
    if (path.endsWith('/index')) existing.add(path.slice(0, -'/index'.length));
    lowerCase.set(path.toLowerCase(), path);
    push(byFolder, folderOf(path), path);
    push(byName, nameOf(path), path);
  }
  const reported = new Set<string>();
  const summary = new Map<string, MissingPagesSummary>();
  pages.forEach((node, index) => {
    if (existing.has(node.path)) return;
    const section = sections[index] as SectionState;
    const entry = summary.get(section.pointer) ?? { section: section.labels, pointer: section.pointer, count: 0 };
    entry.count++;
    summary.set(section.pointer, entry);
    if (reported.has(node.path)) return;
    reported.add(node.path);
    const untranslated = withoutLanguage(node.path);
    if (untranslated && existing.has(untranslated)) {
      report({
        code: 'navigation/untranslated-page',
        severity: 'warning',
        message: `The page "${node.path}" has no file; "${untranslated}" exists, so it looks untranslated.`,
        pointer: node.pointer,
        hint: `Add ${node.path}.mdx, or point the entry at "${untranslated}" until the translation exists.`,
      });
      return;
    }
    const caseOnly = lowerCase.get(node.path.toLowerCase());
    const candidates = caseOnly ? [caseOnly] : similarPages(node.path, byFolder, byName);
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
  return { existing, summary: [...summary.values()] };
}

/** Pages the entry may have meant: the same file name in another folder (a moved page), or a near name in the same folder. */
function similarPages(path: string, byFolder: ReadonlyMap<string, string[]>, byName: ReadonlyMap<string, string[]>): string[] {
  const folder = folderOf(path);
  // The same name elsewhere, closest path first.
  const moved = (byName.get(nameOf(path)) ?? []).map((candidate) => ({ candidate, distance: editDistance(path, candidate) })).sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate)).map((entry) => entry.candidate);
  const siblings = byFolder.get(folder) ?? [];
  const near = didYouMean(nameOf(path), siblings.map(nameOf)).map((name) => (folder ? `${folder}/${name}` : name));
  return [...new Set([...moved, ...near])].slice(0, 3);
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
