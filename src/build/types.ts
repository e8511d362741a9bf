import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { Icon } from '../config/schemas/common.js';
import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import type { HttpMethod, PageSection } from '../navigation/types.js';
import type { EndpointPage, ExampleModel, MediaTypeModel, ParameterModel, RequestBodyModel, ResponseModel, SecuritySchemeModel } from '../openapi/types.js';

/** The version of the compiled site format this Quire writes; a reader checks it first. */
export const COMPILED_SITE_VERSION = 5;

/**
 * `site.json` of `quire build`: the site settings, the navigation as a renderer draws it, every
 * page in reading order (then the pages no navigation entry lists), the generated endpoint pages,
 * the redirects and the static files the pages use. Plain JSON; a renderer needs no Quire to read
 * it. Fields are only added within a version; a change that could break a reader bumps it.
 */
export interface CompiledSite {
  format: 'quire-site';
  version: typeof COMPILED_SITE_VERSION;
  /** docs.json as validated, without `navigation` and `$schema`. */
  settings: Omit<DocsConfig, 'navigation' | '$schema'>;
  /** The navigation as the platform shows it: pages without a file are left out, and groups they leave empty. */
  navigation: { root: CompiledNode; global: CompiledLink[] };
  /**
   * Every page and generated endpoint page in reading order (a page listed in several sections
   * appears once per section), then the page files no navigation entry lists (`unlisted`), sorted
   * by file. Pages without a file are left out.
   */
  pages: CompiledPage[];
  /** Every generated endpoint and webhook page, sorted by URL, with the file holding its page model. */
  endpoints: CompiledEndpointEntry[];
  /** docs.json's `redirects` in order, each with the page it leads to. */
  redirects: CompiledRedirect[];
  /**
   * The files of the site (not pages) that the output uses, relative to the site root, sorted:
   * those a page or a snippet it renders links to or shows, those docs.json names (logo, favicon,
   * background image, fonts, ...), and every `.css` file and `.js` file (not a snippet), which the
   * platform adds to every page. A static build copies them; each is served at `/<path>`.
   */
  staticFiles: string[];
  /** The file of the pages' plain text ({@link CompiledSearchText}), relative to site.json: `search.json`. Absent when built without content. */
  search?: string;
}

/** What every node of the compiled navigation has. */
interface CompiledNodeBase {
  label: string;
  icon?: Icon;
  /** Left out of the navigation; the page still exists. */
  hidden?: true;
}

/** A language, version, product, tab, menu item, anchor or dropdown (or the root). */
export interface CompiledSection extends CompiledNodeBase {
  kind: 'root' | 'language' | 'version' | 'product' | 'tab' | 'menu-item' | 'anchor' | 'dropdown';
  description?: string;
  /** The default version or language. */
  default?: true;
  /** Badge of a version. */
  tag?: string;
  /** Language code of a language section. */
  language?: string;
  children: CompiledNode[];
}

/** A group of pages. */
export interface CompiledGroup extends CompiledNodeBase {
  kind: 'group';
  tag?: string;
  expanded: boolean;
  collapsible: boolean;
  /** URL of the page opened by clicking the title. */
  root?: string;
  drilldown: boolean;
  children: CompiledNode[];
}

/** A page of the repository in the navigation. */
export interface CompiledPageNode extends CompiledNodeBase {
  kind: 'page';
  /** URL path: `/guides/setup`. */
  href: string;
  tag?: string;
  deprecated?: true;
}

/** A generated endpoint or webhook page in the navigation. */
export interface CompiledEndpointNode extends CompiledNodeBase {
  kind: 'endpoint' | 'webhook';
  /** URL path of the generated page; absent when the reference matched no operation (reported by validate). */
  href?: string;
  method?: HttpMethod;
  /** The operation's path template, or the webhook's name. */
  path: string;
  deprecated?: true;
}

/** A link to elsewhere. */
export interface CompiledLink extends CompiledNodeBase {
  kind: 'link';
  href: string;
  /** The element's `description` (a product's, shown in its selector). */
  description?: string;
}

export type CompiledNode = CompiledSection | CompiledGroup | CompiledPageNode | CompiledEndpointNode | CompiledLink;

/** One entry of the reading order, or a page no navigation entry lists. */
export interface CompiledPage {
  /** URL path: `/guides/setup`. */
  href: string;
  kind: 'page' | 'endpoint' | 'webhook';
  /** The page's file, relative to the site root (`guides/setup.mdx`); absent on generated pages, and when compiled without the page files. */
  file?: string;
  /**
   * The page's title: its frontmatter `title`; for a page documenting an operation (`openapi:`)
   * without one, the operation's; else the platform's title from the path (`getting-started` is
   * "Getting started"). On generated pages, the operation's title.
   */
  title: string;
  /** What the navigation shows for the page when it is not the title: its frontmatter `sidebarTitle`. */
  sidebarTitle?: string;
  /** Frontmatter `description` of a page, or the operation's. */
  description?: string;
  /** The section the page is in: the nearest language, version, product, tab, ... above it. `{}` for an unlisted page. */
  section: PageSection;
  /** Labels of the elements above the page, from the root. */
  breadcrumbs: string[];
  /**
   * `href` of the previous and next page the navigation shows, in reading order within the same
   * section (`PageNode.previous` and `next` mean the same). Absent on hidden pages.
   */
  previous?: string;
  next?: string;
  /**
   * Not shown in the navigation: by its frontmatter `hidden`, by an element above it, or because
   * no navigation entry lists it (`unlisted`). The platform publishes it at its URL all the same.
   */
  hidden?: true;
  /** In no navigation entry: a page file the platform publishes at its URL, outside the sidebar and previous/next. */
  unlisted?: true;
  /** The page's frontmatter as read: every field, those the platform defines typed as it reads them (see `PageFrontmatter`). Absent when the page has none. */
  frontmatter?: PageFrontmatter;
  /**
   * The file of the page model, relative to site.json: for generated endpoint and webhook pages,
   * and for MDX pages whose `openapi:` frontmatter names an operation (the model at the page's URL),
   * which a renderer draws with the page's own MDX (`file`, and its `headings`).
   */
  model?: string;
  /** For a page whose frontmatter says `openapi:`, the reference as written. */
  openapi?: string;
  /**
   * The page's headings in document order, for a table of contents. This and `links` and `words`
   * are on pages whose file was read and parsed; absent when built without content, for a page
   * without a file, and for a page that could not be read or parsed (its diagnostic says why).
   */
  headings?: CompiledHeading[];
  /** The page's links and media sources in document order (its own: not those of the snippets it renders). */
  links?: CompiledPageLink[];
  /** Words of the page's plain text (the text is in the search file, {@link CompiledSite.search}). */
  words?: number;
}

/** A heading of a page. */
export interface CompiledHeading {
  /** 1 to 6. */
  depth: number;
  /** The heading's text, without markup. */
  text: string;
  /** The element id an `#anchor` targets: the custom `{#id}` when written, else the platform's slug. Absent when the platform gives the heading none (`#####`, and headings on pages of `mode: custom` or `frame`). */
  id?: string;
  /** `false` when the platform leaves the heading out of the table of contents (see `PageHeading.toc`). Absent otherwise. */
  toc?: false;
}

/** A link or media source of a page. */
export interface CompiledPageLink {
  /** The URL as written (`../setup#install`, `/images/a.png`, `https://...`). */
  url: string;
  /** `link` (Markdown `[text](url)`), `image` (`![alt](src)`), `definition` (`[name]: url`), `element` (an `href` or `src` of a component or HTML element). */
  kind: 'link' | 'image' | 'definition' | 'element';
  /**
   * Where the link leads when it names a page of the site: that page's `href` as in
   * {@link CompiledPage.href}, with the `?query` and `#anchor` as written (`/guides/setup#install`).
   * Absent for external URLs, files, and links that name no page (or reach one only through a redirect with parameters).
   */
  href?: string;
  /** The file of the site a link or media source leads to, when it names one that is not a page (`images/diagram.png`): it is in {@link CompiledSite.staticFiles}. */
  file?: string;
}

/** A redirect of docs.json, and the page it leads to. */
export interface CompiledRedirect {
  /** As written in docs.json: a path, maybe with parameters (`/old/:slug*`). */
  source: string;
  /** As written in docs.json: a path or a URL. */
  destination: string;
  /** As written in docs.json. */
  permanent?: boolean;
  /**
   * The page the redirect leads to, following the redirects whose source it is, as site.json
   * names it (`pages[].href`, `endpoints[].href`), with the destination's `?query` and `#anchor`.
   * Absent for an external URL or a file, a destination with parameters, and one that leads to
   * no page or into a loop (`quire validate` reports those).
   */
  href?: string;
}

/** `search.json`: the plain text of each page, once per page and split at its headings, for a search indexer. */
export interface CompiledSearchText {
  format: 'quire-search';
  version: typeof COMPILED_SITE_VERSION;
  /** One entry per page with content, in the order of site.json's `pages`; `href` joins it to them. */
  pages: CompiledSearchPage[];
}

/** The text of one page in `search.json`. */
export interface CompiledSearchPage {
  href: string;
  /** The page's text from its top, then one section per heading of the table of contents, in document order. */
  sections: CompiledSearchSection[];
}

/**
 * A part of a page's text: before its first heading (no `id`), or under a heading of its table
 * of contents down to the next one, its `#id` where a search result lands.
 */
export interface CompiledSearchSection {
  /** The heading's id (`href#id` is the section's URL); absent for the text before the first heading. */
  id?: string;
  /** The heading's text. */
  heading?: string;
  /** The heading's depth, 1 to 6. */
  depth?: number;
  /** The section's text below its heading: blocks (paragraph, list item, cell, ...) one a line. */
  text: string;
}

/** A generated page and where its model is. */
export interface CompiledEndpointEntry {
  /** URL path of the page, as the platform publishes it: `/api-reference/users/get-a-user`. */
  href: string;
  kind: 'endpoint' | 'webhook';
  method: HttpMethod;
  path: string;
  title: string;
  /** `x-hidden`: published at `href`, in no navigation entry. */
  hidden?: true;
  /**
   * File holding the page model ({@link CompiledEndpointPage}), relative to site.json:
   * `endpoints/api-reference/users/get-a-user.json`. Made from `href`, and made to fit where a
   * part of the URL cannot be a file name (too long, a character a file system refuses): read
   * the file from here, never from the URL.
   */
  model: string;
  /** File of the schema table of the page's document ({@link CompiledSchemaTable}), relative to site.json. */
  schemas: string;
  /**
   * For the page of an MDX file whose `openapi:` frontmatter names the operation: that file,
   * relative to the site root. A renderer draws the page model and the file's own content (its
   * entry in `pages` has its headings and links).
   */
  file?: string;
}

/**
 * A page model as written to `endpoints/<url>.json`: the `EndpointPage`, with the schemas of its
 * parameters, body and responses written inline down to their properties, and referenced schemas
 * below that written as {@link CompiledSchemaReference}s into the document's schema table.
 */
export type CompiledEndpointPage = Omit<EndpointPage, 'security' | 'parameters' | 'requestBody' | 'responses'> & {
  /** As `EndpointPage.security`; a scheme is described in full where the page first names it, as a {@link CompiledSchemeMention} after that. */
  security: Array<{ schemes: Array<SecuritySchemeModel | CompiledSchemeMention> }>;
  parameters: Record<ParameterModel['in'], CompiledParameter[]>;
  requestBody?: Omit<RequestBodyModel, 'content'> & { content: CompiledMediaType[] };
  responses: Array<Omit<ResponseModel, 'headers' | 'content'> & { headers: CompiledParameter[]; content: CompiledMediaType[] }>;
  /** File of the document's schema table, relative to site.json: `schemas/openapi-json.json`. */
  schemas: string;
};

/**
 * Where a list of examples is shown on several pages of a document, `examples` holds its first
 * example (none when that one is too large to repeat) and `sharedExamples` the index of the
 * whole list in the table's `examples`.
 */
export interface CompiledSharedExamples {
  sharedExamples?: number;
}

/** A parameter or header as written: its examples may be shared ({@link CompiledSharedExamples}). */
export type CompiledParameter = ParameterModel & CompiledSharedExamples;

/** A media type of a body or response as written: in full, or as the same as an earlier one. */
export type CompiledMediaType = (MediaTypeModel & CompiledSharedExamples) | CompiledMediaTypeAlias;

/**
 * A media type drawn exactly as an earlier one of the same body or response (same schema, same
 * examples), which is written once: `sameAs` names that media type.
 */
export interface CompiledMediaTypeAlias {
  mediaType: string;
  sameAs: string;
}

/** A security scheme the page has already described: its name (`scheme`), type and the scopes this requirement needs. */
export interface CompiledSchemeMention {
  type: SecuritySchemeModel['type'];
  scheme: string;
  scopes: string[];
}

/**
 * A schema written once in the schema table: `$ref` is `#` and the schema's JSON pointer in its
 * document (tokens percent-encoded as in a URI fragment); the table holds it under the pointer.
 * Circular markers (`{ "$ref", "circular": true }`) point into the table the same way.
 */
export interface CompiledSchemaReference {
  $ref: string;
  /** The component name, for `#/components/schemas/<name>`: what a renderer shows as the type. */
  name?: string;
}

/** `schemas/<document>.json`: the schemas the page models of one OpenAPI document point at. */
export interface CompiledSchemaTable {
  format: 'quire-schemas';
  version: typeof COMPILED_SITE_VERSION;
  /** The OpenAPI document, as the pages' `file` names it. */
  file: string;
  /** Schema by JSON pointer in the document (`/components/schemas/User`), sorted by pointer. */
  schemas: Record<string, unknown>;
  /** Lists of examples shown on several pages, in the order pages first show them; a page names one by its index (`sharedExamples`). */
  examples: ExampleModel[][];
}
