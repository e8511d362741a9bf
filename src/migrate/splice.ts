/** A replacement of `text.slice(start, end)` by `text`; `start === end` inserts. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies splices made against the same original text. They must not overlap; splices that
 * start at the same offset are applied in the order given (insertions before a replacement
 * that starts there).
 */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const ordered = splices
    .map((splice, index) => ({ splice, index }))
    .sort((a, b) => a.splice.start - b.splice.start || a.splice.end - a.splice.start - (b.splice.end - b.splice.start) || a.index - b.index)
    .map((entry) => entry.splice);
  let result = '';
  let cursor = 0;
  for (const splice of ordered) {
    if (splice.start < cursor) throw new Error(`Overlapping edits at offset ${splice.start}.`);
    result += text.slice(cursor, splice.start) + splice.text;
    cursor = splice.end;
  }
  return result + text.slice(cursor);
}

/** Offset of the first character of the line that holds `offset`. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * Offset of the end of the line where a value ending at `end` ends (before its line break):
 * values whose range takes in their final line break end on the line before.
 */
export function lineEnd(text: string, end: number): number {
  let at = end;
  if (text[at - 1] === '\n') at--;
  else {
    const next = text.indexOf('\n', at);
    at = next === -1 ? text.length : next;
  }
  return text[at - 1] === '\r' ? at - 1 : at;
}

/** The line break a text uses: `\r\n` when its first line ends so. */
export function lineBreakOf(text: string): string {
  const first = text.indexOf('\n');
  return first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
}
