import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import { defaultPageTitle, linkReadingOrder } from './reading-order.js';
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
  /**
   * Whether the pages are hidden by the elements above them: the nearest one that says `hidden`
   * decides (`hidden: false` shows a group inside a hidden one), as on the platform; a page's own
   * frontmatter `hidden` wins over it.
   */
  hiddenAbove: boolean;
  /** The nearest section element: pages are unique and previous/next run within it. */
  state: SectionState;
}

/** One section element (or the root): what duplicate and missing pages are counted and named by. */
export interface SectionState {
  pointer: string;
  /** What the element is (`tab`, `menu-item`, ...), or `root` for the navigation itself. */
  kind: string;
  /** Labels of the section elements down to this one. */
  labels: readonly string[];
  /** With files: how many of its entries have none. */
  missing?: MissingPagesSummary;
}

/** A page node while the walk builds it: `previous` and `next` are set once every page is known. */
export type PageNodeDraft = { -readonly [Field in keyof PageNode]: PageNode[Field] };

/**
 * The node of the page entry at `position` of the `pages` list that `scope` describes, `index`-th
 * in reading order. Every field is set, absent ones `undefined` (which JSON leaves out), in the
 * order JSON has always listed them.
 */
export function pageNode(path: string, index: number, scope: PageScope, position: number, frontmatter: PageFrontmatter | undefined): PageNodeDraft {
  const schema = frontmatter?.['openapi-schema'];
  return {
    kind: 'page',
    label: frontmatter?.sidebarTitle ?? frontmatter?.title ?? defaultPageTitle(path),
    pointer: `${scope.pointer}/pages/${position}`,
    openapi: scope.openapi,
    breadcrumbs: scope.breadcrumbs,
    // The version in effect, else the page's frontmatter `version`.
    version: scope.version ?? frontmatter?.version,
    versionTag: scope.versionTag,
    language: scope.language,
    path,
    // The home page is served at the site's root: a renderer links to `/`, not `/index`.
    href: path === 'index' ? '/' : `/${path}`,
    index,
    previous: undefined,
    next: undefined,
    section: scope.section,
    title: frontmatter?.title,
    description: frontmatter?.description,
    icon: frontmatter?.icon,
    tag: frontmatter?.tag,
    deprecated: frontmatter?.deprecated,
    hidden: frontmatter?.hidden,
    frontmatterOpenApi: frontmatter?.openapi,
    frontmatterOpenApiSchema: typeof schema === 'string' ? schema : undefined,
  };
}

/**
 * Sets `previous` and `next` of every page the navigation shows: the `href` of the nearest page
 * shown before and after it in reading order within the same section (see `linkReadingOrder`).
 * `sections[i]` is the section of `pages[i]`, `hiddenAbove[i]` whether the elements above it hide
 * it (its own frontmatter `hidden` wins); `hasFile`, when the page files are known, leaves out
 * pages without one.
 */
export function linkNeighbours(
  pages: readonly PageNodeDraft[],
  sections: readonly SectionState[],
  hiddenAbove: readonly boolean[],
  hasFile?: (path: string) => boolean,
): void {
  linkReadingOrder(
    pages,
    (_page, index) => sections[index],
    (page, index) => !(page.hidden ?? hiddenAbove[index]) && (hasFile === undefined || hasFile(page.path)),
  );
}
