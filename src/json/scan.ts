/**
 * The JSON reader: `JSON.parse` builds the values; this file and its siblings do what it cannot.
 * `scanJson` says where a syntax error is and what to do about it, finds keys written twice (the
 * platform reads docs.json with `JSON.parse`, which keeps the last silently) and places every
 * value by pointer; `text.ts` answers the common questions about valid text in one cheap pass
 * (any key repeated? where are these few pointers?); `parse-shared.ts` reads large OpenAPI files.
 *
 * Why not a library (issue 16, measured November 2026 with `bench/json-reader.mjs`, which asks
 * jsonc-parser 3.3.1 and @humanwhocodes/momoa 3.3.13 the same questions, checks that the answers
 * agree, then times them in interleaved rounds: median of 15, library time over ours per round,
 * two runs on 2 cores shared with other work, load average 6-10). Files: the three largest corpus
 * docs.json (Firma 799 KiB, Comfy 557 KiB, agno 347 KiB), the generated 40,000-page docs.json
 * (2.8 MiB), the two largest JSON OpenAPI files (Skyvern 917 KiB, Dify 825 KiB).
 * - Value and "is a key repeated?" (every valid file): ours 1-2 ms on the real docs.json, 14 ms on
 *   the generated one; jsonc-parser (`JSON.parse` plus a visitor) 2.2-5.3x slower, momoa (its
 *   tree plus a walk) 5.6-10x.
 * - Where five pointers are (a file with a few diagnostics): ours 0.5-1.9 ms; jsonc-parser
 *   (`parseTree`, `findNodeAtLocation`) 9-16x slower, momoa 13-37x.
 * - Where every value is (a file with many diagnostics): jsonc-parser's visitor about even
 *   (0.9-2.5x), momoa 1.5-4.4x.
 * In a `quire validate` of 0.4-4 s these are milliseconds. The messages are what users see; on a
 * real docs.json with one mistake made in it (same script; 15 kinds of mistake):
 * - Neither library names the mistake or gives a hint: jsonc-parser returns codes
 *   (`ValueExpected`, `InvalidSymbol`), momoa "Unexpected token RBracket found.". Ours says
 *   "Trailing comma", "single quotes", "Comments are not allowed", "Property names must be in
 *   double quotes", "Unexpected word `True`", each with the fix ("Write `true` instead.").
 * - Places: a trailing comma is at the comma here, at the bracket in both; a truncated file and a
 *   string left open are placed alike here and by jsonc-parser, one line off by momoa. A stray `}`
 *   after a comma is better placed by both libraries (ours reports the comma before it).
 * - Neither reports a key written twice; momoa accepts a tab inside a string, which `JSON.parse`
 *   refuses. A visitor of our own would be needed on top of either.
 * - jsonc-parser goes on after an error, so it can report a second, independent mistake in the
 *   same run; it also reports knock-on errors (a truncated file 10, an unquoted key 3).
 * - A byte-order mark: both refuse it; our callers drop it before reading.
 * Both libraries are small (213 and 232 KB unpacked, no dependencies), browser-safe and kept up
 * (jsonc-parser 3.3.1 of 2024-11 with 4.0 previews in 2026; momoa 3.3.13 of 2026-09). We keep
 * ours: either library is slower on the paths every file takes and reports worse, and keeping our
 * messages over a library's tokens would keep most of this file anyway.
 */

import { escapePointerToken } from './pointer.js';
import { BACKSLASH, CR, LF, QUOTE, SPACE, TAB } from './chars.js';

/** A JSON syntax error at a character offset of the text. */
export interface JsonSyntaxError {
  /** Offset of the character where parsing could not go on. */
  offset: number;
  message: string;
  hint: string;
  /** Offset of a related place, such as the bracket an unterminated object was opened with. */
  relatedOffset?: number;
}

/** Where a value sits in the text. */
export interface JsonLocation {
  /** Offset of the opening quote of the property name, for object members. */
  key?: number;
  /** Offset of the first character of the value. */
  start: number;
  /** Offset just past the last character of the value. */
  end: number;
}

/** A property name written twice in one object: `JSON.parse` keeps the last and drops the first. */
export interface DuplicateKey {
  /** Pointer of the member (the object's pointer plus the key). */
  pointer: string;
  /** Offset of the second occurrence's key. */
  offset: number;
  /** Offset of the first occurrence's key. */
  firstOffset: number;
}

export interface ScanOptions {
  /** Record the location of every value, keyed by JSON pointer (costs memory; use for diagnostics only). */
  locations?: boolean;
  /** Deepest nesting of arrays and objects accepted before reporting an error. */
  maxDepth?: number;
}

export interface ScanResult {
  error?: JsonSyntaxError;
  duplicates: DuplicateKey[];
  /** Present when `locations` was asked for and the text is valid JSON. */
  locations?: Map<string, JsonLocation>;
}

interface Frame {
  kind: 'object' | 'array';
  pointer: string;
  start: number;
  /** Keys seen so far with the offset of their first occurrence (objects only). */
  keys?: Map<string, number>;
  /** Index of the next element (arrays only). */
  index: number;
  /** Offset of the key this container is the value of, when it is an object member. */
  ownKeyOffset?: number;
  /** Key and key offset of the member whose value is being read (objects only). */
  key?: string;
  keyOffset?: number;
}

/**
 * Walks JSON text without building values: finds the first syntax error with its offset, every
 * duplicate key, and, when asked, the location of every value. Iterative, so any nesting depth
 * is safe. It accepts exactly what `JSON.parse` accepts.
 */
export function scanJson(text: string, options: ScanOptions = {}): ScanResult {
  return new Scanner(text, options).run();
}

class Scanner {
  private i = 0;
  private readonly stack: Frame[] = [];
  private readonly duplicates: DuplicateKey[] = [];
  private readonly locations: Map<string, JsonLocation> | undefined;
  private readonly maxDepth: number;

  constructor(
    private readonly text: string,
    options: ScanOptions,
  ) {
    this.locations = options.locations ? new Map() : undefined;
    this.maxDepth = options.maxDepth ?? 10_000;
  }

  run(): ScanResult {
    const error = this.scanDocument();
    const result: ScanResult = { duplicates: this.duplicates };
    if (error) result.error = error;
    else if (this.locations) result.locations = this.locations;
    return result;
  }

  private scanDocument(): JsonSyntaxError | undefined {
    const { text } = this;
    this.skipWhitespace();
    if (this.i >= text.length) {
      return {
        offset: this.i,
        message: 'The file is empty: expected a JSON object.',
        hint: 'A docs.json holds one object: `{ "name": ..., "navigation": ... }`.',
      };
    }
    let pointer = '';
    let keyOffset: number | undefined;
    for (;;) {
      // Read one value at this.i, for `pointer`.
      const start = this.i;
      const code = text.charCodeAt(this.i);
      if (code === 123 /* { */ || code === 91 /* [ */) {
        if (this.stack.length >= this.maxDepth) {
          return {
            offset: start,
            message: `Nesting deeper than ${this.maxDepth} levels.`,
            hint: 'No docs.json needs this depth; the file is probably generated wrongly.',
          };
        }
        const frame: Frame = { kind: code === 123 ? 'object' : 'array', pointer, start, index: 0 };
        if (keyOffset !== undefined) frame.ownKeyOffset = keyOffset;
        this.stack.push(frame);
        this.i++;
        this.skipWhitespace();
        const close = code === 123 ? 125 : 93;
        if (text.charCodeAt(this.i) === close) {
          this.i++;
          this.stack.pop();
          this.record(pointer, keyOffset, start);
        } else if (frame.kind === 'object') {
          frame.keys = new Map();
          const error = this.scanKey(frame);
          if (error) return error;
          pointer = this.memberPointer(frame);
          keyOffset = frame.keyOffset;
          continue;
        } else {
          pointer = `${frame.pointer}/0`;
          keyOffset = undefined;
          continue;
        }
      } else {
        const error = this.scanScalar();
        if (error) return error;
        this.record(pointer, keyOffset, start);
      }

      // After a value: a separator, a closing bracket, or the end.
      for (;;) {
        this.skipWhitespace();
        const frame = this.stack[this.stack.length - 1];
        if (!frame) {
          if (this.i < text.length) {
            return {
              offset: this.i,
              message: 'Unexpected content after the end of the JSON value.',
              hint: 'A docs.json holds exactly one object; remove what follows its closing `}` or merge it in.',
            };
          }
          return undefined;
        }
        const next = text.charCodeAt(this.i);
        const close = frame.kind === 'object' ? 125 : 93;
        if (next === close) {
          this.i++;
          this.stack.pop();
          this.record(frame.pointer, frame.ownKeyOffset, frame.start);
          continue;
        }
        if (next === 44 /* , */) {
          const commaOffset = this.i;
          this.i++;
          this.skipWhitespace();
          const after = text.charCodeAt(this.i);
          if (after === close) {
            return {
              offset: commaOffset,
              message: `Trailing comma before \`${frame.kind === 'object' ? '}' : ']'}\`.`,
              hint: 'JSON does not allow a comma after the last item; remove it.',
            };
          }
          if (frame.kind === 'object') {
            const error = this.scanKey(frame);
            if (error) return error;
            pointer = this.memberPointer(frame);
            keyOffset = frame.keyOffset;
          } else {
            frame.index++;
            pointer = `${frame.pointer}/${frame.index}`;
            keyOffset = undefined;
          }
          break;
        }
        return this.unexpectedAfterValue(frame);
      }
    }
  }

  private unexpectedAfterValue(frame: Frame): JsonSyntaxError {
    const { text } = this;
    const closing = frame.kind === 'object' ? '}' : ']';
    if (this.i >= text.length) {
      return {
        offset: this.i,
        message: `Unexpected end of file: the ${frame.kind} opened here is not closed with \`${closing}\`.`,
        hint: `Add the missing \`${closing}\`; check that every bracket opened before it is closed too.`,
        relatedOffset: frame.start,
      };
    }
    const comment = this.commentError();
    if (comment) return comment;
    const found = text[this.i] === '}' || text[this.i] === ']' ? `\`${text[this.i]}\`` : describeChar(text, this.i);
    if (text[this.i] === '}' || text[this.i] === ']') {
      return {
        offset: this.i,
        message: `Found ${found} where the ${frame.kind} opened here expects \`${closing}\`.`,
        hint: 'Brackets are mismatched: close the inner ones before the outer ones.',
        relatedOffset: frame.start,
      };
    }
    return {
      offset: this.i,
      message: `Expected \`,\` or \`${closing}\` but found ${found}.`,
      hint: frame.kind === 'object' ? 'Is a comma missing between two properties?' : 'Is a comma missing between two items?',
    };
  }

  private memberPointer(frame: Frame): string {
    return `${frame.pointer}/${escapePointerToken(frame.key ?? '')}`;
  }

  private record(pointer: string, keyOffset: number | undefined, start: number): void {
    if (!this.locations) return;
    const location: JsonLocation = { start, end: this.i };
    if (keyOffset !== undefined) location.key = keyOffset;
    this.locations.set(pointer, location);
  }

  /** Reads `"key" :` at this.i for an object frame and leaves this.i on the value. */
  private scanKey(frame: Frame): JsonSyntaxError | undefined {
    const { text } = this;
    const keyOffset = this.i;
    const code = text.charCodeAt(this.i);
    if (code !== QUOTE) {
      if (this.i >= text.length) {
        return {
          offset: this.i,
          message: 'Unexpected end of file: the object opened here is not closed with `}`.',
          hint: 'Add the missing `}`.',
          relatedOffset: frame.start,
        };
      }
      const comment = this.commentError();
      if (comment) return comment;
      if (code === 39 /* ' */) {
        return {
          offset: this.i,
          message: 'Property names must be in double quotes, not single quotes.',
          hint: 'Replace the single quotes with double quotes.',
        };
      }
      if (/[A-Za-z_$]/.test(text[this.i] ?? '')) {
        return { offset: this.i, message: 'Property names must be in double quotes.', hint: `Write "${identifierAt(text, this.i)}" with double quotes.` };
      }
      return {
        offset: this.i,
        message: `Expected a property name in double quotes but found ${describeChar(text, this.i)}.`,
        hint: 'Each member of an object is `"name": value`.',
      };
    }
    const end = this.scanStringEnd();
    if (typeof end !== 'number') return end;
    const raw = text.slice(keyOffset + 1, end - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(keyOffset, end)) as string) : raw;
    this.i = end;
    const keys = frame.keys as Map<string, number>;
    const first = keys.get(key);
    if (first !== undefined) {
      this.duplicates.push({ pointer: `${frame.pointer}/${escapePointerToken(key)}`, offset: keyOffset, firstOffset: first });
    } else {
      keys.set(key, keyOffset);
    }
    frame.key = key;
    frame.keyOffset = keyOffset;
    this.skipWhitespace();
    if (text.charCodeAt(this.i) !== 58 /* : */) {
      return {
        offset: this.i,
        message: `Expected \`:\` after the property name "${key}" but found ${describeChar(text, this.i)}.`,
        hint: 'Each member of an object is `"name": value`.',
      };
    }
    this.i++;
    this.skipWhitespace();
    if (this.i >= text.length) {
      return { offset: this.i, message: `Unexpected end of file: "${key}" has no value.`, hint: 'Give the property a value and close the object.' };
    }
    return undefined;
  }

  /** Reads a string, number or literal at this.i. */
  private scanScalar(): JsonSyntaxError | undefined {
    const { text } = this;
    const code = text.charCodeAt(this.i);
    if (code === QUOTE) {
      const end = this.scanStringEnd();
      if (typeof end !== 'number') return end;
      this.i = end;
      return undefined;
    }
    if (code === 45 /* - */ || (code >= 48 && code <= 57)) return this.scanNumber();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, this.i)) {
        this.i += literal.length;
        return undefined;
      }
    }
    if (this.i >= text.length) {
      const frame = this.stack[this.stack.length - 1];
      const error: JsonSyntaxError = {
        offset: this.i,
        message: 'Unexpected end of file: expected a value.',
        hint: 'The file is cut short; complete it and close every bracket.',
      };
      if (frame) error.relatedOffset = frame.start;
      return error;
    }
    const comment = this.commentError();
    if (comment) return comment;
    if (code === 39 /* ' */) {
      return { offset: this.i, message: 'Strings must be in double quotes, not single quotes.', hint: 'Replace the single quotes with double quotes.' };
    }
    if (code === 44 /* , */) {
      return {
        offset: this.i,
        message: 'Expected a value but found `,`.',
        hint: 'Two commas in a row, or a comma right after `[` or `:`: remove the extra one.',
      };
    }
    if (code === 125 || code === 93) {
      return { offset: this.i, message: `Expected a value but found \`${text[this.i]}\`.`, hint: 'A property or item has no value; add one or remove it.' };
    }
    const word = identifierAt(text, this.i);
    if (word) {
      const fixes: Record<string, string> = { True: 'true', False: 'false', None: 'null', NULL: 'null', undefined: 'null', NaN: 'null', Infinity: 'a number' };
      const fix = fixes[word];
      return {
        offset: this.i,
        message: `Unexpected word \`${word}\`: JSON values are strings in double quotes, numbers, true, false, null, objects or arrays.`,
        hint: fix ? `Write ${fix === 'a number' ? fix : `\`${fix}\``} instead.` : `If this is text, write "${word}" in double quotes.`,
      };
    }
    return {
      offset: this.i,
      message: `Expected a value but found ${describeChar(text, this.i)}.`,
      hint: 'JSON values are strings in double quotes, numbers, true, false, null, objects or arrays.',
    };
  }

  /** Returns the offset just past the closing quote of the string starting at this.i. */
  private scanStringEnd(): number | JsonSyntaxError {
    const { text } = this;
    const start = this.i;
    let j = start + 1;
    for (;;) {
      const quote = text.indexOf('"', j);
      // Check control characters (a line break means the string was never closed) and escapes.
      const stop = quote === -1 ? text.length : quote;
      for (let k = j; k < stop; k++) {
        const c = text.charCodeAt(k);
        if (c === LF || c === CR) return unterminated(start);
        if (c < 0x20) {
          return { offset: k, message: 'Control character inside a string.', hint: 'Write tabs as \\t and line breaks as \\n.' };
        }
        if (c === BACKSLASH) {
          const escaped = text[k + 1];
          if (escaped === 'u') {
            if (!/^[0-9a-fA-F]{4}$/.test(text.slice(k + 2, k + 6))) {
              return {
                offset: k,
                message: 'Invalid \\u escape: four hexadecimal digits must follow.',
                hint: 'Write \\u followed by four hex digits, e.g. \\u00e9.',
              };
            }
            k += 5;
          } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) {
            k += 1;
          } else if (escaped === undefined) {
            return unterminated(start);
          } else {
            return {
              offset: k,
              message: `Invalid escape \`\\${escaped}\` in a string.`,
              hint: 'Valid escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\.',
            };
          }
        }
      }
      if (quote === -1) return unterminated(start);
      // The quote is escaped when an odd number of backslashes precede it.
      let backslashes = 0;
      for (let k = quote - 1; k > start && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      j = quote + 1;
    }
  }

  private scanNumber(): JsonSyntaxError | undefined {
    const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    match.lastIndex = this.i;
    const found = match.exec(this.text);
    if (!found || found[0] === '-' || found[0].length === 0) {
      return { offset: this.i, message: 'Invalid number.', hint: 'Numbers are written like 12, -3.5 or 1e6, without leading zeros or a trailing dot.' };
    }
    this.i += found[0].length;
    const next = this.text[this.i];
    if (next !== undefined && /[0-9.eExX]/.test(next)) {
      return { offset: this.i, message: 'Invalid number.', hint: 'Numbers are written like 12, -3.5 or 1e6, without leading zeros or a trailing dot.' };
    }
    return undefined;
  }

  private commentError(): JsonSyntaxError | undefined {
    const { text } = this;
    if (text.charCodeAt(this.i) === 47 /* / */ && (text[this.i + 1] === '/' || text[this.i + 1] === '*')) {
      return { offset: this.i, message: 'Comments are not allowed in JSON.', hint: 'Remove the comment; docs.json is plain JSON.' };
    }
    return undefined;
  }

  private skipWhitespace(): void {
    const { text } = this;
    let i = this.i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === LF || c === CR || c === TAB) i++;
      else break;
    }
    this.i = i;
  }
}

function unterminated(start: number): JsonSyntaxError {
  return {
    offset: start,
    message: 'Unterminated string: no closing `"` on this line.',
    hint: 'Close the string; a line break inside a string must be written as \\n.',
  };
}

function identifierAt(text: string, offset: number): string {
  const match = /[A-Za-z_$][\w$-]*/y;
  match.lastIndex = offset;
  return match.exec(text)?.[0] ?? '';
}

function describeChar(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the file';
  const char = text[offset] as string;
  if (char === '"') return 'a string';
  if (/[\d-]/.test(char)) return 'a number';
  const word = identifierAt(text, offset);
  if (word) return `\`${word}\``;
  return `\`${char}\``;
}
