import type { CompiledLink, CompiledNode, CompiledSection, CompiledSite } from '../build/types.js';
import type { HttpMethod, PageSection } from '../navigation/types.js';

/** A section kind that chooses what the sidebar shows: languages, versions, tabs, ... */
export type SectionKind = Exclude<CompiledSection['kind'], 'root'>;

/** One choice of a selector or one tab: a section of the navigation (or a link elsewhere). */
export interface SectionOption {
  label: string;
  /** Where choosing it goes: the section's first page, or the link's URL. */
  href: string | undefined;
  /** The section the page is in. */
  active: boolean;
  /** A link out of the site (a tab or anchor with `href`). */
  external: boolean;
  icon?: CompiledSection['icon'];
  tag?: string;
  description?: string;
  /** A tab's `menu`: its items, drawn as the tab's dropdown (none chosen; the page's level of `menu-item` says which is). */
  menu?: SectionOption[];
}

/** The choices at one level of the navigation above the sidebar: its languages, versions, tabs, ... */
export interface SectionLevel {
  kind: SectionKind;
  options: SectionOption[];
}

/** What the shell draws around one page: the levels of sections above it, and its sidebar. */
export interface PageNavigation {
  /** From the top: languages, versions, products, tabs, menus, anchors, dropdowns, as the site nests them. */
  levels: SectionLevel[];
  /** The groups, pages and links of the section the page is in. */
  sidebar: CompiledNode[];
  /** docs.json's global anchors and tabs (links elsewhere), on every page. */
  global: CompiledLink[];
}

const SECTION_KINDS = new Set<CompiledNode['kind']>(['language', 'version', 'product', 'tab', 'menu-item', 'anchor', 'dropdown']);

/** Keys of `PageSection` by section kind (a language is named by its code). */
const SECTION_KEYS: Record<SectionKind, keyof PageSection> = {
  language: 'language',
  version: 'version',
  product: 'product',
  tab: 'tab',
  'menu-item': 'menuItem',
  anchor: 'anchor',
  dropdown: 'dropdown',
};

function isSection(node: CompiledNode): node is CompiledSection {
  return SECTION_KINDS.has(node.kind);
}

/**
 * The navigation around a page in section `section` (`CompiledPage.section`): walking down from
 * the root, at each level of sections the one the page is in (else the default, else the first)
 * is chosen, and the others are offered as options; the sidebar is what the chosen section holds
 * below its sections. A page in no section (an unlisted one) gets the navigation of the first.
 * `elsewhere` gives the pages whose frontmatter `url` sends the reader to another address: their
 * entries are links there, as on the platform; `operations` the pages that document an operation
 * (`openapi:` frontmatter): their entries show its method, as on the platform.
 */
export function pageNavigation(
  site: Pick<CompiledSite, 'navigation'>,
  section: PageSection,
  elsewhere: ReadonlyMap<string, string> = new Map(),
  operations: ReadonlyMap<string, PageOperation> = new Map(),
): PageNavigation {
  const levels: SectionLevel[] = [];
  const root = site.navigation.root;
  if (root.kind !== 'root' && !isSection(root)) return { levels, sidebar: [root], global: site.navigation.global.filter((link) => !link.hidden) };
  let node: CompiledSection = root as CompiledSection;
  for (;;) {
    const visible = node.children.filter((child) => !child.hidden);
    const sections: CompiledSection[] = visible.filter(isSection);
    if (sections.length === 0) break;
    const kind = (sections[0] as CompiledSection).kind as SectionKind;
    const key = SECTION_KEYS[kind];
    const wanted = section[key];
    const chosen =
      sections.find((candidate) => candidate.kind === kind && wanted !== undefined && (candidate.language ?? candidate.label) === wanted) ??
      sections.find((candidate) => candidate.kind === kind && wanted !== undefined && candidate.label === wanted) ??
      sections.find((candidate) => candidate.default) ??
      (sections[0] as CompiledSection);
    const options: SectionOption[] = [];
    for (const child of visible) {
      if (isSection(child)) options.push(sectionOption(child, child === chosen));
      else if (child.kind === 'link')
        options.push({
          label: child.label,
          href: child.href,
          active: false,
          external: true,
          ...(child.icon ? { icon: child.icon } : {}),
          ...(child.description ? { description: child.description } : {}),
        });
    }
    levels.push({ kind, options });
    node = chosen;
  }
  const sidebar = node.children.filter((child) => !child.hidden && !isSection(child));
  return {
    levels,
    sidebar: elsewhere.size > 0 || operations.size > 0 ? pagesAsDrawn(sidebar, elsewhere, operations) : sidebar,
    global: site.navigation.global.filter((link) => !link.hidden),
  };
}

/** The operation an MDX page documents (`openapi:` frontmatter): its entry in the sidebar shows the method, as a generated endpoint page's does. */
export interface PageOperation {
  kind: 'endpoint' | 'webhook';
  method?: HttpMethod;
  /** The path template, or the webhook's name. */
  path: string;
}

/**
 * `nodes` with each page that `elsewhere` names as a link to its address (its label and icon
 * kept), and each page that documents an operation as an endpoint entry (its method's badge).
 */
function pagesAsDrawn(nodes: readonly CompiledNode[], elsewhere: ReadonlyMap<string, string>, operations: ReadonlyMap<string, PageOperation>): CompiledNode[] {
  return nodes.map((node): CompiledNode => {
    if (node.kind === 'page') {
      const url = elsewhere.get(node.href);
      if (url !== undefined) return { kind: 'link', label: node.label, href: url, ...(node.icon ? { icon: node.icon } : {}) };
      const operation = operations.get(node.href);
      if (operation === undefined) return node;
      return {
        kind: operation.kind,
        label: node.label,
        href: node.href,
        path: operation.path,
        ...(operation.method ? { method: operation.method } : {}),
        ...(node.deprecated ? { deprecated: node.deprecated } : {}),
        ...(node.hidden ? { hidden: node.hidden } : {}),
      };
    }
    if (node.kind === 'group') return { ...node, children: pagesAsDrawn(node.children, elsewhere, operations) };
    return node;
  });
}

function sectionOption(section: CompiledSection, active: boolean): SectionOption {
  const menu =
    section.kind === 'tab'
      ? section.children.filter((child): child is CompiledSection => child.kind === 'menu-item' && !child.hidden).map((item) => sectionOption(item, false))
      : [];
  return {
    label: section.label,
    href: firstHref(section),
    active,
    external: false,
    ...(section.icon ? { icon: section.icon } : {}),
    ...(section.tag ? { tag: section.tag } : {}),
    ...(section.description ? { description: section.description } : {}),
    ...(menu.length > 0 ? { menu } : {}),
  };
}

/** The first page a node leads to, depth first: a group's root, a page, an endpoint. */
export function firstHref(node: CompiledNode): string | undefined {
  switch (node.kind) {
    case 'page':
      return node.hidden ? undefined : node.href;
    case 'endpoint':
    case 'webhook':
      return node.hidden ? undefined : node.href;
    case 'link':
      return undefined;
    case 'group':
      if (node.hidden) return undefined;
      if (node.root) return node.root;
      return firstOf(node.children);
    default:
      return node.hidden ? undefined : firstOf(node.children);
  }
}

function firstOf(children: readonly CompiledNode[]): string | undefined {
  for (const child of children) {
    const href = firstHref(child);
    if (href !== undefined) return href;
  }
  return undefined;
}

/** Whether `node` is, or holds, the page at `href`: a group holding the current page starts open. */
export function holdsPage(node: CompiledNode, href: string): boolean {
  if (node.kind === 'page' || node.kind === 'endpoint' || node.kind === 'webhook') return node.href === href;
  if (node.kind === 'group' && node.root === href) return true;
  return 'children' in node && node.children.some((child) => holdsPage(child, href));
}
