/**
 * `encodeURIComponent` for any string. Text read from disk is always well formed, but a build
 * plugin, an editor or a JSON escape (`"\ud800"`) can hand Quire a lone UTF-16 surrogate, on which
 * `encodeURIComponent` throws `URIError: URI malformed`. Such a surrogate is encoded as U+FFFD,
 * the replacement character that reading the text as UTF-8 would have given.
 */
export function encodeUriComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(wellFormed(text));
  }
}

/** The text with each lone surrogate replaced by U+FFFD (`String.prototype.toWellFormed`). */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
