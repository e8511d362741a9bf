import { skipSpace, stringEnd, valueEnd } from './text.js';
import { CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, isSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './chars.js';

/** Levels of containers read piece by piece; the values below them are parsed whole. */
const PIECE_DEPTH = 3;

/** What {@link parseJsonSharingStrings} returns. */
export interface SharedParse {
  value: unknown;
  /**
   * True when an object of the text repeats a key (`JSON.parse` keeps the last value) or the
   * nesting goes deeper than `maxDepth`: a full scan should find and report them.
   */
  suspect: boolean;
  /** The distinct strings written as the value of a `$ref` key, anywhere in the text. */
  refs: string[];
}

/**
 * `JSON.parse`, with equal strings made one string. `JSON.parse` shares keys but copies every
 * string value: Microsoft Graph's description holds 908,000 string values, 90,000 of them distinct
 * (`$ref` targets, "Success", the same descriptions on every operation), about 35 MB of copies.
 *
 * Sharing them after one `JSON.parse` would leave the copies in the old generation until a full
 * collection, so the peak would not move. Instead the top levels (the document, `paths` and
 * `components`, each path item and component group) are read here, and each value below them is
 * given to `JSON.parse` on its own and its strings shared at once: the copies die young.
 *
 * The same pass tells whether a key repeats, without a scan of its own: it counts the keys
 * written in the text (a string followed by `:`) and the keys of the parsed objects, which
 * `JSON.parse` makes fewer only by merging repeated ones.
 *
 * Throws a `SyntaxError` where `JSON.parse` would; the value is equal to `JSON.parse(text)`.
 */
export function parseJsonSharingStrings(text: string, maxDepth = Number.POSITIVE_INFINITY): SharedParse {
  const reader = new PieceReader(text);
  const value = reader.value(PIECE_DEPTH, 0);
  if (skipSpace(text, reader.index) !== text.length) throw reader.error();
  return { value, suspect: reader.repeated || reader.keysInText !== reader.keysInValues || reader.deepest > maxDepth, refs: [...reader.refs] };
}

class PieceReader {
  index = 0;
  /** Keys met in the text, and in the parsed values. */
  keysInText = 0;
  keysInValues = 0;
  /** A key repeated in an object read here. */
  repeated = false;
  /** Most containers open at once. */
  deepest = 0;
  readonly refs = new Set<string>();
  private readonly strings = new Map<string, string>();

  constructor(private readonly text: string) {}

  /** The value at `index`, inside `nesting` open containers. */
  value(depth: number, nesting: number): unknown {
    this.index = skipSpace(this.text, this.index);
    const code = this.text.charCodeAt(this.index);
    if (depth > 0 && (code === OPEN_OBJECT || code === OPEN_ARRAY)) {
      this.deepest = Math.max(this.deepest, nesting + 1);
      return code === OPEN_OBJECT ? this.object(depth - 1, nesting + 1) : this.array(depth - 1, nesting + 1);
    }
    const start = this.index;
    this.index = this.pieceEnd(start, nesting);
    return this.share(JSON.parse(this.text.slice(start, this.index)));
  }

  error(): SyntaxError {
    return new SyntaxError(`Unexpected token in JSON at position ${this.index}`);
  }

  private object(depth: number, nesting: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.index = skipSpace(this.text, this.index + 1);
    if (this.text.charCodeAt(this.index) === CLOSE_OBJECT) {
      this.index++;
      return result;
    }
    for (;;) {
      if (this.text.charCodeAt(this.index) !== QUOTE) throw this.error();
      const keyStart = this.index;
      this.index = stringEnd(this.text, keyStart);
      const key = JSON.parse(this.text.slice(keyStart, this.index)) as string;
      if (Object.hasOwn(result, key)) this.repeated = true;
      this.index = skipSpace(this.text, this.index);
      if (this.text.charCodeAt(this.index) !== COLON) throw this.error();
      this.index++;
      const value = this.value(depth, nesting);
      // `JSON.parse` makes `__proto__` an own property; an assignment would set the prototype.
      if (key === '__proto__') Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
      else result[key] = value;
      if (key === '$ref' && typeof value === 'string') this.refs.add(value);
      if (this.after(CLOSE_OBJECT)) return result;
    }
  }

  private array(depth: number, nesting: number): unknown[] {
    const result: unknown[] = [];
    this.index = skipSpace(this.text, this.index + 1);
    if (this.text.charCodeAt(this.index) === CLOSE_ARRAY) {
      this.index++;
      return result;
    }
    for (;;) {
      result.push(this.value(depth, nesting));
      if (this.after(CLOSE_ARRAY)) return result;
    }
  }

  /**
   * Offset just past the value at `start`, counting the keys written in it and how deep it
   * nests: one pass over the characters outside strings (strings are skipped by search).
   */
  private pieceEnd(start: number, nesting: number): number {
    const text = this.text;
    const first = text.charCodeAt(start);
    if (first === QUOTE) return stringEnd(text, start);
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) return valueEnd(text, start);
    let depth = 0;
    for (let index = start; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === QUOTE) {
        index = stringEnd(text, index);
        // In valid JSON, a string followed by `:` is a key.
        let next = index;
        while (isSpace(text.charCodeAt(next))) next++;
        if (text.charCodeAt(next) === COLON) this.keysInText++;
        index--;
      } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
        depth++;
        if (nesting + depth > this.deepest) this.deepest = nesting + depth;
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    return text.length;
  }

  /** Past the `,` after a member (false) or the closing bracket (true). */
  private after(close: number): boolean {
    this.index = skipSpace(this.text, this.index);
    const code = this.text.charCodeAt(this.index);
    if (code === close) {
      this.index++;
      return true;
    }
    if (code !== COMMA) throw this.error();
    this.index = skipSpace(this.text, this.index + 1);
    return false;
  }

  /** Replaces the strings of a freshly parsed value by the first equal string met. */
  private share(root: unknown): unknown {
    if (typeof root === 'string') return this.shared(root);
    if (typeof root !== 'object' || root === null) return root;
    const pending: object[] = [root];
    while (pending.length) {
      const value = pending.pop() as Record<string, unknown> | unknown[];
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          const item = value[index];
          if (typeof item === 'string') value[index] = this.shared(item);
          else if (typeof item === 'object' && item !== null) pending.push(item);
        }
        continue;
      }
      for (const key in value) {
        this.keysInValues++;
        const item = value[key];
        if (typeof item === 'string') {
          value[key] = this.shared(item);
          if (key === '$ref') this.refs.add(item);
        } else if (typeof item === 'object' && item !== null) pending.push(item);
      }
    }
    return root;
  }

  private shared(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    this.strings.set(text, text);
    return text;
  }
}
