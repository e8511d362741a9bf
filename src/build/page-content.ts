// Type-only: the compiled format takes facts already read, so `quire-docs` never loads the parser.
import type { PageFacts } from '../content/read-page.js';
import type { PageHeading, PageLink } from '../content/read-page.js';
import { renderedPage } from '../content/rendered.js';
import type { Redirect } from '../config/schemas/site.js';
import { linkCandidates, linkPath } from '../content/link-path.js';
import type { CompiledHeading, CompiledPageLink, CompiledSearchSection } from './types.js';

/** What site.json says of a page's content, and the sections of its text that go to the search file. */
export interface PageContent {
  headings: CompiledHeading[];
  links: CompiledPageLink[];
  words: number;
  sections: CompiledSearchSection[];
}

/**
 * Resolves links to the `href` of the page they name, as the content check resolves them: from
 * the site root (`/guides/setup`), or from the page's folder (`./setup`, `../setup`, and a bare
 * `setup`, which falls back to the root); with or without `.md`/`.mdx`; a folder names its `index`
 * page; a base path before the page's is skipped; a redirect's source (one without parameters)
 * names the page of its destination. A link to a file of the site that is not a page names that
 * file (`images/diagram.png`). External URLs are left to the reader.
 */
export class PageLinkResolver {
  /** Page path to its `href`. */
  private readonly pages: ReadonlyMap<string, string>;
  /** The files of the site that are not pages, relative to its root. */
  private readonly files: ReadonlySet<string>;
  /** The first folder of every file. */
  private readonly fileFolders = new Set<string>();
  /** Redirect source (a page path) to its destination as written. */
  private readonly redirects = new Map<string, string>();
  /** The first folder of every page path (`guides` of `guides/setup`). */
  private readonly folders = new Set<string>();

  constructor(pages: ReadonlyMap<string, string>, redirects: readonly Redirect[] = [], files: ReadonlySet<string> = new Set()) {
    this.pages = pages;
    this.files = files;
    for (const file of files) if (file.includes('/')) this.fileFolders.add(file.slice(0, file.indexOf('/')));
    for (const path of pages.keys()) if (path.includes('/')) this.folders.add(path.slice(0, path.indexOf('/')));
    for (const redirect of redirects) {
      const source = redirect.source
        .replace(/[?#].*$/s, '')
        .replace(/^\/+/, '')
        .replace(/\/+$/, '');
      // Sources with parameters (`/old/:slug*`) would need the platform's matching; they are not followed.
      if (!/[:*(]/.test(source) && !this.redirects.has(source)) this.redirects.set(source, redirect.destination);
    }
  }

  /**
   * What site.json says of the content of the page in `file` (a key of `content`) at `path`, whose
   * `href` is `href`. Its headings, text and words are those the platform renders: with those of
   * the MDX snippets the page renders, in their place, ids numbered over the whole page. Its links
   * are its own: a snippet's links are not repeated in every page that renders it.
   */
  pageContent(content: ReadonlyMap<string, PageFacts>, file: string, path: string, href: string): PageContent {
    const facts = content.get(file) as PageFacts;
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    // Past the limit of snippets inlined (reported by the content check), the page's own headings and text.
    const found = renderedPage(file, content);
    const rendered = found && !found.overflow ? found : undefined;
    const headings = rendered ? rendered.headings : facts.headings;
    return {
      headings: headings.map((heading) => ({
        depth: heading.depth,
        text: heading.text,
        ...(heading.id === '' ? {} : { id: heading.id }),
        ...(heading.toc === false ? { toc: false as const } : {}),
      })),
      links: facts.links.map((link) => this.link(link, folder, href)),
      words: rendered ? rendered.words : facts.words,
      sections: searchSections(rendered ? rendered.text : facts.text, headings),
    };
  }

  /** A link of a page in `folder` whose own `href` is `self`, with the page or file it leads to. */
  link(link: PageLink, folder: string, self: string): CompiledPageLink {
    const target = this.href(link.url, folder, self);
    const file = target === undefined ? this.file(link.url, folder) : undefined;
    return { url: link.url, kind: link.kind, ...(target === undefined ? {} : { href: target }), ...(file === undefined ? {} : { file }) };
  }

  /**
   * The file of the site (not a page) that `url`, written in a file in `folder`, names: from the
   * root or from the folder, as pages are found; a base path the site is served under is skipped.
   */
  file(url: string, folder: string): string | undefined {
    if (this.files.size === 0) return undefined;
    const link = linkPath(url);
    if (link.kind === 'external' || link.path === '') return undefined;
    for (const candidate of linkCandidates(link.path, [folder]).paths) {
      if (this.files.has(candidate)) return candidate;
      const slash = candidate.indexOf('/');
      if (slash > 0 && !this.fileFolders.has(candidate.slice(0, slash)) && this.files.has(candidate.slice(slash + 1))) return candidate.slice(slash + 1);
    }
    return undefined;
  }

  /** The `href` (with `?query#anchor` as written) of the page `url` names, written on a page in `folder` whose own `href` is `self`. */
  href(url: string, folder: string, self: string, followRedirects = true): string | undefined {
    const link = linkPath(url);
    if (link.kind === 'external') return undefined;
    const { path, suffix } = link;
    if (path === '') return `${self}${suffix}`;
    for (const candidate of linkCandidates(path, [folder]).paths) {
      const page = candidate.replace(/\.mdx?$/i, '');
      const found = this.page(page);
      if (found !== undefined) return `${found}${suffix}`;
      const destination = followRedirects ? this.redirects.get(page) : undefined;
      // One step only: a chain or a loop of redirects is the platform's to resolve.
      const redirected = destination === undefined ? undefined : this.href(destination, '', self, false);
      if (redirected !== undefined) return suffix === '' ? redirected : `${redirected.replace(/[?#].*$/s, '')}${suffix}`;
    }
    return undefined;
  }

  /**
   * The `href` of the page at `path`, or of its folder's `index` page. A site served under a base
   * path (example.com/docs) may write it in links, as the content check allows: "docs/guides/x"
   * is "guides/x" when no page is under a folder "docs".
   */
  private page(path: string): string | undefined {
    for (let rest = path; ;) {
      const found = this.pages.get(rest) ?? this.pages.get(rest === '' ? 'index' : `${rest}/index`);
      if (found !== undefined) return found;
      const slash = rest.indexOf('/');
      if (slash <= 0 || this.folders.has(rest.slice(0, slash))) return undefined;
      rest = rest.slice(slash + 1);
    }
  }
}

/**
 * A page's text split at the headings of its table of contents (those with an id, and not
 * `toc: false`): the text before the first one (when there is any), then each heading's with its
 * id, down to the next one. A heading's own text line (a Markdown heading's, or an `h2` element's)
 * is its `heading`, not part of its `text`; headings out of the table of contents stay in the text
 * of the section they are in.
 */
export function searchSections(text: string, headings: readonly PageHeading[]): CompiledSearchSection[] {
  const lines = text === '' ? [] : text.split('\n');
  const starts = headings.filter((heading) => heading.id !== '' && heading.toc !== false);
  const sections: CompiledSearchSection[] = [];
  const top = lines.slice(0, starts[0]?.textLine ?? lines.length).join('\n');
  if (top !== '') sections.push({ text: top });
  starts.forEach((heading, index) => {
    const end = starts[index + 1]?.textLine ?? lines.length;
    const body = heading.textLine + (ownTextLine(heading) ? 1 : 0);
    sections.push({ id: heading.id, heading: heading.text, depth: heading.depth, text: lines.slice(Math.min(body, end), end).join('\n') });
  });
  return sections;
}

/**
 * Whether the heading's own text takes a line of the page's text: that of a Markdown heading or
 * of a heading element (`h2`, `Heading`), when not empty; the title of an `Update` or a `Step` is
 * an attribute, not in the text.
 */
function ownTextLine(heading: PageHeading): boolean {
  return heading.text !== '' && (heading.element === undefined || /^(?:h[1-6]|Heading)$/.test(heading.element));
}
