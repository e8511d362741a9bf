import type { DiagnosticCode } from '../../diagnostics/codes.js';
import type { Severity } from '../../diagnostics/diagnostic.js';

/** A diagnostic before it is placed in a file: the pointer is into the merged document. */
export interface Finding {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Pointer into the document after `$ref`s are replaced, or into `file` when that is set. */
  pointer: string;
  /** The file the pointer is in, when the finding is about one file rather than the merged document. */
  file?: string;
  /** Exact character offset in `file`, when known (syntax errors). */
  offset?: number;
  hint?: string;
  suggestions?: string[];
  /** Point at the member's key (unknown keys, duplicates) rather than at its value. */
  at?: 'key' | 'value';
}

/** Collects findings; checks receive it instead of returning lists, so each reports once, where it is. */
export class Reporter {
  readonly findings: Finding[] = [];

  constructor(
    /** Severity of unknown keys outside `navigation` (warnings unless `strict`). */
    readonly unknownKeySeverity: Severity,
  ) {}

  report(finding: Finding): void {
    this.findings.push(finding);
  }

  get hasErrors(): boolean {
    return this.findings.some((finding) => finding.severity === 'error');
  }
}
