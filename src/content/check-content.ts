import type { Redirect } from '../config/schemas/site.js';
import { redirectSourcePattern } from '../config/redirect-source.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import { didYouMean, didYouMeanText } from '../diagnostics/suggest.js';
import { anchorKey, type PageFacts, type PageHeading, type PageImport, type PageLink } from './read-page.js';
import { slugOfText } from './slug.js';
import { linkCandidates, linkPath } from './link-path.js';
import { importPath, legacySnippetFile, RENDER_LIMIT, renderedPage, unread } from './rendered.js';
import { inSnippetFolder, snippetFiles } from './snippets.js';
import { isInFolder } from '../util/posix-path.js';

/** A site's content, as {@link checkContent} checks it. */
export interface ContentSite {
  /** The facts of each page and MDX snippet, by file path relative to the site root (`guides/a.mdx`). */
  pages: ReadonlyMap<string, PageFacts>;
  /** Every file of the site relative to its root, pages, snippets, images and other static files alike. */
  files: Iterable<string>;
  /**
   * Page paths the site serves that are not files (no leading slash, no extension): the pages of
   * the navigation, generated endpoint pages (`api-reference/users/create`).
   */
  routes?: Iterable<string>;
  /**
   * The language codes and version names of the navigation (`en`, `v2`): the platform serves a
   * section's generated pages under them too, so `/en/api-reference/x` reaches `api-reference/x`.
   */
  prefixes?: Iterable<string>;
  /** docs.json's `redirects`: a link to a redirect's source reaches its destination. */
  redirects?: readonly Redirect[];
  /**
   * Folders (page paths without slashes at the ends; `''` for the whole site) whose pages cannot
   * be known: where the endpoint pages of an OpenAPI document that was not read (a URL, offline)
   * are generated. A link under one is taken as leading to a page, and its anchor is not checked.
   */
  unknownFolders?: Iterable<string>;
  /** The name diagnostics give a file (relative to the root). Default: the path itself. */
  fileName?: (file: string) => string;
}

// Paths the platform serves on every site without a file for them. `api-reference` is not one
// the platform documents: it is accepted because the platform's own docs (the corpus's
// mintlify__docs, components/tooltips.mdx and guides/custom-layouts.mdx) link to it with no page
// there, and whether their site serves it could not be checked from here.
const PLATFORM_PATHS = new Set(['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt', 'mcp', 'rss.xml', 'feed.xml', 'api-reference', '404']);

/** Where a link leads, as {@link resolveLink} finds it. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'page'; file?: string; anchor?: string }
  | { kind: 'file'; file: string }
  /** No page or file; `snippet` when the path names a snippet file, which the platform does not publish as a page. */
  | { kind: 'missing'; path: string; anchor?: string; snippet?: string }
  /** A relative link that climbs above the site root; `path` is where a browser takes it (it stops at the root), `found` whether that exists. */
  | { kind: 'outside'; path: string; found: boolean };

/**
 * Checks what pages point at: links, images and media sources (Markdown, `<a href>`, and the
 * components that take `href` or `src`), `#anchors`, and snippet imports, resolved as the
 * platform resolves them. External URLs are not fetched. Returns diagnostics in the pages' files.
 */
export function checkContent(site: ContentSite): Diagnostic[] {
  const index = new SiteIndex(site);
  return checkIn(site, index, importersOf(site.pages, index));
}

/**
 * The pages and MDX snippets a reader is led to from `entries` (the files the navigation lists):
 * those, the snippets they import, the pages and files their links lead to, and on from there.
 * The platform publishes every other page file too, but only its URL leads to it.
 */
export function reachablePages(site: ContentSite, entries: Iterable<string>): Set<string> {
  const index = new SiteIndex(site);
  return reachableIn(site, index, importersOf(site.pages, index), entries);
}

/** {@link checkContent} and {@link reachablePages} of one site, its files indexed once. */
export function checkContentReaching(site: ContentSite, entries: Iterable<string>): { diagnostics: Diagnostic[]; reached: Set<string> } {
  const index = new SiteIndex(site);
  const importers = importersOf(site.pages, index);
  return { diagnostics: checkIn(site, index, importers), reached: reachableIn(site, index, importers, entries) };
}

function checkIn(site: ContentSite, index: SiteIndex, importers: ReadonlyMap<string, string[]>): Diagnostic[] {
  const name = site.fileName ?? ((file: string) => file);
  const diagnostics: Diagnostic[] = [];
  for (const [file, facts] of site.pages)
    for (const diagnostic of checkPage(site, index, importers, file, facts, name).diagnostics) diagnostics.push(diagnostic);
  for (const diagnostic of importCycles(site.pages, index, name)) diagnostics.push(diagnostic);
  return diagnostics;
}

/** One page's checks: its links, imports and rendered snippets; and the files its links and imports lead to. */
function checkPage(
  site: ContentSite,
  index: SiteIndex,
  importers: ReadonlyMap<string, string[]>,
  file: string,
  facts: PageFacts,
  name: (file: string) => string,
): { diagnostics: Diagnostic[]; targets: string[] } {
  const diagnostics: Diagnostic[] = [];
  const targets: string[] = [];
  const folders = [folderOf(file), ...(importers.get(file) ?? []).map(folderOf)];
  // The same link written again on a page is the same problem, fixed by one search and replace:
  // one diagnostic, at its first place, that names the lines of the others (a generated page
  // of modelcontextprotocol writes one link to a missing anchor 46 times).
  const repeats = new Map<string, { diagnostic: Diagnostic; lines: number[] }>();
  // What a URL leads to and what is wrong with it depend on the URL and on what it is meant to
  // reach (a page or an image): each is worked out once per page (50,000 links took 1.5 s of CPU).
  const checked = new Map<string, { target: LinkTarget; repeat: { lines: number[] } | undefined }>();
  for (const link of facts.links) {
    const what = linkWhat(link);
    const known = checked.get(`${what}\0${link.url}`);
    if (known) {
      if ((known.target.kind === 'page' || known.target.kind === 'file') && known.target.file !== undefined) targets.push(known.target.file);
      known.repeat?.lines.push(link.line);
      continue;
    }
    const target = index.resolve(link.url, folders);
    if ((target.kind === 'page' || target.kind === 'file') && target.file !== undefined) targets.push(target.file);
    const diagnostic = checkLink(link, target, file, index, name(file));
    let repeat: { diagnostic: Diagnostic; lines: number[] } | undefined;
    if (diagnostic) {
      const key = `${diagnostic.code}\0${diagnostic.message}`;
      repeat = repeats.get(key);
      if (repeat) repeat.lines.push(link.line);
      else {
        repeat = { diagnostic, lines: [link.line] };
        repeats.set(key, repeat);
        diagnostics.push(diagnostic);
      }
    }
    checked.set(`${what}\0${link.url}`, { target, repeat });
  }
  for (const { diagnostic, lines } of repeats.values()) if (lines.length > 1) diagnostic.message += ` ${writtenAgain(lines)}`;
  for (const item of facts.imports) {
    const imported = index.importedFile(item, file);
    if (imported !== undefined) targets.push(imported);
    // A legacy `<Snippet file>` names no module: the platform leaves out one it does not find.
    if (item.legacy || !/^[./]/.test(item.source)) continue;
    if (imported !== undefined) continue;
    const suggestions = index.suggestSnippet(item.source);
    diagnostics.push({
      code: 'content/unresolved-import',
      severity: 'error',
      message: `The import of "${item.source}" names no file of the site: what it brings in is missing from the page.`,
      file: name(file),
      pointer: '',
      line: item.line,
      column: item.column,
      hint: didYouMeanText(suggestions) ?? 'Snippets are imported from the site root, e.g. `/snippets/intro.mdx`, with their extension.',
      ...(suggestions.length ? { suggestions } : {}),
    });
  }
  const overflow = !index.isSnippet(file) && facts.imports.some((item) => item.rendered) ? renderedPage(file, site.pages)?.overflow : undefined;
  if (overflow) {
    diagnostics.push({
      code: 'content/too-many-snippets',
      severity: 'warning',
      message: `Once the snippets rendered within snippets are counted, the page renders more than ${RENDER_LIMIT.renders.toLocaleString('en-US')} snippets or nests them more than ${RENDER_LIMIT.depth} deep: Quire stops inlining them at this one, so site.json has the page's own headings only and the page's anchors are not checked.`,
      file: name(file),
      pointer: '',
      ...overflow,
      hint: 'A snippet that renders another twice, which renders the next twice, doubles the page at each level: render each snippet once where it is needed, or pass what differs as props.',
    });
  }
  return { diagnostics, targets };
}

/** What {@link ContentChecks.page} finds for one page. */
export interface PageChecks {
  diagnostics: Diagnostic[];
  /** The files (pages, snippets, images) its links and imports lead to: where a reader goes next. */
  targets: string[];
  /** The files whose facts the checks read (anchors of linked pages, snippets rendered): a change to one may change the result. */
  reads: Set<string>;
}

/**
 * The content checks of a site one page at a time, for a caller that keeps the results between
 * runs (the compiler): each page's result says which other pages' facts it read, so that after a
 * change only the pages that read a changed page are checked again. A change to the files, the
 * routes, the redirects or any page's imports changes what every page resolves to: then every
 * page is checked again, with a new `ContentChecks`.
 */
export class ContentChecks {
  private readonly index: SiteIndex;
  private readonly importers: Map<string, string[]>;
  private readonly pages: RecordingPages;
  private readonly name: (file: string) => string;

  constructor(private site: ContentSite) {
    this.pages = new RecordingPages(site.pages);
    this.name = site.fileName ?? ((file: string) => file);
    this.index = new SiteIndex({ ...site, pages: this.pages });
    this.importers = importersOf(site.pages, this.index);
  }

  /** The checks of the page or snippet `file` (one of `site.pages`). */
  page(file: string): PageChecks {
    const facts = this.site.pages.get(file);
    const reads = new Set<string>([file]);
    if (!facts) return { diagnostics: [], targets: [], reads };
    this.pages.recording = reads;
    try {
      return { ...checkPage({ ...this.site, pages: this.pages }, this.index, this.importers, file, facts, this.name), reads };
    } finally {
      this.pages.recording = undefined;
    }
  }

  /**
   * Takes the pages' facts anew, where `changed` are the pages whose facts changed and none
   * changed its imports (else a new `ContentChecks` is needed): what was learnt from them is
   * dropped, the rest is kept.
   */
  update(pages: ReadonlyMap<string, PageFacts>, changed: Iterable<string>): void {
    this.site = { ...this.site, pages };
    this.pages.replace(pages);
    this.index.forget(new Set(changed));
  }

  /** One error per cycle of snippet imports (they depend on the imports alone). */
  cycles(): Diagnostic[] {
    return importCycles(this.site.pages, this.index, this.name);
  }
}

/** The facts of a site's pages, noting which pages are looked up while a page is checked. */
class RecordingPages implements ReadonlyMap<string, PageFacts> {
  recording: Set<string> | undefined;
  constructor(private pages: ReadonlyMap<string, PageFacts>) {}
  replace(pages: ReadonlyMap<string, PageFacts>): void {
    this.pages = pages;
  }
  get(file: string): PageFacts | undefined {
    this.recording?.add(file);
    return this.pages.get(file);
  }
  has(file: string): boolean {
    this.recording?.add(file);
    return this.pages.has(file);
  }
  get size(): number {
    return this.pages.size;
  }
  // Going through every page is what the whole site's structure (imports) decides: not recorded.
  keys() {
    return this.pages.keys();
  }
  values() {
    return this.pages.values();
  }
  entries() {
    return this.pages.entries();
  }
  forEach(callback: (value: PageFacts, key: string, map: ReadonlyMap<string, PageFacts>) => void): void {
    this.pages.forEach((value, key) => callback(value, key, this));
  }
  [Symbol.iterator]() {
    return this.pages[Symbol.iterator]();
  }
}

function reachableIn(site: ContentSite, index: SiteIndex, importers: ReadonlyMap<string, string[]>, entries: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const queue: string[] = [];
  const reach = (file: string | undefined) => {
    if (file === undefined || reached.has(file) || !site.pages.has(file)) return;
    reached.add(file);
    queue.push(file);
  };
  for (const file of entries) reach(file);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const facts = site.pages.get(file) as PageFacts;
    const folders = [folderOf(file), ...(importers.get(file) ?? []).map(folderOf)];
    for (const link of facts.links) {
      const target = index.resolve(link.url, folders);
      if (target.kind === 'page' || target.kind === 'file') reach(target.file);
    }
    for (const item of facts.imports) reach(index.importedFile(item, file));
  }
  return reached;
}

/** What a link is meant to reach: an image (or file) for images and `src`/`img` attributes, else a page. */
function linkWhat(link: PageLink): 'image or file' | 'page or file' {
  return link.kind === 'image' || link.attribute === 'src' || link.attribute === 'img' ? 'image or file' : 'page or file';
}

function checkLink(link: PageLink, target: LinkTarget, file: string, index: SiteIndex, fileName: string): Diagnostic | undefined {
  const at = { file: fileName, pointer: '', line: link.line, column: link.column };
  const what = linkWhat(link);
  if (target.kind === 'outside') {
    if (target.found) {
      return {
        code: 'content/link-outside-site',
        severity: 'warning',
        message: `The link "${link.url}" climbs above the site's root; browsers stop at the root, so it leads to "/${target.path}".`,
        ...at,
        hint: `Write "/${target.path}": the link then keeps working if the page moves.`,
      };
    }
    return {
      code: 'content/link-outside-site',
      severity: 'error',
      message: `The link "${link.url}" climbs above the site's root, and "/${target.path}", where browsers stop, is no page or file of the site.`,
      ...at,
      hint: 'Link to a page or file inside the folder of docs.json, by its path from the root (`/guides/setup`).',
    };
  }
  if (target.kind === 'missing' && target.snippet !== undefined) {
    // The pages that render the snippet show its content: the reader meant one of them.
    const renderers = index.anchorPages(target.snippet).filter((page) => page !== target.snippet);
    const suggestions = renderers.slice(0, 3).map((page) => `/${page.replace(/\.mdx?$/i, '').replace(/(^|\/)index$/, '')}`);
    return {
      code: 'content/broken-link',
      severity: 'error',
      message: `The link "${link.url}" leads to "${target.snippet}", a snippet: the platform shows its content in the pages that import it, but publishes no page of its own there.`,
      ...at,
      hint: didYouMeanText(suggestions) ?? 'Link to a page that renders the snippet, or move the content to a page of its own.',
      ...(suggestions.length ? { suggestions } : {}),
    };
  }
  if (target.kind === 'missing') {
    const claimed = what === 'page or file' ? index.slugOwners(link.url, target.path) : undefined;
    if (claimed) return slugLinkDiagnostic(link, claimed, at);
    const suggestions = index.suggest(target.path, what === 'image or file');
    return {
      code: 'content/broken-link',
      severity: 'error',
      message: `The link "${link.url}" leads to no ${what} of the site.`,
      ...at,
      hint:
        didYouMeanText(suggestions.map((suggestion) => `/${suggestion}`)) ??
        (what === 'page or file'
          ? 'Link to a page by its path from the site root (`/guides/setup`) or relative to this page (`./setup`).'
          : 'Commit the file, or fix its path: files are served from the site root (`/images/diagram.png`).'),
      ...(suggestions.length ? { suggestions: suggestions.map((suggestion) => `/${suggestion}`) } : {}),
    };
  }
  // `#:~:text=...` is a text fragment the browser highlights, not an element id; `#top` (any
  // case) is the top of the page for every browser (HTML's "find a potential indicated element").
  if (target.kind !== 'page' || target.anchor === undefined || target.anchor === '' || target.anchor.startsWith(':~:') || target.anchor.toLowerCase() === 'top')
    return undefined;
  // A link to the page itself (`#setup`, `?tab=cloud#setup`) lands on the page it is read on: a
  // snippet's, on each page that renders it.
  const self = linkPath(link.url);
  const targets = target.file !== undefined ? [target.file] : self.kind === 'path' && self.path === '' ? index.anchorPages(file) : [];
  const key = anchorKey(target.anchor);
  const lacking = targets.filter((candidate) => {
    const keys = index.anchorKeys(candidate);
    return keys !== undefined && !keys.has(key);
  });
  const targetFile = lacking[0];
  if (targetFile === undefined) return undefined;
  const suggestions = didYouMean(key, [...(index.anchorKeys(targetFile) ?? [])], 3);
  const where =
    targetFile === file
      ? 'this page'
      : target.file !== undefined
        ? `"${targetFile}"`
        : lacking.length === 1
          ? `"${targetFile}", which renders this snippet,`
          : `"${targetFile}" and ${lacking.length - 1} other ${lacking.length === 2 ? 'page' : 'pages'} that render this snippet`;
  return {
    code: 'content/missing-anchor',
    severity: 'warning',
    message: `The link "${link.url}" names the anchor "#${target.anchor}", which no heading or element of ${where} has: the page opens at its top.`,
    ...at,
    hint:
      idlessHeadingHint(index.headings(targetFile), key) ??
      didYouMeanText(suggestions.map((suggestion) => `#${suggestion}`)) ??
      "Anchors are the headings' ids: lower case, words joined by `-` (`## Get started` is `#get-started`).",
    ...(suggestions.length ? { suggestions: suggestions.map((suggestion) => `#${suggestion}`) } : {}),
  };
}

/** A frontmatter field naming the URL a page had on another generator: `slug` (Docusaurus, Hugo, Astro), `old-slug`, `legacy_slug`. */
const SLUG_FIELD = /^(?:[A-Za-z]+[-_])?slug$/;

/**
 * The URL fields of a page's frontmatter (see {@link SLUG_FIELD}) with their values as page paths
 * (no leading or trailing slash, no extension). The platform serves a page at its file's path and
 * reads none of them: a link to one leads nowhere. The compiler checks every page again when they change.
 */
export function pageSlugs(frontmatter: PageFrontmatter | undefined): { field: string; path: string }[] {
  const slugs: { field: string; path: string }[] = [];
  for (const [field, value] of Object.entries(frontmatter ?? {})) {
    if (!SLUG_FIELD.test(field) || typeof value !== 'string') continue;
    const path = slugPath(value);
    if (path !== '') slugs.push({ field, path });
  }
  return slugs;
}

function slugPath(value: string): string {
  return value
    .trim()
    .replace(/[?#].*$/s, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.mdx?$/i, '');
}

/** The pages whose frontmatter gives, as a URL of their own, the path a link names. */
interface SlugOwners {
  /** The path as the link names it (from the root). */
  path: string;
  /** The first page, by file name, its field and its URL on the platform. */
  file: string;
  field: string;
  url: string;
  /** How many other pages give the same path. */
  others: number;
  /** The link is relative, and it is its path without the `./` and `../` steps that the page gives. */
  stepsDropped: boolean;
}

/** A link that names a page's `slug` (or `old-slug`...), which the platform does not serve: where the page is. */
function slugLinkDiagnostic(link: PageLink, owners: SlugOwners, at: Pick<Diagnostic, 'file' | 'pointer' | 'line' | 'column'>): Diagnostic {
  const also = owners.others === 0 ? '' : ` (and of ${owners.others} other ${owners.others === 1 ? 'page' : 'pages'})`;
  const named = owners.stepsDropped ? `Without the \`./\` and \`../\` at its start, "/${owners.path}" is` : 'It is';
  return {
    code: 'content/broken-link',
    severity: 'error',
    message: `The link "${link.url}" leads to no page or file of the site. ${named} the \`${owners.field}\` in the frontmatter of "${owners.file}"${also}, a field the platform does not read: that page is at "${owners.url}".`,
    ...at,
    hint: `The platform serves a page at the path of its file${owners.field === 'slug' ? ' and ignores `slug` (a Docusaurus field)' : ''}: link to "${owners.url}", or add \`{ "source": "/${owners.path}", "destination": "${owners.url}" }\` to the \`redirects\` of docs.json to keep the old URL working.`,
    suggestions: [owners.url],
  };
}

/**
 * The hint for an anchor that is the slug of a heading the platform gives no id (`##### Event`,
 * an `<h2>` inside a paragraph): the author meant it, and only an id written on it makes it one.
 */
function idlessHeadingHint(headings: readonly PageHeading[], key: string): string | undefined {
  const heading = headings.find((candidate) => candidate.id === '' && candidate.toc === false && anchorKey(slugOfText(candidate.text)) === key);
  if (!heading) return undefined;
  const why =
    heading.element === undefined
      ? 'the platform gives ids to headings of levels 1 to 4 only'
      : heading.depth > 4
        ? `the platform gives an <${heading.element}> no id of its own`
        : `the platform gives no id to an <${heading.element}> inside a paragraph`;
  const fix = heading.element === undefined ? `\`${'#'.repeat(heading.depth)} ${heading.text} {#${key}}\`` : `\`<${heading.element} id="${key}">\``;
  return `The heading "${heading.text}" (line ${heading.line}) has no id: ${why}. Write one: ${fix}.`;
}

/** `Written 3 times here (lines 4, 9, 12).`, for a link written on several lines of a page. */
function writtenAgain(lines: readonly number[]): string {
  const distinct = [...new Set(lines)];
  const shown = distinct.slice(0, 8).join(', ');
  return `Written ${lines.length} times here (${distinct.length === 1 ? 'line' : 'lines'} ${shown}${distinct.length > 8 ? ` and ${distinct.length - 8} more` : ''}).`;
}

/** The files, pages and routes of a site, to resolve links against. */
class SiteIndex {
  private readonly files = new Set<string>();
  /** Page path (no extension; `index` pages under their folder too) to the page's file. */
  private readonly pagePaths = new Map<string, string | undefined>();
  private readonly topFolders = new Set<string>();
  /** Every folder that holds a file: the platform's link checker takes a link to a folder as a link to the site. */
  private readonly folders = new Set<string>();
  private readonly patterns: RegExp[] = [];
  private readonly sources = new Set<string>();
  private readonly pages: ReadonlyMap<string, PageFacts>;
  /** The files the platform takes as snippets, not pages (see `snippetFiles`). */
  private readonly snippetSet: ReadonlySet<string>;
  private readonly prefixes: ReadonlySet<string>;
  private readonly unknownFolders: readonly string[];

  constructor(site: ContentSite) {
    this.pages = site.pages;
    this.snippetSet = snippetFiles(site.pages, site.pages.keys());
    this.prefixes = new Set(site.prefixes ?? []);
    this.unknownFolders = [...(site.unknownFolders ?? [])];
    for (const file of site.files) {
      this.files.add(file);
      const slash = file.indexOf('/');
      if (slash > 0) this.topFolders.add(file.slice(0, slash));
      for (let end = file.lastIndexOf('/'); end > 0; end = file.lastIndexOf('/', end - 1)) {
        const folder = file.slice(0, end);
        if (this.folders.has(folder)) break;
        this.folders.add(folder);
      }
      if (/\.mdx?$/i.test(file)) {
        const page = file.replace(/\.mdx?$/i, '');
        this.pagePaths.set(page, file);
        if (page === 'index' || page.endsWith('/index')) this.pagePaths.set(page.slice(0, -'index'.length).replace(/\/$/, ''), file);
      }
    }
    for (const route of site.routes ?? []) {
      const page = route.replace(/^\/+/, '');
      if (!this.pagePaths.has(page)) this.pagePaths.set(page, undefined);
    }
    for (const redirect of site.redirects ?? []) {
      const source = redirect.source
        .replace(/[?#].*$/s, '')
        .replace(/^\/+/, '')
        .replace(/\/+$/, '');
      if (/[:*(]/.test(source)) this.patterns.push(redirectSourcePattern(source).regex);
      else this.sources.add(source);
    }
  }

  /** The anchors of each page asked for, with the pages read to find them (replayed to a page that asks again). */
  private readonly anchorIds = new Map<string, { ids: string[] | undefined; reads: Set<string> | undefined; keys?: ReadonlySet<string> }>();

  /**
   * The ids a `#anchor` can name on the page `file`: its headings' and elements' ids and those of
   * the MDX snippets it renders (the platform inlines them, and numbers repeated headings over the
   * whole page: see `renderedPage`), or `undefined` when they are not known: no facts, a page
   * or snippet that was not read or did not parse (its diagnostic is reported already), or a page
   * whose frontmatter `url` sends the reader to another site.
   */
  anchors(file: string): string[] | undefined {
    const recording = this.pages instanceof RecordingPages ? this.pages : undefined;
    let known = this.anchorIds.get(file);
    if (known === undefined) {
      const outer = recording?.recording;
      const reads = recording ? new Set<string>() : undefined;
      if (recording) recording.recording = reads;
      try {
        known = { ids: this.pages.get(file)?.frontmatter?.url !== undefined ? undefined : this.collectAnchors(file), reads };
      } finally {
        if (recording) recording.recording = outer;
      }
      this.anchorIds.set(file, known);
    }
    if (recording?.recording && known.reads) for (const read of known.reads) recording.recording.add(read);
    return known.ids;
  }

  /** `anchors(file)` as `anchorKey`s, to look a link's anchor up in (a page of many links to many headings). */
  anchorKeys(file: string): ReadonlySet<string> | undefined {
    const ids = this.anchors(file);
    if (ids === undefined) return undefined;
    const known = this.anchorIds.get(file)!;
    known.keys ??= new Set(ids.map(anchorKey));
    return known.keys;
  }

  /** Drops the anchors found by reading any of `files`, whose facts changed. */
  forget(files: ReadonlySet<string>): void {
    for (const [file, known] of this.anchorIds)
      if (files.has(file) || (known.reads && [...known.reads].some((read) => files.has(read)))) this.anchorIds.delete(file);
  }

  /** The headings written in the file `file` (not those of the snippets it renders); none when it has no facts. */
  headings(file: string): readonly PageHeading[] {
    return this.pages.get(file)?.headings ?? [];
  }

  private collectAnchors(file: string): string[] | undefined {
    const facts = this.pages.get(file);
    if (!facts || unread(facts)) return undefined;
    // Most pages render no snippet: their own ids, without copying their headings.
    if (!facts.imports.some((item) => item.rendered)) return [...facts.headings.map((heading) => heading.id), ...facts.ids].filter(Boolean);
    const rendered = renderedPage(file, this.pages);
    if (!rendered?.complete) return undefined;
    const ids = [file, ...rendered.snippets].flatMap((source) => this.pages.get(source)?.ids ?? []);
    return [...rendered.headings.map((heading) => heading.id), ...ids].filter(Boolean);
  }

  /** The MDX files that render each MDX file (use its default export), once each. */
  private renderers: Map<string, string[]> | undefined;

  /**
   * The pages an `#anchor` written in `file` lands on: `file` itself unless it is a snippet (a
   * file under `snippets/`, which the platform serves as no page), and every page that renders it,
   * through other snippets too (the platform inlines them). `[file]` for a snippet no page renders.
   */
  anchorPages(file: string): string[] {
    if (!this.renderers) {
      this.renderers = new Map();
      for (const [from, facts] of this.pages) {
        for (const item of facts.imports) {
          const to = item.rendered ? this.importedFile(item, from) : undefined;
          if (to === undefined || !this.pages.has(to)) continue;
          const list = this.renderers.get(to) ?? [];
          if (!list.includes(from)) list.push(from);
          this.renderers.set(to, list);
        }
      }
    }
    const pages: string[] = [];
    const seen = new Set([file]);
    const queue = [file];
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      if (!this.isSnippet(current)) pages.push(current);
      for (const renderer of this.renderers.get(current) ?? []) {
        if (seen.has(renderer)) continue;
        seen.add(renderer);
        queue.push(renderer);
      }
    }
    return pages.length > 0 ? pages : [file];
  }

  /** Whether the platform takes the MDX file `file` as a snippet: in the root `snippets/` folder, or imported. */
  isSnippet(file: string): boolean {
    return this.snippetSet.has(file);
  }

  private snippetFiles: string[] | undefined;

  /** The MDX and JSX files under a `snippets/` or `_snippets/` folder, for suggestions. */
  snippets(): string[] {
    this.snippetFiles ??= [...this.files].filter((file) => /(^|\/)_?snippets\//i.test(file));
    return this.snippetFiles;
  }

  /** Likely snippet files an import of `source` meant, as written in an import (`/snippets/x.mdx`). */
  suggestSnippet(source: string): string[] {
    // As for links: the same import is often written on many pages (translations).
    const key = `snippet ${source}`;
    let suggestions = this.suggestions.get(key);
    if (suggestions === undefined) {
      suggestions = didYouMean(source.replace(/^\/+/, ''), this.snippets(), 3).map((candidate) => `/${candidate}`);
      this.suggestions.set(key, suggestions);
    }
    return suggestions;
  }

  /** Where `url`, written in a page in `folders[0]` (or imported into pages in the others), leads. */
  resolve(url: string, folders: readonly string[]): LinkTarget {
    const link = linkPath(url);
    if (link.kind === 'external') return link;
    const { path, anchor } = link;
    if (path === '') return { kind: 'page', ...(anchor === undefined ? {} : { anchor }) };
    // A `..` above the root stops there, as in a browser; such a link still works when the page
    // there exists, but only by luck: it is reported on its own.
    const { paths, clamped } = linkCandidates(path, folders);
    let snippet: string | undefined;
    for (const candidate of paths) {
      const found = this.find(candidate);
      if (!found) continue;
      if (found.kind === 'page' && found.file !== undefined && this.isSnippet(found.file)) {
        snippet ??= found.file;
        continue;
      }
      if (clamped) return { kind: 'outside', path: candidate, found: true };
      return found.kind === 'page' ? { ...found, ...(anchor === undefined ? {} : { anchor }) } : found;
    }
    const first = paths[0] ?? path;
    if (clamped) return { kind: 'outside', path: first, found: false };
    return { kind: 'missing', path: first, ...(anchor === undefined ? {} : { anchor }), ...(snippet === undefined ? {} : { snippet }) };
  }

  private find(path: string): LinkTarget | undefined {
    if (path === '') return { kind: 'page' };
    if (this.files.has(path) && !/\.mdx?$/i.test(path)) return { kind: 'file', file: path };
    const page = path.replace(/\.mdx?$/i, '');
    if (this.pagePaths.has(page)) {
      const file = this.pagePaths.get(page);
      return file === undefined ? { kind: 'page' } : { kind: 'page', file };
    }
    if (PLATFORM_PATHS.has(page) || this.sources.has(page) || this.patterns.some((pattern) => pattern.test(page))) return { kind: 'page' };
    if (this.folders.has(page)) return { kind: 'page' };
    if (this.unknownFolders.some((folder) => isInFolder(page, folder))) return { kind: 'page' };
    // A site served under a base path (example.com/docs) may write it in links: "/docs/guides/x"
    // is "guides/x" when the site has no folder "docs". A language or version prefix reaches the
    // pages of its section ("/en/api-reference/x", generated endpoint pages), not files.
    const slash = page.indexOf('/');
    if (slash > 0) {
      const first = page.slice(0, slash);
      const rest = this.find(page.slice(slash + 1));
      if (rest && !this.topFolders.has(first)) return rest;
      if (rest?.kind === 'page' && this.prefixes.has(first)) return rest;
    }
    return undefined;
  }

  /** The file an import names, or undefined. Snippets are imported with their extension; without one the platform tries the usual ones. */
  resolveImport(source: string, from: string): string | undefined {
    return resolveImportFile(this.files, source, from);
  }

  /** Page paths given by pages' `slug` fields (see {@link pageSlugs}), to the pages and fields that give them. */
  private slugs: Map<string, { file: string; field: string }[]> | undefined;

  /**
   * The pages whose `slug` (or `old-slug`...) is the path a link that leads nowhere names: `path`,
   * where it leads from the page, or, for a relative link, its path without the `./` and `../`
   * steps (a Docusaurus link to a file, written from where the page was before it moved).
   */
  slugOwners(url: string, path: string): SlugOwners | undefined {
    if (!this.slugs) {
      this.slugs = new Map();
      const files = [...this.pages.keys()].sort();
      for (const file of files) {
        if (this.isSnippet(file)) continue;
        for (const { field, path: slug } of pageSlugs(this.pages.get(file)?.frontmatter)) {
          const owners = this.slugs.get(slug) ?? [];
          owners.push({ file, field });
          this.slugs.set(slug, owners);
        }
      }
    }
    if (this.slugs.size === 0) return undefined;
    const written = linkPath(url);
    const relative = written.kind === 'path' && /^\.\.?\//.test(written.path);
    const candidates = [{ path: slugPath(path), stepsDropped: false }];
    if (relative && written.kind === 'path') candidates.push({ path: slugPath(written.path.replace(/^(?:\.\.?\/)+/, '')), stepsDropped: true });
    for (const candidate of candidates) {
      const owners = this.slugs.get(candidate.path);
      const first = owners?.[0];
      if (!owners || !first) continue;
      // The page is read for its URL: a change to it changes this diagnostic.
      this.pages.get(first.file);
      return {
        path: candidate.path,
        file: first.file,
        field: first.field,
        url: pageUrl(first.file),
        others: owners.length - 1,
        stepsDropped: candidate.stepsDropped,
      };
    }
    return undefined;
  }

  /** The file an import of the file `from` brings in (a legacy `<Snippet file>` as the platform finds it), or undefined. */
  importedFile(item: PageImport, from: string): string | undefined {
    return item.legacy ? legacySnippetFile(this.files, item.source) : this.resolveImport(item.source, from);
  }

  /**
   * Likely targets of a link to `path`: a page or file of the same name elsewhere, else a near
   * spelling. Files other than pages for `media` (an image's source) or a path with a file's
   * extension; pages otherwise.
   */
  suggest(path: string, media = false): string[] {
    // The same broken link is often written on many pages (translations, shared footers).
    const key = `${media ? 'media' : 'link'} ${path}`;
    let suggestions = this.suggestions.get(key);
    if (suggestions === undefined) {
      suggestions = this.computeSuggestions(path, media);
      this.suggestions.set(key, suggestions);
    }
    return suggestions;
  }

  private readonly suggestions = new Map<string, string[]>();
  private knownPages: string[] | undefined;
  private knownFiles: string[] | undefined;

  private computeSuggestions(path: string, media: boolean): string[] {
    const isFile = media || (/\.[a-z0-9]+$/i.test(path) && !/\.mdx?$/i.test(path));
    const name = isFile ? path : path.replace(/\.mdx?$/i, '');
    const last = name.slice(name.lastIndexOf('/') + 1);
    this.knownPages ??= [...this.pagePaths.entries()]
      .filter(([page, file]) => (file === undefined ? !inSnippetFolder(page) : !this.isSnippet(file)))
      .map(([page]) => page);
    this.knownFiles ??= [...this.files].filter((file) => !/\.mdx?$/i.test(file));
    const pool = isFile ? this.knownFiles : this.knownPages;
    const sameName = pool.filter((candidate) => candidate === last || candidate.endsWith(`/${last}`));
    if (sameName.length > 0 && sameName.length <= 3) return sameName.sort();
    return didYouMean(name, pool, 3);
  }
}

/**
 * The file of `files` (paths from the site root) that an import of `source` in the file `from`
 * names, as the platform resolves it: from the root (`/snippets/a.mdx`) or relative to `from`
 * (`../a.mdx`), the path as written first, then with the usual extensions; undefined when none is
 * there. The checks (`content/unresolved-import`) and the renderer's module loader share it.
 */
export function resolveImportFile(files: ReadonlySet<string>, source: string, from: string): string | undefined {
  const path = importPath(source, from);
  for (const candidate of [path, `${path}.mdx`, `${path}.md`, `${path}.jsx`, `${path}.tsx`, `${path}.js`, `${path}.ts`])
    if (files.has(candidate)) return candidate;
  return undefined;
}

/** For each MDX snippet, the pages (and snippets) that import it. */
function importersOf(pages: ReadonlyMap<string, PageFacts>, index: SiteIndex): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const [file, facts] of pages) {
    for (const item of facts.imports) {
      if (item.legacy || !/^[./]/.test(item.source)) continue;
      const target = index.resolveImport(item.source, file);
      if (target === undefined || !pages.has(target)) continue;
      const list = importers.get(target) ?? [];
      list.push(file);
      importers.set(target, list);
    }
  }
  return importers;
}

/** One error per cycle of snippet imports, at the import that closes it. */
function importCycles(pages: ReadonlyMap<string, PageFacts>, index: SiteIndex, name: (file: string) => string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const state = new Map<string, 'open' | 'done'>();
  for (const start of pages.keys()) {
    if (state.has(start)) continue;
    // Depth-first, with an explicit stack: an import chain may be long.
    const path: { file: string; next: number }[] = [{ file: start, next: 0 }];
    state.set(start, 'open');
    while (path.length > 0) {
      const top = path[path.length - 1] as { file: string; next: number };
      const imports = pages.get(top.file)?.imports ?? [];
      if (top.next >= imports.length) {
        state.set(top.file, 'done');
        path.pop();
        continue;
      }
      const item = imports[top.next++] as PageFacts['imports'][number];
      if (item.legacy || !/^[./]/.test(item.source)) continue;
      const target = index.resolveImport(item.source, top.file);
      if (target === undefined || !pages.has(target)) continue;
      if (state.get(target) === 'open') {
        const cycle = [...path.slice(path.findIndex((step) => step.file === target)).map((step) => step.file), target];
        diagnostics.push({
          code: 'content/import-cycle',
          severity: 'error',
          message: `The import of "${item.source}" closes a cycle of snippets (${cycle.join(' → ')}): the page cannot be built.`,
          file: name(top.file),
          pointer: '',
          line: item.line,
          column: item.column,
          hint: 'Remove one import of the cycle: a snippet cannot include itself.',
        });
        continue;
      }
      if (state.has(target)) continue;
      state.set(target, 'open');
      path.push({ file: target, next: 0 });
    }
  }
  return diagnostics;
}

/** The URL the platform serves a page file at: its path without the extension, a folder's `index` at the folder. */
function pageUrl(file: string): string {
  return `/${file.replace(/\.mdx?$/i, '').replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1');
}

/** A file under a `snippets/` folder: the platform includes it where it is imported and serves it as no page. */
function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}
