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
    label: frontmatter?.sidebarTitle ?? frontmatter?.title ?? path.slice(path.lastIndexOf('/') + 1),
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
 * Sets `previous` and `next` of every page: the nearest page before and after it in reading order
 * within the same section. `sections[i]` is the section of `pages[i]`.
 */
export function linkNeighbours(pages: readonly PageNodeDraft[], sections: readonly SectionState[]): void {
  const latest = new Map<SectionState, PageNodeDraft>();
  pages.forEach((page, index) => {
    const section = sections[index] as SectionState;
    const previous = latest.get(section);
    if (previous) {
      previous.next = page.path;
      page.previous = previous.path;
    }
    latest.set(section, page);
  });
}
