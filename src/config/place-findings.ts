import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Locate } from './parse-docs-json.js';

/** A problem found in docs.json, at a pointer of the merged configuration, before it is placed in its file. */
export type DocsJsonFinding = Omit<Diagnostic, 'file'> & { file?: string };

/**
 * Places findings about docs.json in the files they are in (file, pointer there, line, column),
 * each finding (a fresh object made for its report) becoming its diagnostic in place, and returns
 * them. `locate.prepare` is told every pointer first, so that a site with hundreds of findings
 * costs one pass over the text, not an index of all its values. A finding that names its own
 * file keeps it and its pointer. Without `locate`, findings are in `file`.
 */
export function placeDocsJsonFindings(findings: readonly DocsJsonFinding[], locate: Locate | undefined, file = 'docs.json'): Diagnostic[] {
  locate?.prepare?.(findings.filter((finding) => finding.file === undefined).map((finding) => finding.pointer));
  return findings.map((finding) => {
    const diagnostic = finding as Diagnostic;
    if (finding.file !== undefined) return diagnostic;
    const placed = locate?.(finding.pointer);
    diagnostic.file = placed?.file ?? file;
    if (placed !== undefined) {
      diagnostic.pointer = placed.pointer;
      if (placed.line !== undefined) {
        diagnostic.line = placed.line;
        diagnostic.column = placed.column ?? 1;
      }
    }
    return diagnostic;
  });
}
