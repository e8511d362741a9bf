import { inDocumentOrder, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { OpenApiReference } from '../config/schemas/common.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { Locate } from '../config/parse-docs-json.js';
import { joinPointer } from '../json/pointer.js';
import type { PageFrontmatter } from '../mdx/frontmatter.js';
import { classifyEntry } from './classify.js';
import { checkPageFiles } from './files.js';
import { buildPageIndex, type PageOccurrence } from './page-index.js';
import type {
  GroupNode, LinkNode, NavigationNode, NavigationTree, OpenApiSource, PageNode, PageSection, ResolvedNavigation, SectionNode,
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

/** What a node inherits from its ancestors. */
interface Context {
  openapi: readonly OpenApiSource[];
  version?: string;
  versionTag?: string;
  language?: string;
  breadcrumbs: readonly string[];
  section: PageSection;
  /** Pointer of the nearest section element: pages are unique and previous/next run within it. */
  sectionPointer: string;
  /** The section in words, for messages: `tab "API"`, or `the navigation`. */
  sectionName: string;
  /** Labels of the section elements above, from the root. */
  sectionLabels: readonly string[];
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
  private readonly diagnostics: Diagnostic[] = [];
  private readonly occurrences: PageOccurrence[] = [];
  private readonly roots: Array<{ root: string; pointer: string; label: string }> = [];
  private readonly seenInSection = new Map<string, Set<string>>();
  private readonly drilldown: boolean;

  constructor(
    private readonly config: DocsConfig,
    private readonly options: ResolveNavigationOptions,
  ) {
    this.drilldown = config.interaction?.drilldown ?? options.defaultDrilldown ?? false;
  }

  run(): ResolvedNavigation {
    const navigation = (this.config.navigation ?? {}) as Element;
    const siteOpenApi = toSources(this.config.api?.openapi as OpenApiReference | undefined);
    const context: Context = { openapi: toSources(navigation.openapi as OpenApiReference | undefined, siteOpenApi), breadcrumbs: [], section: {}, sectionPointer: '/navigation', sectionName: 'the navigation', sectionLabels: [], inGroup: false };
    const root: SectionNode = { kind: 'root', label: this.config.name ?? '', pointer: '/navigation', openapi: context.openapi, breadcrumbs: [], children: this.children(navigation, '/navigation', context) };
    const tree: NavigationTree = { root, global: this.global(navigation.global, context) };
    const pages = buildPageIndex(this.occurrences);
    const files = this.options.files ? checkPageFiles(this.occurrences, this.options.files, (finding) => this.report(finding)) : undefined;
    this.checkRoots(pages.byPath, files?.existing);
    return { tree, pages, diagnostics: inDocumentOrder(this.diagnostics), missingPages: files?.summary ?? [] };
  }

  /** The child nodes of an element, from whichever child lists it has, in a fixed order. */
  private children(element: Element, pointer: string, context: Context): NavigationNode[] {
    const nodes: NavigationNode[] = [];
    for (const [list, kind, labelKey] of SECTION_LISTS) {
      const items = element[list];
      if (!Array.isArray(items)) continue;
      items.forEach((item: unknown, index) => {
        if (isElement(item)) nodes.push(this.section(item, kind, labelKey, joinPointer(pointer, list, index), context));
      });
    }
    const groups = element.groups;
    if (Array.isArray(groups)) {
      groups.forEach((item: unknown, index) => {
        if (isElement(item)) nodes.push(this.group(item, joinPointer(pointer, 'groups', index), context));
      });
    }
    const pages = element.pages;
    if (Array.isArray(pages)) {
      pages.forEach((item: unknown, index) => {
        const node = this.entry(item, joinPointer(pointer, 'pages', index), context);
        if (node) nodes.push(node);
      });
    }
    return nodes;
  }

  private section(element: Element, kind: SectionKind, labelKey: string, pointer: string, parent: Context): SectionNode | LinkNode {
    const label = String(element[labelKey] ?? '');
    const context: Context = {
      ...parent,
      openapi: toSources(element.openapi as OpenApiReference | undefined, parent.openapi),
      breadcrumbs: [...parent.breadcrumbs, label],
      section: { ...parent.section, [sectionField(kind)]: label },
      sectionPointer: pointer,
      sectionName: `${kind.replace('-', ' ')} "${[...parent.breadcrumbs, label].join(' › ')}"`,
      sectionLabels: [...parent.breadcrumbs, label],
      inGroup: false,
    };
    if (kind === 'version') {
      context.version = label;
      if (typeof element.tag === 'string') context.versionTag = element.tag;
      else delete context.versionTag;
    }
    if (kind === 'language') context.language = label;
    const base = this.base(kind, label, pointer, element, parent);
    const hasChildren = [...SECTION_LISTS.map(([list]) => list), 'groups', 'pages'].some((list) => Array.isArray(element[list]));
    if (typeof element.href === 'string' && !hasChildren) return { ...base, kind: 'link', element: kind, href: element.href };
    const node: SectionNode = { ...base, kind, children: this.children(element, pointer, context) };
    if (typeof element.href === 'string') node.href = element.href;
    if (typeof element.description === 'string') node.description = element.description;
    if (element.default === true) node.default = true;
    if (kind === 'version' && context.versionTag !== undefined) node.versionTag = context.versionTag;
    return node;
  }

  private group(element: Element, pointer: string, parent: Context): GroupNode {
    const label = String(element.group ?? '');
    const context: Context = { ...parent, openapi: toSources(element.openapi as OpenApiReference | undefined, parent.openapi), breadcrumbs: [...parent.breadcrumbs, label], inGroup: true };
    const nested = parent.inGroup;
    const node: GroupNode = {
      ...this.base('group', label, pointer, element, parent),
      kind: 'group',
      openapi: context.openapi,
      expanded: nested ? element.expanded === true : true,
      collapsible: nested,
      drilldown: this.drilldown,
      children: this.children(element, pointer, context),
    };
    if (typeof element.tag === 'string') node.tag = element.tag;
    if (element.pages === undefined && element.openapi !== undefined) node.allOperations = true;
    if (typeof element.root === 'string') {
      const root = classifyEntry(element.root);
      if (root.kind === 'page') {
        node.root = root.path;
        this.roots.push({ root: root.path, pointer: joinPointer(pointer, 'root'), label });
      } else {
        this.report({ code: 'navigation/invalid-root', severity: 'error', message: `The root of group "${label}" must be a page path, not "${element.root}".`, pointer: joinPointer(pointer, 'root'), hint: 'Write the path of the page opened by clicking the group title, e.g. "guides/overview".' });
      }
    }
    return node;
  }

  /** A `pages` entry: a nested group, a page, an endpoint or a webhook. */
  private entry(item: unknown, pointer: string, context: Context): NavigationNode | undefined {
    if (isElement(item)) return this.group(item, pointer, context);
    if (typeof item !== 'string' || item.trim() === '') return undefined;
    const entry = classifyEntry(item);
    const inherited = { pointer, openapi: context.openapi, breadcrumbs: context.breadcrumbs, ...versionAndLanguage(context) };
    switch (entry.kind) {
      case 'endpoint': {
        if (entry.spec === undefined && context.openapi.length === 0) this.endpointWithoutOpenApi(item, pointer);
        const node = { ...inherited, kind: 'endpoint' as const, label: `${entry.method} ${entry.path}`, method: entry.method, path: entry.path };
        return entry.spec === undefined ? node : { ...node, spec: entry.spec };
      }
      case 'webhook': {
        if (entry.spec === undefined && context.openapi.length === 0) this.endpointWithoutOpenApi(item, pointer);
        const node = { ...inherited, kind: 'webhook' as const, label: entry.name, name: entry.name };
        return entry.spec === undefined ? node : { ...node, spec: entry.spec };
      }
      case 'unknown-method':
        this.report({
          code: 'navigation/unknown-method',
          severity: 'error',
          message: `"${item}" looks like an endpoint reference, but ${entry.method} is not an HTTP method.`,
          pointer,
          hint: entry.suggestions.length ? `Did you mean "${entry.suggestions[0]} ${entry.path}"?` : `Use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE.`,
          ...(entry.suggestions.length ? { suggestions: entry.suggestions.map((method) => `${method} ${entry.path}`) } : {}),
        });
        return undefined;
      case 'outside':
        this.report({ code: 'navigation/page-outside-root', severity: 'error', message: `The page "${item}" is outside the repository.`, pointer, hint: 'Page paths are relative to the folder of docs.json and cannot go above it with `..`.' });
        return undefined;
      case 'page':
        return this.page(entry.path, inherited, context);
    }
  }

  private page(path: string, inherited: Pick<PageNode, 'pointer' | 'openapi' | 'breadcrumbs' | 'version' | 'language'>, context: Context): PageNode {
    const frontmatter = this.options.frontmatter?.get(path);
    const node: PageNode = { ...inherited, kind: 'page', path, href: `/${path}`, label: frontmatter?.sidebarTitle ?? frontmatter?.title ?? lastSegment(path) };
    if (context.versionTag !== undefined) node.versionTag = context.versionTag;
    if (frontmatter) {
      if (frontmatter.title !== undefined) node.title = frontmatter.title;
      if (frontmatter.description !== undefined) node.description = frontmatter.description;
      if (frontmatter.icon !== undefined) node.icon = frontmatter.icon;
      if (frontmatter.tag !== undefined) node.tag = frontmatter.tag;
      if (frontmatter.deprecated !== undefined) node.deprecated = frontmatter.deprecated;
      if (frontmatter.hidden !== undefined) node.hidden = frontmatter.hidden;
      if (frontmatter.openapi !== undefined) node.frontmatterOpenApi = frontmatter.openapi;
      if (frontmatter.version !== undefined && node.version === undefined) node.version = frontmatter.version;
    }
    const seen = this.seenInSection.get(context.sectionPointer) ?? new Set<string>();
    this.seenInSection.set(context.sectionPointer, seen);
    if (seen.has(path)) {
      this.report({ code: 'navigation/duplicate-page', severity: 'warning', message: `The page "${path}" is listed twice in ${context.sectionName}.`, pointer: inherited.pointer, hint: 'A page appears once per section; remove one of the entries.' });
    }
    seen.add(path);
    this.occurrences.push({ node, section: context.section, sectionPointer: context.sectionPointer, sectionLabels: context.sectionLabels });
    return node;
  }

  private global(value: unknown, context: Context): LinkNode[] {
    if (!isElement(value)) return [];
    const links: LinkNode[] = [];
    for (const [list, kind, labelKey] of SECTION_LISTS) {
      const items = value[list];
      if (!Array.isArray(items)) continue;
      items.forEach((item: unknown, index) => {
        if (!isElement(item) || typeof item.href !== 'string') return;
        const pointer = joinPointer('/navigation/global', list, index);
        links.push({ ...this.base(kind, String(item[labelKey] ?? ''), pointer, item, context), kind: 'link', element: kind, href: item.href });
      });
    }
    return links;
  }

  private base(kind: SectionNode['kind'] | 'group', label: string, pointer: string, element: Element, parent: Context) {
    const base: { label: string; pointer: string; openapi: readonly OpenApiSource[]; breadcrumbs: readonly string[]; icon?: PageNode['icon']; hidden?: boolean; version?: string; versionTag?: string; language?: string } = {
      label,
      pointer,
      openapi: toSources(element.openapi as OpenApiReference | undefined, parent.openapi),
      breadcrumbs: parent.breadcrumbs,
      ...versionAndLanguage(parent),
    };
    if (kind === 'version') base.version = label;
    if (kind === 'language') base.language = label;
    if (element.icon !== undefined) base.icon = element.icon as PageNode['icon'];
    if (element.hidden === true) base.hidden = true;
    return base;
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
  private checkRoots(listed: ReadonlyMap<string, unknown>, files: ReadonlySet<string> | undefined): void {
    for (const { root, pointer, label } of this.roots) {
      if (listed.has(root) || files?.has(root)) continue;
      this.report({
        code: 'navigation/invalid-root',
        severity: 'error',
        message: `The root "${root}" of group "${label}" is not a page of the site${files ? ': no file has that path' : ' listed in the navigation'}.`,
        pointer,
        hint: 'Point `root` at an existing page, e.g. the first page of the group.',
      });
    }
  }

  private report(finding: Omit<Diagnostic, 'file'> & { file?: string }): void {
    const placed = this.options.locate?.(finding.pointer);
    const diagnostic: Diagnostic = { ...finding, file: finding.file ?? placed?.file ?? this.options.file ?? 'docs.json', pointer: placed?.pointer ?? finding.pointer };
    if (placed?.line !== undefined && finding.file === undefined) {
      diagnostic.line = placed.line;
      diagnostic.column = placed.column ?? 1;
    }
    this.diagnostics.push(diagnostic);
  }
}

/** The sources in effect: the element's own `openapi`, normalised, else the inherited ones. */
function toSources(reference: OpenApiReference | undefined, inherited: readonly OpenApiSource[] = []): readonly OpenApiSource[] {
  if (reference === undefined) return inherited;
  const entries = Array.isArray(reference) ? reference : [reference];
  return entries.map((entry) => (typeof entry === 'string' ? { source: entry, directory: DEFAULT_DIRECTORY } : { source: entry.source, directory: entry.directory ?? DEFAULT_DIRECTORY }));
}

function versionAndLanguage(context: Context): { version?: string; versionTag?: string; language?: string } {
  const result: { version?: string; versionTag?: string; language?: string } = {};
  if (context.version !== undefined) result.version = context.version;
  if (context.versionTag !== undefined) result.versionTag = context.versionTag;
  if (context.language !== undefined) result.language = context.language;
  return result;
}

function sectionField(kind: SectionKind): keyof PageSection {
  return kind === 'menu-item' ? 'menuItem' : kind;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function isElement(value: unknown): value is Element {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
