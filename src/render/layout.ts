import { createElement as h, Fragment, type ReactNode } from 'react';
import type { CompiledGroup, CompiledHeading, CompiledNode } from '../build/types.js';
import type { DocsConfig } from '../config/schemas/docs-config.js';
import type { Icon } from '../config/schemas/common.js';
import { firstHref, holdsPage, type PageNavigation, type SectionLevel, type SectionOption } from './site-navigation.js';
import { isExternal, linkProps, methodBadge, siteIcon, tagBadge, uiIcon, type IconRenderer } from './layout-parts.js';
import { sideColumn, sideColumnContent, SideColumnScope, type SideColumn } from './side-column.js';
import { bannerKey } from './site-settings.js';
import { languageName } from './language-names.js';

/** The settings of docs.json the shell reads. */
export type ShellSettings = Pick<DocsConfig, 'name' | 'logo' | 'navbar' | 'footer' | 'appearance' | 'styling'> & Partial<Pick<DocsConfig, 'banner'>>;

/** A page as the shell draws it around its content. */
export interface ShellPage {
  /** URL path (`/guides/setup`); the link to it in the sidebar is marked current. */
  href: string;
  title: string;
  description?: string;
  icon?: Icon;
  /** Labels of the sections and groups above the page (`CompiledPage.breadcrumbs`). */
  breadcrumbs: readonly string[];
  previous?: { href: string; title: string };
  next?: { href: string; title: string };
  /** The table of contents: headings with an id, not left out of it (`toc: false`), depth 2 to 4. */
  headings: readonly CompiledHeading[];
  /** Frontmatter `mode`: `wide` has no table of contents, `custom` and `center` no sidebar either. */
  mode?: string;
}

/** What {@link SiteShell} is given. */
export interface SiteShellProps {
  settings: ShellSettings;
  navigation: PageNavigation;
  page: ShellPage;
  /** The page's body, already drawn (its content, an endpoint reference, an error). */
  children?: ReactNode;
  /** Draws the icons of docs.json and frontmatter; without it none are drawn. */
  renderIcon?: IconRenderer;
  /** Draws text written in MDX (the banner's); without it the text is drawn as it is. */
  markdown?: (text: string) => ReactNode;
  /**
   * The sidebar's groups and pages already drawn for this page (`nav.nav-tree`, see
   * `createSectionSidebars`: the pages of a section share them); else drawn from `navigation.sidebar`.
   */
  sidebar?: ReactNode;
}

/**
 * The page shell, drawn on the server: the header (logo, site name, navbar links and button,
 * language selector, theme toggle, the menu button of phones), the tabs, the sidebar of the
 * page's section (selectors, anchors, groups), the page (eyebrow, title, description, content,
 * previous and next, footer) and the table of contents.
 */
export function SiteShell({ settings, navigation, page, children, renderIcon, markdown, sidebar }: SiteShellProps): ReactNode {
  const tabs = navigation.levels.find((level) => level.kind === 'tab');
  const languages = navigation.levels.find((level) => level.kind === 'language');
  const menu = navigation.levels.find((level) => level.kind === 'menu-item');
  // A tab's menu is its dropdown in the tabs bar, as on the platform; without a tabs bar, a selector in the sidebar.
  const sidebarLevels = navigation.levels.filter((level) => level.kind !== 'tab' && level.kind !== 'language' && !(tabs && level.kind === 'menu-item'));
  const wide = page.mode === 'wide' || page.mode === 'custom' || page.mode === 'center';
  const noSidebar = page.mode === 'custom' || page.mode === 'center';
  const toc = wide ? [] : tocHeadings(page.headings);
  // The right column: the page's panel or examples, registered while its content renders, else the table of contents.
  const column = wide ? 'none' : sideColumn();
  return h(
    Fragment,
    null,
    h('a', { className: 'skip-link', href: '#content' }, 'Skip to content'),
    settings.banner ? siteBanner(settings.banner, markdown) : null,
    h(
      'header',
      { className: 'site-header' },
      h(
        'div',
        { className: 'header-bar' },
        noSidebar
          ? null
          : h(
              'button',
              {
                type: 'button',
                className: 'icon-button menu-button',
                'data-menu-button': '',
                'aria-label': 'Open navigation',
                'aria-controls': 'sidebar',
                'aria-expanded': 'false',
              },
              uiIcon('menu'),
            ),
        logo(settings),
        h(
          'button',
          { type: 'button', className: 'search-button', 'data-quire-search-open': '', 'aria-label': 'Search (Ctrl K)' },
          h('span', null, 'Search…'),
          h('kbd', null, 'Ctrl K'),
        ),
        h('div', { className: 'header-spacer' }),
        navbarLinks(settings, renderIcon),
        languages ? selector(languages, renderIcon, 'header-selector') : null,
        settings.appearance?.strict
          ? null
          : h(
              'button',
              { type: 'button', className: 'icon-button theme-toggle', 'data-theme-toggle': '', 'aria-label': 'Toggle dark mode' },
              uiIcon('sun'),
              uiIcon('moon'),
            ),
        navbarPrimary(settings),
      ),
      tabs ? tabsBar(tabs, menu, renderIcon) : null,
    ),
    h(
      'div',
      { className: 'site-body' },
      noSidebar
        ? null
        : h(
            'aside',
            { id: 'sidebar', className: 'sidebar', 'aria-label': 'Navigation' },
            sidebarLevels.map((level) =>
              level.kind === 'anchor' ? anchorList(level.options, renderIcon, level.kind) : selector(level, renderIcon, undefined),
            ),
            navigation.global.length > 0
              ? anchorList(
                  navigation.global.map((link) => ({
                    label: link.label,
                    href: link.href,
                    active: false,
                    external: true,
                    ...(link.icon ? { icon: link.icon } : {}),
                  })),
                  renderIcon,
                  'global',
                )
              : null,
            sidebar ?? h('nav', { className: 'nav-tree', 'aria-label': 'Pages' }, sidebarNodes(navigation.sidebar, page.href, renderIcon, 0)),
            // The header's links and button, which a phone's header has no room for.
            settings.navbar?.links?.length || settings.navbar?.primary
              ? h('div', { className: 'sidebar-navbar' }, navbarLinks(settings, renderIcon), navbarPrimary(settings))
              : null,
          ),
      noSidebar ? null : h('div', { className: 'sidebar-backdrop', 'data-menu-backdrop': '' }),
      h(
        'main',
        { id: 'content', className: 'page' },
        h(
          'div',
          { className: 'page-inner' },
          h(
            'header',
            { className: 'page-header' },
            eyebrow(settings, page),
            h('h1', { className: 'page-title' }, siteIcon(page.icon, renderIcon), page.title),
            page.description ? h('p', { className: 'page-description' }, page.description) : null,
          ),
          h(SideColumnScope, { column }, children),
          pager(page),
          footer(settings, renderIcon),
        ),
      ),
      column === 'none' ? null : h(RightColumn, { column, toc }),
    ),
  );
}

/**
 * The column right of the page, drawn after it (so that its content has registered its parts):
 * the page's panel or its request and response examples (`side-column`, from 1280 px wide; the
 * parts show in the flow below that), else the table of contents.
 */
function RightColumn({ column, toc }: { column: SideColumn; toc: readonly CompiledHeading[] }): ReactNode {
  const { panel, parts } = sideColumnContent(column);
  if (parts.length === 0) return toc.length > 0 ? tableOfContents(toc) : null;
  return h(
    'aside',
    { className: 'side-column', 'aria-label': panel ? 'Panel' : 'Examples', 'data-panel': panel ? '' : undefined },
    parts.map((part, index) => h(Fragment, { key: index }, part)),
  );
}

/**
 * docs.json's `banner` (or the page's language's) across the top: its MDX text, coloured by
 * `type` (`info` in the brand colour, `warning`, `critical`) or `color`. A dismissible one has a
 * close button; once closed (kept in `localStorage` under its text's key) the head's script hides
 * it before the page is drawn, until its text changes.
 */
function siteBanner(banner: NonNullable<ShellSettings['banner']>, markdown: ((text: string) => ReactNode) | undefined): ReactNode {
  const key = bannerKey(banner.content);
  const style: Record<string, string> = {};
  if (banner.color?.light) style['--banner-light'] = banner.color.light;
  if (banner.color?.dark) style['--banner-dark'] = banner.color.dark;
  return h(
    'div',
    {
      className: `site-banner banner-${banner.type ?? 'info'}${banner.color ? ' banner-colored' : ''}`,
      role: 'region',
      'aria-label': 'Announcement',
      'data-banner': key,
      style: Object.keys(style).length > 0 ? style : undefined,
    },
    h('div', { className: 'banner-content' }, markdown ? markdown(banner.content) : banner.content),
    banner.dismissible ? h('button', { type: 'button', className: 'banner-close', 'data-banner-close': key, 'aria-label': 'Dismiss' }, uiIcon('close')) : null,
    // Hidden at once when the reader closed it before: no flash of the banner on each page.
    banner.dismissible ? h('script', { dangerouslySetInnerHTML: { __html: BANNER_SCRIPT } }) : null,
  );
}

const BANNER_SCRIPT =
  "try{var b=document.currentScript.parentNode;if(localStorage.getItem('quire-banner-closed')===b.getAttribute('data-banner'))b.hidden=true}catch(e){}";

function logo(settings: ShellSettings): ReactNode {
  const value = settings.logo;
  const light = typeof value === 'string' ? value : value?.light;
  const dark = typeof value === 'string' ? undefined : value?.dark;
  const href = (typeof value === 'object' ? value.href : undefined) ?? '/';
  const images = [
    light ? h('img', { key: 'light', className: `logo-light${dark ? ' has-dark' : ''}`, src: assetUrl(light), alt: settings.name }) : null,
    dark ? h('img', { key: 'dark', className: 'logo-dark', src: assetUrl(dark), alt: settings.name }) : null,
  ];
  return h(
    'a',
    { className: 'site-logo', ...linkProps(href) },
    images,
    // The name beside a logo is for screen readers and small logos; a phone hides it.
    light ? null : h('span', { className: 'site-name' }, settings.name),
  );
}

/** A file of the site named in docs.json (`logo/dark.svg` or `/logo/dark.svg`), or a URL. */
export function assetUrl(value: string): string {
  return isExternal(value) || value.startsWith('/') ? value : `/${value}`;
}

function navbarLinks(settings: ShellSettings, renderIcon: IconRenderer | undefined): ReactNode {
  const links = settings.navbar?.links ?? [];
  if (links.length === 0) return null;
  return h(
    'nav',
    { className: 'navbar-links', 'aria-label': 'Links' },
    links.map((link, index) =>
      h(
        'a',
        { key: index, ...linkProps(link.href) },
        siteIcon(link.icon, renderIcon),
        link.label ?? (link.type === 'github' ? 'GitHub' : link.type === 'discord' ? 'Discord' : link.href),
      ),
    ),
  );
}

function navbarPrimary(settings: ShellSettings): ReactNode {
  const primary = settings.navbar?.primary;
  if (!primary) return null;
  const label = primary.label ?? (primary.type === 'github' ? 'GitHub' : primary.type === 'discord' ? 'Discord' : primary.href);
  return h('a', { className: 'navbar-primary', ...linkProps(primary.href) }, label);
}

function tabsBar(level: SectionLevel, menu: SectionLevel | undefined, renderIcon: IconRenderer | undefined): ReactNode {
  return h(
    'nav',
    { className: 'tabs-bar', 'aria-label': 'Tabs' },
    level.options.map((option, index) =>
      option.menu
        ? tabMenu(option, option.active && menu ? menu.options : option.menu, renderIcon, index)
        : option.href === undefined
          ? null
          : h(
              'a',
              { key: index, className: option.active ? 'active' : undefined, 'aria-current': option.active ? 'page' : undefined, ...linkProps(option.href) },
              siteIcon(option.icon, renderIcon),
              option.label,
              option.external ? uiIcon('external', 'external-mark') : null,
            ),
    ),
  );
}

/** A tab with a `menu`: a disclosure in the tabs bar listing its items (icon, label, description), each leading to its first page. */
function tabMenu(tab: SectionOption, items: readonly SectionOption[], renderIcon: IconRenderer | undefined, key: number): ReactNode {
  return h(
    'details',
    { key, className: `tab-menu${tab.active ? ' active' : ''}`, 'data-tab-menu': '' },
    h('summary', { 'aria-current': tab.active ? 'page' : undefined }, siteIcon(tab.icon, renderIcon), tab.label, uiIcon('chevron', 'chevron')),
    h(
      'div',
      { className: 'tab-menu-list', role: 'list' },
      items.map((item, index) =>
        item.href === undefined
          ? null
          : h(
              'a',
              { key: index, role: 'listitem', className: item.active ? 'active' : undefined, ...linkProps(item.href) },
              siteIcon(item.icon, renderIcon),
              h('span', null, item.label, item.description ? h('span', { className: 'option-description' }, item.description) : null),
            ),
      ),
    ),
  );
}

const KIND_LABELS: Record<string, string> = {
  language: 'Language',
  version: 'Version',
  product: 'Product',
  dropdown: 'Section',
  'menu-item': 'Menu',
};

/**
 * A choice among sections (versions, languages, products, dropdowns, menu items): a disclosure
 * listing each as a link to its first page, so it works without the script; the script closes it
 * on a click elsewhere.
 */
function selector(level: SectionLevel, renderIcon: IconRenderer | undefined, className: string | undefined): ReactNode {
  const active = level.options.find((option) => option.active) ?? level.options[0];
  // A language is shown by its name in that language (`Français`), its code kept for the browser.
  const languages = level.kind === 'language';
  const labelOf = (option: SectionOption | undefined) => (option && languages ? languageName(option.label) : option?.label);
  const languageProps = (option: SectionOption) => (languages && !option.external ? { lang: option.label, hrefLang: option.label } : {});
  return h(
    'details',
    { key: level.kind, className: `selector${className ? ` ${className}` : ''}`, 'data-selector': level.kind },
    h(
      'summary',
      { 'aria-label': `${KIND_LABELS[level.kind] ?? level.kind}: ${labelOf(active) ?? ''}` },
      siteIcon(active?.icon, renderIcon),
      h('span', null, labelOf(active)),
      tagBadge(active?.tag),
      uiIcon('chevron', 'chevron'),
    ),
    h(
      'div',
      { className: 'selector-menu', role: 'list' },
      level.options.map((option, index) =>
        option.href === undefined
          ? null
          : h(
              'a',
              { key: index, role: 'listitem', className: option.active ? 'active' : undefined, ...linkProps(option.href), ...languageProps(option) },
              siteIcon(option.icon, renderIcon),
              h('span', null, labelOf(option), option.description ? h('span', { className: 'option-description' }, option.description) : null),
              tagBadge(option.tag),
            ),
      ),
    ),
  );
}

function anchorList(options: readonly SectionOption[], renderIcon: IconRenderer | undefined, key: string): ReactNode {
  return h(
    'nav',
    { key, className: 'nav-anchors', 'aria-label': key === 'global' ? 'Links' : 'Sections' },
    options.map((option, index) =>
      option.href === undefined
        ? null
        : h(
            'a',
            { key: index, className: option.active ? 'active' : undefined, ...linkProps(option.href) },
            siteIcon(option.icon, renderIcon) ?? h('span', { className: 'icon' }, uiIcon(option.external ? 'external' : 'right')),
            option.label,
          ),
    ),
  );
}

/** The sidebar's groups, pages and links; nested groups fold (`<details>`), open when `expanded` or holding the page. */
function sidebarNodes(nodes: readonly CompiledNode[], current: string, renderIcon: IconRenderer | undefined, depth: number): ReactNode {
  if (depth === 0) return sidebarBlocks(nodes).map((block, index) => sidebarBlock(block, current, renderIcon, index));
  return nodes.filter((node) => !node.hidden).map((node, index) => sidebarItem(node, current, renderIcon, depth, index));
}

/** One block of the sidebar's top level: a group with its title (`group`), or the pages and links between groups (`loose`). */
export type SidebarBlock = { kind: 'group'; group: CompiledGroup } | { kind: 'loose'; nodes: CompiledNode[] };

/** The blocks of a sidebar's top level, in order: each group that does not fold is a block, the entries between groups share one. */
export function sidebarBlocks(nodes: readonly CompiledNode[]): SidebarBlock[] {
  const blocks: SidebarBlock[] = [];
  let loose: CompiledNode[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    if (node.kind === 'group' && !node.collapsible) {
      if (loose.length > 0) blocks.push({ kind: 'loose', nodes: loose });
      loose = [];
      blocks.push({ kind: 'group', group: node });
    } else loose.push(node);
  }
  if (loose.length > 0) blocks.push({ kind: 'loose', nodes: loose });
  return blocks;
}

/** A block of the sidebar's top level, the page at `current` marked in it; `index` is its place among the blocks. */
export function sidebarBlock(block: SidebarBlock, current: string, renderIcon: IconRenderer | undefined, index: number): ReactNode {
  if (block.kind === 'loose')
    return h(
      'ul',
      { key: `loose-${index}`, className: 'nav-group' },
      block.nodes.map((node, position) => sidebarItem(node, current, renderIcon, 0, position)),
    );
  const node = block.group;
  return h(
    'div',
    { key: `group-${index}`, className: 'nav-group' },
    h(
      'p',
      { className: 'nav-group-title' },
      siteIcon(node.icon, renderIcon),
      node.root ? h('a', { href: node.root, className: node.root === current ? 'active' : undefined }, node.label) : node.label,
      tagBadge(node.tag),
    ),
    h(
      'ul',
      null,
      node.children.filter((child) => !child.hidden).map((child, position) => sidebarItem(child, current, renderIcon, 1, position)),
    ),
  );
}

function sidebarItem(node: CompiledNode, current: string, renderIcon: IconRenderer | undefined, depth: number, key: number): ReactNode {
  switch (node.kind) {
    case 'page':
      return h(
        'li',
        { key },
        h(
          'a',
          { className: navLinkClass(node.href === current, node.deprecated), href: node.href, 'aria-current': node.href === current ? 'page' : undefined },
          siteIcon(node.icon, renderIcon),
          h('span', { className: 'label' }, node.label),
          tagBadge(node.tag),
        ),
      );
    case 'endpoint':
    case 'webhook':
      if (node.href === undefined) return null;
      return h(
        'li',
        { key },
        h(
          'a',
          { className: navLinkClass(node.href === current, node.deprecated), href: node.href, 'aria-current': node.href === current ? 'page' : undefined },
          methodBadge(node.method, node.kind),
          h('span', { className: 'label' }, node.label),
        ),
      );
    case 'link':
      return h(
        'li',
        { key },
        h(
          'a',
          { className: 'nav-link', ...linkProps(node.href) },
          siteIcon(node.icon, renderIcon),
          h('span', { className: 'label' }, node.label),
          isExternal(node.href) ? uiIcon('external', 'external-mark') : null,
        ),
      );
    case 'group': {
      const open = node.expanded || holdsPage(node, current);
      // The title leads to the group's root page; with `interaction.drilldown`, to its first page.
      const target = node.root ?? (node.drilldown ? firstHref(node) : undefined);
      return h(
        'li',
        { key },
        h(
          'details',
          { className: 'nav-nested', open: open || undefined },
          h(
            'summary',
            { className: navLinkClass(node.root === current, undefined) },
            siteIcon(node.icon, renderIcon),
            h('span', { className: 'label' }, target !== undefined ? h('a', { href: target, className: 'group-root' }, node.label) : node.label),
            tagBadge(node.tag),
            uiIcon('chevron', 'chevron'),
          ),
          h('ul', { className: 'nav-sub' }, sidebarNodes(node.children, current, renderIcon, depth + 1)),
        ),
      );
    }
    default:
      return null;
  }
}

function navLinkClass(active: boolean, deprecated: true | undefined): string {
  return `nav-link${active ? ' active' : ''}${deprecated ? ' deprecated' : ''}`;
}

/** The line above the title: the page's group (`section`, the default), or every label above it (`breadcrumbs`). */
function eyebrow(settings: ShellSettings, page: ShellPage): ReactNode {
  const crumbs = page.breadcrumbs;
  if (crumbs.length === 0) return null;
  const shown = settings.styling?.eyebrows === 'breadcrumbs' ? crumbs : crumbs.slice(-1);
  return h(
    'p',
    { className: 'eyebrow' },
    shown.map((label, index) => h('span', { key: index }, label)),
  );
}

/** The headings the table of contents lists: with an id, not left out, depth 2 to 4. */
export function tocHeadings(headings: readonly CompiledHeading[]): CompiledHeading[] {
  return headings.filter((heading) => heading.id !== undefined && heading.toc !== false && heading.depth >= 2 && heading.depth <= 4);
}

function tableOfContents(headings: readonly CompiledHeading[]): ReactNode {
  return h(
    'aside',
    { className: 'toc', 'aria-label': 'On this page' },
    h('p', { className: 'toc-title' }, uiIcon('list', 'ui-icon'), 'On this page'),
    h(
      'ul',
      null,
      headings.map((heading, index) => h('li', { key: index, className: `depth-${heading.depth}` }, h('a', { href: `#${heading.id}` }, heading.text))),
    ),
  );
}

function pager(page: ShellPage): ReactNode {
  if (!page.previous && !page.next) return null;
  return h(
    'nav',
    { className: 'pager', 'aria-label': 'Previous and next' },
    page.previous
      ? h('a', { className: 'pager-previous', href: page.previous.href, rel: 'prev' }, h('span', { className: 'pager-kind' }, 'Previous'), page.previous.title)
      : null,
    page.next ? h('a', { className: 'pager-next', href: page.next.href, rel: 'next' }, h('span', { className: 'pager-kind' }, 'Next'), page.next.title) : null,
  );
}

const SOCIAL_NAMES: Record<string, string> = {
  x: 'X',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  discord: 'Discord',
  slack: 'Slack',
  facebook: 'Facebook',
  instagram: 'Instagram',
  'hacker-news': 'Hacker News',
  medium: 'Medium',
  telegram: 'Telegram',
  twitter: 'Twitter',
  'x-twitter': 'X',
  bluesky: 'Bluesky',
  threads: 'Threads',
  reddit: 'Reddit',
  podcast: 'Podcast',
  website: 'Website',
};

function footer(settings: ShellSettings, renderIcon: IconRenderer | undefined): ReactNode {
  const socials = Object.entries(settings.footer?.socials ?? {});
  const columns = settings.footer?.links ?? [];
  return h(
    'footer',
    { className: 'site-footer' },
    columns.length > 0
      ? h(
          'div',
          { className: 'footer-columns' },
          columns.map((column, index) =>
            h(
              'div',
              { key: index },
              column.header ? h('h3', null, column.header) : null,
              h(
                'ul',
                null,
                column.items.map((item, itemIndex) => h('li', { key: itemIndex }, h('a', linkProps(item.href), item.label))),
              ),
            ),
          ),
        )
      : null,
    h(
      'div',
      { className: 'footer-bottom' },
      socials.length > 0
        ? h(
            'nav',
            { className: 'socials', 'aria-label': 'Social' },
            socials.map(([network, href]) =>
              h(
                'a',
                { key: network, ...linkProps(href), 'aria-label': SOCIAL_NAMES[network] ?? network },
                siteIcon(network === 'x' ? 'x-twitter' : network, renderIcon),
                SOCIAL_NAMES[network] ?? network,
              ),
            ),
          )
        : null,
      h('span', { className: 'footer-name' }, settings.name),
    ),
  );
}
