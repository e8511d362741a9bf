/**
 * Fast passes over JSON text for the common case, where the text is valid and has no duplicate
 * keys: they build no pointers and no maps of locations. The full scanner (`scanJson`) runs only
 * when these find something to report.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COLON = 58;

/** Offset just past the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
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

/**
 * True when some object of a valid JSON text repeats a key (`JSON.parse` silently keeps the last
 * value). One pass, one set of keys per open object.
 */
export function hasDuplicateKeys(text: string): boolean {
  const stack: Array<Set<string> | undefined> = [];
  let expectKey = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = stringEnd(text, index);
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const raw = text.slice(index + 1, end - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(index, end)) as string) : raw;
        if (keys.has(key)) return true;
        keys.add(key);
        expectKey = false;
      }
      index = end - 1;
    } else if (code === OPEN_OBJECT) {
      stack.push(new Set());
      expectKey = true;
    } else if (code === OPEN_ARRAY) {
      stack.push(undefined);
      expectKey = false;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      stack.pop();
      expectKey = false;
    } else if (code === 44 /* , */) {
      expectKey = stack[stack.length - 1] !== undefined;
    }
  }
  return false;
}

/** Offset just past the value starting at `start` (after whitespace). */
function valueEnd(text: string, start: number): number {
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

function skipSpace(text: string, index: number): number {
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
        const raw = text.slice(index + 1, end - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(index, end)) as string) : raw;
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
