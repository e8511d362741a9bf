import type { Diagnostic } from './diagnostic.js';
import { LineIndex } from './line-index.js';
import { append } from '../util/arrays.js';

/** Options of {@link formatDiagnostics}. */
export interface FormatOptions {
  /** Wrap severities, codes and the caret in ANSI colours (for terminals). Default `false`. */
  color?: boolean;
  /** Lines of source shown before the offending line in the code frame. Default `1`. */
  contextLines?: number;
}

const ANSI = {
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  cyan: '\u001b[36m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
  reset: '\u001b[0m',
};

/**
 * Prints diagnostics the way compilers do: `file:line:column severity code message`, then a code
 * frame from the file's text (when `sources` has it) and the hint.
 *
 * @param sources the text of each file, keyed by the `file` the diagnostics name.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: Readonly<Record<string, string>> | ReadonlyMap<string, string> = {},
  options: FormatOptions = {},
): string {
  const paint = (color: keyof typeof ANSI, text: string) => (options.color ? `${ANSI[color]}${text}${ANSI.reset}` : text);
  const indexes = new Map<string, LineIndex>();
  const indexFor = (file: string): LineIndex | undefined => {
    const cached = indexes.get(file);
    if (cached) return cached;
    const text = sources instanceof Map ? sources.get(file) : (sources as Record<string, string>)[file];
    if (text === undefined) return undefined;
    const index = new LineIndex(text);
    indexes.set(file, index);
    return index;
  };
  const blocks: string[] = [];
  for (const diagnostic of diagnostics) {
    const location = diagnostic.line === undefined ? diagnostic.file : `${diagnostic.file}:${diagnostic.line}:${diagnostic.column ?? 1}`;
    const severity = paint(diagnostic.severity === 'error' ? 'red' : 'yellow', diagnostic.severity);
    const lines = [`${paint('bold', location)} ${severity} ${paint('dim', diagnostic.code)} ${diagnostic.message}`];
    const index = indexFor(diagnostic.file);
    if (index && diagnostic.line !== undefined) {
      append(lines, codeFrame(index, diagnostic.line, diagnostic.column ?? 1, options.contextLines ?? 1, paint));
    }
    if (diagnostic.hint) lines.push(`  ${paint('cyan', 'hint:')} ${diagnostic.hint}`);
    blocks.push(lines.join('\n'));
  }
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}

function codeFrame(index: LineIndex, line: number, column: number, contextLines: number, paint: (color: keyof typeof ANSI, text: string) => string): string[] {
  const first = Math.max(1, line - contextLines);
  const width = String(line).length;
  // On a very long line (minified JSON) show a window around the column.
  const windowStart = column > FRAME_WIDTH / 2 ? column - 1 - FRAME_WIDTH / 4 : 0;
  const frame: string[] = [];
  for (let current = first; current <= line; current++) {
    const marker = current === line ? '>' : ' ';
    frame.push(`${marker} ${String(current).padStart(width)} | ${displayLine(index.lineText(current), windowStart)}`);
  }
  const before = displayLine(index.lineText(line).slice(0, column - 1), windowStart);
  frame.push(`  ${' '.repeat(width)} | ${' '.repeat(before.length)}${paint('red', '^')}`);
  return frame;
}

const FRAME_WIDTH = 160;

/** A line as shown in a frame: tabs as two spaces, cut to a window so the caret stays aligned. */
function displayLine(text: string, windowStart: number): string {
  const prefix = windowStart > 0 ? '…' : '';
  const shown = text.slice(windowStart, windowStart + FRAME_WIDTH).replace(/\t/g, '  ');
  return prefix + shown;
}
