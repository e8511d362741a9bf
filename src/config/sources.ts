import { LineIndex, type Position } from '../diagnostics/line-index.js';
import { scanJson, type JsonLocation } from '../json/scan.js';
import { hasDuplicateKeys, locationsInJson, type ValueLocation } from '../json/text.js';
import type { Reporter } from './validate/report.js';

/** Deepest nesting accepted in a docs.json file. */
export const MAX_JSON_DEPTH = 512;

/**
 * How many pointers of a file are found one pass each before every value of it is indexed: a
 * pass reads the text once and builds nothing but the places on the way, so a few diagnostics
 * should not pay for an index of every value (a string and a map entry each).
 */
const SINGLE_PASSES = 8;

interface SourceFile {
  text: string;
  value: unknown;
  lines?: LineIndex;
  /** Every value of the file by pointer, once a pointer that was not prepared is located. */
  locations?: Map<string, JsonLocation>;
  /** The pointers prepared (see `SourceFiles.prepare`). */
  prepared?: Set<string>;
  /** Where the prepared pointers and their ancestors are (those that are in the text). */
  found?: Map<string, ValueLocation>;
  /** How many pointers were prepared one by one (see `locate`). */
  singlePasses?: number;
}

/**
 * The JSON files read while parsing one docs.json: their text, parsed value, and (built only when
 * a diagnostic needs a position) an index from JSON pointers to offsets.
 */
export class SourceFiles {
  private readonly files = new Map<string, SourceFile>();

  has(file: string): boolean {
    return this.files.has(file);
  }

  parsed(file: string): unknown {
    return this.files.get(file)?.value;
  }

  /**
   * Parses `text` as the content of `file`. The common valid case costs one `JSON.parse` and one
   * scan for duplicate keys; syntax errors are located by the scanner. Returns `undefined` when
   * the text is not JSON.
   */
  add(file: string, text: string, reporter: Reporter): unknown {
    const source: SourceFile = { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, value: undefined };
    this.files.set(file, source);
    let value: unknown;
    try {
      value = JSON.parse(source.text);
    } catch {
      const error = scanJson(source.text, { maxDepth: MAX_JSON_DEPTH }).error ?? {
        offset: 0,
        message: 'The file is not valid JSON.',
        hint: 'Check the file with a JSON validator.',
      };
      const related = error.relatedOffset === undefined ? '' : ` (opened at line ${this.lines(source).position(error.relatedOffset).line})`;
      reporter.report({
        code: error.message.startsWith('Nesting deeper') ? 'json/too-deep' : 'json/syntax',
        severity: 'error',
        message: error.message + related,
        hint: error.hint,
        pointer: '',
        file,
        offset: error.offset,
      });
      return undefined;
    }
    // The common case has no duplicate key and no deep nesting: one fast pass says so, and only
    // when it finds something does the full scanner run to say where.
    if (!hasDuplicateKeys(source.text, MAX_JSON_DEPTH)) {
      source.value = value;
      return value;
    }
    const scan = scanJson(source.text, { maxDepth: MAX_JSON_DEPTH });
    if (scan.error?.message.startsWith('Nesting deeper')) {
      reporter.report({
        code: 'json/too-deep',
        severity: 'error',
        message: scan.error.message,
        hint: scan.error.hint,
        pointer: '',
        file,
        offset: scan.error.offset,
      });
      return undefined;
    }
    for (const duplicate of scan.duplicates) {
      const first = this.lines(source).position(duplicate.firstOffset);
      reporter.report({
        code: 'json/duplicate-key',
        severity: 'error',
        message: `Duplicate key ${JSON.stringify(decodeLastToken(duplicate.pointer))}: it is also set at ${first.line}:${first.column}, and only this last value is kept.`,
        hint: 'Remove one of the two, or merge their values.',
        pointer: duplicate.pointer,
        file,
        offset: duplicate.offset,
      });
    }
    source.value = value;
    return value;
  }

  /**
   * Finds where these pointers of `file` (and their ancestors) are, in one pass over its text that
   * enters only the containers on their way, for the `locate` calls that follow. Without it, the
   * first `locate` indexes every value of the file: on a large docs.json, several times the
   * cost of parsing it, for a handful of diagnostics.
   */
  prepare(file: string, pointers: Iterable<string>): void {
    const source = this.files.get(file);
    if (!source || source.locations || source.value === undefined) return;
    const asked = [...pointers].filter((pointer) => !source.prepared?.has(pointer));
    if (asked.length === 0) return;
    const found = locationsInJson(source.text, asked);
    source.found ??= new Map();
    for (const [pointer, location] of found) source.found.set(pointer, location);
    source.prepared ??= new Set();
    for (const pointer of asked) source.prepared.add(pointer);
  }

  /**
   * Line and column of the value (or key) at `pointer` in `file`, or of its nearest ancestor
   * present in the text. A pointer not prepared is prepared on its own (one pass over the text)
   * the first few times; after that, every value of the file is indexed once.
   */
  locate(file: string, pointer: string, at: 'key' | 'value' = 'value'): Position | undefined {
    const source = this.files.get(file);
    if (!source) return undefined;
    if (!source.locations && !source.prepared?.has(pointer) && (source.singlePasses ?? 0) < SINGLE_PASSES) {
      source.singlePasses = (source.singlePasses ?? 0) + 1;
      this.prepare(file, [pointer]);
    }
    // A prepared pointer: its ancestors in the text were found with it.
    const locations: ReadonlyMap<string, JsonLocation | ValueLocation> =
      source.found !== undefined && source.prepared?.has(pointer)
        ? source.found
        : (source.locations ??= scanJson(source.text, { locations: true, maxDepth: MAX_JSON_DEPTH }).locations ?? new Map());
    let current: string | undefined = pointer;
    let mode = at;
    while (current !== undefined) {
      const location = locations.get(current);
      if (location) return this.position(file, mode === 'key' && location.key !== undefined ? location.key : location.start);
      current = current === '' ? undefined : current.slice(0, current.lastIndexOf('/'));
      mode = 'value';
    }
    return undefined;
  }

  position(file: string, offset: number): Position | undefined {
    const source = this.files.get(file);
    return source ? this.lines(source).position(offset) : undefined;
  }

  /** The text of every file read, by file name: what `formatDiagnostics` needs for code frames. */
  texts(): Record<string, string> {
    return Object.fromEntries([...this.files].map(([file, source]) => [file, source.text]));
  }

  private lines(source: SourceFile): LineIndex {
    return (source.lines ??= new LineIndex(source.text));
  }
}

function decodeLastToken(pointer: string): string {
  return pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}
