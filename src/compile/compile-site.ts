import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { PageFacts } from '../content/read-page.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavigationNode, NavigationTree, PageSection } from '../navigation/types.js';
import { pageSlug } from '../openapi/slug.js';
import type { EndpointPage } from '../openapi/types.js';
import { OutputPaths } from './output-paths.js';
import { filesByPagePath, PageLinkResolver, type PageContent } from './page-content.js';
import { snippetFiles } from '../content/snippets.js';
import { SchemaTableWriter } from './schema-table.js';
import { siteJson } from './site-json.js';
import {
  COMPILED_SITE_VERSION,
  type CompiledEndpointEntry,
  type CompiledLink,
  type CompiledNode,
  type CompiledPage,
  type CompiledSchemaTable,
  type CompiledSearchText,
  type CompiledSite,
} from './types.js';

/** What {@link compileSite} needs: what `loadSite` (quire-docs/node) returns for a valid site. */
export interface CompileSiteInput {
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
}

/** One output file, its path relative to the output folder (always `/`-separated). */
export interface CompiledFile {
  path: string;
  content: string;
}

/** What {@link compileSite} returns. */
export interface CompileSiteResult {
  site: CompiledSite;
  /** `site.json`, then `search.json` (with content), then one `endpoints/<url>.json` per generated page sorted by path, then one `schemas/<document>.json` per OpenAPI document, sorted by path. */
  files: CompiledFile[];
  diagnostics: Diagnostic[];
}

/** The kinds of section elements, and the key of {@link PageSection} each sets. */
const SECTION_KEYS = { language: 'language', version: 'version', product: 'product', tab: 'tab', 'menu-item': 'menuItem', anchor: 'anchor', dropdown: 'dropdown' } as const;

/**
 * Turns a loaded site into the compiled site format (see docs/build-format.md): `site.json` and
 * one file per generated endpoint page. The output depends only on the input: same site, same
 * bytes (no dates, no absolute paths; objects keep their keys' order, lists their reading order).
 * A page model's file is made from its URL, made to fit where a part of the URL cannot be a file
 * name on every system (see `OutputPaths`); site.json's `endpoints` name each page's file.
 * Each schema a document's pages share is written once, in that document's schema table.
 */
export function compileSite(input: CompileSiteInput): CompileSiteResult {
  const diagnostics: Diagnostic[] = [];
  const endpoints: CompiledEndpointEntry[] = [];
  const models = new Map<string, { model: string; page: EndpointPage }>();
  const files: CompiledFile[] = [];
  const tables = schemaTables(input.endpointPages);
  const outputPaths = new OutputPaths('endpoints', '.json');
  for (const page of [...input.endpointPages].sort((a, b) => compare(a.url, b.url))) {
    const model = outputPaths.fileOf(page.url);
    const table = tables.get(page.file) as { path: string; writer: SchemaTableWriter };
    const href = page.url;
    models.set(href, { model, page });
    endpoints.push({ href, kind: page.kind, method: page.method, path: page.path, title: page.metadata.title, model, schemas: table.path, ...(page.hidden ? { hidden: true as const } : {}) });
    files.push({ path: model, content: `${JSON.stringify(table.writer.page(page))}\n` });
  }
  for (const [file, table] of [...tables].sort(([, a], [, b]) => compare(a.path, b.path))) {
    const content: CompiledSchemaTable = { format: 'quire-schemas', version: COMPILED_SITE_VERSION, file, schemas: table.writer.table(), examples: table.writer.exampleTable() };
    files.push({ path: table.path, content: `${JSON.stringify(content)}\n` });
  }

  const pages: CompiledPage[] = [];
  const root = compileNode(input.tree.root, { section: {}, breadcrumbs: [] }, pages, models);
  linkReadingOrder(pages);
  const search = input.content === undefined ? undefined : addContent(pages, endpoints, input.content, input.config.redirects);
  const { navigation: _navigation, $schema: _schema, ...settings } = input.config as DocsConfig & { $schema?: string };
  const site: CompiledSite = {
    format: 'quire-site',
    version: COMPILED_SITE_VERSION,
    settings,
    navigation: { root, global: input.tree.global.map((link) => compileLink(link)) },
    pages,
    endpoints,
    ...(search ? { search: SEARCH_FILE } : {}),
  };
  if (search) files.unshift({ path: SEARCH_FILE, content: `${JSON.stringify(search, null, 2)}\n` });
  files.unshift({ path: 'site.json', content: siteJson(site) });
  return { site, files, diagnostics };
}

/** The file of the pages' text, beside site.json. */
const SEARCH_FILE = 'search.json';

/**
 * Gives each page with a file its headings, links and word count, and returns the search file:
 * each page's text once, however many sections list it. The text stays out of site.json, which
 * every reader loads whole: on firecrawl-docs it would be over half of it (see docs/build-format.md).
 */
function addContent(pages: CompiledPage[], endpoints: readonly CompiledEndpointEntry[], content: ReadonlyMap<string, PageFacts>, redirects: DocsConfig['redirects']): CompiledSearchText {
  const files = filesByPagePath(content);
  // Every page a link can name: those of the navigation, generated endpoint pages, and page files
  // outside it (the platform serves them too), but not snippets (in `snippets/`, or imported),
  // which are only included.
  const hrefs = new Map<string, string>();
  for (const page of pages) hrefs.set(pagePathOf(page.href), page.href);
  for (const endpoint of endpoints) if (!hrefs.has(pagePathOf(endpoint.href))) hrefs.set(pagePathOf(endpoint.href), endpoint.href);
  const snippets = snippetFiles(content, files.values());
  for (const [path, file] of files) if (!hrefs.has(path) && !snippets.has(file)) hrefs.set(path, path === 'index' ? '/' : `/${path}`);
  const resolver = new PageLinkResolver(hrefs, redirects);
  const search: CompiledSearchText = { format: 'quire-search', version: COMPILED_SITE_VERSION, pages: [] };
  const done = new Map<string, PageContent>();
  for (const page of pages) {
    if (page.kind !== 'page') continue;
    const path = pagePathOf(page.href);
    const file = files.get(path);
    if (file === undefined) continue;
    let read = done.get(path);
    if (!read) {
      read = resolver.pageContent(content, file, path, page.href);
      done.set(path, read);
      search.pages.push({ href: page.href, text: read.text });
    }
    page.headings = read.headings;
    page.links = read.links;
    page.words = read.words;
  }
  return search;
}

/** The page path of an `href`: `/` is `index`. */
function pagePathOf(href: string): string {
  return href === '/' ? 'index' : href.replace(/^\/+/, '');
}

interface Context {
  section: PageSection;
  breadcrumbs: string[];
}

/** The compiled form of a node, adding its pages to `pages` in reading order. */
function compileNode(node: NavigationNode, context: Context, pages: CompiledPage[], models: ReadonlyMap<string, { model: string; page: EndpointPage }>): CompiledNode {
  const base = { label: node.label, ...(node.icon === undefined ? {} : { icon: node.icon }), ...(node.hidden ? { hidden: true as const } : {}) };
  switch (node.kind) {
    case 'link':
      return compileLink(node);
    case 'page': {
      pages.push({
        href: node.href,
        kind: 'page',
        label: node.label,
        ...(node.description === undefined ? {} : { description: node.description }),
        section: context.section,
        breadcrumbs: context.breadcrumbs,
        ...(node.hidden ? { hidden: true as const } : {}),
        ...(node.frontmatterOpenApi === undefined ? {} : { openapi: node.frontmatterOpenApi }),
        ...(models.has(node.href) ? { model: models.get(node.href)?.model } : {}),
      });
      return { kind: 'page', ...base, href: node.href, ...(node.tag === undefined ? {} : { tag: node.tag }), ...(node.deprecated ? { deprecated: true as const } : {}) };
    }
    case 'endpoint':
    case 'webhook': {
      const path = node.kind === 'endpoint' ? node.path : node.name;
      const built = node.href === undefined ? undefined : models.get(node.href);
      const model = built?.model;
      if (node.href !== undefined && built !== undefined) {
        const description = built.page.metadata.description;
        pages.push({ href: node.href, kind: node.kind, label: node.label, ...(typeof description === 'string' ? { description } : {}), section: context.section, breadcrumbs: context.breadcrumbs, ...(node.hidden ? { hidden: true as const } : {}), model: built.model });
      }
      return {
        kind: node.kind,
        ...base,
        ...(model === undefined ? {} : { href: node.href }),
        ...(node.kind === 'endpoint' ? { method: node.method } : {}),
        path,
        ...(node.deprecated ? { deprecated: true as const } : {}),
      };
    }
    case 'group': {
      const inner: Context = { section: context.section, breadcrumbs: [...context.breadcrumbs, node.label] };
      return {
        kind: 'group',
        ...base,
        ...(node.tag === undefined ? {} : { tag: node.tag }),
        expanded: node.expanded,
        collapsible: node.collapsible,
        ...(node.root === undefined ? {} : { root: `/${node.root}` }),
        drilldown: node.drilldown,
        children: node.children.map((child) => compileNode(child, inner, pages, models)),
      };
    }
    default: {
      const inner: Context =
        node.kind === 'root'
          ? context
          : { section: { ...context.section, [SECTION_KEYS[node.kind]]: node.kind === 'language' ? (node.language ?? node.label) : node.label }, breadcrumbs: [...context.breadcrumbs, node.label] };
      return {
        kind: node.kind,
        ...base,
        ...(node.description === undefined ? {} : { description: node.description }),
        ...(node.default ? { default: true as const } : {}),
        ...(node.kind === 'version' && node.versionTag !== undefined ? { tag: node.versionTag } : {}),
        ...(node.kind === 'language' && node.language !== undefined ? { language: node.language } : {}),
        children: node.children.map((child) => compileNode(child, inner, pages, models)),
      };
    }
  }
}

function compileLink(node: { label: string; href: string; icon?: CompiledLink['icon']; hidden?: boolean }): CompiledLink {
  return { kind: 'link', label: node.label, ...(node.icon === undefined ? {} : { icon: node.icon }), ...(node.hidden ? { hidden: true as const } : {}), href: node.href };
}

/** Sets `previous` and `next` between consecutive visible pages of the same section. */
function linkReadingOrder(pages: CompiledPage[]): void {
  const last = new Map<string, CompiledPage>();
  for (const page of pages) {
    if (page.hidden) continue;
    const key = JSON.stringify(page.section);
    const previous = last.get(key);
    if (previous) {
      previous.next = page.href;
      page.previous = previous.href;
    }
    last.set(key, page);
  }
}

/**
 * A schema table per OpenAPI document the pages come from, at `schemas/<slug of its file>.json`
 * (`openapi.json` gives `schemas/openapi-json.json`), names made unique in the order of the files.
 */
function schemaTables(pages: readonly EndpointPage[]): Map<string, { path: string; writer: SchemaTableWriter }> {
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
  for (const page of pages) tables.get(page.file)?.writer.count(page);
  return tables;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
