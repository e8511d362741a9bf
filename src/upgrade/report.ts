import type { DiagnosticCode } from '../diagnostics/codes.js';
import type { Severity } from '../diagnostics/diagnostic.js';
import { joinPointer } from '../json/pointer.js';

/** A problem found while upgrading, before it is placed in mint.json. */
export interface UpgradeFinding {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** JSON pointer in mint.json. */
  pointer: string;
  /** Point at the key rather than the value (for keys left out). */
  at?: 'key' | 'value';
  hint?: string;
}

/** A choice the upgrade made that the user may want to review, before it is placed in mint.json. */
export interface PendingDecision {
  message: string;
  pointer: string;
}

/** Collects findings and decisions while mint.json is read; one per upgrade. */
export class UpgradeReport {
  readonly findings: UpgradeFinding[] = [];
  readonly decisions: PendingDecision[] = [];

  /** A key docs.json has no place for: a warning that shows the value it had. */
  unmapped(pointer: string, value: unknown, why: string): void {
    const key = pointer
      .slice(pointer.lastIndexOf('/') + 1)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    this.findings.push({
      code: 'upgrade/unmapped-key',
      severity: 'warning',
      message: `\`${key}\` (${preview(value)}) is not carried over: ${why}.`,
      pointer,
      at: 'key',
      hint: 'Set its equivalent by hand in docs.json if you still need it, or drop it.',
    });
  }

  /** A value that had to be changed or dropped to fit docs.json. */
  lost(pointer: string, message: string, hint?: string): void {
    this.findings.push({ code: 'upgrade/value-dropped', severity: 'warning', message, pointer, ...(hint ? { hint } : {}) });
  }

  /** A value of the wrong shape that cannot be upgraded. */
  invalid(pointer: string, message: string, hint: string, severity: Severity = 'warning'): void {
    this.findings.push({ code: 'upgrade/invalid-value', severity, message, pointer, hint });
  }

  decide(pointer: string, message: string): void {
    // Each version repeats the same layout choices; list each once.
    if (this.decisions.some((decision) => decision.pointer === pointer && decision.message === message)) return;
    this.decisions.push({ pointer, message });
  }

  /** Reports every key of `object` (at `pointer`) that is not in `known`. */
  unknownKeys(object: Record<string, unknown>, pointer: string, known: readonly string[], why: string): void {
    for (const [key, value] of Object.entries(object)) if (!known.includes(key)) this.unmapped(joinPointer(pointer, key), value, why);
  }
}

/** A short rendering of a value for a message: JSON, cut after 60 characters. */
export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
