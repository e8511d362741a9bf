import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { PageFacts } from '../content/read-page.js';
import { unread } from '../content/rendered.js';
import { snippetFiles } from '../content/snippets.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import { filePagePath } from '../navigation/classify.js';
import { resolveRedirects } from '../navigation/redirects.js';
import type { NavigationTree } from '../navigation/types.js';
import { pageSlug } from '../openapi/slug.js';
import type { EndpointPage } from '../openapi/types.js';
import { OutputPaths } from './output-paths.js';
import { PageLinkResolver, type PageContent } from './page-content.js';
import { pageFileIndex } from './page-files.js';
import { SchemaTableWriter } from './schema-table.js';
import { searchJson, siteJson } from './site-json.js';
import { compileLink, pagePathOf, SitePages } from './site-pages.js';
import { StaticFiles } from './static-files.js';
import {
  COMPILED_SITE_VERSION,
  type CompiledEndpointEntry,
  type CompiledPage,
  type CompiledRedirect,
  type CompiledSchemaTable,
  type CompiledSearchText,
  type CompiledSite,
} from './types.js';

/** What {@link buildSite} needs: what `loadSite` (quire-docs/node) returns for a valid site. */
export interface BuildSiteInput {
  config: DocsConfig;
  /** The navigation with OpenAPI references expanded (`expandOpenApiEndpoints`). */
  tree: NavigationTree;
  endpointPages: readonly EndpointPage[];
  /**
   * The facts of each page by file relative to the site root, as `loadSite` gives them
   * (`LoadedSite.content`). Pages get their headings, links and word count, and `search.json`
   * their text. Without it, the output has no content (`quire build --no-content`).
   */
  content?: ReadonlyMap<string, PageFacts>;
  /**
   * The page files of the site (`.md`, `.mdx`) relative to its root, as `loadSite` lists them
   * (`LoadedSite.files`). With them, pages get their `file`, pages without one are left out of
   * the navigation and the reading order, and the page files no navigation entry lists are added
   * (`unlisted`). Default: the files of `content`; without either, every page of the navigation
   * is kept and none is added.
   */
  files?: readonly string[];
  /** The frontmatter of each page by page path (`LoadedSite.frontmatter`): pages carry it, and their title from it. Default: that of `content`. */
  frontmatter?: ReadonlyMap<string, PageFrontmatter>;
  /**
   * Every file of the site relative to its root, pages and static files alike (`LoadedSite.siteFiles`):
   * links get the file they lead to, and `staticFiles` lists those the output uses. Without it, none.
   */
  siteFiles?: readonly string[];
  /**
   * Whether to write the JSON files (`BuildSiteResult.files`). Default `true`; `false` leaves
   * `files` empty, for a reader of `site` and `search` alone (`quire dev`, `quire build --html`):
   * serializing site.json, search.json and the endpoint models and schema tables is about half
   * of the time of a build (0.4 of 0.9 s on firecrawl-docs).
   */
  json?: boolean;
}

/** One output file, its path relative to the output folder (always `/`-separated). */
export interface CompiledFile {
  path: string;
  content: string;
}

/** What {@link buildSite} returns. */
export interface BuildSiteResult {
  site: CompiledSite;
  /** `site.json`, then `search.json` (with content), then one `endpoints/<url>.json` per generated page sorted by path, then one `schemas/<document>.json` per OpenAPI document, sorted by path; none with `json: false`. */
  files: CompiledFile[];
  diagnostics: Diagnostic[];
  /** How many entries of the navigation were left out because their page has no file (see `BuildSiteInput.files`). */
  pagesWithoutFile: number;
  /** The pages' text, as `search.json` holds it (with content). */
  search?: CompiledSearchText;
}

/**
 * Turns a loaded site into the compiled site format (see docs/build-format.md): `site.json` (the
 * navigation and pages as the platform publishes them, the redirects, the static files used),
 * `search.json` and one file per generated endpoint page. The output depends only on the input: same site, same
 * bytes (no dates, no absolute paths; objects keep their keys' order, lists their reading order).
 * A page model's file is made from its URL, made to fit where a part of the URL cannot be a file
 * name on every system (see `OutputPaths`); site.json's `endpoints` name each page's file.
 * Each schema a document's pages share is written once, in that document's schema table.
 */
export function buildSite(input: BuildSiteInput): BuildSiteResult {
  const diagnostics: Diagnostic[] = [];
  const endpoints: CompiledEndpointEntry[] = [];
  const models = new Map<string, { model: string; page: EndpointPage }>();
  const files: CompiledFile[] = [];
  const json = input.json !== false;
  const tables = schemaTables(input.endpointPages, json);
  const outputPaths = new OutputPaths('endpoints', '.json');
  for (const page of [...input.endpointPages].sort((a, b) => compare(a.url, b.url))) {
    const model = outputPaths.fileOf(page.url);
    const table = tables.get(page.file) as { path: string; writer: SchemaTableWriter };
    const href = page.url;
    models.set(href, { model, page });
    endpoints.push({
      href,
      kind: page.kind,
      method: page.method,
      path: page.path,
      title: page.metadata.title,
      model,
      schemas: table.path,
      ...(page.hidden ? { hidden: true as const } : {}),
    });
    if (json) files.push({ path: model, content: `${JSON.stringify(table.writer.page(page))}\n` });
  }
  for (const [file, table] of json ? [...tables].sort(([, a], [, b]) => compare(a.path, b.path)) : []) {
    const content: CompiledSchemaTable = {
      format: 'quire-schemas',
      version: COMPILED_SITE_VERSION,
      file,
      schemas: table.writer.table(),
      examples: table.writer.exampleTable(),
    };
    files.push({ path: table.path, content: `${JSON.stringify(content)}\n` });
  }

  const content = input.content;
  const pageFiles = input.files ?? (content === undefined ? undefined : [...content.keys()]);
  const snippets = snippetFiles(content ?? new Map(), pageFiles ?? []);
  const sitePages = new SitePages({
    files: pageFiles === undefined ? undefined : pageFileIndex(pageFiles),
    pageFiles: [...(pageFiles ?? [])].sort(compare),
    frontmatter: (file, path) =>
      input.frontmatter?.get(file === undefined ? path : filePagePath(file)) ?? (file === undefined ? undefined : content?.get(file)?.frontmatter),
    models,
    snippets,
  });
  const root = sitePages.navigation(input.tree.root);
  if (pageFiles !== undefined) sitePages.addUnlisted(endpoints.map((endpoint) => endpoint.href));
  const pages = sitePages.pages;
  const mdxEndpoints = new Map(
    pages.filter((page) => page.kind === 'page' && page.model !== undefined && page.file !== undefined).map((page) => [page.href, page.file as string]),
  );
  for (const endpoint of endpoints) if (mdxEndpoints.has(endpoint.href)) endpoint.file = mdxEndpoints.get(endpoint.href);
  const hrefs = pageHrefs(pages, endpoints);
  const otherFiles = new Set((input.siteFiles ?? []).filter((file) => !/\.mdx?$/i.test(file)));
  const staticFiles = new StaticFiles(otherFiles, snippets);
  staticFiles.addNamed(input.config);
  for (const page of pages) staticFiles.addFromFrontmatter(page.frontmatter);
  const search = content === undefined ? undefined : addContent(pages, content, new PageLinkResolver(hrefs, input.config.redirects, otherFiles), staticFiles);
  const { navigation: _navigation, $schema: _schema, ...settings } = input.config as DocsConfig & { $schema?: string };
  const site: CompiledSite = {
    format: 'quire-site',
    version: COMPILED_SITE_VERSION,
    settings,
    navigation: { root, global: input.tree.global.map((link) => compileLink(link)) },
    pages,
    endpoints,
    redirects: compiledRedirects(input.config.redirects, hrefs),
    staticFiles: staticFiles.list(),
    ...(search ? { search: SEARCH_FILE } : {}),
  };
  if (search && json) files.unshift({ path: SEARCH_FILE, content: searchJson(search) });
  if (json) files.unshift({ path: 'site.json', content: siteJson(site) });
  return { site, files, diagnostics, pagesWithoutFile: sitePages.withoutFile, ...(search ? { search } : {}) };
}

/**
 * `built`, a {@link buildSite} of `input` with `json: false`, with the content of the page files
 * `files` taken again from `input.content`: their pages' headings, links and words, their text in
 * `search`, and the static files the pages' links lead to. It is what `buildSite(input)` gives
 * when nothing else changed since `built`: not the navigation, the frontmatter, the list of files,
 * nor a snippet (a snippet's text is in the pages that render it: build again). `quire dev` after
 * a page is saved: a few milliseconds, where building firecrawl-docs's 5,528 pages again takes
 * half a second.
 */
export function withPageContent(
  built: BuildSiteResult,
  input: BuildSiteInput,
  files: Iterable<string>,
  /** The snippets among the files (`snippetFiles` of the content), when the caller knows them: finding them reads every file's imports. */
  snippets?: ReadonlySet<string>,
): BuildSiteResult {
  const changed = new Set(files);
  const content = input.content ?? new Map<string, PageFacts>();
  const { site } = built;
  const otherFiles = new Set((input.siteFiles ?? []).filter((file) => !/\.mdx?$/i.test(file)));
  const resolver = new PageLinkResolver(pageHrefs(site.pages, site.endpoints), input.config.redirects, otherFiles);
  const read = new Map<string, PageContent | undefined>();
  const pages = site.pages.map((page): CompiledPage => {
    if (page.kind !== 'page' || page.file === undefined || !changed.has(page.file)) return page;
    if (!read.has(page.file)) {
      const facts = content.get(page.file);
      read.set(page.file, facts === undefined || unread(facts) ? undefined : resolver.pageContent(content, page.file, pagePathOf(page.href), page.href));
    }
    const { headings: _headings, links: _links, words: _words, ...rest } = page;
    const now = read.get(page.file);
    return now ? { ...rest, headings: now.headings, links: now.links, words: now.words } : rest;
  });
  const linkFiles = (list: readonly CompiledPage[]) =>
    list
      .filter((page) => page.file !== undefined && changed.has(page.file))
      .flatMap((page) => (page.links ?? []).map((link) => link.file ?? ''))
      .join('\n');
  // The same files linked to (an edit of the text): the same static files.
  const staticList = linkFiles(site.pages) === linkFiles(pages) ? site.staticFiles : staticFilesOf(input, pages, content, resolver, otherFiles, snippets);
  let search = built.search;

  if (search) {
    const before = new Map(search.pages.map((entry) => [entry.href, entry]));
    const entries: CompiledSearchText['pages'] = [];
    const seen = new Set<string>();
    for (const page of pages) {
      if (page.kind !== 'page' || page.file === undefined || seen.has(page.file) || page.words === undefined) continue;
      seen.add(page.file);
      const now = read.get(page.file);
      const entry = now ? { href: page.href, sections: now.sections } : before.get(page.href);
      if (entry) entries.push(entry);
    }
    search = { ...search, pages: entries };
  }
  return { ...built, site: { ...site, pages, staticFiles: staticList }, ...(search ? { search } : {}) };
}

/** The static files of a site whose pages have their content (see `StaticFiles`), as {@link buildSite} finds them. */
function staticFilesOf(
  input: BuildSiteInput,
  pages: readonly CompiledPage[],
  content: ReadonlyMap<string, PageFacts>,
  resolver: PageLinkResolver,
  otherFiles: ReadonlySet<string>,
  snippets: ReadonlySet<string> | undefined,
): string[] {
  const staticFiles = new StaticFiles(otherFiles, snippets ?? snippetFiles(content, input.files ?? [...content.keys()]));
  staticFiles.addNamed(input.config);
  const withText = new Set<string>();
  for (const page of pages) {
    staticFiles.addFromFrontmatter(page.frontmatter);
    for (const link of page.links ?? []) staticFiles.add(link.file);
    if (page.file !== undefined && page.words !== undefined) withText.add(page.file);
  }
  for (const [file, facts] of content) {
    if (withText.has(file) || unread(facts)) continue;
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    for (const link of facts.links) staticFiles.add(resolver.file(link.url, folder));
  }
  return staticFiles.list();
}

/** The file of the pages' text, beside site.json. */
const SEARCH_FILE = 'search.json';

/**
 * The `href` of every page a link or a redirect can lead to, by page path: the pages of site.json
 * (those of the navigation, and the page files outside it, which the platform serves too; not
 * snippets, which are only included) and the generated endpoint pages.
 */
function pageHrefs(pages: readonly CompiledPage[], endpoints: readonly CompiledEndpointEntry[]): Map<string, string> {
  const hrefs = new Map<string, string>();
  for (const page of pages) hrefs.set(pagePathOf(page.href), page.href);
  for (const endpoint of endpoints) if (!hrefs.has(pagePathOf(endpoint.href))) hrefs.set(pagePathOf(endpoint.href), endpoint.href);
  return hrefs;
}

/** docs.json's redirects, each with the `href` of the page it leads to (see `resolveRedirects`). */
function compiledRedirects(redirects: DocsConfig['redirects'], hrefs: ReadonlyMap<string, string>): CompiledRedirect[] {
  const resolved = resolveRedirects(redirects, hrefs);
  return (redirects ?? []).map((redirect, index) => {
    const found = resolved[index];
    const href = found?.page === undefined ? undefined : hrefs.get(found.page);
    return {
      source: redirect.source,
      destination: redirect.destination,
      ...(redirect.permanent === undefined ? {} : { permanent: redirect.permanent }),
      ...(href === undefined ? {} : { href: `${href}${found?.suffix ?? ''}` }),
    };
  });
}

/**
 * Gives each page with a file its headings, links and word count, and returns the search file:
 * each page's text once, however many sections list it, split at its headings. The text stays
 * out of site.json, which every reader loads whole: on firecrawl-docs it would be over half of
 * it (see docs/build-format.md). The files the links of pages and snippets lead to are recorded
 * in `staticFiles`.
 */
function addContent(pages: CompiledPage[], content: ReadonlyMap<string, PageFacts>, resolver: PageLinkResolver, staticFiles: StaticFiles): CompiledSearchText {
  const search: CompiledSearchText = { format: 'quire-search', version: COMPILED_SITE_VERSION, pages: [] };
  const done = new Map<string, PageContent>();
  for (const page of pages) {
    if (page.kind !== 'page' || page.file === undefined) continue;
    const facts = content.get(page.file);
    // A page that was not read (too large, not text, unreadable) or did not parse has empty facts:
    // empty lists would claim it has no headings and no links, so it gets no content fields (its
    // diagnostic is reported).
    if (facts === undefined || unread(facts)) continue;
    let read = done.get(page.file);
    if (!read) {
      read = resolver.pageContent(content, page.file, pagePathOf(page.href), page.href);
      done.set(page.file, read);
      search.pages.push({ href: page.href, sections: read.sections });
      for (const link of read.links) staticFiles.add(link.file);
    }
    page.headings = read.headings;
    page.links = read.links;
    page.words = read.words;
  }
  // The links of the other files read, snippets: the pages that render them show their images too.
  for (const [file, facts] of content) {
    if (done.has(file) || unread(facts)) continue;
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    for (const link of facts.links) staticFiles.add(resolver.file(link.url, folder));
  }
  return search;
}

/**
 * A schema table per OpenAPI document the pages come from, at `schemas/<slug of its file>.json`
 * (`openapi.json` gives `schemas/openapi-json.json`), names made unique in the order of the files.
 */
function schemaTables(pages: readonly EndpointPage[], count: boolean): Map<string, { path: string; writer: SchemaTableWriter }> {
  const tables = new Map<string, { path: string; writer: SchemaTableWriter }>();
  const taken = new Set<string>();
  for (const file of [...new Set(pages.map((page) => page.file))].sort(compare)) {
    const wanted = pageSlug(file) || 'openapi';
    let name = wanted;
    for (let suffix = 2; taken.has(name); suffix++) name = `${wanted}-${suffix}`;
    taken.add(name);
    const path = `schemas/${name}.json`;
    tables.set(file, { path, writer: new SchemaTableWriter(path) });
  }
  if (count) for (const page of pages) tables.get(page.file)?.writer.count(page);
  return tables;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
