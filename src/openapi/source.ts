import { isAlias, isCollection, isDocument, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { LineIndex, type Position } from '../diagnostics/line-index.js';
import { parsePointer } from '../json/pointer.js';
import { scanJson } from '../json/scan.js';
import { parseJsonSharingStrings, type SharedParse } from '../json/parse-shared.js';
import { offsetInJson } from '../json/text.js';
import { MAX_YAML_NESTING, yamlNestingBeyond } from '../util/yaml-nesting.js';

/** Deepest nesting accepted in a JSON description (real ones stay under 100). */
export const MAX_JSON_DEPTH = 512;

/**
 * Aliases a YAML text may expand. The `yaml` package stops with an error past this count, which
 * refuses "billion laughs" files that would expand to gigabytes; real specs use a handful.
 */
export const MAX_YAML_ALIASES = 1000;

/** A problem found while reading the text, at an offset. */
export interface SyntaxProblem {
  code: 'openapi/syntax' | 'openapi/duplicate-key' | 'openapi/too-deep' | 'openapi/yaml-alias-limit' | 'openapi/not-json';
  /** Errors unless said: a file the platform reads all the same is a warning. */
  severity?: 'warning';
  message: string;
  hint: string;
  offset: number;
  pointer: string;
}

/** The parsed value of a JSON or YAML text and a way back from pointers to positions. */
export interface ParsedSource {
  value: unknown;
  problems: SyntaxProblem[];
  /**
   * Line and column of the value (or key) at `pointer`, or of its nearest ancestor present in the
   * text. Built on first use: the valid case never pays for positions.
   */
  locate(pointer: string, at?: 'key' | 'value'): Position | undefined;
  /** Line and column of a character offset. */
  position(offset: number): Position;
  /** JSON texts: the distinct `$ref` values written anywhere in the text. */
  refs?: string[];
}

/** True when the text is JSON rather than YAML: JSON texts start with `{` or `[`. */
export function looksLikeJson(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0xfeff) continue;
    return code === 0x7b || code === 0x5b;
  }
  return false;
}

/** Parses JSON (one `JSON.parse` plus one scan for duplicate keys) or YAML, never throwing. */
export function parseSource(text: string): ParsedSource {
  return looksLikeJson(text) ? parseJsonSource(text) : parseYamlSource(text);
}

function parseJsonSource(raw: string): ParsedSource {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const position = positionFinder(text);
  const locate = (pointer: string, at: 'key' | 'value' = 'value'): Position | undefined => position(offsetInJson(text, parsePointer(pointer), at));
  let parsed: SharedParse;
  try {
    parsed = parseJsonSharingStrings(text, MAX_JSON_DEPTH);
  } catch {
    const scan = scanJson(text, { maxDepth: MAX_JSON_DEPTH });
    const error = scan.error ?? { offset: 0, message: 'The file is not valid JSON.', hint: 'Check the file with a JSON validator.' };
    // The platform reads every description as YAML, of which JSON is a part: a trailing comma, a
    // comment or an unquoted key pass there. Such a file deploys, so it is read the same way here.
    const yaml = error.message.startsWith('Nesting deeper') ? undefined : parseYamlSource(text);
    if (yaml && yaml.value !== undefined && !yaml.problems.some((problem) => problem.code === 'openapi/syntax')) {
      const notJson: SyntaxProblem = {
        code: 'openapi/not-json',
        severity: 'warning',
        message: `${error.message.replace(/\.$/, '')}: not JSON, but the platform reads the file as YAML, which allows it, and so does Quire.`,
        hint: `${error.hint} JSON tools (editors, generators, validators) refuse the file as it is.`,
        offset: error.offset,
        pointer: '',
      };
      return { ...yaml, problems: [notJson, ...yaml.problems] };
    }
    return {
      value: undefined,
      problems: [{ code: 'openapi/syntax', message: error.message, hint: error.hint, offset: error.offset, pointer: '' }],
      locate,
      position,
    };
  }
  const { value } = parsed;
  // The full scanner (pointers, depth) runs only when the parse saw a repeated key or deep nesting.
  const scan = parsed.suspect ? scanJson(text, { maxDepth: MAX_JSON_DEPTH }) : { duplicates: [], error: undefined };
  if (scan.error?.message.startsWith('Nesting deeper')) {
    return {
      value: undefined,
      problems: [{ code: 'openapi/too-deep', message: scan.error.message, hint: scan.error.hint, offset: scan.error.offset, pointer: '' }],
      locate,
      position,
    };
  }
  const problems: SyntaxProblem[] = scan.duplicates.map((duplicate) => {
    const first = position(duplicate.firstOffset);
    const key = parsePointer(duplicate.pointer).at(-1) ?? '';
    return {
      code: 'openapi/duplicate-key',
      message: `Duplicate key ${JSON.stringify(key)}: it is also set at ${first.line}:${first.column}, and only this last value is kept.`,
      hint: 'Remove one of the two, or merge their values.',
      offset: duplicate.offset,
      pointer: duplicate.pointer,
    };
  });
  return { value, problems, locate, position, refs: parsed.refs };
}

/**
 * Line and column of offsets: the first few are counted directly (no memory), after that a line
 * index is built once (a large file with many diagnostics).
 */
function positionFinder(text: string): (offset: number) => Position {
  let lines: LineIndex | undefined;
  let calls = 0;
  return (offset) => {
    if (lines || ++calls > 16) return (lines ??= new LineIndex(text)).position(offset);
    const clamped = Math.max(0, Math.min(offset, text.length));
    let line = 1;
    let lineStart = 0;
    for (let index = text.indexOf('\n'); index !== -1 && index < clamped; index = text.indexOf('\n', index + 1)) {
      line++;
      lineStart = index + 1;
    }
    return { line, column: clamped - lineStart + 1 };
  };
}

function parseYamlSource(text: string): ParsedSource {
  const position = positionFinder(text);
  let document: Document.Parsed | undefined;
  const problems: SyntaxProblem[] = [];
  const deep = yamlNestingBeyond(text);
  if (deep) {
    // The YAML parser would run out of stack, which can abort the process (see yaml-nesting.ts).
    problems.push({
      code: 'openapi/too-deep',
      message: `Nesting deeper than ${MAX_YAML_NESTING} levels (counting indentation steps, \`key:\` and \`- \` on one line, and brackets).`,
      hint: 'No OpenAPI description needs this depth; the file is probably generated wrongly.',
      offset: deep.offset,
      pointer: '',
    });
    return { value: undefined, problems, locate: () => undefined, position };
  }
  try {
    // `merge` reads `<<` keys as YAML 1.1 merges, which specs written by hand rely on.
    document = parseDocument(text, { prettyErrors: false, merge: true, keepSourceTokens: false });
  } catch (error) {
    problems.push({
      code: 'openapi/syntax',
      message: `The file is not valid YAML: ${(error as Error).message}`,
      hint: 'Check the file with a YAML linter.',
      offset: 0,
      pointer: '',
    });
    return { value: undefined, problems, locate: () => undefined, position };
  }
  const locate = (pointer: string, at: 'key' | 'value' = 'value'): Position | undefined => {
    const range = yamlRange(document as Document.Parsed, pointer, at);
    return range === undefined ? undefined : position(range);
  };
  for (const error of document.errors) {
    const message = error.message.split('\n')[0] ?? error.message;
    const duplicate = error.code === 'DUPLICATE_KEY';
    problems.push({
      code: duplicate ? 'openapi/duplicate-key' : 'openapi/syntax',
      message: duplicate ? `${message}: only one value can be kept.` : `The file is not valid YAML: ${message}`,
      hint: duplicate ? 'Remove one of the two, or merge their values.' : yamlHint(error.code),
      offset: error.pos[0],
      pointer: '',
    });
  }
  if (problems.length) return { value: undefined, problems, locate, position };
  try {
    return { value: document.toJS({ maxAliasCount: MAX_YAML_ALIASES }), problems, locate, position };
  } catch (error) {
    const message = (error as Error).message;
    const aliases = /alias/i.test(message);
    problems.push({
      code: aliases ? 'openapi/yaml-alias-limit' : 'openapi/syntax',
      message: aliases
        ? `The YAML aliases (\`*name\`) expand beyond ${MAX_YAML_ALIASES} copies; the file is refused to protect memory.`
        : `The file is not valid YAML: ${message}`,
      hint: aliases ? 'Write the repeated parts out, or use `$ref` to components instead of YAML anchors.' : 'Check the file with a YAML linter.',
      offset: 0,
      pointer: '',
    });
    return { value: undefined, problems, locate, position };
  }
}

function yamlHint(code: string): string {
  switch (code) {
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'Check the indentation: nested keys need more spaces than their parent, and tabs are not allowed.';
    case 'MULTILINE_IMPLICIT_KEY':
      return 'A key spans several lines; quote the value before it or fix its indentation.';
    default:
      return 'Check the file with a YAML linter.';
  }
}

/** Offset of the node (or key) at `pointer`, or of its nearest ancestor. */
function yamlRange(document: Document.Parsed, pointer: string, at: 'key' | 'value'): number | undefined {
  let node: unknown = document.contents;
  let best = isDocument(document) && document.contents?.range ? document.contents.range[0] : 0;
  const tokens = parsePointer(pointer);
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    while (isAlias(node)) node = node.resolve(document);
    if (!isCollection(node)) break;
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && String(isScalar(item.key) ? item.key.value : item.key) === token);
      if (!pair) break;
      if (index === tokens.length - 1 && at === 'key' && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
      next = pair.value;
      if (!next && isScalar(pair.key) && pair.key.range) best = pair.key.range[0];
    } else if (isSeq(node)) {
      next = node.items[Number(token)];
    }
    const range = (next as Node | undefined)?.range;
    if (!range) break;
    best = range[0];
    node = next;
  }
  return best;
}
