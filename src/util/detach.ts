/**
 * `text` as a string of its own. A slice of a longer string keeps all of it alive (V8's sliced
 * strings, from 13 characters up), and parsers give slices of the page: a page's headings, links
 * and frontmatter values kept its whole text (33 MB of the 93 MB a loaded firecrawl-docs held).
 * For the small parts of a large text that are kept.
 */
export function detached(text: string): string {
  // Through JSON, which gives every character back as it was (a byte order mark, a lone
  // surrogate), where a round trip through UTF-8 would not.
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** A copy of `value` (plain objects, arrays, strings and other primitives) whose strings are {@link detached}. */
export function detachedCopy<T>(value: T): T {
  if (typeof value === 'string') return detached(value) as T;
  if (Array.isArray(value)) return value.map(detachedCopy) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = detachedCopy(item);
  return copy as T;
}
