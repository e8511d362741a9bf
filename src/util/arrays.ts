/**
 * Appends `items` to `target` one by one and returns `target`. `target.push(...items)` passes
 * every item as an argument of one call, and V8 throws `RangeError: Maximum call stack size
 * exceeded` past some 100,000 of them: a large navigation's diagnostics did. A test keeps such
 * spreads out of `src/`.
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
