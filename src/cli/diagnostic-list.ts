import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { plural } from './output.js';

/** What of a long list of diagnostics to print: `--quiet` and `--max-diagnostics`. */
export interface ShownDiagnostics {
  shown: Diagnostic[];
  /** Warnings left out by `--quiet`. */
  quietened: number;
  /** Diagnostics left out by `--max-diagnostics`. */
  cut: number;
}

/** The diagnostics to print: errors only with `quiet`, then at most `max` of them, in their order. */
export function selectShown(diagnostics: readonly Diagnostic[], options: { quiet: boolean; max: number | undefined }): ShownDiagnostics {
  const kept = options.quiet ? diagnostics.filter((diagnostic) => diagnostic.severity === 'error') : [...diagnostics];
  const shown = options.max === undefined ? kept : kept.slice(0, options.max);
  return { shown, quietened: diagnostics.length - kept.length, cut: kept.length - shown.length };
}

/** The line after the printed diagnostics that says what was left out, or `undefined`. */
export function describeLeftOut({ quietened, cut }: ShownDiagnostics): string | undefined {
  const parts = [
    cut && `${plural(cut, 'more diagnostic')} not shown (--max-diagnostics)`,
    quietened && `${plural(quietened, 'warning')} not shown (--quiet)`,
  ].filter(Boolean);
  return parts.length ? `${parts.join('; ')}.` : undefined;
}

/**
 * The overview of a long run: how many diagnostics of each code, most frequent first
 * (`By code: 248 openapi/frontmatter-unknown-document, 26 navigation/missing-page.`), counting
 * every diagnostic, shown or not. `undefined` for fewer than two, where it would repeat the list.
 */
export function summarizeByCode(diagnostics: readonly Diagnostic[]): string | undefined {
  if (diagnostics.length < 2) return undefined;
  const counts = new Map<string, number>();
  for (const diagnostic of diagnostics) counts.set(diagnostic.code, (counts.get(diagnostic.code) ?? 0) + 1);
  const sorted = [...counts].sort(([codeA, countA], [codeB, countB]) => countB - countA || (codeA < codeB ? -1 : 1));
  return `By code: ${sorted.map(([code, count]) => `${count.toLocaleString('en-US')} ${code}`).join(', ')}.`;
}

/** Reads `--max-diagnostics`: a whole number of at least 0, or a message for the usage error. */
export function parseMaxDiagnostics(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  return /^\d+$/.test(value) ? Number(value) : `--max-diagnostics must be a whole number, not "${value}"`;
}
