import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Icon, OpenApiReference } from '../config/schemas/common.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import { shownChildren, type NavigationElementKind } from '../config/navigation-children.js';
import type { Locate } from '../config/parse-docs-json.js';
import { placeDocsJsonFindings, type DocsJsonFinding } from '../config/place-findings.js';
import type { PageFrontmatter } from '../frontmatter/frontmatter.js';
import { classifyEntry, isPlainPagePath } from './classify.js';
import { checkPageFiles } from './files.js';
import { linkNeighbours, pageNode, type PageNodeDraft, type PageScope, type SectionState } from './page-node.js';
import type {
  EndpointNode,
  GroupNode,
  LinkNode,
  NavigationNode,
  NavigationTree,
  OpenApiSource,
  PageIndex,
  PageNode,
  PageSection,
  ResolvedNavigation,
  SectionNode,
  WebhookNode,
} from './types.js';

/** Options of {@link resolveNavigation}. */
export interface ResolveNavigationOptions {
  /**
   * The page files of the repository (`guides/a.mdx`, relative to the folder of docs.json). With
   * them, pages without a file are reported, with "did you mean" from the files that exist.
   */
  files?: Iterable<string>;
  /** Frontmatter of each page, by page path (`guides/a`), for labels, icons, badges. */
  frontmatter?: ReadonlyMap<string, PageFrontmatter>;
  /** Whether selecting a group opens its first page when `interaction.drilldown` is unset (the theme's default). Default `false`. */
  defaultDrilldown?: boolean;
  /** Places a docs.json pointer in its file (from `parseDocsJson`'s result), for line and column. */
  locate?: Locate;
  /** Name of docs.json in diagnostics when `locate` is not given. Default `docs.json`. */
  file?: string;
}

const DEFAULT_DIRECTORY = 'api-reference';

/** The lists of section elements, the node kind each holds, and the key holding its label. */
const SECTION_LISTS = [
  ['languages', 'language', 'language'],
  ['versions', 'version', 'version'],
  ['products', 'product', 'product'],
  ['tabs', 'tab', 'tab'],
  ['menu', 'menu-item', 'item'],
  ['anchors', 'anchor', 'anchor'],
  ['dropdowns', 'dropdown', 'dropdown'],
] as const;
type SectionKind = (typeof SECTION_LISTS)[number][1];

/**
 * What the children of an element inherit from it and its ancestors; the page entries of the
 * element keep it as their shared scope.
 */
interface Context extends PageScope {
  /** Whether the element is inside a group (so a group here is nested). */
  inGroup: boolean;
}

type Element = Record<string, unknown>;

/**
 * Turns a parsed docs.json into the navigation a renderer draws as it is: every node says what
 * it is, with its label, icon and link, and the OpenAPI documents, version, language and
 * breadcrumbs in effect; page entries are classified (page, endpoint, webhook); `pages` indexes
 * every page in reading order. Reads nothing: files and frontmatter are given by the caller.
 */
export function resolveNavigation(config: DocsConfig, options: ResolveNavigationOptions = {}): ResolvedNavigation {
  return new NavigationResolver(config, options).run();
}

class NavigationResolver {
  /** What the checks found, placed in their files at the end (see `diagnostics`). */
  private readonly findings: DocsJsonFinding[] = [];
  /** Every page entry in reading order. */
  private readonly list: PageNodeDraft[] = [];
  /** The section of each page entry, by index. */
  private readonly sections: SectionState[] = [];
  /** Whether an element above each page entry is hidden, by index. */
  private readonly hiddenAbove: boolean[] = [];
  /** The first entry of each page path. */
  private readonly byPath = new Map<string, PageNode>();
  /** The section of the latest entry of each page path. */
  private readonly latestSection = new Map<string, SectionState>();
  private readonly frontmatter: ReadonlyMap<string, PageFrontmatter> | undefined;
  private readonly roots: Array<{ root: string; pointer: string; label: string }> = [];
  private readonly drilldown: boolean;

  constructor(
    private readonly config: DocsConfig,
    private readonly options: ResolveNavigationOptions,
  ) {
    this.drilldown = config.interaction?.drilldown ?? options.defaultDrilldown ?? false;
    this.frontmatter = options.frontmatter?.size ? options.frontmatter : undefined;
  }

  run(): ResolvedNavigation {
    const navigation = (this.config.navigation ?? {}) as Element;
    const siteOpenApi = toSources(this.config.api?.openapi as OpenApiReference | undefined);
    const context: Context = {
      pointer: '/navigation',
      openapi: toSources(navigation.openapi as OpenApiReference | undefined, siteOpenApi),
      version: undefined,
      versionTag: undefined,
      language: undefined,
      breadcrumbs: [],
      section: {},
      hiddenAbove: false,
      state: this.newSection('/navigation', 'root', []),
      inGroup: false,
    };
    const root: SectionNode = {
      kind: 'root',
      label: this.config.name ?? '',
      pointer: '/navigation',
      openapi: context.openapi,
      breadcrumbs: [],
      children: this.children(navigation, 'root', context),
    };
    // The platform generates every page of the navigation's own document, and lists none of them.
    if (navigation.openapi !== undefined) root.allOperations = true;
    const tree: NavigationTree = { root, global: this.global(navigation.global, context) };
    const pages: PageIndex = { list: this.list, byPath: this.byPath };
    const files = this.options.files ? checkPageFiles(this.list, this.sections, this.options.files, (finding) => this.report(finding)) : undefined;
    linkNeighbours(this.list, this.sections, this.hiddenAbove, files?.hasFile);
    this.checkRoots(this.byPath, files?.hasFile);
    return { tree, pages, diagnostics: inDocumentOrder(this.diagnostics()), missingPages: files?.summary ?? [] };
  }

  /**
   * The child nodes of an element (whose pointer and inherited values `context` holds), from the
   * one child list the platform shows (see `shownChildren`: an element that holds two shows the
   * first its schema tries; the other was reported when docs.json was parsed). The list names
   * need no pointer escaping.
   */
  private children(element: Element, kind: NavigationElementKind, context: Context): NavigationNode[] {
    const nodes: NavigationNode[] = [];
    const { shown } = shownChildren(element, kind);
    if (shown === undefined || shown === 'href') return nodes;
    const items = element[shown];
    if (shown === 'pages') {
      this.entries(items, context, nodes);
      return nodes;
    }
    if (!Array.isArray(items)) return nodes;
    const pointer = `${context.pointer}/${shown}`;
    const section = SECTION_LISTS.find(([list]) => list === shown);
    items.forEach((item: unknown, index) => {
      if (!isElement(item)) return;
      nodes.push(section ? this.section(item, section[1], section[2], `${pointer}/${index}`, context) : this.group(item, `${pointer}/${index}`, context));
    });
    return nodes;
  }

  /** The child nodes of a group: its `pages` only (a group has no other child list). */
  private groupChildren(element: Element, context: Context): NavigationNode[] {
    const nodes: NavigationNode[] = [];
    this.entries(element.pages, context, nodes);
    return nodes;
  }

  /** Adds the nodes of the `pages` entries (when `pages` is a list) to `nodes`. */
  private entries(pages: unknown, context: Context, nodes: NavigationNode[]): void {
    if (!Array.isArray(pages)) return;
    pages.forEach((item: unknown, index) => {
      const node = this.entry(item, index, context);
      if (node) nodes.push(node);
    });
  }

  private section(element: Element, kind: SectionKind, labelKey: string, pointer: string, parent: Context): SectionNode | LinkNode {
    const label = String(element[labelKey] ?? '');
    const breadcrumbs = [...parent.breadcrumbs, label];
    const isVersion = kind === 'version';
    const context: Context = {
      pointer,
      openapi: toSources(element.openapi as OpenApiReference | undefined, parent.openapi),
      version: isVersion ? label : parent.version,
      versionTag: isVersion ? (typeof element.tag === 'string' ? element.tag : undefined) : parent.versionTag,
      language: kind === 'language' ? label : parent.language,
      breadcrumbs,
      section: { ...parent.section, [sectionField(kind)]: label },
      hiddenAbove: typeof element.hidden === 'boolean' ? element.hidden : parent.hiddenAbove,
      state: this.newSection(pointer, kind, breadcrumbs),
      inGroup: false,
    };
    const href = typeof element.href === 'string' ? element.href : undefined;
    // Every node of a kind is made with all its fields, in the order JSON has always listed them
    // (absent ones undefined, which JSON leaves out), so that all share one shape. An element
    // with `href` is a link, whatever children it also holds: the platform ignores them.
    if (href !== undefined) {
      return {
        kind: 'link',
        element: kind,
        href,
        label,
        description: typeof element.description === 'string' ? element.description : undefined,
        pointer,
        openapi: context.openapi,
        breadcrumbs: parent.breadcrumbs,
        version: context.version,
        versionTag: context.versionTag,
        language: context.language,
        icon: iconOf(element),
        hidden: hiddenOf(element),
      };
    }
    const children = this.children(element, elementKind(kind), context);
    return {
      kind,
      label,
      pointer,
      openapi: context.openapi,
      breadcrumbs: parent.breadcrumbs,
      version: context.version,
      versionTag: context.versionTag,
      language: context.language,
      children,
      icon: iconOf(element),
      hidden: hiddenOf(element),
      href,
      description: typeof element.description === 'string' ? element.description : undefined,
      default: element.default === true ? true : undefined,
      allOperations: listsAllOperations(element, context.openapi, children),
    };
  }

  private group(element: Element, pointer: string, parent: Context): GroupNode {
    const label = String(element.group ?? '');
    const nested = parent.inGroup;
    const context: Context = {
      pointer,
      openapi: toSources(element.openapi as OpenApiReference | undefined, parent.openapi),
      version: parent.version,
      versionTag: parent.versionTag,
      language: parent.language,
      breadcrumbs: [...parent.breadcrumbs, label],
      section: parent.section,
      hiddenAbove: typeof element.hidden === 'boolean' ? element.hidden : parent.hiddenAbove,
      state: parent.state,
      inGroup: true,
    };
    const children = this.groupChildren(element, context);
    const node: GroupNode = {
      kind: 'group',
      label,
      pointer,
      openapi: context.openapi,
      breadcrumbs: parent.breadcrumbs,
      version: parent.version,
      versionTag: parent.versionTag,
      language: parent.language,
      expanded: nested ? element.expanded === true : true,
      collapsible: nested,
      drilldown: this.drilldown,
      children,
      icon: iconOf(element),
      hidden: hiddenOf(element),
      tag: typeof element.tag === 'string' ? element.tag : undefined,
      allOperations: listsAllOperations(element, context.openapi, children),
      root: undefined,
    };
    if (typeof element.root === 'string') this.groupRoot(node, element.root, pointer);
    return node;
  }

  private groupRoot(node: GroupNode, root: string, pointer: string): void {
    const entry = classifyEntry(root);
    if (entry.kind === 'page') {
      node.root = entry.path;
      this.roots.push({ root: entry.path, pointer: `${pointer}/root`, label: node.label });
      return;
    }
    this.report({
      code: 'navigation/invalid-root',
      severity: 'error',
      message: `The root of group "${node.label}" must be a page path, not "${root}".`,
      pointer: `${pointer}/root`,
      hint: 'Write the path of the page opened by clicking the group title, e.g. "guides/overview".',
    });
  }

  /** The `pages` entry at `position` of the element of `context`: a nested group, a page, an endpoint or a webhook. */
  private entry(item: unknown, position: number, context: Context): NavigationNode | undefined {
    // The common case first: a page path in normal form.
    if (typeof item === 'string' && isPlainPagePath(item)) return this.page(item, position, context);
    const pointer = `${context.pointer}/pages/${position}`;
    if (isElement(item)) return this.group(item, pointer, context);
    if (typeof item !== 'string' || item.trim() === '') return undefined;
    const entry = classifyEntry(item);
    switch (entry.kind) {
      case 'page':
        return this.page(entry.path, position, context);
      case 'endpoint': {
        if (entry.spec === undefined && context.openapi.length === 0) this.endpointWithoutOpenApi(item, pointer);
        const node: EndpointNode = {
          kind: 'endpoint',
          label: `${entry.method} ${entry.path}`,
          pointer,
          openapi: context.openapi,
          breadcrumbs: context.breadcrumbs,
          version: context.version,
          versionTag: context.versionTag,
          language: context.language,
          method: entry.method,
          path: entry.path,
        };
        if (entry.spec !== undefined) node.spec = entry.spec;
        return node;
      }
      case 'webhook': {
        if (entry.spec === undefined && context.openapi.length === 0) this.endpointWithoutOpenApi(item, pointer);
        const node: WebhookNode = {
          kind: 'webhook',
          label: entry.name,
          pointer,
          openapi: context.openapi,
          breadcrumbs: context.breadcrumbs,
          version: context.version,
          versionTag: context.versionTag,
          language: context.language,
          name: entry.name,
        };
        if (entry.spec !== undefined) node.spec = entry.spec;
        return node;
      }
      case 'unknown-method':
        this.report({
          code: 'navigation/unknown-method',
          severity: 'error',
          message: `"${item}" looks like an endpoint reference, but ${entry.method} is not an HTTP method.`,
          pointer,
          hint: entry.suggestions.length
            ? `Did you mean "${entry.suggestions[0]} ${entry.path}"?`
            : `Use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE.`,
          ...(entry.suggestions.length ? { suggestions: entry.suggestions.map((method) => `${method} ${entry.path}`) } : {}),
        });
        return undefined;
      case 'outside':
        this.report({
          code: 'navigation/page-outside-root',
          severity: 'error',
          message: `The page "${item}" is outside the repository.`,
          pointer,
          hint: 'Page paths are relative to the folder of docs.json and cannot go above it with `..`.',
        });
        return undefined;
    }
  }

  /** A page entry. */
  private page(path: string, position: number, context: Context): PageNode {
    const node = pageNode(path, this.list.length, context, position, this.frontmatter?.get(path));
    this.list.push(node);
    this.sections.push(context.state);
    this.hiddenAbove.push(context.hiddenAbove);
    this.checkDuplicate(node, context.state);
    return node;
  }

  /**
   * Records the page by path (first entry wins) and reports a second entry in the same section.
   * Pages of a section are met one after the other, and each section has its own state, so
   * comparing with the section of the latest entry of the path is enough.
   */
  private checkDuplicate(node: PageNode, state: SectionState): void {
    const latest = this.latestSection.get(node.path);
    if (latest === undefined) this.byPath.set(node.path, node);
    else if (latest === state) {
      this.report({
        code: 'navigation/duplicate-page',
        severity: 'warning',
        message: `The page "${node.path}" is listed twice in ${sectionName(state)}.`,
        pointer: node.pointer,
        hint: 'A page appears once per section; remove one of the entries.',
      });
    }
    this.latestSection.set(node.path, state);
  }

  private newSection(pointer: string, kind: string, labels: readonly string[]): SectionState {
    return { pointer, kind, labels };
  }

  private global(value: unknown, context: Context): LinkNode[] {
    if (!isElement(value)) return [];
    const links: LinkNode[] = [];
    for (const [list, kind, labelKey] of SECTION_LISTS) {
      const items = value[list];
      if (!Array.isArray(items)) continue;
      items.forEach((item: unknown, index) => {
        if (!isElement(item) || typeof item.href !== 'string') return;
        const pointer = `/navigation/global/${list}/${index}`;
        links.push({
          kind: 'link',
          element: kind,
          href: item.href,
          label: String(item[labelKey] ?? ''),
          pointer,
          openapi: context.openapi,
          breadcrumbs: [],
          icon: iconOf(item),
          hidden: hiddenOf(item),
        });
      });
    }
    return links;
  }

  private endpointWithoutOpenApi(item: string, pointer: string): void {
    this.report({
      code: 'navigation/endpoint-without-openapi',
      severity: 'error',
      message: `"${item}" refers to an OpenAPI document, but none is in effect here.`,
      pointer,
      hint: `Add \`openapi\` to this group or an element above it (or \`api.openapi\`), or name the document: "openapi.yaml ${item.trim()}".`,
    });
  }

  /** A group root must be a page of the site: listed in the navigation, or a file that exists. */
  private checkRoots(listed: ReadonlyMap<string, unknown>, hasFile: ((path: string) => boolean) | undefined): void {
    for (const { root, pointer, label } of this.roots) {
      if (listed.has(root) || hasFile?.(root)) continue;
      this.report({
        code: 'navigation/invalid-root',
        severity: 'error',
        message: `The root "${root}" of group "${label}" is not a page of the site${hasFile ? ': no file has that path' : ' listed in the navigation'}.`,
        pointer,
        hint: 'Point `root` at an existing page, e.g. the first page of the group.',
      });
    }
  }

  private report(finding: DocsJsonFinding): void {
    this.findings.push(finding);
  }

  /** The findings as diagnostics, placed in their files once all are known (one pass over docs.json). */
  private diagnostics(): Diagnostic[] {
    return placeDocsJsonFindings(this.findings, this.options.locate, this.options.file);
  }
}

/** The sources in effect: the element's own `openapi`, normalised, else the inherited ones. */
function toSources(reference: OpenApiReference | undefined, inherited: readonly OpenApiSource[] = []): readonly OpenApiSource[] {
  if (reference === undefined) return inherited;
  const entries = Array.isArray(reference) ? reference : [reference];
  return entries.map((entry) =>
    typeof entry === 'string' ? { source: entry, directory: DEFAULT_DIRECTORY } : { source: entry.source, directory: entry.directory ?? DEFAULT_DIRECTORY },
  );
}

/** The element kind of a section node kind, as `shownChildren` names it. */
function elementKind(kind: SectionKind): NavigationElementKind {
  return kind === 'menu-item' ? 'item' : kind;
}

function sectionField(kind: SectionKind): keyof PageSection {
  return kind === 'menu-item' ? 'menuItem' : kind;
}

/** A section in words, for messages: `tab "Guides › API"`, or `the navigation`. */
function sectionName(state: SectionState): string {
  return state.kind === 'root' ? 'the navigation' : `${state.kind.replace('-', ' ')} "${state.labels.join(' › ')}"`;
}

function iconOf(element: Element): Icon | undefined {
  return element.icon as Icon | undefined;
}

/** The element's `hidden` when it says (`false` shows it inside a hidden element), else undefined (left out of JSON). */
function hiddenOf(element: Element): boolean | undefined {
  return typeof element.hidden === 'boolean' ? element.hidden : undefined;
}

/**
 * Whether an element lists every operation of its own `openapi` document, after its children:
 * as on the platform, it does unless an endpoint or webhook entry below it takes the document
 * from it (`GET /users`, without naming a document), which makes it list those alone.
 */
function listsAllOperations(element: Element, own: readonly OpenApiSource[], children: readonly NavigationNode[]): true | undefined {
  if (element.openapi === undefined) return undefined;
  const takesFromElement = (node: NavigationNode): boolean =>
    ((node.kind === 'endpoint' || node.kind === 'webhook') && node.spec === undefined && node.openapi === own) ||
    ('children' in node && node.children.some(takesFromElement));
  return children.some(takesFromElement) ? undefined : true;
}

function isElement(value: unknown): value is Element {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
