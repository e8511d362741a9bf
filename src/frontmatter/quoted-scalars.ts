/**
 * The platform reads frontmatter with js-yaml 3 (through the `front-matter` package), which is
 * more lenient than YAML 1.2 about quoted scalars that span lines: it takes their continuation
 * lines at any indentation (`description: 'a long\ntext'` with `text'` at column 1) and keeps
 * the spaces before each line break. Pages written that way render, so Quire must read them, with
 * the same values. This module finds such scalars and writes each one on a single line as the
 * double-quoted string js-yaml 3 reads, so that the YAML 1.2 parser then reads the text the way
 * the platform does. Anything it does not understand is left as written.
 */

/** The text with its multi-line quoted scalars on one line each, and the way back to the original offsets. */
export interface FlattenedYaml {
  text: string;
  /** The offset in the original text of an offset in `text`. */
  originalOffset(offset: number): number;
}

interface Replacement {
  /** Offsets of the scalar, quotes included, in the original text. */
  start: number;
  end: number;
  /** The scalar written on one line, then as many line breaks as it spanned, at the end of its last line. */
  value: string;
  lineBreaks: number;
}

/**
 * Rewrites the quoted scalars of `text` that span several lines; `undefined` when there are
 * none, or when the text has a construct this scanner does not follow (then the YAML parser's
 * own reading, and its errors, stand).
 */
export function flattenQuotedScalars(text: string): FlattenedYaml | undefined {
  const replacements = findMultiLineScalars(text);
  if (replacements === undefined || replacements.length === 0) return undefined;
  return applyReplacements(text, replacements);
}

/** Per line: what a more-indented following line continues, if anything. */
type Continuation = { kind: 'none' } | { kind: 'text'; column: number };

function findMultiLineScalars(text: string): Replacement[] | undefined {
  const replacements: Replacement[] = [];
  let position = 0;
  let continuation: Continuation = { kind: 'none' };
  while (position < text.length) {
    const lineEnd = endOfLine(text, position);
    let indent = position;
    while (text[indent] === ' ' || text[indent] === '\t') indent++;
    const column = indent - position;
    const blank = indent === lineEnd || text[indent] === '#';
    // Block scalar content and plain-scalar continuation lines hold no quoted scalars.
    if (blank || (continuation.kind === 'text' && column > continuation.column)) {
      position = nextLine(text, lineEnd);
      continue;
    }
    continuation = { kind: 'none' };
    const line = scanBlockLine(text, indent, position, replacements);
    if (line === undefined) return undefined;
    continuation = line.continuation;
    position = line.next;
  }
  return replacements;
}

/** Reads one line of block context from `start` (its first non-blank character). */
function scanBlockLine(text: string, start: number, lineStart: number, replacements: Replacement[]): { next: number; continuation: Continuation } | undefined {
  let position = start;
  // The column of the entry (`- ` item or `key:`) the line's value belongs to.
  let owner = start - lineStart;
  for (;;) {
    // Sequence entries and explicit keys, possibly nested on one line (`- - a`, `? a`).
    while ((text[position] === '-' || text[position] === '?') && isSpaceOrEnd(text, position + 1)) {
      owner = position - lineStart;
      position = skipSpaces(text, position + 1);
    }
    position = skipProperties(text, position);
    const node = scanNodeStart(text, position, replacements);
    if (node === undefined) return undefined;
    if (node.kind === 'end') return { next: node.next, continuation: { kind: 'none' } };
    if (node.kind === 'block') return { next: node.next, continuation: { kind: 'text', column: owner } };
    if (node.kind === 'quoted') {
      // A quoted key (`"title": ...`) is followed by `:`; a quoted value by the end of the line.
      const after = skipSpaces(text, node.next);
      if (text[after] === ':' && isSpaceOrEnd(text, after + 1)) {
        owner = node.start - lineStart;
        position = skipSpaces(text, after + 1);
        if (atLineEnd(text, position)) return { next: nextLine(text, endOfLine(text, position)), continuation: { kind: 'none' } };
        continue;
      }
      return { next: nextLine(text, endOfLine(text, node.next)), continuation: { kind: 'none' } };
    }
    // A plain scalar: a key when `: ` follows on the line, else a value that may go on below.
    const key = plainKeyEnd(text, position);
    // A value alone on its line (under `key:`) goes on at its own indentation or deeper.
    const valueColumn = position === start ? position - lineStart - 1 : owner;
    if (key === undefined) return { next: nextLine(text, endOfLine(text, position)), continuation: { kind: 'text', column: valueColumn } };
    owner = position - lineStart;
    position = skipSpaces(text, key + 1);
    if (atLineEnd(text, position)) return { next: nextLine(text, endOfLine(text, position)), continuation: { kind: 'none' } };
  }
}

type NodeStart = { kind: 'end'; next: number } | { kind: 'block'; next: number } | { kind: 'quoted'; start: number; next: number } | { kind: 'plain' };

/** What starts at `position`: a quoted scalar (read), a flow collection (read), a block scalar header, or plain text. */
function scanNodeStart(text: string, position: number, replacements: Replacement[]): NodeStart | undefined {
  const first = text[position];
  if (atLineEnd(text, position)) return { kind: 'end', next: nextLine(text, endOfLine(text, position)) };
  if (first === "'" || first === '"') {
    const scalar = readQuoted(text, position);
    if (scalar === undefined) return undefined;
    if (scalar.replacement) replacements.push(scalar.replacement);
    return { kind: 'quoted', start: position, next: scalar.end };
  }
  if (first === '[' || first === '{') {
    const end = scanFlow(text, position, replacements);
    return end === undefined ? undefined : { kind: 'end', next: nextLine(text, endOfLine(text, end)) };
  }
  if (first === '|' || first === '>') return { kind: 'block', next: nextLine(text, endOfLine(text, position)) };
  return { kind: 'plain' };
}

/** Reads a flow collection from its opening bracket; returns the offset after its closing one. */
function scanFlow(text: string, start: number, replacements: Replacement[]): number | undefined {
  let depth = 0;
  let nodeStart = true;
  let position = start;
  while (position < text.length) {
    const char = text[position] as string;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      position++;
      continue;
    }
    if (char === '#' && /[ \t\r\n]/.test(text[position - 1] ?? '')) {
      position = endOfLine(text, position);
      continue;
    }
    if (char === '[' || char === '{') {
      depth++;
      nodeStart = true;
    } else if (char === ']' || char === '}') {
      depth--;
      nodeStart = false;
      if (depth === 0) return position + 1;
    } else if (char === ',') {
      nodeStart = true;
    } else if (char === ':' && (nodeStart || /[ \t\r\n,[\]{}]/.test(text[position + 1] ?? ' '))) {
      nodeStart = true;
    } else if (nodeStart && (char === "'" || char === '"')) {
      const scalar = readQuoted(text, position);
      if (scalar === undefined) return undefined;
      if (scalar.replacement) replacements.push(scalar.replacement);
      // JSON-like `"key":value` needs no space after the colon.
      position = scalar.end;
      nodeStart = text[position] === ':';
      if (nodeStart) position++;
      continue;
    } else if (char === '?' && nodeStart && isSpaceOrEnd(text, position + 1)) {
      nodeStart = true;
    } else if (nodeStart && (char === '&' || char === '!')) {
      position = skipProperties(text, position);
      continue;
    } else {
      // Plain text: quotes inside it are literal.
      nodeStart = false;
    }
    position++;
  }
  // An unclosed collection: the YAML parser reports it.
  return undefined;
}

/**
 * Reads a quoted scalar the way js-yaml 3 does: continuation lines at any indentation, the
 * spaces before a line break kept, one line break folded to a space and n to n − 1 newlines,
 * an escaped line break (`\` at the end of a double-quoted line) dropped with the blank lines
 * after it. `replacement` is set only when the scalar spans lines.
 */
function readQuoted(text: string, start: number): { end: number; replacement?: Replacement } | undefined {
  const quote = text[start];
  let value = '';
  let position = start + 1;
  let lineBreaks = 0;
  while (position < text.length) {
    const char = text[position] as string;
    if (char === quote) {
      if (quote === "'" && text[position + 1] === "'") {
        value += "'";
        position += 2;
        continue;
      }
      const end = position + 1;
      return lineBreaks === 0 ? { end } : { end, replacement: { start, end, value: writeDoubleQuoted(value), lineBreaks } };
    }
    if (char === '\n' || char === '\r') {
      const skipped = skipLineBreaks(text, position);
      if (skipped === undefined) return undefined;
      lineBreaks += skipped.count;
      value += skipped.count === 1 ? ' ' : '\n'.repeat(skipped.count - 1);
      position = skipped.next;
      continue;
    }
    if (char === '\\' && quote === '"') {
      const next = text[position + 1];
      if (next === '\n' || next === '\r') {
        const skipped = skipLineBreaks(text, position + 1);
        if (skipped === undefined) return undefined;
        lineBreaks += skipped.count;
        position = skipped.next;
        continue;
      }
      const escape = readEscape(text, position + 1);
      if (escape === undefined) return undefined;
      value += escape.value;
      position = escape.next;
      continue;
    }
    // js-yaml 3 refuses control characters other than tab in quoted scalars.
    if (char < ' ' && char !== '\t') return undefined;
    value += char;
    position++;
  }
  return undefined;
}

/** Skips line breaks and the indentation after them; `undefined` at a document marker (`---`, `...`), which ends the scalar in js-yaml 3. */
function skipLineBreaks(text: string, start: number): { count: number; next: number } | undefined {
  let position = start;
  let count = 0;
  for (;;) {
    while (text[position] === ' ' || text[position] === '\t') position++;
    const char = text[position];
    if (char === '\r') position += text[position + 1] === '\n' ? 2 : 1;
    else if (char === '\n') position++;
    else break;
    count++;
    if (/^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(position, position + 4))) return undefined;
  }
  return { count, next: position };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_LENGTHS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function readEscape(text: string, position: number): { value: string; next: number } | undefined {
  const char = text[position] ?? '';
  const simple = ESCAPES[char];
  if (simple !== undefined) return { value: simple, next: position + 1 };
  const length = HEX_LENGTHS[char];
  if (length === undefined) return undefined;
  const digits = text.slice(position + 1, position + 1 + length);
  if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(digits)) return undefined;
  const code = Number.parseInt(digits, 16);
  return code > 0x10ffff ? undefined : { value: String.fromCodePoint(code), next: position + 1 + length };
}

/** A YAML double-quoted scalar of `value`, escaping what is not printable. */
function writeDoubleQuoted(value: string): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function applyReplacements(text: string, replacements: readonly Replacement[]): FlattenedYaml {
  let output = '';
  let cursor = 0;
  // Pairs of (offset in the output, offset in the original) where the two start to move together.
  const anchors: Array<[number, number]> = [[0, 0]];
  let pendingBreaks = 0;
  const flushBreaks = (until: number) => {
    // The line breaks of the flattened scalars go at the end of the line they ended on, so that
    // every later line keeps its number.
    const lineEnd = Math.min(endOfLine(text, cursor), until);
    output += text.slice(cursor, lineEnd);
    anchors.push([output.length, lineEnd]);
    output += '\n'.repeat(pendingBreaks);
    anchors.push([output.length, lineEnd]);
    cursor = lineEnd;
    pendingBreaks = 0;
  };
  for (const replacement of replacements) {
    if (pendingBreaks > 0 && endOfLine(text, cursor) < replacement.start) flushBreaks(replacement.start);
    output += text.slice(cursor, replacement.start);
    anchors.push([output.length, replacement.start]);
    output += replacement.value;
    anchors.push([output.length, replacement.end]);
    cursor = replacement.end;
    pendingBreaks += replacement.lineBreaks;
  }
  if (pendingBreaks > 0) flushBreaks(text.length);
  output += text.slice(cursor);
  return {
    text: output,
    originalOffset(offset) {
      let anchor: [number, number] = [0, 0];
      for (const candidate of anchors) if (candidate[0] <= offset) anchor = candidate;
      return Math.min(anchor[1] + (offset - anchor[0]), text.length);
    },
  };
}

function endOfLine(text: string, position: number): number {
  let end = position;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return end;
}

function nextLine(text: string, lineEnd: number): number {
  if (text[lineEnd] === '\r' && text[lineEnd + 1] === '\n') return lineEnd + 2;
  return lineEnd < text.length ? lineEnd + 1 : lineEnd;
}

function skipSpaces(text: string, position: number): number {
  let next = position;
  while (text[next] === ' ' || text[next] === '\t') next++;
  return next;
}

function isSpaceOrEnd(text: string, position: number): boolean {
  const char = text[position];
  return char === undefined || char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

/** At the end of the line, or at a comment. */
function atLineEnd(text: string, position: number): boolean {
  const char = text[position];
  return char === undefined || char === '\n' || char === '\r' || char === '#';
}

/** Skips node properties: anchors (`&name`) and tags (`!tag`). */
function skipProperties(text: string, position: number): number {
  let next = position;
  while (text[next] === '&' || text[next] === '!') {
    while (next < text.length && !isSpaceOrEnd(text, next)) next++;
    next = skipSpaces(text, next);
  }
  return next;
}

/** The offset of the `:` that ends a plain key starting at `start`, if the line has one before any comment. */
function plainKeyEnd(text: string, start: number): number | undefined {
  const lineEnd = endOfLine(text, start);
  for (let position = start; position < lineEnd; position++) {
    const char = text[position];
    if (char === '#' && (text[position - 1] === ' ' || text[position - 1] === '\t')) return undefined;
    if (char === ':' && isSpaceOrEnd(text, position + 1)) return position;
  }
  return undefined;
}
