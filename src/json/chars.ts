/** Character codes the JSON passes compare `charCodeAt` results with. */
export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const QUOTE = 34;
export const COMMA = 44;
export const COLON = 58;
export const OPEN_ARRAY = 91;
export const BACKSLASH = 92;
export const CLOSE_ARRAY = 93;
export const OPEN_OBJECT = 123;
export const CLOSE_OBJECT = 125;

/** JSON white space: space, line feed, carriage return, tab. */
export function isSpace(code: number): boolean {
  return code === SPACE || code === LF || code === CR || code === TAB;
}
