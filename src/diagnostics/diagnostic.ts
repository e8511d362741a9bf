import type { DiagnosticCode } from './codes.js';

/** How serious a problem is: an error makes the input unusable, a warning does not. */
export type Severity = 'error' | 'warning';

/** One problem found in the user's files, reported once, where it is. */
export interface Diagnostic {
  /**
   * Stable identifier of the rule, e.g. `navigation/mixed-children`; safe to match on. One of
   * {@link DiagnosticCode}, written literally where it is reported, so searching the source for a
   * code finds its rule.
   */
  code: DiagnosticCode;
  severity: Severity;
  /** What is wrong, naming the element in words (`tab "API"`). */
  message: string;
  /** The file the problem is in, as the caller named it (`docs.json`, `fr.json`, ...). */
  file: string;
  /** JSON pointer of the offending value inside `file` (`''` is the whole document). */
  pointer: string;
  /** 1-based line in `file`, when the text of the file is known. */
  line?: number;
  /** 1-based column (in UTF-16 code units, as editors count) in `file`, when known. */
  column?: number;
  /** What to do about it. */
  hint?: string;
  /** Likely intended values ("did you mean"), best first. */
  suggestions?: string[];
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

/** Sorts by file (in the order files were first reported), then line and column; stable otherwise. */
export function inDocumentOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  const fileOrder = new Map<string, number>();
  for (const diagnostic of diagnostics) if (!fileOrder.has(diagnostic.file)) fileOrder.set(diagnostic.file, fileOrder.size);
  // Checks usually report in document order already: then one pass is enough.
  const before = (left: Diagnostic, right: Diagnostic) =>
    (fileOrder.get(left.file) as number) - (fileOrder.get(right.file) as number) ||
    (left.line ?? 0) - (right.line ?? 0) ||
    (left.column ?? 0) - (right.column ?? 0);
  if (diagnostics.every((diagnostic, index) => index === 0 || before(diagnostics[index - 1] as Diagnostic, diagnostic) <= 0)) return [...diagnostics];
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort(
      (left, right) =>
        (fileOrder.get(left.diagnostic.file) as number) - (fileOrder.get(right.diagnostic.file) as number) ||
        (left.diagnostic.line ?? 0) - (right.diagnostic.line ?? 0) ||
        (left.diagnostic.column ?? 0) - (right.diagnostic.column ?? 0) ||
        left.index - right.index,
    )
    .map((entry) => entry.diagnostic);
}

/** What a check reports before it is placed in a file. */
export interface Located {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  hint?: string;
  suggestions?: string[];
}

/** A diagnostic for `finding` in `file` at `pointer`, with its line and column when known. */
export function diagnosticAt(finding: Located, file: string, pointer: string, position: { line: number; column: number } | undefined): Diagnostic {
  const diagnostic: Diagnostic = { code: finding.code, severity: finding.severity, message: finding.message, file, pointer };
  if (position) {
    diagnostic.line = position.line;
    diagnostic.column = position.column;
  }
  if (finding.hint) diagnostic.hint = finding.hint;
  if (finding.suggestions?.length) diagnostic.suggestions = finding.suggestions;
  return diagnostic;
}
