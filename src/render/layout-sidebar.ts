import { createElement as h, Fragment, type ReactNode } from 'react';
import { append } from '../util/arrays.js';
import { renderToString } from 'react-dom/server';
import type { CompiledNode, CompiledSite } from '../build/types.js';
import type { PageSection } from '../navigation/types.js';
import { bannerKey } from './site-settings.js';
import { sidebarBlock, sidebarBlocks, type SidebarBlock } from './layout.js';
import type { IconRenderer } from './layout-parts.js';
import { pageNavigation, type PageNavigation, type PageOperation } from './site-navigation.js';

/**
 * The sidebar's groups and pages as one page draws them: the inner HTML of its `nav.nav-tree`,
 * and, for a section whose sidebar is shared, the script that draws the rest.
 */
export interface SidebarMarkup {
  /** Every block of the sidebar's top level, the page marked in its own; or, with `script`, only the blocks that hold the page. */
  html: string;
  /**
   * The section's shared sidebar (a file of the site, `src` from its root): run where it stands,
   * it draws the blocks that `html` leaves out around those it holds (`blocks`, their places).
   */
  script?: { src: string; blocks: readonly number[] };
}

/** The sidebar drawn from its markup: the `nav.nav-tree`, followed by the shared script when there is one. */
export function sidebarDrawn(markup: SidebarMarkup): ReactNode {
  const nav = h('nav', { className: 'nav-tree', 'aria-label': 'Pages', dangerouslySetInnerHTML: { __html: markup.html } });
  if (!markup.script) return nav;
  return h(
    Fragment,
    null,
    nav,
    // Not deferred: the blocks are drawn before the rest of the page, so the sidebar never jumps.
    h('script', { src: markup.script.src, 'data-blocks': markup.script.blocks.length > 0 ? markup.script.blocks.join(' ') : undefined }),
  );
}

/** What {@link createSectionSidebars} is given. */
export interface SectionSidebarsOptions {
  site: Pick<CompiledSite, 'navigation'>;
  /** Pages whose frontmatter `url` sends the reader elsewhere (see `pageNavigation`). */
  elsewhere?: ReadonlyMap<string, string>;
  /** The MDX pages with `openapi:` frontmatter, whose entries show the method (see `pageNavigation`). */
  operations?: ReadonlyMap<string, PageOperation>;
  renderIcon?: IconRenderer;
  /**
   * A sidebar whose HTML is longer than this (in characters) is shared: written once as a script
   * of the site that its pages load, each page keeping only its own blocks. `Infinity` keeps every
   * sidebar whole in its pages.
   */
  sharedOver: number;
  /** The folder of the shared scripts in the site (`_quire/nav`). */
  folder: string;
}

/** The navigation and sidebar of each section, drawn once and given to each of its pages (see {@link createSectionSidebars}). */
export interface SectionSidebars {
  /** The navigation around a page of `section` (`pageNavigation`), the same object for every page of it. */
  navigation(section: PageSection): PageNavigation;
  /** The sidebar of a page of `section` at `href`. Draw icons (`prepareIcons`) before the first call. */
  sidebar(section: PageSection, href: string): SidebarMarkup;
  /** The shared scripts of the sections of `sections`, by path in the site (`_quire/nav/<hash>.js`). */
  files(sections: Iterable<PageSection>): Map<string, string>;
}

interface Section {
  navigation: PageNavigation;
  /** Set at the first sidebar asked for. */
  drawn?: DrawnSidebar;
}

interface DrawnSidebar {
  blocks: SidebarBlock[];
  /** Each block's HTML with no page marked. */
  html: string[];
  /** The blocks that hold each page (or group root), by URL path. */
  holding: Map<string, number[]>;
  /** The shared script, when the sidebar is over `sharedOver`. */
  shared?: { path: string; content: string };
}

/**
 * The sidebar of every page of a section lists the same entries; only the page marked current and
 * the groups open around it differ. Each section's sidebar is drawn once, a block of its top level
 * at a time (a group with its title, or the entries between groups), and each page gets those
 * blocks with its own drawn again, marked. A large sidebar (the generated 25,000-page site has
 * 5,000 entries a section: 700 KB of every page) is shared instead: the pages keep their own
 * blocks (what a reader without scripts sees: the page's group, open at the page), and a script
 * of the section, loaded once by the browser, draws the other blocks around them.
 */
export function createSectionSidebars(options: SectionSidebarsOptions): SectionSidebars {
  const sections = new Map<string, Section>();
  const sectionOf = (section: PageSection): Section => {
    const key = sectionKey(section);
    let found = sections.get(key);
    if (!found) sections.set(key, (found = { navigation: pageNavigation(options.site, section, options.elsewhere, options.operations) }));
    return found;
  };
  const drawnOf = (section: Section): DrawnSidebar => {
    section.drawn ??= drawSidebar(section.navigation.sidebar, options);
    return section.drawn;
  };
  return {
    navigation: (section) => sectionOf(section).navigation,
    sidebar(section, href) {
      const drawn = drawnOf(sectionOf(section));
      const holding = drawn.holding.get(href) ?? [];
      const marked = (index: number) => renderToString(sidebarBlock(drawn.blocks[index] as SidebarBlock, href, options.renderIcon, index));
      if (drawn.shared) return { html: holding.map(marked).join(''), script: { src: `/${drawn.shared.path}`, blocks: holding } };
      return { html: drawn.html.map((html, index) => (holding.includes(index) ? marked(index) : html)).join('') };
    },
    files(pageSections) {
      const files = new Map<string, string>();
      for (const section of pageSections) {
        const shared = drawnOf(sectionOf(section)).shared;
        if (shared) files.set(shared.path, shared.content);
      }
      return files;
    },
  };
}

function drawSidebar(nodes: readonly CompiledNode[], options: SectionSidebarsOptions): DrawnSidebar {
  const blocks = sidebarBlocks(nodes);
  const html = blocks.map((block, index) => renderToString(sidebarBlock(block, '', options.renderIcon, index)));
  const holding = new Map<string, number[]>();
  const hold = (href: string, index: number) => {
    const list = holding.get(href);
    if (!list) holding.set(href, [index]);
    else if (list[list.length - 1] !== index) list.push(index);
  };
  blocks.forEach((block, index) => {
    for (const node of block.kind === 'group' ? [block.group] : block.nodes) for (const href of heldHrefs(node)) hold(href, index);
  });
  let length = 0;
  for (const part of html) length += part.length;
  if (length <= options.sharedOver || blocks.length < 2) return { blocks, html, holding };
  const content = sharedScript(html);
  // Named by its content (a hash and the length): a browser keeps it while it is the same.
  const name = `${bannerKey(content)}-${content.length.toString(36)}`;
  return { blocks, html, holding, shared: { path: `${options.folder}/${name}.js`, content } };
}

/** The pages and group roots a node marks or opens when one of them is the current page (as `holdsPage` decides). */
function heldHrefs(node: CompiledNode): string[] {
  if (node.kind === 'page' || node.kind === 'endpoint' || node.kind === 'webhook') return node.href === undefined ? [] : [node.href];
  const hrefs: string[] = node.kind === 'group' && node.root ? [node.root] : [];
  if ('children' in node) for (const child of node.children) append(hrefs, heldHrefs(child));
  return hrefs;
}

/** A key of the section a page is in: pages of one section share its navigation. */
function sectionKey(section: PageSection): string {
  return JSON.stringify([section.language, section.version, section.product, section.tab, section.menuItem, section.anchor, section.dropdown]);
}

/**
 * The script of a shared sidebar: the HTML of each block (URLs from the site's root), drawn into
 * the `nav` before the script around the blocks the page holds (`data-blocks`). The URLs start
 * where the script's own `src` does (`/`, `/docs/`, `../` in a page a folder deep), so that the
 * links are those the page would have held.
 */
function sharedScript(blocks: readonly string[]): string {
  return (
    `(function(s,b){var n=s&&s.previousElementSibling;if(!n)return;` +
    `var r=(s.getAttribute('src')||'').replace(/_quire\\/nav\\/[^\\/]*$/,''),` +
    `k=(s.getAttribute('data-blocks')||'').split(' ').filter(Boolean).map(Number),c=[].slice.call(n.children),at=0,p='';` +
    `function u(t){return r==='/'?t:t.replace(/( (?:href|src)=")\\/(?!\\/)/g,'$1'+r)}` +
    `for(var i=0;i<b.length;i++){if(k.indexOf(i)<0){p+=b[i];continue}if(p&&c[at])c[at].insertAdjacentHTML('beforebegin',u(p));p='';at++}` +
    `if(p)n.insertAdjacentHTML('beforeend',u(p))` +
    `})(document.currentScript,${JSON.stringify(blocks)});\n`
  );
}
