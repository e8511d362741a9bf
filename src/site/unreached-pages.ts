import type { Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * What a page points at and renders, by code, with the words a summary counts it in. These are
 * folded into one `content/unreached-page` warning per file when no reader is led to the file;
 * a problem of the whole page (`content/syntax`, `content/too-large`, ...) is one diagnostic
 * already and stays as it is.
 */
const FOLDED: ReadonlyMap<string, readonly [one: string, many: string]> = new Map([
  ['content/broken-link', ['link to no page or file', 'links to no page or file']],
  ['content/missing-anchor', ['missing anchor', 'missing anchors']],
  ['content/link-outside-site', ["link above the site's root", "links above the site's root"]],
  ['content/unresolved-import', ['import of a missing file', 'imports of missing files']],
  ['content/unknown-component', ['unknown inline component', 'unknown inline components']],
  ['content/dropped-component', ['component left out', 'components left out']],
  ['content/missing-attribute', ['component without an attribute it needs', 'components without an attribute they need']],
]);

/** Whether a diagnostic of a file no reader is led to is folded into that file's summary. */
export function foldedIntoUnreachedPage(diagnostic: Diagnostic): boolean {
  return FOLDED.has(diagnostic.code);
}

/**
 * One warning for the problems (`foldedIntoUnreachedPage`) of a page, or MDX snippet, that no
 * navigation entry lists and no page a reader reaches links to, imports or renders: the
 * platform publishes the page, but only its URL leads there (a snippet of that kind is seen by
 * no reader at all, or only on such pages). Repositories keep drafts, notes and old copies beside
 * their pages: reported one by one, their links buried the site's own problems (ClickHouse:
 * 1,466 warnings on 134 such files). At the first problem, which the message quotes.
 */
export function unreachedPageWarning(problems: readonly Diagnostic[], snippet: boolean): Diagnostic {
  const sorted = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  const first = sorted[0] as Diagnostic;
  const counts = new Map<string, number>();
  for (const problem of sorted) counts.set(problem.code, (counts.get(problem.code) ?? 0) + 1);
  const kinds = [...FOLDED]
    .filter(([code]) => counts.has(code))
    .map(([code, [one, many]]) => {
      const count = counts.get(code) as number;
      return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
    });
  const what = sorted.length === 1 ? 'one problem' : `${sorted.length.toLocaleString('en-US')} problems (${kinds.join(', ')})`;
  const where = snippet
    ? `No page a reader reaches renders this snippet (none imports it, or only pages no reader is led to): a reader meets its ${what} on such a page only, if at all`
    : `No navigation entry lists this page and no page a reader reaches links to it or imports it: the platform publishes it, but only its URL leads there, where a reader meets ${what}`;
  const hint = snippet
    ? 'Remove the snippet if nothing uses it, or list it in .mintignore. Once a page a reader reaches renders it, each problem is reported where it is.'
    : 'If the file is a note for the repository rather than a page, list it in .mintignore: the platform then leaves it out of the site. If it is a page you keep, list it in the navigation (in a group with `"hidden": true` to keep it out of the sidebar) or link to it from a page: each problem is then reported where it is.';
  return {
    code: 'content/unreached-page',
    severity: 'warning',
    message: `${where}. ${sorted.length === 1 ? 'It is' : 'The first'}: ${first.message}`,
    file: first.file,
    pointer: '',
    ...(first.line === undefined ? {} : { line: first.line }),
    ...(first.column === undefined ? {} : { column: first.column }),
    hint,
  };
}
