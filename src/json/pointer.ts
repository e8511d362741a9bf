/** JSON Pointer (RFC 6901) helpers. */

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends reference tokens to a pointer: `joinPointer('/a', 'b/c', 0)` is `/a/b~1c/0`. */
export function joinPointer(pointer: string, ...tokens: Array<string | number>): string {
  return joinPointerTokens(pointer, tokens);
}

/** {@link joinPointer} with the tokens in an array: a path of any length, never spread into a call. */
export function joinPointerTokens(pointer: string, tokens: ReadonlyArray<string | number>): string {
  let result = pointer;
  for (const token of tokens) result += `/${escapePointerToken(token)}`;
  return result;
}

/**
 * {@link joinPointer} as one flat string, for pointers that models keep: a string made by `+` is
 * a chain of its pieces, about twice the memory of the text.
 */
export function joinPointerFlat(pointer: string, ...tokens: Array<string | number>): string {
  return [pointer, ...tokens.map(escapePointerToken)].join('/');
}

/** Splits a pointer into its unescaped reference tokens; `''` is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  const tokens = pointer.slice(1).split('/');
  // Most pointers escape nothing.
  return pointer.includes('~') ? tokens.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')) : tokens;
}

/** The pointer of the parent value, or `undefined` for the document itself. */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/** Reads the value at `pointer` inside `root`, or `undefined` when there is none. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let current = root;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (current !== null && typeof current === 'object') current = (current as Record<string, unknown>)[token];
    else return undefined;
  }
  return current;
}
