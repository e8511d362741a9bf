import type { CompiledLink, CompiledNode, CompiledSection, CompiledSite } from '../build/types.js';
import type { PageSection } from '../navigation/types.js';

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
 * entries are links there, as on the platform.
 */
export function pageNavigation(
  site: Pick<CompiledSite, 'navigation'>,
  section: PageSection,
  elsewhere: ReadonlyMap<string, string> = new Map(),
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
        options.push({ label: child.label, href: child.href, active: false, external: true, ...(child.icon ? { icon: child.icon } : {}) });
    }
    levels.push({ kind, options });
    node = chosen;
  }
  const sidebar = node.children.filter((child) => !child.hidden && !isSection(child));
  return { levels, sidebar: elsewhere.size > 0 ? linksElsewhere(sidebar, elsewhere) : sidebar, global: site.navigation.global.filter((link) => !link.hidden) };
}

/** `nodes` with each page that `elsewhere` names as a link to its address (its label and icon kept). */
function linksElsewhere(nodes: readonly CompiledNode[], elsewhere: ReadonlyMap<string, string>): CompiledNode[] {
  return nodes.map((node): CompiledNode => {
    if (node.kind === 'page') {
      const url = elsewhere.get(node.href);
      return url === undefined ? node : { kind: 'link', label: node.label, href: url, ...(node.icon ? { icon: node.icon } : {}) };
    }
    if (node.kind === 'group') return { ...node, children: linksElsewhere(node.children, elsewhere) };
    return node;
  });
}

function sectionOption(section: CompiledSection, active: boolean): SectionOption {
  return {
    label: section.label,
    href: firstHref(section),
    active,
    external: false,
    ...(section.icon ? { icon: section.icon } : {}),
    ...(section.tag ? { tag: section.tag } : {}),
    ...(section.description ? { description: section.description } : {}),
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
