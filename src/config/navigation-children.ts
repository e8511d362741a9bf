/**
 * Which of an element's children the platform shows. Its schema reads each navigation element
 * as one of several shapes, tried in a fixed order, and keeps the first that fits: a link when
 * the element has `href`, else one child list. The lists of the other shapes are dropped without
 * a word (they are unknown keys of the shape that won), so an element that holds `versions` and
 * a stale `tabs` deploys and shows its versions. A list that must hold one element and is empty
 * does not fit, and the next one is tried.
 */

/** The navigation elements, by the key holding their label (`item` for a menu item), and the root. */
export type NavigationElementKind = 'root' | 'language' | 'version' | 'tab' | 'dropdown' | 'anchor' | 'product' | 'item' | 'group';

/** The keys holding an element's children. */
export type ChildListKey = 'languages' | 'versions' | 'tabs' | 'dropdowns' | 'anchors' | 'products' | 'groups' | 'pages' | 'menu';

const CHILD_LIST_KEYS: readonly ChildListKey[] = ['languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'];

/** The kind of element each list holds (`pages` holds page paths and groups). */
export const LIST_ELEMENT_KIND: Readonly<Record<ChildListKey, NavigationElementKind>> = {
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  products: 'product',
  groups: 'group',
  pages: 'group',
  menu: 'item',
};

/**
 * The order in which the platform's schema tries the shapes of each element: the first that fits
 * is what it shows. The orders differ between elements (an anchor tries `dropdowns` before `tabs`,
 * a dropdown `tabs` before `anchors`); `href` comes first wherever an element can be a link.
 */
const SHAPE_ORDER: Readonly<Record<NavigationElementKind, readonly (ChildListKey | 'href')[]>> = {
  root: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  language: ['href', 'versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  version: ['href', 'languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  tab: ['href', 'languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  dropdown: ['href', 'languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  anchor: ['href', 'languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  product: ['href', 'languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  item: ['href', 'languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
  group: ['pages'],
};

/** Lists the platform's schema requires to hold at least one element; empty, they do not fit. */
const NEEDS_ONE: ReadonlySet<ChildListKey> = new Set(['languages', 'versions', 'tabs', 'anchors', 'groups']);

/** What of an element's children the platform shows. */
export interface ShownChildren {
  /**
   * The child list shown, `href` when the element is shown as a link, `undefined` when it has
   * neither (a list it cannot hold at all is never shown).
   */
  shown: ChildListKey | 'href' | undefined;
  /** The child lists it holds that the platform ignores, in the order they are written. */
  ignored: ChildListKey[];
}

/**
 * Which child list of `element` (an element of `kind`) the platform shows, and which it ignores:
 * the first, in the platform's order, that fits (a list, not empty where one element is
 * required); when none fits, the first it holds, so that its own problems are reported.
 */
export function shownChildren(element: Readonly<Record<string, unknown>>, kind: NavigationElementKind): ShownChildren {
  const held = Object.keys(element).filter((key): key is ChildListKey => (CHILD_LIST_KEYS as readonly string[]).includes(key) && element[key] !== undefined);
  const candidates = SHAPE_ORDER[kind].filter((key) => (key === 'href' ? element.href !== undefined : held.includes(key)));
  const shown = candidates.find((key) => key === 'href' || fits(element[key], key)) ?? candidates[0];
  return { shown, ignored: held.filter((key) => key !== shown) };
}

/** The child lists an element of `kind` can show. */
export function childListsOf(kind: NavigationElementKind): ChildListKey[] {
  return SHAPE_ORDER[kind].filter((key): key is ChildListKey => key !== 'href');
}

function fits(value: unknown, list: ChildListKey): boolean {
  return Array.isArray(value) && (value.length > 0 || !NEEDS_ONE.has(list));
}
