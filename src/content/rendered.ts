// Facts are imported as types only: site.json's compiler, in `quire-docs`, uses this module and must not load the parser.
import type { PageFacts, PageHeading, PageImport } from './read-page.js';
import { joinPath } from '../util/posix-path.js';
import { headingIds } from './slug.js';

/**
 * A heading of a page as the platform renders it, written in the page or in a snippet it renders;
 * its `textLine` is in the page's text as rendered ({@link RenderedPage.text}).
 */
export interface RenderedHeading extends PageHeading {
  /** The file the heading is written in: the page's, or that of an MDX snippet the page renders. */
  file: string;
}

/** What {@link renderedPage} returns. */
export interface RenderedPage {
  headings: RenderedHeading[];
  /**
   * The page's text (`PageFacts.text`) with that of the MDX snippets it renders in their place,
   * each time: what a reader sees, and a search index reads. Empty when the facts were read
   * without text (`loadSite`'s `text: false`).
   */
  text: string;
  /** Words in `text`: the page's own and those of the snippets it renders, each time. */
  words: number;
  /** The MDX snippets the page renders, directly or within one another, each once. */
  snippets: string[];
  /**
   * Every snippet the page renders was read and parsed, and inlined. When `false`, the headings
   * and text of those that were not (a syntax error, a file too large: their own diagnostics say
   * why) are missing, or those past {@link RENDER_LIMIT} (see `overflow`).
   */
  complete: boolean;
  /**
   * Where, in the page, the snippet is used whose content went past {@link RENDER_LIMIT}: from
   * there on, nothing more was inlined. Absent when the page stays within it.
   */
  overflow?: { line: number; column: number };
}

/**
 * How many times a page may render snippets, those rendered within snippets included, and how
 * deep they may nest, before Quire stops inlining them: a snippet that renders another twice, and
 * that one the next twice, doubles the page at each level (2^24 copies at 24 levels, which kept
 * `quire validate` busy past a minute before this limit). The most on a page of the corpus's 52
 * sites: 55 renders (firecrawl-docs, es/features/scrape.mdx) and 3 levels (Unstructured-IO).
 */
export const RENDER_LIMIT = { renders: 10_000, depth: 32 };

/**
 * The page `file` as the platform renders it: the platform puts the content of an MDX snippet
 * where the page uses its default export (`import Setup from '/snippets/setup.mdx'` and
 * `<Setup />`), each time, snippets within snippets too. Its headings, in document order, are
 * then numbered over the whole page: a page's `## Setup` after a snippet's `## Setup` is
 * `#setup-2`, written ids (`{#id}`, `id="..."`) included (see `headingIds`); a snippet rendered
 * inside an `Accordion` (or another element that leaves its content out of the table of
 * contents) has its headings out of it too; a page of `mode: custom` or `frame` gives Markdown
 * headings no id but those written. Its text and words count the snippets' where they are
 * rendered. A snippet that renders itself, directly or not, is not rendered again (the import
 * cycle is reported by `checkContent`).
 *
 * `pages` holds the facts of the site's pages and MDX snippets by file path from the site root
 * (`guides/setup.mdx`), as `loadSite` returns them; `undefined` when `file` is not among them.
 */
export function renderedPage(file: string, pages: ReadonlyMap<string, PageFacts>): RenderedPage | undefined {
  const facts = pages.get(file);
  if (!facts) return undefined;
  const result: RenderedPage = { headings: [], text: '', words: 0, snippets: [], complete: true };
  const lines: string[] = [];
  collect(file, facts, pages, [file], result, lines, { renders: 0 }, true);
  result.text = lines.join('\n');
  if (!result.headings.some((heading) => heading.file !== file)) return result;
  // Snippets' headings were numbered in their own files: the ids are given again, over the whole page.
  headingIds(result.headings, facts.frontmatter?.mode).forEach((id, index) => ((result.headings[index] as RenderedHeading).id = id));
  return result;
}

/**
 * Adds the headings, text lines and words of `file` and of the snippets it renders; `toc` is
 * false where the whole of it is out of the table of contents.
 */
function collect(
  file: string,
  facts: PageFacts,
  pages: ReadonlyMap<string, PageFacts>,
  ancestors: string[],
  result: RenderedPage,
  lines: string[],
  count: { renders: number },
  toc: boolean,
): void {
  const renders: { line: number; column: number; toc?: false; textLine: number; snippet: string }[] = [];
  for (const item of facts.imports) {
    if (!item.rendered) continue;
    const snippet = importedFile(item, file, pages);
    // A JSX snippet has no headings of its own to read; a missing one is reported by the check.
    if (snippet === undefined || ancestors.includes(snippet)) continue;
    for (const at of item.rendered) renders.push({ ...at, snippet });
  }
  renders.sort(byPosition);
  const own = facts.text === '' ? [] : facts.text.split('\n');
  let ownLine = 0;
  const textUpTo = (line: number) => {
    for (; ownLine < Math.min(line, own.length); ownLine++) lines.push(own[ownLine] as string);
  };
  result.words += facts.words;
  let next = 0;
  const renderUpTo = (line: number, column: number) => {
    for (; next < renders.length && byPosition(renders[next] as (typeof renders)[number], { line, column }) < 0; next++) {
      const render = renders[next] as (typeof renders)[number];
      if (result.overflow) return;
      if (++count.renders > RENDER_LIMIT.renders || ancestors.length > RENDER_LIMIT.depth) {
        result.complete = false;
        result.overflow = { line: render.line, column: render.column };
        return;
      }
      const inner = pages.get(render.snippet) as PageFacts;
      if (!result.snippets.includes(render.snippet)) result.snippets.push(render.snippet);
      textUpTo(render.textLine);
      if (unread(inner)) result.complete = false;
      else collect(render.snippet, inner, pages, [...ancestors, render.snippet], result, lines, count, toc && render.toc !== false);
      // Past the limit inside this snippet: the page is blamed where it renders it.
      if (result.overflow && ancestors.length === 1) result.overflow = { line: render.line, column: render.column };
    }
  };
  for (const heading of facts.headings) {
    renderUpTo(heading.line, heading.column);
    if (result.overflow) return;
    // The heading begins where the page's text has come to, with the snippets rendered before it.
    textUpTo(heading.textLine);
    result.headings.push({ ...heading, ...(toc ? {} : { toc: false as const }), textLine: lines.length, file });
  }
  renderUpTo(Number.POSITIVE_INFINITY, 0);
  if (!result.overflow) textUpTo(own.length);
}

/** The MDX file (with facts) an import in `from` names, by the candidates `checkContent` tries. */
function importedFile(item: PageImport, from: string, pages: ReadonlyMap<string, PageFacts>): string | undefined {
  if (item.legacy) return legacySnippetFile(pages, item.source);
  const path = importPath(item.source, from);
  return [path, `${path}.mdx`, `${path}.md`].find((candidate) => pages.has(candidate));
}

/**
 * The file of the site a legacy `<Snippet file>` names (`PageImport.legacy`): `_snippets/<file>`,
 * `snippets/<file>`, the path as written from the site root, or the only snippet of that file
 * name; undefined when none. `files` holds the site's files (or its MDX files' facts) by path.
 */
export function legacySnippetFile(files: ReadonlySet<string> | ReadonlyMap<string, unknown>, written: string): string | undefined {
  const path = written.replace(/^\.?\/+/, '');
  for (const candidate of [`_snippets/${path}`, `snippets/${path}`, path]) if (files.has(candidate)) return candidate;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const named: string[] = [];
  for (const file of files.keys()) if (/^_?snippets\//i.test(file) && file.slice(file.lastIndexOf('/') + 1) === name) named.push(file);
  return named.length === 1 ? named[0] : undefined;
}

/** The file path (from the site root, maybe without extension) an import of `source` in the file `from` names. */
export function importPath(source: string, from: string): string {
  const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  return source.startsWith('/') ? joinPath(source).slice(1) : joinPath(folder, source);
}

/** The file's facts hold nothing of its content: it was not read, or did not parse (its diagnostic says which). */
export function unread(facts: PageFacts): boolean {
  return facts.diagnostics.some((diagnostic) => UNREAD.has(diagnostic.code));
}

const UNREAD = new Set(['content/syntax', 'content/too-deep', 'content/too-large', 'content/not-text', 'content/unreadable']);

function byPosition(left: { line: number; column: number }, right: { line: number; column: number }): number {
  return left.line - right.line || left.column - right.column;
}
