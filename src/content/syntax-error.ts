import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** The parts of a VFileMessage (what remark throws on a syntax error) that a diagnostic needs. */
export interface ParseMessage {
  reason?: string;
  message?: string;
  ruleId?: string | null;
  line?: number | null;
  column?: number | null;
  place?: { line?: number; column?: number; start?: { line?: number; column?: number } } | null;
}

/**
 * A syntax error of a page as a diagnostic at its line and column, with a hint for the common
 * causes: `<` or `{` in prose, an HTML comment, an unclosed or stray tag, a broken expression.
 * Anything else thrown (a stack overflow on absurd nesting) is reported at the top of the page.
 */
export function syntaxErrorDiagnostic(error: unknown, file: string, text: string): Diagnostic {
  if (error instanceof RangeError) {
    return {
      code: 'content/too-deep',
      severity: 'error',
      message: 'The page nests elements too deeply to be read.',
      file,
      pointer: '',
      line: 1,
      column: 1,
      hint: 'Split the page or flatten its nesting: no page renders this deep.',
    };
  }
  const message = (typeof error === 'object' && error !== null ? error : { reason: String(error) }) as ParseMessage;
  const reason = (message.reason ?? message.message ?? 'The page does not parse').replace(
    /\s*\(note: to create a comment in MDX, use `\{\/\* text \*\/\}`\)/,
    '',
  );
  const place = positionOf(message, reason);
  const lineText = text.split('\n')[place.line - 1] ?? '';
  const hint = hintFor(message.ruleId ?? undefined, reason, lineText, place.column);
  return {
    code: 'content/syntax',
    severity: 'error',
    message: `The page does not parse as MDX: ${sentence(reason)}`,
    file,
    pointer: '',
    line: place.line,
    column: place.column,
    ...(hint ? { hint } : {}),
  };
}

function positionOf(message: ParseMessage, reason: string): { line: number; column: number } {
  const line = message.line ?? message.place?.line ?? message.place?.start?.line;
  const column = message.column ?? message.place?.column ?? message.place?.start?.column;
  if (line) return { line, column: column ?? 1 };
  // "Expected a closing tag for `<Card>` (3:1-3:17)": the message names the opening tag.
  const named = /\((\d+):(\d+)-\d+:\d+\)/.exec(reason);
  return named ? { line: Number(named[1]), column: Number(named[2]) } : { line: 1, column: 1 };
}

const ATTRIBUTE_HINT = 'Attribute values are quoted strings (`title="..."`) or expressions in braces (`cols={2}`).';

function hintFor(rule: string | undefined, reason: string, line: string, column: number): string | undefined {
  const at = line.slice(Math.max(0, column - 2));
  if (rule === 'unexpected-character' && /`!`/.test(reason)) return 'HTML comments (`<!-- ... -->`) are not MDX: write `{/* ... */}` instead.';
  // Inside a tag (`<Card title=Plain>`) the same rule names the attribute: not a `<` in prose.
  if (rule === 'unexpected-character' && /attribute/.test(reason)) return ATTRIBUTE_HINT;
  if (rule === 'unexpected-character' || rule === 'unexpected-lazy') {
    return 'A `<` in prose starts a tag in MDX: write `&lt;`, put the text in backticks, or escape it as `\\<`.';
  }
  if (rule === 'acorn' && /\{[ \t]*#/.test(at)) return 'A custom heading id must end the heading line: `## Title {#id}`.';
  if (rule === 'acorn' && /import\/exports/.test(reason)) return 'Fix the `import` or `export` statement: it must be valid JavaScript.';
  if (rule === 'acorn' || rule === 'unexpected-eof' || /expression/.test(reason)) {
    return 'A `{` in prose starts a JavaScript expression in MDX: escape it as `\\{`, or put the text in backticks.';
  }
  if (rule === 'end-tag-mismatch' && /Expected a closing tag/.test(reason)) {
    return 'Close the tag (`</Name>`), or make it self-closing (`<Name />`); HTML void elements need it too (`<br />`, `<img ... />`).';
  }
  if (rule === 'end-tag-mismatch' || rule === 'unexpected-closing-slash')
    return 'Each closing tag must match the last open one: check the tags above for one left open or closed twice.';
  if (rule === 'unexpected-attribute' || /attribute/.test(reason)) return ATTRIBUTE_HINT;
  return undefined;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
