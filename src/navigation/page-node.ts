import type { Icon } from '../config/schemas/common.js';
import type { PageFrontmatter } from '../mdx/frontmatter.js';
import type { MissingPagesSummary, OpenApiSource, PageNode, PageSection } from './types.js';

/** What the pages listed directly in one element share: resolved once for all of them. */
export interface PageScope {
  /** Pointer of the element whose `pages` list holds the entries. */
  pointer: string;
  openapi: readonly OpenApiSource[];
  version: string | undefined;
  versionTag: string | undefined;
  language: string | undefined;
  breadcrumbs: readonly string[];
  section: PageSection;
  /** The nearest section element: pages are unique and previous/next run within it. */
  state: SectionState;
}

/** One section element (or the root) and its pages. */
export interface SectionState {
  pointer: string;
  /** What the element is (`tab`, `menu-item`, ...), or `root` for the navigation itself. */
  kind: string;
  /** Labels of the section elements down to this one. */
  labels: readonly string[];
  /** Every page entry of the site, in reading order (the one list all sections share). */
  pages: readonly PageEntry[];
  /** Index of the first and of the last page entry of this section; -1 before it has any. */
  first: number;
  last: number;
  /** With files: how many of its entries have none. */
  missing?: MissingPagesSummary;
}

/**
 * A page entry of the tree. A site has tens of thousands of them, so each holds only what is its
 * own (path, place in reading order) and a reference to what it shares with its siblings (the
 * OpenAPI documents, version, language, breadcrumbs and section in effect); the strings made from
 * its path (`pointer`, `href`, the label) are made when read, and so are its neighbours in the
 * reading order. Every field of `PageNode` reads as usual, and `JSON.stringify` writes them all
 * (`toJSON`).
 */
export class PageEntry implements PageNode {
  readonly path: string;
  readonly index: number;
  readonly #scope: PageScope;
  /** Position of the entry in its `pages` list. */
  readonly #position: number;
  readonly #frontmatter: PageFrontmatter | undefined;

  constructor(path: string, index: number, scope: PageScope, position: number, frontmatter: PageFrontmatter | undefined) {
    this.path = path;
    this.index = index;
    this.#scope = scope;
    this.#position = position;
    this.#frontmatter = frontmatter;
  }

  /** The section state of a page, for the checks that run after the walk. */
  static stateOf(page: PageEntry): SectionState {
    return page.#scope.state;
  }

  get kind(): 'page' {
    return 'page';
  }
  /** The page before this one in the same section: the nearest such entry before it in the site's reading order. */
  get previous(): string | undefined {
    const state = this.#scope.state;
    for (let index = this.index - 1; index >= state.first; index--) {
      const page = state.pages[index] as PageEntry;
      if (page.#scope.state === state) return page.path;
    }
    return undefined;
  }
  /** The page after this one in the same section. */
  get next(): string | undefined {
    const state = this.#scope.state;
    for (let index = this.index + 1; index <= state.last; index++) {
      const page = state.pages[index] as PageEntry;
      if (page.#scope.state === state) return page.path;
    }
    return undefined;
  }
  get label(): string {
    return this.#frontmatter?.sidebarTitle ?? this.#frontmatter?.title ?? this.path.slice(this.path.lastIndexOf('/') + 1);
  }
  get pointer(): string {
    return `${this.#scope.pointer}/pages/${this.#position}`;
  }
  get href(): string {
    // The home page is served at the site's root: a renderer links to `/`, not `/index`.
    return this.path === 'index' ? '/' : `/${this.path}`;
  }
  get openapi(): readonly OpenApiSource[] {
    return this.#scope.openapi;
  }
  get breadcrumbs(): readonly string[] {
    return this.#scope.breadcrumbs;
  }
  /** The version in effect, else the page's frontmatter `version`. */
  get version(): string | undefined {
    return this.#scope.version ?? this.#frontmatter?.version;
  }
  get versionTag(): string | undefined {
    return this.#scope.versionTag;
  }
  get language(): string | undefined {
    return this.#scope.language;
  }
  get section(): PageSection {
    return this.#scope.section;
  }
  get title(): string | undefined {
    return this.#frontmatter?.title;
  }
  get description(): string | undefined {
    return this.#frontmatter?.description;
  }
  get icon(): Icon | undefined {
    return this.#frontmatter?.icon;
  }
  get tag(): string | undefined {
    return this.#frontmatter?.tag;
  }
  get deprecated(): boolean | undefined {
    return this.#frontmatter?.deprecated;
  }
  get hidden(): boolean | undefined {
    return this.#frontmatter?.hidden;
  }
  get frontmatterOpenApi(): string | undefined {
    return this.#frontmatter?.openapi;
  }
  get frontmatterOpenApiSchema(): string | undefined {
    const schema = this.#frontmatter?.['openapi-schema'];
    return typeof schema === 'string' ? schema : undefined;
  }

  /** Every field as plain data (what `JSON.stringify` writes; undefined fields are left out there). */
  toJSON(): PageNode {
    return {
      kind: this.kind,
      label: this.label,
      pointer: this.pointer,
      openapi: this.openapi,
      breadcrumbs: this.breadcrumbs,
      version: this.version,
      versionTag: this.versionTag,
      language: this.language,
      path: this.path,
      href: this.href,
      index: this.index,
      previous: this.previous,
      next: this.next,
      section: this.section,
      title: this.title,
      description: this.description,
      icon: this.icon,
      tag: this.tag,
      deprecated: this.deprecated,
      hidden: this.hidden,
      frontmatterOpenApi: this.frontmatterOpenApi,
      frontmatterOpenApiSchema: this.frontmatterOpenApiSchema,
    };
  }

  /** `console.log` and `util.inspect` show the fields, not the class's few own ones. */
  [Symbol.for('nodejs.util.inspect.custom')](): PageNode {
    return this.toJSON();
  }
}
