/** One line of a diff: kept (` `), removed (`-`) or added (`+`). */
interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** Beyond this many differing lines, the changed middle of a file is shown as removed then added. */
const MAX_EDIT_DISTANCE = 2000;

/**
 * A unified diff (`diff -u`, git's format) of one file: `before` is `undefined` for a new file,
 * `after` for a deleted one. Empty when nothing changed.
 */
export function unifiedDiff(file: string, before: string | undefined, after: string | undefined, context = 3): string {
  if (before === after) return '';
  const oldLines = splitLines(before ?? '');
  const newLines = splitLines(after ?? '');
  const lines = diffLines(oldLines, newLines);
  const header = `--- ${before === undefined ? '/dev/null' : `a/${file}`}\n+++ ${after === undefined ? '/dev/null' : `b/${file}`}\n`;
  return header + hunks(lines, context).join('');
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

/** The shortest edit script between two lists of lines (Myers), around their common start and end. */
function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const middle = myers(before.slice(start, endBefore), after.slice(start, endAfter));
  return [
    ...before.slice(0, start).map((text) => ({ op: ' ' as const, text })),
    ...middle,
    ...before.slice(endBefore).map((text) => ({ op: ' ' as const, text })),
  ];
}

function myers(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
    v = next;
  }
  return [...a.map((text) => ({ op: '-' as const, text })), ...b.map((text) => ({ op: '+' as const, text }))];
}

function backtrack(trace: readonly Int32Array[], a: readonly string[], b: readonly string[], offset: number, distance: number): DiffLine[] {
  const lines: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = distance; d > 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
    const previousK = down ? k + 1 : k - 1;
    const previousX = v[offset + previousK] as number;
    const previousY = previousX - previousK;
    while (x > previousX + (down ? 0 : 1) && y > previousY + (down ? 1 : 0)) (lines.push({ op: ' ', text: a[--x] as string }), y--);
    if (down) lines.push({ op: '+', text: b[--y] as string });
    else lines.push({ op: '-', text: a[--x] as string });
  }
  while (x > 0 && y > 0) (lines.push({ op: ' ', text: a[--x] as string }), y--);
  return lines.reverse();
}

/** The changed lines with `context` unchanged lines around them, as `@@` hunks. */
function hunks(lines: readonly DiffLine[], context: number): string[] {
  const result: string[] = [];
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  const positions = lines.map((line) => {
    const at = { old: oldLine, new: newLine };
    if (line.op !== '+') oldLine++;
    if (line.op !== '-') newLine++;
    return at;
  });
  while (index < lines.length) {
    while (index < lines.length && (lines[index] as DiffLine).op === ' ') index++;
    if (index >= lines.length) break;
    const start = Math.max(0, index - context);
    let end = index;
    // Extend while the next change is within 2 × context lines.
    for (;;) {
      while (end < lines.length && (lines[end] as DiffLine).op !== ' ') end++;
      let gap = end;
      while (gap < lines.length && (lines[gap] as DiffLine).op === ' ' && gap - end < 2 * context) gap++;
      if (gap < lines.length && (lines[gap] as DiffLine).op !== ' ') end = gap;
      else break;
    }
    const stop = Math.min(lines.length, end + context);
    const slice = lines.slice(start, stop);
    const first = positions[start] as { old: number; new: number };
    const oldCount = slice.filter((line) => line.op !== '+').length;
    const newCount = slice.filter((line) => line.op !== '-').length;
    result.push(`@@ -${oldCount === 0 ? first.old - 1 : first.old},${oldCount} +${newCount === 0 ? first.new - 1 : first.new},${newCount} @@\n`);
    for (const line of slice) result.push(`${line.op}${line.text}\n`);
    index = stop;
  }
  return result;
}
