/** 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** Turns offsets into lines and columns in O(log lines), after one pass over the text. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.starts.push(index + 1);
    }
  }

  /** The position of `offset` (clamped to the text). */
  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as number) <= clamped) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: clamped - (this.starts[low] as number) + 1 };
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    const end = next === undefined ? this.text.length : next - 1;
    return this.text.slice(start, end).replace(/\r$/, '');
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
