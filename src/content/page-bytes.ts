import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeUtf8, encodeUtf8 } from '../util/utf8.js';
import type { PageParsers } from './parse-page.js';
import { readPage, type PageFacts } from './read-page.js';

/**
 * Pages larger than this are not parsed. micromark's time grows with the square of a page's size
 * (each list item or block quote that closes copies the document's whole event list): on the
 * shared test machine a page of lists, quotes and prose (bench/page-size.mjs) took 12 s of CPU at
 * 1 MiB, 42 s and 1.5 GB at 2 MiB; a mix of real corpus pages 4 s at 2 MiB, 66 s and 1.9 GB at
 * 8 MiB. The largest page of the 52 corpus sites is 0.7 MiB. The default of the `maxPageBytes`
 * option (`--max-page-size` on the command line).
 */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** A size as people read it: `2 MiB`, `1.5 MiB`, `500 KiB`, `900 bytes`. */
export function formatByteSize(bytes: number): string {
  const round = (value: number) => String(Number(value.toFixed(1)));
  if (bytes >= 1024 * 1024) return `${round(bytes / 1024 / 1024)} MiB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** The facts of a page that could not be read at all: its one diagnostic. */
export function pageWithout(diagnostic: Diagnostic): PageFacts {
  return { frontmatter: undefined, headings: [], ids: [], links: [], imports: [], components: [], text: '', words: 0, diagnostics: [diagnostic] };
}

/** The facts of a page that could not be read or parsed, saying why. */
export function unreadablePage(name: string, reason: string): PageFacts {
  return pageWithout({
    code: 'content/unreadable',
    severity: 'error',
    message: `The page cannot be read: ${reason}`,
    file: name,
    pointer: '',
    line: 1,
    column: 1,
  });
}

/** The facts of a page too large to read: its one warning. */
function tooLarge(bytes: number, name: string, maxBytes: number): PageFacts {
  // Both sizes in the same unit, and never "2 MiB, over the 2 MiB": the page's size is rounded down.
  const size = formatByteSize(bytes);
  const limit = formatByteSize(maxBytes);
  return pageWithout({
    code: 'content/too-large',
    severity: 'warning',
    message: `The page is ${size === limit ? `${bytes} bytes` : size}, over the ${size === limit ? `${maxBytes} bytes` : limit} Quire reads: its content is not checked.`,
    file: name,
    pointer: '',
    line: 1,
    column: 1,
    hint:
      maxBytes === MAX_PAGE_BYTES
        ? 'Split it into several pages; a page this size is too long to read or render.'
        : `Split it into several pages, or raise the limit (--max-page-size, the maxPageBytes option; default ${formatByteSize(MAX_PAGE_BYTES)}).`,
  });
}

/**
 * The size in bytes of a page's content when it is over `maxBytes`, else `undefined`. Text is
 * measured in UTF-8 (each UTF-16 unit is one to three bytes: the exact count is taken only near
 * the limit).
 */
function sizeOver(content: string | Uint8Array, maxBytes: number): number | undefined {
  if (typeof content !== 'string') return content.byteLength > maxBytes ? content.byteLength : undefined;
  if (content.length * 3 <= maxBytes) return undefined;
  const bytes = content.length > maxBytes ? content.length : encodeUtf8(content).byteLength;
  return bytes > maxBytes ? bytes : undefined;
}

/**
 * The facts of a page over `maxBytes` (its one `content/too-large` warning, found without
 * parsing it), or `undefined` for a page to read. What a cache holds for the same bytes does not
 * count: it was read under another limit.
 */
export function oversizedPage(content: string | Uint8Array | { unreadable: string }, name: string, maxBytes = MAX_PAGE_BYTES): PageFacts | undefined {
  if (typeof content === 'object' && 'unreadable' in content) return undefined;
  const bytes = sizeOver(content, maxBytes);
  return bytes === undefined ? undefined : tooLarge(bytes, name, maxBytes);
}

/**
 * The facts of one page file read from disk. A file that is not text (a NUL byte: an image saved
 * as `.mdx`), not UTF-8, or over `maxBytes` (default {@link MAX_PAGE_BYTES}) is a diagnostic; the
 * first and last are not parsed.
 */
export function readPageBytes(bytes: Uint8Array, name: string, parsers?: PageParsers, maxBytes = MAX_PAGE_BYTES): PageFacts {
  if (bytes.byteLength > maxBytes) return tooLarge(bytes.byteLength, name, maxBytes);
  // A NUL byte near the start marks a binary file (git's test: the first 8,000 bytes); one
  // further on is a stray character in a text page (langchain's pymupdf.md has one in pasted
  // PDF output), which the parser reads as U+FFFD and the platform renders.
  const nul = bytes.subarray(0, 8000).indexOf(0);
  if (nul >= 0) {
    return pageWithout({
      code: 'content/not-text',
      severity: 'error',
      message: 'The file is not text (it holds a NUL byte): it cannot be a page.',
      file: name,
      pointer: '',
      line: 1,
      column: 1,
      hint: 'Rename it to its real extension (an image or archive saved as .mdx?), or save the page as UTF-8 text.',
    });
  }
  let text: string;
  const diagnostics: Diagnostic[] = [];
  try {
    text = decodeUtf8(bytes, true);
  } catch {
    text = decodeUtf8(bytes);
    const bad = text.indexOf('\uFFFD');
    const before = text.slice(0, Math.max(0, bad));
    const line = before.split('\n').length;
    diagnostics.push({
      code: 'content/invalid-utf8',
      severity: 'warning',
      message: 'The page is not valid UTF-8: the bytes that are not show as "�".',
      file: name,
      pointer: '',
      line,
      column: bad - before.lastIndexOf('\n'),
      hint: 'Save the file as UTF-8 in your editor.',
    });
  }
  const facts = readPage(text.replace(/^\uFEFF/, ''), { file: name, ...(parsers ? { parsers } : {}) });
  facts.diagnostics = diagnostics.concat(facts.diagnostics);
  return facts;
}

/**
 * The facts of a page given as bytes (read from a file: see {@link readPageBytes}) or as text
 * (from an editor or a build plugin: no encoding to check). Never throws: a page the parser fails
 * on is a `content/unreadable` diagnostic that asks for a report.
 */
export function readPageContent(
  content: string | Uint8Array | { unreadable: string },
  name: string,
  parsers?: PageParsers,
  maxBytes = MAX_PAGE_BYTES,
): PageFacts {
  try {
    if (typeof content === 'object' && 'unreadable' in content) return unreadablePage(name, content.unreadable);
    if (typeof content !== 'string') return readPageBytes(content, name, parsers, maxBytes);
    const over = oversizedPage(content, name, maxBytes);
    if (over) return over;
    return readPage(content.replace(/^\uFEFF/, ''), { file: name, ...(parsers ? { parsers } : {}) });
  } catch (error) {
    // readPage reports what is wrong with a page as diagnostics; this is Quire failing on it.
    return unreadablePage(name, `Quire failed on it (${(error as Error).message}); please report it.`);
  }
}

const FRONTMATTER_OPENING = /^\uFEFF?---[ \t]*\r?\n/;
// The `front-matter` package the platform reads pages with also closes a block with `...`.
const FRONTMATTER_CLOSING = /\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * The frontmatter block at the top of a page's text, from the opening `---` line to the closing
 * one (with its line end); `''` when the page has none. The whole text when it has an opening
 * line and no closing one, as `parseFrontmatter` then reports.
 */
export function frontmatterBlockOf(text: string): string {
  const opening = FRONTMATTER_OPENING.exec(text);
  if (!opening) return '';
  const closing = FRONTMATTER_CLOSING.exec(text.slice(opening[0].length - 1));
  return closing ? text.slice(0, opening[0].length - 1 + closing.index + closing[0].length) : text;
}
