import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeUtf8, encodeUtf8 } from '../util/utf8.js';
import type { PageParsers } from './parse-page.js';
import { readPage, type PageFacts } from './read-page.js';

/**
 * Pages larger than this are not parsed. micromark's time grows with the square of a page's size
 * (each list item or block quote that closes copies the document's whole event list): on the
 * shared test machine a page of lists, quotes and prose (bench/page-size.mjs) took 12 s of CPU at
 * 1 MiB, 42 s and 1.5 GB at 2 MiB; a mix of real corpus pages 4 s at 2 MiB, 66 s and 1.9 GB at
 * 8 MiB. The largest page of the 52 corpus sites is 0.7 MiB.
 */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

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
function tooLarge(bytes: number, name: string): PageFacts {
  return pageWithout({
    code: 'content/too-large',
    severity: 'warning',
    message: `The page is ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_PAGE_BYTES / 1024 / 1024} MiB Quire reads: its content is not checked.`,
    file: name,
    pointer: '',
    line: 1,
    column: 1,
    hint: 'Split it into several pages; a page this size is too long to read or render.',
  });
}

/**
 * The facts of one page file read from disk. A file that is not text (a NUL byte: an image saved
 * as `.mdx`), not UTF-8, or too large to be a page is a diagnostic; the first and last are not parsed.
 */
export function readPageBytes(bytes: Uint8Array, name: string, parsers?: PageParsers): PageFacts {
  if (bytes.byteLength > MAX_PAGE_BYTES) return tooLarge(bytes.byteLength, name);
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
export function readPageContent(content: string | Uint8Array | { unreadable: string }, name: string, parsers?: PageParsers): PageFacts {
  try {
    if (typeof content === 'object' && 'unreadable' in content) return unreadablePage(name, content.unreadable);
    if (typeof content !== 'string') return readPageBytes(content, name, parsers);
    // Each UTF-16 unit is one to three bytes of UTF-8: the exact count is taken only near the limit.
    const bytes = content.length * 3 <= MAX_PAGE_BYTES ? content.length : encodeUtf8(content).byteLength;
    if (bytes > MAX_PAGE_BYTES) return tooLarge(bytes, name);
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
