import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { Program } from 'estree';
import type { Nodes, Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseWithReference, type MdxParser } from './dialect.js';
import {
  CORPUS_MOST_MARKERS,
  CORPUS_MOST_NODES,
  MAX_PAGE_NODES,
  MAX_PARAGRAPH_MARKERS,
  MAX_PARAGRAPH_OPENINGS,
  MAX_TAG_DEPTH,
  TooManyNodes,
  mayBeHostile,
  pageShape,
} from './page-shape.js';
import { syntaxErrorDiagnostic, type ParseMessage } from './syntax-error.js';

/** What the reference parser made of a page: its tree, or what it threw. */
export type ReferenceOutcome = { tree: Root } | { error: unknown };

/**
 * A native parser for `readPage` to read pages with before the reference parser (remark, the
 * platform's own), and how a page it refuses is confirmed. In Node, `quire-docs/node` reads pages
 * with satteri; without it (the browser, `quire-docs/content` alone) the reference reads them.
 */
export interface PageParsers {
  /**
   * The first parser. A refusal is an error whose message begins with the place, `line:column: `;
   * anything else it throws is a crash, reported on the page as `content/parser-crash`.
   */
  native: MdxParser;
  /**
   * Parses a page the native parser refused with the reference parser, within a budget of time:
   * `undefined` when the budget ran out, and the native parser's refusal then stands. Default: the
   * reference parser in this thread, without a budget.
   */
  confirm?: (text: string) => ReferenceOutcome | undefined;
}

/** A page's syntax tree, or none when it does not parse, and what to say about it. */
export interface ParsedPage {
  tree: Root | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parses a page's text (after `customHeadingIds`; `original` is the text as written, for the
 * hints). With `parsers`, the native parser reads it first; a page it refuses is read again by
 * the reference parser, and is a syntax error only when the reference refuses it too, with the
 * reference's message and place. Never throws.
 */
export function parsePage(text: string, original: string, file: string, parsers?: PageParsers): ParsedPage {
  const shape = mayBeHostile(text) ? pageShape(text) : { depth: 0, paragraphOpenings: 0, paragraphExpressions: 0, paragraphMarkers: 0 };
  // Deeper than the reference reads in its budget (it takes 2.3 s at 5,000 levels and runs out of
  // stack at 6,000), and satteri's time grows with the square of the depth: refused unread.
  if (shape.depth > MAX_TAG_DEPTH)
    return { tree: undefined, diagnostics: [shape.depth > MAX_DEPTH ? tooDeepDiagnostic(file, original) : tooDeepToRead(file, shape.depth)] };
  if (shape.paragraphMarkers > MAX_PARAGRAPH_MARKERS) return { tree: undefined, diagnostics: [tooManyMarkers(file, shape.paragraphMarkers)] };
  if (!parsers) return bounded(fromReference(referenceOutcome(text), file, original), file);
  // So many tags and expressions in one paragraph that satteri's time explodes (a 2 MB line of `<`:
  // hours): the reference reads the page first, within its budget (it stops at the first error:
  // such a line in milliseconds); past it, satteri reads it as any page.
  const confirm = parsers.confirm ?? referenceOutcome;
  let referenceRanOut = false;
  if (shape.paragraphOpenings > MAX_PARAGRAPH_OPENINGS) {
    const first = confirm(text);
    if (first !== undefined) return bounded(fromReference(first, file, original), file);
    // satteri's time grows with the square of the expressions side by side (64,000 `{}` on one
    // line: half a minute); nested ones it refuses at once, and its refusal then stands.
    if (shape.paragraphExpressions > MAX_PARAGRAPH_OPENINGS) return { tree: undefined, diagnostics: [tooManyExpressions(file, shape.paragraphExpressions)] };
    referenceRanOut = true;
  }
  let refusal: ParseMessage | undefined;
  let crash: unknown;
  try {
    const tree = parsers.native(text);
    const measured = measureTree(tree);
    // The reference runs out of stack on such a page, and so does the platform's parser.
    if (measured.depth > MAX_DEPTH) return { tree: undefined, diagnostics: [syntaxErrorDiagnostic(new RangeError('too deep'), file, original)] };
    // A parser given by a build plugin may not count them before building the tree, as Quire's does.
    if (measured.nodes > MAX_PAGE_NODES) return { tree: undefined, diagnostics: [tooManyNodes(file, measured.nodes)] };
    refusal = attachEsm(tree);
    if (!refusal) return { tree, diagnostics: [] };
  } catch (error) {
    if (error instanceof TooManyNodes) return { tree: undefined, diagnostics: [tooManyNodes(file, error.nodes)] };
    refusal = nativeRefusal(error);
    // A stack overflow on deep nesting is no crash: the reference says how deep is too deep.
    if (!refusal && !(error instanceof RangeError)) crash = error;
  }
  const confirmed = referenceRanOut ? undefined : confirm(text);
  const diagnostics: Diagnostic[] = crash === undefined ? [] : [crashDiagnostic(crash, file, confirmed !== undefined)];
  if (confirmed !== undefined) {
    const parsed = bounded(fromReference(confirmed, file, original), file);
    return { tree: parsed.tree, diagnostics: [...diagnostics, ...parsed.diagnostics] };
  }
  if (refusal) diagnostics.push(syntaxErrorDiagnostic(refusal, file, original));
  return { tree: undefined, diagnostics };
}

/**
 * How deep a native tree may nest. satteri reads 10,000 nested elements where the reference (and
 * the platform's parser, the same) runs out of stack: such a page is refused as the reference
 * refuses it (`content/too-deep`). The reference parsed 5,000 levels of `<div>` or `>` here and ran
 * out of stack at 6,000; no real page comes near.
 */
const MAX_DEPTH = 5_000;

function tooDeepDiagnostic(file: string, original: string): Diagnostic {
  return syntaxErrorDiagnostic(new RangeError('too deep'), file, original);
}

/**
 * Tags nested deeper than Quire reads in time, but not so deep that the platform's parser runs out
 * of stack (it reads 5,000 levels, slowly): the platform may publish the page, so it is a warning
 * that its content is not checked, not an error.
 */
function tooDeepToRead(file: string, depth: number): Diagnostic {
  return {
    code: 'content/too-large',
    severity: 'warning',
    message: `The page nests tags ${depth.toLocaleString('en-US')} levels deep, past the ${MAX_TAG_DEPTH.toLocaleString('en-US')} Quire reads in time: its content is not checked.`,
    file,
    pointer: '',
    line: 1,
    column: 1,
    hint: "Close the tags left open, or flatten the nesting; the deepest page of 52 real sites nests 370 levels. Past 5,000 levels the platform's parser runs out of stack too.",
  };
}

/** A page with more expressions in one paragraph than can be read in time: not read, as a page too large. */
function tooManyExpressions(file: string, expressions: number): Diagnostic {
  return {
    code: 'content/too-large',
    severity: 'warning',
    message: `One paragraph of the page holds ${expressions.toLocaleString('en-US')} expressions (\`{…}\`), over the ${MAX_PARAGRAPH_OPENINGS.toLocaleString('en-US')} Quire reads in one: its content is not checked.`,
    file,
    pointer: '',
    line: 1,
    column: 1,
    hint: 'Split the paragraph with blank lines, or put such text in a code block; no real page comes near this.',
  };
}

/** A paragraph with more emphasis markers than can be matched in time: not read, as a page too large. */
function tooManyMarkers(file: string, markers: number): Diagnostic {
  return {
    code: 'content/too-large',
    severity: 'warning',
    message: `One paragraph of the page holds ${markers.toLocaleString('en-US')} runs of emphasis markers (\`*\`, \`_\`, \`~\`), over the ${MAX_PARAGRAPH_MARKERS.toLocaleString('en-US')} Quire reads in one: its content is not checked.`,
    file,
    pointer: '',
    line: 1,
    column: 1,
    hint: `Split the paragraph with blank lines, or put such text in a code block; the most of any paragraph of 52 real sites is ${CORPUS_MOST_MARKERS}.`,
  };
}

/** A page whose tree holds more nodes than Quire reads in one page: not read, as a page too large. */
function tooManyNodes(file: string, nodes: number): Diagnostic {
  return {
    code: 'content/too-large',
    severity: 'warning',
    message: `The page holds ${nodes.toLocaleString('en-US')} Markdown nodes (elements, text runs, table cells), over the ${MAX_PAGE_NODES.toLocaleString('en-US')} Quire reads in one page: its content is not checked.`,
    file,
    pointer: '',
    line: 1,
    column: 1,
    hint: `Split the page; the largest page of 52 real sites holds ${CORPUS_MOST_NODES.toLocaleString('en-US')}.`,
  };
}

/** The same page without its tree when the tree holds more than {@link MAX_PAGE_NODES} nodes (the reference parser's tree; satteri's is counted before it is built). */
function bounded(parsed: ParsedPage, file: string): ParsedPage {
  if (!parsed.tree) return parsed;
  const { nodes } = measureTree(parsed.tree);
  return nodes > MAX_PAGE_NODES ? { tree: undefined, diagnostics: [...parsed.diagnostics, tooManyNodes(file, nodes)] } : parsed;
}

/** How deep a tree nests and how many nodes it holds, in one walk. */
function measureTree(tree: Root): { depth: number; nodes: number } {
  let deepest = 0;
  let nodes = 0;
  const stack: [Nodes, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Nodes, number];
    nodes++;
    if (depth > deepest) deepest = depth;
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return { depth: deepest, nodes };
}

function referenceOutcome(text: string): ReferenceOutcome {
  try {
    return { tree: parseWithReference(text) };
  } catch (error) {
    return { error };
  }
}

function fromReference(outcome: ReferenceOutcome, file: string, original: string): ParsedPage {
  return 'tree' in outcome ? { tree: outcome.tree, diagnostics: [] } : { tree: undefined, diagnostics: [syntaxErrorDiagnostic(outcome.error, file, original)] };
}

// "12:3: Expected a closing tag for `<Card>` (12:1) (mdx-jsx:unexpected-character)".
const REFUSAL = /^(\d+):(\d+): ([^]*?)(?: \(([\w-]+):([\w-]+)\))?$/;

/** A native parser's syntax error as the reference would give it, or `undefined` for anything else. */
function nativeRefusal(error: unknown): ParseMessage | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = REFUSAL.exec(error.message.trim());
  if (!match) return undefined;
  const reason = match[3] as string;
  // satteri checks expressions with oxc where the reference uses acorn: the hints are the same.
  const ruleId = /^Could not parse expression/.test(reason) ? 'acorn' : (match[5] ?? null);
  return { reason, ruleId, line: Number(match[1]), column: Number(match[2]) };
}

function crashDiagnostic(error: unknown, file: string, readAnyway: boolean): Diagnostic {
  const what = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? '';
  return {
    code: 'content/parser-crash',
    severity: 'warning',
    message: `Quire's MDX parser failed on this page (${what}); ${readAnyway ? 'it was read with the reference parser instead' : 'the reference parser did not finish within its time either, so its content is not checked'}.`,
    file,
    pointer: '',
    line: 1,
    column: 1,
    hint: 'This is a bug in Quire, not in the page: please report it with the page.',
  };
}

// The JavaScript parser the reference reads ESM with (micromark-extension-mdxjs' default), with
// its options: the same program, or the same error, as the reference.
const EsmParser = Parser.extend(acornJsx());

interface AcornError {
  message: string;
  loc?: { line: number; column: number };
}

/** The ESM blocks of a tree, at any depth, in document order. */
function esmBlocks(tree: Root): MdxjsEsm[] {
  const found: MdxjsEsm[] = [];
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type === 'mdxjsEsm') found.push(node);
    else if ('children' in node) for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index] as Nodes);
  }
  return found;
}

/**
 * Gives each ESM block the program the reference gives it (`data.estree`, which `readPage`
 * reads imports from), placed in the page: satteri keeps the block's text alone and does not
 * check it. Returns the reference's error for a block that is not valid ESM.
 */
function attachEsm(tree: Root): ParseMessage | undefined {
  // The reference reads ESM at the top level only, where a line `import ...` between a JSX
  // element's tags is too; satteri puts that block inside the element: it is looked for there.
  for (const node of esmBlocks(tree)) {
    if (node.data?.estree) continue;
    const start = node.position?.start ?? { line: 1, column: 1, offset: 0 };
    let program: Program;
    try {
      program = EsmParser.parse(node.value, { ecmaVersion: 2024, sourceType: 'module', locations: true }) as unknown as Program;
    } catch (error) {
      const { message, loc } = error as AcornError;
      return {
        reason: message.replace(/ \(\d+:\d+\)$/, ''),
        ruleId: 'acorn',
        line: start.line + (loc?.line ?? 1) - 1,
        column: (loc?.line ?? 1) === 1 ? start.column + (loc?.column ?? 0) : (loc?.column ?? 0) + 1,
      };
    }
    const other = program.body.find((statement) => !/^(?:Import|Export\w*)Declaration$/.test(statement.type));
    if (other) {
      const line = start.line + (other.loc?.start.line ?? 1) - 1;
      return {
        reason: `Unexpected \`${other.type}\` in code: only import/exports are supported`,
        ruleId: 'non-esm',
        line,
        column: (other.loc?.start.column ?? 0) + 1,
      };
    }
    placeProgram(program, start.line - 1, start.offset ?? 0);
    node.data = { ...node.data, estree: program };
  }
  return undefined;
}

/** Moves the nodes of a program parsed alone to where its block is in the page. */
function placeProgram(program: Program, lines: number, offset: number): void {
  if (lines === 0 && offset === 0) return;
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') stack.push(item);
      continue;
    }
    const node = value as { type?: unknown; loc?: { start: { line: number }; end: { line: number } }; start?: number; end?: number; [key: string]: unknown };
    if (typeof node.type !== 'string') continue;
    if (node.loc) {
      node.loc.start.line += lines;
      node.loc.end.line += lines;
    }
    if (typeof node.start === 'number') node.start += offset;
    if (typeof node.end === 'number') node.end += offset;
    for (const key in node) {
      if (key === 'loc') continue;
      const child = node[key];
      if (child && typeof child === 'object') stack.push(child);
    }
  }
}
