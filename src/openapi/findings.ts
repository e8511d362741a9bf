import { diagnosticAt, type Diagnostic, type Severity } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/codes.js';
import type { Position } from '../diagnostics/line-index.js';

/** A problem before it is placed in the file: positions are looked up only when it is reported. */
export interface Finding {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** JSON pointer into the document. */
  pointer: string;
  hint?: string;
  suggestions?: string[];
  /** Point at the member's key rather than its value (unknown keys, duplicates). */
  at?: 'key' | 'value';
  /** Exact character offset, when known (syntax errors). */
  offset?: number;
}

/** Turns findings into diagnostics of `file`, computing line and column only for these. */
export function placeFindings(
  findings: readonly Finding[],
  file: string,
  locate: ((pointer: string, at?: 'key' | 'value') => Position | undefined) | undefined,
  position?: (offset: number) => Position,
): Diagnostic[] {
  return findings.map((finding) => {
    const where = finding.offset !== undefined && position ? position(finding.offset) : locate?.(finding.pointer, finding.at);
    return diagnosticAt(finding, file, finding.pointer, where);
  });
}
