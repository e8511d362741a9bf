import * as z from 'zod/mini';
import { didYouMean, didYouMeanText, nearMisses } from '../../diagnostics/suggest.js';
import { joinPointer } from '../../json/pointer.js';
import {
  AnchorSchema,
  DropdownSchema,
  GlobalAnchorSchema,
  GlobalSchema,
  GroupSchema,
  LanguageSchema,
  MenuItemSchema,
  NavigationSchema,
  ProductSchema,
  TabSchema,
  VersionSchema,
} from '../schemas/navigation.js';
import { childListsOf, shownChildren, type ChildListKey } from '../navigation-children.js';
import { formatPath } from './format-path.js';
import { isCommentKey, reportCommentKey } from './comment-keys.js';
import { checkListRules } from './navigation-lists.js';
import type { Reporter } from './report.js';
import { objectKeys } from './schema-keys.js';
import { describeValue, validateWithSchema } from './zod-issues.js';

/** The lists of child elements a navigation element can hold, each with the kind it holds. */
const CHILD_LISTS = {
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  products: 'product',
  groups: 'group',
  pages: 'page',
  menu: 'item',
} as const;
type ChildList = keyof typeof CHILD_LISTS;
type ElementKindName = 'root' | Exclude<(typeof CHILD_LISTS)[ChildList], 'page'>;

interface ElementKind {
  id: ElementKindName;
  /** How messages name it: `tab`, `menu item`. */
  noun: string;
  /** The key holding its label (`tab`), absent for the root. */
  label?: string;
  schema: z.ZodMiniObject;
  /** Child lists it may hold. */
  children: readonly ChildList[];
  /** Whether it may hold `global`. */
  global: boolean;
}

/** The lists the navigation root can hold, as the hint names them. */
const ROOT_CHILDREN: readonly ChildList[] = ['languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'];

// An element holds no list of its own kind (a tab no `tabs`): the platform drops such a list.
// The platform's newest schema lets a menu item hold any other section list, like a tab.
const KINDS: Record<ElementKindName, ElementKind> = {
  root: { id: 'root', noun: 'navigation', schema: NavigationSchema, children: childListsOf('root'), global: true },
  tab: { id: 'tab', noun: 'tab', label: 'tab', schema: TabSchema, children: childListsOf('tab'), global: true },
  anchor: { id: 'anchor', noun: 'anchor', label: 'anchor', schema: AnchorSchema, children: childListsOf('anchor'), global: true },
  dropdown: { id: 'dropdown', noun: 'dropdown', label: 'dropdown', schema: DropdownSchema, children: childListsOf('dropdown'), global: true },
  product: { id: 'product', noun: 'product', label: 'product', schema: ProductSchema, children: childListsOf('product'), global: true },
  version: { id: 'version', noun: 'version', label: 'version', schema: VersionSchema, children: childListsOf('version'), global: true },
  language: { id: 'language', noun: 'language', label: 'language', schema: LanguageSchema, children: childListsOf('language'), global: true },
  item: { id: 'item', noun: 'menu item', label: 'item', schema: MenuItemSchema, children: childListsOf('item'), global: true },
  group: { id: 'group', noun: 'group', label: 'group', schema: GroupSchema, children: childListsOf('group'), global: false },
};

/** Keys real files put on an element that the platform ignores there, and where the setting lives. */
const IGNORED_KEYS: Partial<Record<ElementKindName, Record<string, string>>> = {
  group: { drilldown: 'Drill-down is set for the whole site with `interaction.drilldown`.' },
};

/**
 * Keys the platform's schema forbids (rather than drops) on the elements that do not declare
 * them: generated reference sections exist only where the platform generates them.
 */
const REJECTED_ELSEWHERE: ReadonlySet<string> = new Set(['graphql', 'sdk']);

/** Group nesting deeper than this is reported rather than walked (it would only come from generated input). */
const MAX_DEPTH = 64;

/** Checks the `navigation` object: its element tree, shapes and structural rules. */
export function validateNavigation(navigation: unknown, pointer: string, reporter: Reporter): void {
  if (!isObject(navigation)) {
    reporter.report({
      code: 'navigation/invalid-type',
      severity: 'error',
      message: `\`navigation\` must be an object, not ${describeValue(navigation)}.`,
      pointer,
      hint: 'Write `"navigation": { "groups": [ ... ] }` (or `tabs`, `anchors`, `languages`, ...).',
    });
    return;
  }
  const present = ROOT_CHILDREN.filter((key) => navigation[key] !== undefined);
  if (present.length === 0) {
    reporter.report({
      code: 'navigation/empty',
      severity: 'error',
      message: '`navigation` has no root element: no pages would be shown.',
      pointer,
      hint: `Add exactly one of: ${ROOT_CHILDREN.map((key) => `\`${key}\``).join(', ')}.`,
    });
  }
  new NavigationWalker(reporter).element(navigation, KINDS.root, pointer, { parentIsGroup: false, depth: 0 });
}

interface Place {
  /** Whether the element is directly inside a group (so it is a nested group). */
  parentIsGroup: boolean;
  depth: number;
}

class NavigationWalker {
  constructor(private readonly reporter: Reporter) {}

  element(value: Record<string, unknown>, kind: ElementKind, pointer: string, place: Place): void {
    // A `$ref` still here could not be followed; that was reported where it is.
    if (typeof value.$ref === 'string') return;
    const name = this.name(value, kind);
    const shape = kind.schema.shape as Record<string, z.core.$ZodType>;
    let holdsChildren = false;
    for (const key of Object.keys(value)) {
      const keyPointer = joinPointer(pointer, key);
      if (Object.hasOwn(CHILD_LISTS, key)) {
        holdsChildren = true;
      } else if (key === 'global') {
        if (kind.global) this.global(value.global, keyPointer);
        else this.unknownKey(key, value, kind, name, keyPointer);
      } else if (Object.hasOwn(shape, key)) {
        const schema = shape[key] as z.core.$ZodType;
        validateWithSchema(
          {
            pointer: keyPointer,
            value: value[key],
            schema,
            subject: (path) => `\`${formatPath([key, ...path])}\` of ${lowerFirst(name)}`,
            area: 'navigation',
            unknownKeySeverity: 'error',
          },
          this.reporter,
        );
      } else {
        this.unknownKey(key, value, kind, name, keyPointer);
      }
    }
    if (kind.label && value[kind.label] === undefined) this.missingLabel(value, kind, pointer);
    // A group with `openapi` (or `sdk`) and no `pages` lists the generated pages. Without either,
    // the platform's schema takes `pages` as empty (it defaults to []): the group shows nothing.
    if (
      kind === KINDS.group &&
      value.pages === undefined &&
      value.openapi === undefined &&
      value.asyncapi === undefined &&
      value.sdk === undefined &&
      value.root === undefined &&
      value.hidden !== true &&
      !misspeltPages(value)
    ) {
      this.reporter.report({
        code: 'navigation/empty-list',
        severity: 'warning',
        message: `${name} has no \`pages\`: the platform shows it with no pages.`,
        pointer,
        hint: 'Add `"pages": [ ... ]` (or `openapi` to list every operation of a document), give the group a `root` page, or remove the group.',
      });
    }
    const shown = holdsChildren ? this.shownList(value, kind, name, pointer) : undefined;
    if (kind === KINDS.group && !place.parentIsGroup && value.expanded !== undefined) {
      this.reporter.report({
        code: 'navigation/expanded-top-level',
        severity: 'warning',
        message: `\`expanded\` has no effect on ${name}: top-level groups are always expanded.`,
        pointer: joinPointer(pointer, 'expanded'),
        at: 'key',
        hint: '`expanded` only matters on groups nested inside another group; remove it here.',
      });
    }
    const depth = place.depth + 1;
    if (depth > MAX_DEPTH) {
      this.reporter.report({
        code: 'navigation/too-deep',
        severity: 'error',
        message: `${name} is nested more than ${MAX_DEPTH} levels deep.`,
        pointer,
        hint: 'Flatten the navigation.',
      });
      return;
    }
    if (shown === undefined) return;
    const items = value[shown];
    if (Array.isArray(items) && items.length === 0) this.emptyList(shown, value, kind, name, joinPointer(pointer, shown));
    this.list(items, shown, pointer, kind, name, depth);
  }

  /**
   * The child list of the element that the platform shows, the only one checked; each other one
   * it holds is reported where it is written, saying that the platform ignores it (it deploys).
   * Where the platform rejects the file instead, or the element shows nothing, that is an error.
   */
  private shownList(value: Record<string, unknown>, kind: ElementKind, name: string, pointer: string): ChildList | undefined {
    const { shown, ignored } = shownChildren(value, kind.id);
    const shownList = shown === 'href' ? undefined : shown;
    // A tab that generates GraphQL or SDK reference pages fits only a strict shape that allows `groups` beside them.
    const reference = kind === KINDS.tab ? (['graphql', 'sdk'] as const).find((key) => value[key] !== undefined) : undefined;
    // Without a list or link to show, an element with a document still lists its generated pages.
    const showsSomething = shown !== undefined || value.openapi !== undefined || value.asyncapi !== undefined;
    for (const list of ignored) {
      const listPointer = joinPointer(pointer, list);
      if (reference !== undefined) this.mixedWithReference(list, shown, reference, name, listPointer);
      else if (!kind.children.includes(list)) this.childNotAllowed(list, kind, name, listPointer, showsSomething);
      else if (shown === 'href') this.linkWithChildren(list, kind, name, listPointer);
      else if (shownList !== undefined) this.mixedChildren(list, shownList, kind, name, value, listPointer);
    }
    return shownList;
  }

  /**
   * An empty child list. The platform's schema requires at least one element in every list but
   * `pages` at the navigation root, so there it rejects the file; inside an element it drops the
   * list and the element shows nothing. `"pages": []` is accepted everywhere, and a group with a
   * `root` page and no other pages is a normal way to make a group that is one page.
   */
  private emptyList(list: ChildList, value: Record<string, unknown>, kind: ElementKind, name: string, pointer: string): void {
    if (list === 'pages' && kind === KINDS.group && value.root !== undefined) return;
    // An element with a document lists its generated pages when it lists none of its own.
    if (value.openapi !== undefined || value.asyncapi !== undefined) return;
    // A hidden element shows nothing anyway; an empty one is a placeholder kept on purpose.
    if (value.hidden === true) return;
    const rejected = kind === KINDS.root && list !== 'pages';
    const subject = kind === KINDS.root ? `\`navigation.${list}\`` : `\`${list}\` of ${lowerFirst(name)}`;
    const noun = CHILD_LISTS[list] === 'item' ? 'menu item' : CHILD_LISTS[list];
    const holder = kind === KINDS.root ? 'the site' : `the ${kind.noun}`;
    let message = `${subject} is empty: ${holder} shows no pages from it.`;
    if (rejected) message = `${subject} is empty: the platform requires at least one ${noun} there and rejects docs.json.`;
    else if (list !== 'pages') message = `${subject} is empty: the platform drops the empty list, so ${holder} shows no pages from it.`;
    this.reporter.report({
      code: 'navigation/empty-list',
      severity: rejected ? 'error' : 'warning',
      message,
      pointer,
      hint:
        list === 'pages' && kind === KINDS.group ? 'Add pages, give the group a `root` page, or remove the group.' : `Add ${noun}s or remove the empty list.`,
    });
  }

  private list(items: unknown, list: ChildList, parentPointer: string, parent: ElementKind, parentName: string, depth: number): void {
    const pointer = joinPointer(parentPointer, list);
    const childKind = CHILD_LISTS[list];
    if (!Array.isArray(items)) {
      this.reporter.report({
        code: 'navigation/invalid-type',
        severity: 'error',
        message: `\`${list}\` of ${lowerFirst(parentName)} must be a list, not ${describeValue(items)}.`,
        pointer,
        hint: isObject(items) ? 'Wrap the object in [ ].' : `Write \`"${list}": [ ... ]\`.`,
      });
      return;
    }
    const parentIsGroup = parent === KINDS.group;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      const itemPointer = joinPointer(pointer, index);
      if (childKind === 'page') this.pageEntry(item, itemPointer, parentIsGroup, depth);
      else if (isObject(item)) this.element(item, KINDS[childKind], itemPointer, { parentIsGroup, depth });
      else this.notAnElement(item, KINDS[childKind], itemPointer);
    }
    if (childKind !== 'page') checkListRules(items, list, pointer, this.reporter);
  }

  private pageEntry(item: unknown, pointer: string, parentIsGroup: boolean, depth: number): void {
    if (typeof item === 'string') {
      if (item.trim() === '') {
        this.reporter.report({
          code: 'navigation/empty-page',
          severity: 'error',
          message: 'A page entry is an empty string.',
          pointer,
          hint: 'Write the page path, such as "guides/quickstart", or remove the entry.',
        });
      }
      return;
    }
    if (isObject(item)) {
      if (item.group !== undefined || !this.looksLikeOtherElement(item)) {
        this.element(item, KINDS.group, pointer, { parentIsGroup, depth });
        return;
      }
    }
    this.reporter.report({
      code: 'navigation/invalid-page',
      severity: 'error',
      message: `A \`pages\` entry must be a page path or a group, not ${describeValue(item)}.`,
      pointer,
      hint: isObject(item)
        ? 'Only groups can be nested in `pages`; put other elements in their own list (`tabs`, `anchors`, ...).'
        : 'Write the page path as a string, e.g. "guides/quickstart".',
    });
  }

  private looksLikeOtherElement(item: Record<string, unknown>): boolean {
    return ['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item'].some((label) => Object.hasOwn(item, label));
  }

  private global(value: unknown, pointer: string): void {
    if (!isObject(value)) {
      this.reporter.report({
        code: 'navigation/invalid-type',
        severity: 'error',
        message: `\`global\` must be an object, not ${describeValue(value)}.`,
        pointer,
        hint: 'Write `"global": { "anchors": [ ... ] }`.',
      });
      return;
    }
    const anchors = value.anchors;
    const rest = { ...value };
    delete rest.anchors;
    validateWithSchema(
      {
        pointer,
        value: rest,
        schema: GlobalSchema,
        subject: (path) => (path.length ? `\`global.${path.join('.')}\`` : '`global`'),
        area: 'navigation',
        unknownKeySeverity: 'error',
      },
      this.reporter,
    );
    if (anchors === undefined) return;
    const anchorsPointer = joinPointer(pointer, 'anchors');
    if (!Array.isArray(anchors)) {
      this.reporter.report({
        code: 'navigation/invalid-type',
        severity: 'error',
        message: `\`global.anchors\` must be a list, not ${describeValue(anchors)}.`,
        pointer: anchorsPointer,
        hint: 'Wrap the anchor in [ ].',
      });
      return;
    }
    anchors.forEach((anchor: unknown, index) => this.globalAnchor(anchor, joinPointer(anchorsPointer, index)));
  }

  private globalAnchor(anchor: unknown, pointer: string): void {
    if (isObject(anchor) && anchor.href === undefined) {
      const label = typeof anchor.anchor === 'string' ? `Global anchor "${anchor.anchor}"` : 'A global anchor';
      const lost = Object.keys(anchor).filter((key) => Object.hasOwn(CHILD_LISTS, key));
      this.reporter.report({
        code: 'navigation/global-anchor-href',
        severity: 'error',
        message: `${label} has no \`href\`: global anchors are links shown on every page.${lost.length ? ` Its \`${lost[0]}\` would not be shown.` : ''}`,
        pointer,
        hint: 'Add `"href"` (an external URL or a page path), or move the anchor with its pages into `navigation.anchors`.',
      });
      const rest = { ...anchor };
      for (const key of ['href', ...lost]) delete rest[key];
      this.validateGlobalAnchor({ ...rest, href: '#' }, pointer);
      return;
    }
    this.validateGlobalAnchor(anchor, pointer);
  }

  private validateGlobalAnchor(anchor: unknown, pointer: string): void {
    validateWithSchema(
      {
        pointer,
        value: anchor,
        schema: GlobalAnchorSchema,
        subject: (path) =>
          `global anchor${isObject(anchor) && typeof anchor.anchor === 'string' ? ` "${anchor.anchor}"` : ''}${path.length ? `: \`${path.join('.')}\`` : ''}`,
        area: 'navigation',
        unknownKeySeverity: this.reporter.unknownKeySeverity,
        nearMissSeverity: 'error',
      },
      this.reporter,
    );
  }

  private name(value: Record<string, unknown>, kind: ElementKind): string {
    if (!kind.label) return '`navigation`';
    const label = value[kind.label];
    return typeof label === 'string' && label !== '' ? `${capitalize(kind.noun)} "${label}"` : `A ${kind.noun}`;
  }

  private missingLabel(value: Record<string, unknown>, kind: ElementKind, pointer: string): void {
    const other = Object.values(KINDS).find((candidate) => candidate.label && candidate !== kind && Object.hasOwn(value, candidate.label));
    this.reporter.report({
      code: 'navigation/missing-field',
      severity: 'error',
      message: `A ${kind.noun} has no \`${kind.label}\` label.`,
      pointer,
      hint: other
        ? `This looks like ${article(other.noun)} ${other.noun} (it has \`${other.label}\`); move it to a list of ${other.noun}s, or rename the key to \`${kind.label}\`.`
        : `Add \`"${kind.label}": "..."\` with the text the navigation shows.`,
    });
  }

  /** A second child list beside the one shown: the platform deploys and ignores it. */
  private mixedChildren(list: ChildListKey, shown: ChildListKey, kind: ElementKind, name: string, value: Record<string, unknown>, pointer: string): void {
    const holder = kind === KINDS.root ? 'The navigation root' : name;
    const items = value[list];
    const what = Array.isArray(items) && items.length === 0 ? `the empty \`${list}\`` : `\`${list}\``;
    const listNoun = plural(CHILD_LISTS[list]);
    const shownNoun = plural(CHILD_LISTS[shown]);
    // Sections nest anything but their own kind; groups and pages nest no section.
    let hint = `Remove \`${list}\` if it is left over; to show its ${listNoun}, nest them inside its ${shownNoun} (an element shows one list of children).`;
    if (shown === 'groups' || shown === 'pages')
      hint = `Remove \`${list}\` if it is left over; to show its ${listNoun}, move the ${shownNoun} into them (an element shows one list of children).`;
    if (list === 'pages' && shown === 'groups') hint = 'Remove `pages` if it is left over, or move its pages into a group.';
    if (list === 'groups' && shown === 'pages') hint = 'Remove `groups` if it is left over, or move its groups into `pages`.';
    this.reporter.report({
      code: 'navigation/mixed-children',
      severity: 'warning',
      message: `${holder} holds both \`${shown}\` and \`${list}\`: the platform shows its ${plural(CHILD_LISTS[shown])} and ignores ${what}.`,
      pointer,
      at: 'key',
      hint,
    });
  }

  /** A child list beside `graphql` or `sdk` on a tab, other than its one `groups`: the platform rejects the file. */
  private mixedWithReference(list: ChildListKey, shown: ChildListKey | 'href' | undefined, reference: 'graphql' | 'sdk', name: string, pointer: string): void {
    const besides = shown === undefined || shown === 'href' || shown === list ? `\`${reference}\`` : `\`${reference}\` and \`${shown}\``;
    this.reporter.report({
      code: 'navigation/mixed-children',
      severity: 'error',
      message: `${name} holds \`${list}\` beside ${besides}: a tab with \`${reference}\` may hold only \`groups\`, and the platform rejects docs.json.`,
      pointer,
      at: 'key',
      hint: `Move \`${list}\` to a tab of its own, or into \`groups\`.`,
    });
  }

  /** Children of an element with `href`: the platform shows a link and ignores them. */
  private linkWithChildren(list: ChildListKey, kind: ElementKind, name: string, pointer: string): void {
    this.reporter.report({
      code: 'navigation/link-with-children',
      severity: 'warning',
      message: `${name} has \`href\`: the platform shows it as a link and ignores its \`${list}\`.`,
      pointer,
      at: 'key',
      hint: `Remove \`${list}\` if the ${kind.noun} is meant as a link, or remove \`href\` to show its ${plural(CHILD_LISTS[list])}.`,
    });
  }

  /**
   * A child list the element cannot hold (`tabs` in a group, `tabs` in a tab). The platform drops
   * it: a warning when the element shows something else, an error when it then shows nothing
   * (and, at the root, the platform rejects docs.json).
   */
  private childNotAllowed(list: ChildList, kind: ElementKind, name: string, pointer: string, showsOther: boolean): void {
    const severity = showsOther ? 'warning' : 'error';
    let outcome = showsOther ? ', so the platform ignores it' : '';
    if (!showsOther && kind !== KINDS.root) outcome = `: the platform drops it and the ${kind.noun} shows nothing`;
    if (list === 'menu') {
      this.reporter.report({
        code: 'navigation/menu-not-allowed',
        severity,
        message: `${name} cannot hold a \`menu\` (menus belong to tabs and products)${outcome}.`,
        pointer,
        at: 'key',
        hint: 'Move the menu into a tab, or turn its items into groups.',
      });
      return;
    }
    const allowed = kind.children.map((child) => `\`${child}\``).join(', ');
    this.reporter.report({
      code: 'navigation/child-not-allowed',
      severity,
      message: `${name} cannot hold \`${list}\` (${article(kind.noun)} ${kind.noun} holds ${allowed})${outcome}.`,
      pointer,
      at: 'key',
      hint: kind === KINDS.group ? 'Put nested groups and pages in `pages`.' : 'Restructure so each element holds the kinds of children it allows.',
    });
  }

  private unknownKey(key: string, value: Record<string, unknown>, kind: ElementKind, name: string, pointer: string): void {
    if (isCommentKey(key)) {
      reportCommentKey(key, pointer, this.reporter);
      return;
    }
    const ignoredHere = IGNORED_KEYS[kind.id];
    const ignored = ignoredHere && Object.hasOwn(ignoredHere, key) ? ignoredHere[key] : undefined;
    if (ignored) {
      this.reporter.report({
        code: 'navigation/ignored-key',
        severity: 'warning',
        message: `\`${key}\` on ${lowerFirst(name)} is ignored: it is not ${article(kind.noun)} ${kind.noun} setting.`,
        pointer,
        at: 'key',
        hint: ignored,
      });
      return;
    }
    // An element in the wrong list (an anchor in `tabs`) is reported once, as a missing label.
    if (kind.label && value[kind.label] === undefined && Object.values(KINDS).some((other) => other.label === key)) return;
    const known = knownKeys(kind);
    const owners = Object.values(KINDS).filter((other) => other !== kind && other.id !== 'root' && objectKeys(other.schema).includes(key));
    if (owners.length > 0) {
      this.misplacedKey(key, kind, owners, name, pointer);
      return;
    }
    // A key the element already has is not what a near miss meant (`tag` next to `tab`, `expandable` next to `expanded`).
    const missing = known.filter((candidate) => !Object.hasOwn(value, candidate));
    const typos = nearMisses(key, missing);
    if (typos.length > 0) {
      this.reporter.report({
        code: 'navigation/unknown-key',
        severity: 'error',
        message: `Unknown key "${key}" in ${lowerFirst(name)}: it would be ignored.`,
        pointer,
        at: 'key',
        hint: didYouMeanText(typos),
        suggestions: typos,
      });
      return;
    }
    // Not a typo of anything: most likely the site's own metadata, which the platform drops.
    const suggestions = didYouMean(key, missing);
    const finding = {
      code: 'navigation/unknown-key' as const,
      severity: this.reporter.unknownKeySeverity,
      message: `Unknown key "${key}" in ${lowerFirst(name)}: it is ignored.`,
      pointer,
      at: 'key' as const,
      hint: `${didYouMeanText(suggestions) ?? `${capitalize(article(kind.noun))} ${kind.noun} may have: ${known.join(', ')}.`} Keep it only if your own tooling reads it.`,
    };
    this.reporter.report(suggestions.length ? { ...finding, suggestions } : finding);
  }

  /** A key of other navigation elements (`root` on a menu item): the platform drops it here. */
  private misplacedKey(key: string, kind: ElementKind, owners: readonly ElementKind[], name: string, pointer: string): void {
    const ownerNouns = owners.map((owner) => `${owner.noun}s`);
    const ownersText = ownerNouns.length === 1 ? ownerNouns[0] : `${ownerNouns.slice(0, -1).join(', ')} and ${ownerNouns[ownerNouns.length - 1]}`;
    if (REJECTED_ELSEWHERE.has(key)) {
      this.reporter.report({
        code: 'navigation/key-not-allowed',
        severity: 'error',
        message: `${name} cannot have \`${key}\`: only ${ownersText} generate ${key === 'sdk' ? 'SDK' : 'GraphQL'} reference pages, and the platform rejects the key elsewhere.`,
        pointer,
        at: 'key',
        hint: `Move \`${key}\` to a ${owners[0]?.noun ?? 'tab'} that holds the reference.`,
      });
      return;
    }
    this.reporter.report({
      code: 'navigation/ignored-key',
      severity: this.reporter.unknownKeySeverity,
      message: `\`${key}\` on ${lowerFirst(name)} is ignored: it is a setting of ${ownersText}, not of ${kind.noun}s.`,
      pointer,
      at: 'key',
      hint: `${capitalize(article(kind.noun))} ${kind.noun} may have: ${knownKeys(kind).join(', ')}. Remove \`${key}\`, or keep it only if your own tooling reads it.`,
    });
  }

  private notAnElement(item: unknown, kind: ElementKind, pointer: string): void {
    this.reporter.report({
      code: 'navigation/invalid-type',
      severity: 'error',
      message: `Each entry must be ${article(kind.noun)} ${kind.noun} object, not ${describeValue(item)}.`,
      pointer,
      hint:
        typeof item === 'string'
          ? `Write \`{ "${kind.label}": ${JSON.stringify(item)}, ... }\`; page paths go in \`pages\`.`
          : `Write \`{ "${kind.label}": "...", ... }\`.`,
    });
  }
}

/** The keys an element of `kind` may have, in schema order. */
function knownKeys(kind: ElementKind): string[] {
  return [...new Set([...objectKeys(kind.schema), ...(kind.global ? ['global'] : [])])];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** `tabs`, `menu items`, `pages`: how messages name the elements of a list. */
function plural(noun: string): string {
  return noun === 'item' ? 'menu items' : `${noun}s`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}

/** Whether the element has a near miss of `pages` (`pagess`), already reported as the one problem. */
function misspeltPages(value: Record<string, unknown>): boolean {
  return Object.keys(value).some((key) => key !== 'pages' && nearMisses(key, ['pages']).length > 0);
}
