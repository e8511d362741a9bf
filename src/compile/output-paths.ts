import { unsafeSegment, utf8Length } from '../mdx/file-names.js';

/**
 * Longest path Quire writes inside the output folder, in UTF-8 bytes. macOS refuses paths over
 * 1,024 bytes and some Windows tools over 260 characters: 400 leaves 600 bytes for the output
 * folder itself, and generated URLs (slugs of at most 100 characters) stay far below it.
 */
export const MAX_OUTPUT_PATH_BYTES = 400;

/**
 * Why `path` (relative to the output folder, `/`-separated, with its extension) cannot be written
 * on Linux, macOS and Windows alike, or `undefined` when it can: every part a plain name of at
 * most 255 bytes that Windows accepts, the whole within {@link MAX_OUTPUT_PATH_BYTES}.
 */
export function unsafeOutputPath(path: string): string | undefined {
  if (path.includes('\0')) return 'contains a NUL character';
  for (const segment of path.split('/')) {
    const problem = unsafeSegment(segment);
    if (problem) return problem;
  }
  const bytes = utf8Length(path);
  if (bytes > MAX_OUTPUT_PATH_BYTES) return `makes a path of ${bytes} bytes, longer than the ${MAX_OUTPUT_PATH_BYTES} bytes Quire writes`;
  return undefined;
}
