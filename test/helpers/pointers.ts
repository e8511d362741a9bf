import { joinPointer } from '../../src/json/pointer.js';

/** The JSON pointer of every value in `value`, itself first, in document order. */
export function everyPointer(value: unknown, pointer = ''): string[] {
  const own = [pointer];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => everyPointer(item, joinPointer(pointer, index)))];
  if (value && typeof value === 'object') return [...own, ...Object.entries(value).flatMap(([key, item]) => everyPointer(item, joinPointer(pointer, key)))];
  return own;
}
