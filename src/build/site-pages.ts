import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import { filePagePath } from '../navigation/classify.js';
import { defaultPageTitle, linkReadingOrder } from '../navigation/reading-order.js';
import type { NavigationNode, PageNode, PageSection } from '../navigation/types.js';
import { findUnlistedPages } from '../navigation/unlisted-pages.js';
import type { EndpointPage } from '../openapi/types.js';
import type { CompiledLink, CompiledNode, CompiledPage } from './types.js';

/** The kinds of section elements, and the key of {@link PageSection} each sets. */
const SECTION_KEYS = {
  language: 'language',
  version: 'version',
  product: 'product',
  tab: 'tab',
  'menu-item': 'menuItem',
  anchor: 'anchor',
  dropdown: 'dropdown',
} as const;

/** What {@link SitePages} reads of the site. */
export interface SitePagesInput {
  /** The file of each page path (see `pageFileIndex`); `undefined` when the files are not known: every page is kept, without `file`. */
  files: ReadonlyMap<string, string> | undefined;
  /** The page files in the order unlisted pages are listed (sorted). */
  pageFiles: readonly string[];
  /** Frontmatter by page path of the file (`guides/index` for `guides/index.mdx`). */
  frontmatter: (file: string | undefined, path: string) => PageFrontmatter | undefined;
  /** The page model at each `href`: generated pages, and MDX pages whose `openapi:` names an operation. */
  models: ReadonlyMap<string, { model: string; page: EndpointPage }>;
  /** Files the platform takes as snippets, not pages. */
  snippets: ReadonlySet<string>;
}

/** Where a node is: the nearest section element, the labels above it, and whether the elements above hide it. */
interface Context {
  /** The nearest section element (or the root): the reading order runs within it. */
  owner: NavigationNode;
  section: PageSection;
  breadcrumbs: string[];
  hidden: boolean;
}

/**
 * The compiled navigation and the pages: the reading order of the navigation's pages and
 * generated pages, with their neighbours, then the page files no entry lists. Pages without a
 * file are left out of both, and the groups and sections they leave empty.
 */
export class SitePages {
  readonly pages: CompiledPage[] = [];
  /** The section element of each page of `pages` in the reading order. */
  private readonly owners = new Map<CompiledPage, NavigationNode>();
  /** Page entries left out for want of a file. */
  private leftOut = 0;

  constructor(private readonly input: SitePagesInput) {}

  /** How many entries of the navigation were left out because their page has no file. */
  get withoutFile(): number {
    return this.leftOut;
  }

  /** The compiled navigation of `root`, its pages added to {@link pages} in reading order and linked. */
  navigation(root: NavigationNode): CompiledNode {
    const compiled = this.node(root, { owner: root, section: {}, breadcrumbs: [], hidden: false }) ?? this.emptyRoot(root);
    linkReadingOrder(
      this.pages,
      (page) => this.owners.get(page),
      (page) => page.hidden !== true,
    );
    return compiled;
  }

  /**
   * Adds the page files that no navigation entry lists and the platform publishes all the same
   * (not snippets: see `findUnlistedPages`), and the root `404` page (the platform's own "page
   * not found"), sorted by file.
   */
  addUnlisted(endpointHrefs: Iterable<string>): void {
    const listed = new Set(this.pages.filter((page) => page.kind === 'page').map((page) => pagePathOf(page.href)));
    const unlisted = findUnlistedPages(this.input.pageFiles, listed, endpointHrefs, this.input.snippets);
    // The root 404 page is the platform's own "page not found", which a renderer draws too.
    const notFound = this.input.files?.get('404');
    if (notFound !== undefined && !listed.has('404') && filePagePath(notFound) === '404') unlisted.push(notFound);
    for (const file of unlisted.sort()) {
      const path = filePagePath(file);
      this.pages.push(this.page(path, file, undefined, { section: {}, breadcrumbs: [], hidden: true, unlisted: true }));
    }
  }

  /** The page entry of the page at `path` (its file `file`), at its place in the navigation. */
  private page(
    path: string,
    file: string | undefined,
    node: PageNode | undefined,
    place: { section: PageSection; breadcrumbs: string[]; hidden: boolean; unlisted?: true },
  ): CompiledPage {
    const href = path === 'index' ? '/' : `/${path}`;
    const frontmatter = this.input.frontmatter(file, path);
    const built = this.input.models.get(href);
    const title = stringField(frontmatter?.title) ?? (frontmatter?.openapi !== undefined ? built?.page.metadata.title : undefined) ?? defaultPageTitle(path);
    const sidebarTitle = stringField(frontmatter?.sidebarTitle);
    const description = stringField(frontmatter?.description) ?? (built ? stringField(built.page.metadata.description) : undefined);
    const openapi = node?.frontmatterOpenApi ?? stringField(frontmatter?.openapi);
    // Fields in the order site.json lists them; `previous` and `next` are set with the reading order.
    return {
      href,
      kind: 'page',
      file,
      title,
      sidebarTitle: sidebarTitle === title ? undefined : sidebarTitle,
      description,
      section: place.section,
      breadcrumbs: place.breadcrumbs,
      previous: undefined,
      next: undefined,
      hidden: place.hidden ? true : undefined,
      unlisted: place.unlisted,
      model: built?.model,
      openapi,
      frontmatter,
    };
  }

  /** The compiled node, or `undefined` when it is left out: a page without a file, an element that only held such pages. */
  private node(node: NavigationNode, context: Context): CompiledNode | undefined {
    const base = { label: node.label, ...(node.icon === undefined ? {} : { icon: node.icon }), ...(node.hidden ? { hidden: true as const } : {}) };
    switch (node.kind) {
      case 'link':
        return compileLink(node);
      case 'page': {
        const file = this.input.files?.get(node.path);
        if (this.input.files !== undefined && file === undefined) {
          this.leftOut++;
          return undefined;
        }
        const page = this.page(node.path, file, node, { section: context.section, breadcrumbs: context.breadcrumbs, hidden: node.hidden ?? context.hidden });
        this.add(page, context);
        return {
          kind: 'page',
          ...base,
          label: page.sidebarTitle ?? page.title,
          href: node.href,
          ...(node.tag === undefined ? {} : { tag: node.tag }),
          ...(node.deprecated ? { deprecated: true as const } : {}),
        };
      }
      case 'endpoint':
      case 'webhook': {
        const built = node.href === undefined ? undefined : this.input.models.get(node.href);
        if (node.href !== undefined && built !== undefined) {
          const description = built.page.metadata.description;
          const hidden = node.hidden ?? context.hidden;
          this.add(
            {
              href: node.href,
              kind: node.kind,
              title: built.page.metadata.title,
              description: stringField(description),
              section: context.section,
              breadcrumbs: context.breadcrumbs,
              previous: undefined,
              next: undefined,
              hidden: hidden ? true : undefined,
              model: built.model,
            },
            context,
          );
        }
        return {
          kind: node.kind,
          ...base,
          ...(built === undefined ? {} : { href: node.href }),
          ...(node.kind === 'endpoint' ? { method: node.method } : {}),
          path: node.kind === 'endpoint' ? node.path : node.name,
          ...(node.deprecated ? { deprecated: true as const } : {}),
        };
      }
      case 'group': {
        const inner: Context = { ...context, breadcrumbs: [...context.breadcrumbs, node.label], hidden: node.hidden ?? context.hidden };
        const children = this.children(node.children, inner);
        if (children === undefined) return undefined;
        return {
          kind: 'group',
          ...base,
          ...(node.tag === undefined ? {} : { tag: node.tag }),
          expanded: node.expanded,
          collapsible: node.collapsible,
          // A root without a file opens nothing: the title is then a plain group title.
          ...(node.root === undefined || (this.input.files !== undefined && !this.input.files.has(node.root))
            ? {}
            : { root: node.root === 'index' ? '/' : `/${node.root}` }),
          drilldown: node.drilldown,
          children,
        };
      }
      default: {
        const inner: Context =
          node.kind === 'root'
            ? context
            : {
                owner: node,
                section: { ...context.section, [SECTION_KEYS[node.kind]]: node.kind === 'language' ? (node.language ?? node.label) : node.label },
                breadcrumbs: [...context.breadcrumbs, node.label],
                hidden: node.hidden ?? context.hidden,
              };
        const children = this.children(node.children, inner);
        if (children === undefined) return undefined;
        return {
          kind: node.kind,
          ...base,
          ...(node.description === undefined ? {} : { description: node.description }),
          ...(node.default ? { default: true as const } : {}),
          ...(node.kind === 'version' && node.versionTag !== undefined ? { tag: node.versionTag } : {}),
          ...(node.kind === 'language' && node.language !== undefined ? { language: node.language } : {}),
          children,
        };
      }
    }
  }

  /** The compiled children, or `undefined` when there were some and none is left (all pages without a file). */
  private children(nodes: readonly NavigationNode[], context: Context): CompiledNode[] | undefined {
    const children = nodes.flatMap((child) => this.node(child, context) ?? []);
    return children.length === 0 && nodes.length > 0 ? undefined : children;
  }

  private add(page: CompiledPage, context: Context): void {
    this.pages.push(page);
    this.owners.set(page, context.owner);
  }

  /** The root when every page of the navigation lacks a file: the navigation is empty. */
  private emptyRoot(root: NavigationNode): CompiledNode {
    return { kind: 'root', label: root.label, children: [] };
  }
}

/** A link element, as site.json writes it. */
export function compileLink(node: { label: string; href: string; icon?: CompiledLink['icon']; hidden?: boolean; description?: string }): CompiledLink {
  return {
    kind: 'link',
    label: node.label,
    ...(node.icon === undefined ? {} : { icon: node.icon }),
    ...(node.hidden ? { hidden: true as const } : {}),
    href: node.href,
    ...(node.description === undefined ? {} : { description: node.description }),
  };
}

/** The page path of an `href`: `/` is `index`. */
export function pagePathOf(href: string): string {
  return href === '/' ? 'index' : href.replace(/^\/+/, '');
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
