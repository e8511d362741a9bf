import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Icon } from '../config/schemas/common.js';

/** What a navigation node is. */
export type NavigationNodeKind =
  'root' | 'language' | 'version' | 'product' | 'tab' | 'menu-item' | 'anchor' | 'dropdown' | 'group' | 'page' | 'endpoint' | 'webhook' | 'link';

/** An OpenAPI document in effect for a node, with the folder its generated pages go in. */
export interface OpenApiSource {
  /** Repository path or http(s) URL, as written in docs.json. */
  source: string;
  /** Folder of the generated pages (default `api-reference`). */
  directory: string;
}

/** The HTTP methods an endpoint reference may use, upper case. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
/** An HTTP method, upper case. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What every node carries, resolved once so that nobody walks up the tree again. */
export interface NodeBase {
  kind: NavigationNodeKind;
  /** Text the navigation shows. */
  label: string;
  /** JSON pointer of the element (or page entry) in docs.json. */
  pointer: string;
  icon?: Icon;
  /**
   * Left out of the navigation (its pages still build), with what is inside it; `false` when
   * written so: an element inside a hidden one is shown again, as on the platform.
   */
  hidden?: boolean;
  /** OpenAPI documents in effect: the node's own, else the nearest ancestor's, else `api.openapi`. */
  openapi: readonly OpenApiSource[];
  /** Name of the nearest `versions` ancestor, with its badge. */
  version?: string;
  versionTag?: string;
  /** Code of the nearest `languages` ancestor. */
  language?: string;
  /** Labels of the ancestors, from the root (for `styling.eyebrows: breadcrumbs`). */
  breadcrumbs: readonly string[];
}

/** A section element: language, version, product, tab, menu item, anchor or dropdown (or the root). */
export interface SectionNode extends NodeBase {
  kind: 'root' | 'language' | 'version' | 'product' | 'tab' | 'menu-item' | 'anchor' | 'dropdown';
  /** Set when the element is a link (`href`) rather than a section. */
  href?: string;
  description?: string;
  /** Whether this is the default version or language. */
  default?: boolean;
  /**
   * True when the element lists every operation of its own OpenAPI document after its children,
   * as the platform does: it has `openapi` and no endpoint or webhook entry below it takes the
   * document from it. On the root (`navigation.openapi`): every operation gets its page, as on the
   * platform, but the navigation lists none of them.
   */
  allOperations?: boolean;
  children: NavigationNode[];
}

/** A group of pages. */
export interface GroupNode extends NodeBase {
  kind: 'group';
  /** Badge after the title. */
  tag?: string;
  /** Whether the group is open: top-level groups always are; nested ones start closed unless `expanded: true`. */
  expanded: boolean;
  /** Whether the reader can close it (false for top-level groups). */
  collapsible: boolean;
  /** Page opened by clicking the title. */
  root?: string;
  /** Whether selecting the group navigates to its first page (`interaction.drilldown`, else the theme default). */
  drilldown: boolean;
  /**
   * True when the group lists every operation of its own OpenAPI document after its pages, as
   * the platform does: it has `openapi` and no endpoint or webhook entry below it takes the
   * document from it.
   */
  allOperations?: boolean;
  children: NavigationNode[];
}

/**
 * A page of the repository: a plain object with every field set (absent ones `undefined`), so
 * that it spreads, copies and serialises like any object. Read-only: page nodes are shared by
 * the tree and the page index, and those of one section share their `openapi`, `breadcrumbs` and
 * `section` objects.
 */
export interface PageNode extends NodeBase {
  readonly kind: 'page';
  readonly label: string;
  readonly pointer: string;
  readonly icon?: Icon;
  readonly hidden?: boolean;
  readonly openapi: readonly OpenApiSource[];
  /** The version in effect, else the page's frontmatter `version`. */
  readonly version?: string;
  readonly versionTag?: string;
  readonly language?: string;
  readonly breadcrumbs: readonly string[];
  /** Normalised path: no leading slash, no extension, no `./`. */
  readonly path: string;
  /** URL path of the page: `/` + path; `/` for the home page (`index`). */
  readonly href: string;
  /** `title` of the page's frontmatter, when known. `label` is its `sidebarTitle`, else this, else the platform's title from the path (`getting-started` is "Getting started"). */
  readonly title?: string;
  readonly description?: string;
  /** Badge, from frontmatter. */
  readonly tag?: string;
  readonly deprecated?: boolean;
  /** `openapi` of the page's frontmatter: the page documents this endpoint. */
  readonly frontmatterOpenApi?: string;
  /** `openapi-schema` of the page's frontmatter: the page documents this schema. */
  readonly frontmatterOpenApiSchema?: string;
  /** Position in the site's reading order (`pages.list[index]` is this node). */
  readonly index: number;
  /**
   * URL path (`href`, not `path`: `/guides/setup`, `/` for the home page) of the previous and next
   * page in reading order within the same section, as site.json's pages give them: pages the
   * navigation does not show (`hidden`, or under a hidden element) and, when `resolveNavigation`
   * is given the page files, pages without a file are skipped, and get neither. Generated endpoint
   * pages are not in the page index; site.json's reading order has them, so there a page next to
   * an endpoint reference has that endpoint's page as neighbour.
   */
  readonly previous?: string;
  readonly next?: string;
  /** The section the page belongs to: the nearest language, version, product, tab, ... above it. */
  readonly section: PageSection;
}

/** A reference to an operation of an OpenAPI document (`GET /users`, `spec.yaml GET /users`). */
export interface EndpointNode extends NodeBase {
  kind: 'endpoint';
  method: HttpMethod;
  /** Path of the operation in the document. */
  path: string;
  /** The document named in the entry (`spec.yaml GET /users`), else undefined: the one in effect. After `expandOpenApiEndpoints`: the document it was found in. */
  spec?: string;
  /** After `expandOpenApiEndpoints`: URL path of the generated page. */
  href?: string;
  /** After `expandOpenApiEndpoints`: the operation is deprecated (a badge in the navigation). */
  deprecated?: boolean;
}

/** A reference to a webhook of an OpenAPI document (`webhook user.created`). */
export interface WebhookNode extends NodeBase {
  kind: 'webhook';
  name: string;
  /** The document named in the entry, or after `expandOpenApiEndpoints` the one it was found in. */
  spec?: string;
  /** After `expandOpenApiEndpoints`: URL path of the generated page. */
  href?: string;
  deprecated?: boolean;
}

/** An element that only links somewhere (a tab or anchor with `href`, a global anchor). */
export interface LinkNode extends NodeBase {
  kind: 'link';
  href: string;
  /** The element's `description` (a product's, shown in its selector). */
  description?: string;
  /** What the element was in docs.json: `tab`, `anchor`, ... */
  element: 'language' | 'version' | 'product' | 'tab' | 'menu-item' | 'anchor' | 'dropdown';
}

export type NavigationNode = SectionNode | GroupNode | PageNode | EndpointNode | WebhookNode | LinkNode;

/** The section a page belongs to: the nearest element of each kind above it. */
export interface PageSection {
  language?: string;
  version?: string;
  product?: string;
  tab?: string;
  menuItem?: string;
  anchor?: string;
  dropdown?: string;
}

/** One entry of the page index: the page's node, which carries its place in reading order. */
export type PageInfo = PageNode;

/** The page index: every page in reading order, and by path. */
export interface PageIndex {
  /** Every page entry in reading order (a page listed in several sections appears once per section). */
  list: readonly PageInfo[];
  /**
   * The first entry of each page, by path, in reading order: which tab, version and language it
   * belongs to. A `Map` (typed read-only: the index is shared).
   */
  byPath: ReadonlyMap<string, PageInfo>;
}

/** The navigation as a renderer draws it. */
export interface NavigationTree {
  root: SectionNode;
  /** `navigation.global`: links shown on every page, whatever the section. */
  global: LinkNode[];
}

/** Pages listed in one section that have no file, summed up. */
export interface MissingPagesSummary {
  /** Labels of the section, from the root ("fr", "v2", "API"). */
  section: readonly string[];
  pointer: string;
  count: number;
}

/** What `resolveNavigation` returns. */
export interface ResolvedNavigation {
  tree: NavigationTree;
  pages: PageIndex;
  diagnostics: Diagnostic[];
  /** With `files`: per section, how many listed pages have no file. */
  missingPages: MissingPagesSummary[];
}
