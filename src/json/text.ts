/**
 * Fast passes over JSON text for the common case, where the text is valid and has no duplicate
 * keys: they build no pointers and no maps of locations. The full scanner (`scanJson`) runs only
 * when these find something to report.
 */

import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './chars.js';
import { escapePointerToken, parsePointer } from './pointer.js';

/** Offset just past the string whose opening quote is at `start`. */
export function stringEnd(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let k = quote - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

/** The member name whose opening quote is at `start` (`end` just past its closing quote), unescaped. */
function memberName(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/** Objects with more keys than this get a set; smaller ones are searched in place. */
const SMALL_OBJECT = 16;

/**
 * True when some object of a valid JSON text repeats a key (`JSON.parse` silently keeps the last
 * value), or when the nesting goes deeper than `maxDepth`: then the full scanner has something to
 * report. One pass that allocates little: the keys of the open objects are kept as offsets into
 * the text on one shared stack and compared in place; only objects with many keys get a set of
 * strings.
 */
export function hasDuplicateKeys(text: string, maxDepth = Number.POSITIVE_INFINITY): boolean {
  /** Start (after the quote) and end (before the quote) of each key of the open objects. */
  const keyStarts: number[] = [];
  const keyEnds: number[] = [];
  /** Per open container: where its keys start in the stacks above, or -1 for an array. */
  const starts: number[] = [];
  const sets: Array<Set<string> | undefined> = [];
  const keyText = (start: number, end: number) => memberName(text, start - 1, end + 1);
  // Escapes are rare in keys: compare decoded strings only when one is near (the position of the
  // next backslash is cached, so the check stays linear).
  let nextBackslash = -2;
  const escapedBefore = (start: number, end: number): boolean => {
    if (nextBackslash !== -1 && nextBackslash < start) nextBackslash = text.indexOf('\\', start);
    return nextBackslash !== -1 && nextBackslash < end;
  };
  const keyEscaped: boolean[] = [];
  const same = (start: number, end: number, escaped: boolean, other: number): boolean => {
    const otherStart = keyStarts[other] as number;
    const otherEnd = keyEnds[other] as number;
    if (escaped || keyEscaped[other]) return keyText(start, end) === keyText(otherStart, otherEnd);
    if (end - start !== otherEnd - otherStart) return false;
    for (let offset = 0; offset < end - start; offset++) if (text.charCodeAt(start + offset) !== text.charCodeAt(otherStart + offset)) return false;
    return true;
  };
  let expectKey = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = stringEnd(text, index);
      if (expectKey) {
        const depth = starts.length - 1;
        const from = starts[depth] as number;
        const set = sets[depth];
        if (set) {
          const key = keyText(index + 1, end - 1);
          if (set.has(key)) return true;
          set.add(key);
        } else {
          const escaped = escapedBefore(index + 1, end - 1);
          for (let other = from; other < keyStarts.length; other++) if (same(index + 1, end - 1, escaped, other)) return true;
          keyStarts.push(index + 1);
          keyEnds.push(end - 1);
          keyEscaped.push(escaped);
          if (keyStarts.length - from > SMALL_OBJECT) {
            const keys = new Set<string>();
            for (let other = from; other < keyStarts.length; other++) keys.add(keyText(keyStarts[other] as number, keyEnds[other] as number));
            sets[depth] = keys;
          }
        }
        expectKey = false;
      }
      index = end - 1;
    } else if (code === OPEN_OBJECT) {
      if (starts.length >= maxDepth) return true;
      starts.push(keyStarts.length);
      sets.push(undefined);
      expectKey = true;
    } else if (code === OPEN_ARRAY) {
      if (starts.length >= maxDepth) return true;
      starts.push(-1);
      sets.push(undefined);
      expectKey = false;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      const from = starts.pop() as number;
      sets.pop();
      if (from >= 0) {
        keyStarts.length = from;
        keyEnds.length = from;
        keyEscaped.length = from;
      }
      expectKey = false;
    } else if (code === 44 /* , */) {
      expectKey = (starts[starts.length - 1] ?? -1) >= 0;
    }
  }
  return false;
}

/** Offset just past the JSON value that starts at `start` (a valid text is assumed). */
export function valueEnd(text: string, start: number): number {
  const code = text.charCodeAt(start);
  if (code === QUOTE) return stringEnd(text, start);
  if (code !== OPEN_OBJECT && code !== OPEN_ARRAY) {
    let index = start;
    while (index < text.length && !',]} \t\r\n'.includes(text[index] as string)) index++;
    return index;
  }
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const current = text.charCodeAt(index);
    if (current === QUOTE) index = stringEnd(text, index) - 1;
    else if (current === OPEN_OBJECT || current === OPEN_ARRAY) depth++;
    else if (current === CLOSE_OBJECT || current === CLOSE_ARRAY) {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

export function skipSpace(text: string, index: number): number {
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
    index++;
  }
  return index;
}

/**
 * Offset of the value (or member key) at the pointer `tokens` in a valid JSON text, or of the
 * deepest ancestor found; skips the subtrees it does not need, so one lookup costs at most a pass
 * over the text before the value.
 */
export function offsetInJson(text: string, tokens: readonly string[], at: 'key' | 'value'): number {
  let index = skipSpace(text, 0);
  let best = index;
  for (let depth = 0; depth < tokens.length; depth++) {
    const token = tokens[depth] as string;
    const open = text.charCodeAt(index);
    let found = false;
    if (open === OPEN_OBJECT) {
      index = skipSpace(text, index + 1);
      while (text.charCodeAt(index) === QUOTE) {
        const keyStart = index;
        const end = stringEnd(text, index);
        const key = memberName(text, index, end);
        index = skipSpace(text, end);
        if (text.charCodeAt(index) === COLON) index = skipSpace(text, index + 1);
        if (key === token) {
          if (depth === tokens.length - 1 && at === 'key') return keyStart;
          found = true;
          break;
        }
        index = skipSpace(text, valueEnd(text, index));
        if (text.charCodeAt(index) === 44) index = skipSpace(text, index + 1);
        else break;
      }
    } else if (open === OPEN_ARRAY) {
      const wanted = Number(token);
      index = skipSpace(text, index + 1);
      for (let position = 0; index < text.length && text.charCodeAt(index) !== CLOSE_ARRAY; position++) {
        if (position === wanted) {
          found = true;
          break;
        }
        index = skipSpace(text, valueEnd(text, index));
        if (text.charCodeAt(index) === 44) index = skipSpace(text, index + 1);
        else break;
      }
    }
    if (!found) return best;
    best = index;
  }
  return best;
}

/** A trie of pointer tokens: which members of a container lead to a wanted value. */
interface PointerTrie {
  /** The pointer of this node (`''` for the root). */
  pointer: string;
  children: Map<string, PointerTrie>;
}

/** Where a value of a JSON text is (see {@link locationsInJson}). */
export interface ValueLocation {
  /** Offset of the opening quote of the property name, for object members. */
  key?: number;
  /** Offset of the first character of the value. */
  start: number;
}

/**
 * Where the values at many JSON pointers of a valid JSON text are, in one pass: only the
 * containers on the way to a wanted value are entered, every other value is skipped, so the pass
 * costs one read of the text however many pointers are asked. The result holds every pointer met
 * on the way that is in the text: the wanted ones and their ancestors (a pointer that is not in
 * the text is left out, and its nearest ancestor that is can be found in the result).
 */
export function locationsInJson(text: string, pointers: Iterable<string>): Map<string, ValueLocation> {
  const root: PointerTrie = { pointer: '', children: new Map() };
  for (const pointer of pointers) {
    let node = root;
    for (const token of parsePointer(pointer)) {
      let child = node.children.get(token);
      if (!child) node.children.set(token, (child = { pointer: `${node.pointer}/${escapePointerToken(token)}`, children: new Map() }));
      node = child;
    }
  }
  const found = new Map<string, ValueLocation>();
  // Records the value at `start` and returns the offset just past it: a container entered is read
  // to its end once, never skipped over again by the caller.
  const visit = (node: PointerTrie, start: number, key: number | undefined): number => {
    found.set(node.pointer, key === undefined ? { start } : { key, start });
    const open = text.charCodeAt(start);
    if (node.children.size === 0 || (open !== OPEN_OBJECT && open !== OPEN_ARRAY)) return valueEnd(text, start);
    let index = skipSpace(text, start + 1);
    if (open === OPEN_OBJECT) {
      while (text.charCodeAt(index) === QUOTE) {
        const keyStart = index;
        const end = stringEnd(text, index);
        const name = memberName(text, index, end);
        index = skipSpace(text, end);
        if (text.charCodeAt(index) === COLON) index = skipSpace(text, index + 1);
        const child = node.children.get(name);
        index = skipSpace(text, child ? visit(child, index, keyStart) : valueEnd(text, index));
        if (text.charCodeAt(index) === 44) index = skipSpace(text, index + 1);
        else break;
      }
    } else {
      for (let position = 0; index < text.length && text.charCodeAt(index) !== CLOSE_ARRAY; position++) {
        const child = node.children.get(String(position));
        index = skipSpace(text, child ? visit(child, index, undefined) : valueEnd(text, index));
        if (text.charCodeAt(index) === 44) index = skipSpace(text, index + 1);
        else break;
      }
    }
    // At the closing bracket of a valid text.
    return index + 1;
  };
  visit(root, skipSpace(text, 0), undefined);
  return found;
}

/**
 * Offsets of the values at many JSON pointers of a valid JSON text, in one pass (see
 * {@link locationsInJson}). Pointers that are not in the text are left out of the result.
 */
export function offsetsInJson(text: string, pointers: Iterable<string>): Map<string, number> {
  const wanted = new Set(pointers);
  const offsets = new Map<string, number>();
  for (const [pointer, location] of locationsInJson(text, wanted)) if (wanted.has(pointer)) offsets.set(pointer, location.start);
  return offsets;
}
