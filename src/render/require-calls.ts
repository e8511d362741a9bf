/**
 * The modules a CommonJS module's code requires (`require("./x")`, as esbuild writes a module's
 * imports), in order, each once: only calls in the code itself, never text inside a string, a
 * template or a comment (a page's code block that shows `require("@solana/web3.js")` is a string
 * of the compiled page, not an import of it).
 */
export function requireCalls(code: string): string[] {
  const found: string[] = [];
  // What encloses the scan: a template literal, or the `${` of one (whose `}` returns to it).
  const stack: Array<'template' | 'brace'> = [];
  let index = 0;
  const length = code.length;
  while (index < length) {
    const character = code[index] as string;
    if (stack.at(-1) === 'template') {
      if (character === '\\') index += 2;
      else if (character === '`') {
        stack.pop();
        index++;
      } else if (character === '$' && code[index + 1] === '{') {
        stack.push('brace');
        index += 2;
      } else index++;
      continue;
    }
    if (character === '"' || character === "'") {
      index = stringEnd(code, index, character);
    } else if (character === '`') {
      stack.push('template');
      index++;
    } else if (character === '/' && code[index + 1] === '/') {
      const end = code.indexOf('\n', index);
      index = end === -1 ? length : end;
    } else if (character === '/' && code[index + 1] === '*') {
      const end = code.indexOf('*/', index + 2);
      index = end === -1 ? length : end + 2;
    } else if (character === '{' && stack.length > 0) {
      stack.push('brace');
      index++;
    } else if (character === '}' && stack.at(-1) === 'brace') {
      stack.pop();
      index++;
    } else if (character === 'r' && code.startsWith('require("', index) && !/[\w$.]/.test(code[index - 1] ?? '')) {
      const start = index + 'require('.length;
      const end = stringEnd(code, start, '"');
      if (code[end] === ')') {
        const specifier = JSON.parse(code.slice(start, end)) as string;
        if (!found.includes(specifier)) found.push(specifier);
      }
      index = end;
    } else index++;
  }
  return found;
}

/** The index just past the string literal opened by `quote` at `start`. */
function stringEnd(code: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < code.length && code[index] !== quote && code[index] !== '\n') index += code[index] === '\\' ? 2 : 1;
  return index + 1;
}
