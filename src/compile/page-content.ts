// Type-only: the compiled format takes facts already read, so `quire-docs` never loads the parser.
import type { PageFacts } from '../content/read-page.js';
import { renderedPage, unread } from '../content/rendered.js';
import type { Redirect } from '../config/schemas/site.js';
import { filePagePath } from '../navigation/classify.js';
import { linkCandidates, linkPath } from '../content/link-path.js';
import type { CompiledHeading, CompiledPageLink } from './types.js';

/** What site.json says of a page's content, and the text that goes to the search file. */
export interface PageContent {
  headings: CompiledHeading[];
  links: CompiledPageLink[];
  words: number;
  text: string;
}


/**
 * The file of each page by page path (`guides/setup` to `guides/setup.mdx`), from facts by file
 * as `loadSite` returns them. With both `a.md` and `a.mdx`, `a.mdx` is the page, as for the
 * frontmatter the navigation reads. Pages that were not read or did not parse are left out.
 */
export function filesByPagePath(content: ReadonlyMap<string, PageFacts>): Map<string, string> {
  const byPath = new Map<string, string>();
  // Sorted, `a.md` comes before `a.mdx`, which is set last and so is the page.
  for (const file of [...content.keys()].sort()) {
    // A page that was not read (too large, not text, unreadable) or did not parse has empty facts:
    // empty lists would claim it has no headings and no links, so it gets no content fields (its
    // diagnostic is reported).
    if (unread(content.get(file) as PageFacts)) continue;
    byPath.set(filePagePath(file), file);
  }
  return byPath;
}

/**
 * Resolves links to the `href` of the page they name, as the content check resolves them: from
 * the site root (`/guides/setup`), or from the page's folder (`./setup`, `../setup`, and a bare
 * `setup`, which falls back to the root); with or without `.md`/`.mdx`; a folder names its `index`
 * page; a base path before the page's is skipped; a redirect's source (one without parameters)
 * names the page of its destination. Only pages are named: files and external URLs are left to
 * the reader.
 */
export class PageLinkResolver {
  /** Page path to its `href`. */
  private readonly pages: ReadonlyMap<string, string>;
  /** Redirect source (a page path) to its destination as written. */
  private readonly redirects = new Map<string, string>();
  /** The first folder of every page path (`guides` of `guides/setup`). */
  private readonly folders = new Set<string>();

  constructor(pages: ReadonlyMap<string, string>, redirects: readonly Redirect[] = []) {
    this.pages = pages;
    for (const path of pages.keys()) if (path.includes('/')) this.folders.add(path.slice(0, path.indexOf('/')));
    for (const redirect of redirects) {
      const source = redirect.source.replace(/[?#].*$/s, '').replace(/^\/+/, '').replace(/\/+$/, '');
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
      headings: headings.map((heading) => ({ depth: heading.depth, text: heading.text, ...(heading.id === '' ? {} : { id: heading.id }), ...(heading.toc === false ? { toc: false as const } : {}) })),
      links: facts.links.map((link) => {
        const target = this.href(link.url, folder, href);
        return { url: link.url, kind: link.kind, ...(target === undefined ? {} : { href: target }) };
      }),
      words: rendered ? rendered.words : facts.words,
      text: rendered ? rendered.text : facts.text,
    };
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
    for (let rest = path; ; ) {
      const found = this.pages.get(rest) ?? this.pages.get(rest === '' ? 'index' : `${rest}/index`);
      if (found !== undefined) return found;
      const slash = rest.indexOf('/');
      if (slash <= 0 || this.folders.has(rest.slice(0, slash))) return undefined;
      rest = rest.slice(slash + 1);
    }
  }
}
