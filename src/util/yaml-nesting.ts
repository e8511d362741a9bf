/**
 * The `yaml` package parses and composes nested collections by recursion, one level of the call
 * stack (about 1 KiB) per level of nesting. Past some 600 levels it runs out of stack, and when
 * that happens while V8 compiles one of its regular expressions, V8 aborts the whole process
 * (`FATAL ERROR: RegExpCompiler Allocation failed`), which no `try` can catch: one frontmatter
 * line of 14,000 `key: "value"` pairs did it. So a text is measured before it is parsed, and one
 * nested deeper than {@link MAX_YAML_NESTING} is not parsed at all.
 */

/** Deepest nesting a YAML text may have to be parsed (the corpus's frontmatter and OpenAPI files measure at most 53). */
export const MAX_YAML_NESTING = 200;

/**
 * Where the nesting of a YAML text may first pass `limit` levels, or `undefined` when it cannot
 * anywhere. The measure is an upper bound of what the parser nests, found in one pass without
 * parsing: each indentation step of the lines counts two levels (a sequence may sit at its
 * mapping's indentation), each `key:`, `- ` and `? ` on a line one (`a: b: c:` nests, however
 * invalid), and each open `[` or `{` one. Quoted text, comments and block scalars (`|`, `>`)
 * count nothing, as they nest nothing.
 */
export function yamlNestingBeyond(text: string, limit: number = MAX_YAML_NESTING): { offset: number; line: number } | undefined {
  const indents: number[] = [];
  let flow = 0;
  // Inside a block scalar: the column of the node it is the value of, and its content's indentation once known.
  let blockParent = -1;
  let blockIndent = -1;
  let line = 0;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    line++;
    let indent = 0;
    while (start + indent < end && text.charCodeAt(start + indent) === 0x20) indent++;
    const blank = isBlank(text, start + indent, end);
    if (blockParent >= 0 && (blank || (indent > blockParent && indent >= blockIndent))) {
      if (!blank && blockIndent < 0) blockIndent = indent;
      start = end + 1;
      continue;
    }
    blockParent = -1;
    blockIndent = -1;
    if (!blank) {
      while (indents.length > 0 && (indents[indents.length - 1] as number) >= indent) indents.pop();
      indents.push(indent);
      const scan = scanLine(text, start + indent, end, flow);
      flow = scan.flow;
      const depth = 2 * indents.length + scan.indicators + scan.deepestFlow;
      if (depth > limit) return { offset: start, line };
      if (scan.blockScalarParent >= 0) blockParent = scan.blockScalarParent - start;
    }
    start = end + 1;
  }
  return undefined;
}

function isBlank(text: string, from: number, end: number): boolean {
  for (let index = from; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x23 /* # */) return true;
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
}

/** The indicators that open a collection on one line, the flow depth after it, and whether a block scalar starts there. */
function scanLine(
  text: string,
  from: number,
  end: number,
  flowBefore: number,
): { indicators: number; flow: number; deepestFlow: number; blockScalarParent: number } {
  let indicators = 0;
  let flow = flowBefore;
  let deepestFlow = flow;
  // Where a scalar may start: at the start of the line's content, or after an indicator.
  let scalarStart = true;
  let last = -1;
  // Where the latest scalar, and the latest node a block scalar would be the value of, start.
  let scalarColumn = from;
  let parent = from;
  for (let index = from; index < end; index++) {
    const code = text.charCodeAt(index);
    const next = index + 1 < end ? text.charCodeAt(index + 1) : 0x20;
    const spaceAfter = next === 0x20 || next === 0x09 || next === 0x0d;
    if (code === 0x20 || code === 0x09 || code === 0x0d) continue;
    if (code === 0x23 /* # */ && index > from && (text.charCodeAt(index - 1) === 0x20 || text.charCodeAt(index - 1) === 0x09)) break;
    if (scalarStart && (code === 0x22 /* " */ || code === 0x27) /* ' */) {
      scalarColumn = index;
      index = quotedEnd(text, index, end, code);
      scalarStart = false;
      last = code;
      continue;
    }
    if ((code === 0x3a /* : */ || code === 0x2d /* - */ || code === 0x3f) /* ? */ && spaceAfter && (code === 0x3a || scalarStart)) {
      indicators++;
      parent = code === 0x3a ? scalarColumn : index;
      scalarStart = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      flow++;
      if (flow > deepestFlow) deepestFlow = flow;
      scalarStart = true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      if (flow > 0) flow--;
    } else if (code === 0x2c /* , */ && flow > 0) {
      scalarStart = true;
    } else {
      if (scalarStart) scalarColumn = index;
      scalarStart = false;
    }
    last = code;
  }
  // `key: |`, `- >-`, `key: |2+`: what follows, more indented, is text.
  const blockScalar = flow === 0 && /^[|>][-+0-9]*$/.test(lastWord(text, from, end)) && last !== 0x22 && last !== 0x27;
  return { indicators, flow, deepestFlow, blockScalarParent: blockScalar ? parent : -1 };
}

/** The index of the closing quote (or the end of the line: a quoted scalar may go on). */
function quotedEnd(text: string, open: number, end: number, quote: number): number {
  for (let index = open + 1; index < end; index++) {
    const code = text.charCodeAt(index);
    if (quote === 0x22 && code === 0x5c /* \ */) index++;
    else if (code === quote) {
      if (quote === 0x27 && text.charCodeAt(index + 1) === 0x27) index++;
      else return index;
    }
  }
  return end;
}

/** The last run of characters without white space on the line, comments left out. */
function lastWord(text: string, from: number, end: number): string {
  let stop = end;
  while (stop > from && /\s/.test(text[stop - 1] as string)) stop--;
  let begin = stop;
  while (begin > from && !/\s/.test(text[begin - 1] as string)) begin--;
  // Only a word after an indicator (`key: |`, `- |`) or alone on the line starts a block scalar.
  const before = text.slice(from, begin).trimEnd();
  if (before !== '' && !before.endsWith(':') && !before.endsWith('-') && !before.endsWith('?')) return '';
  return text.slice(begin, stop);
}
