import { joinPointer } from '../json/pointer.js';
import { isExternalUrl, isObject, text, trimSlashes, underPrefix, type JsonObject } from './read.js';
import type { UpgradeReport } from './report.js';

/** A group of mint.json's `navigation`, read. */
interface LegacyGroup {
  group: string;
  icon?: unknown;
  version?: string;
  pages: LegacyEntry[];
}
type LegacyEntry = string | LegacyGroup;

/** A tab or an anchor of mint.json, read. */
interface Division {
  kind: 'tab' | 'anchor';
  name: string;
  /** Path prefix (slashes trimmed), or an absolute URL for a link. */
  url: string;
  pointer: string;
  version?: string;
  openapi?: unknown;
  hidden?: boolean;
  icon?: unknown;
  color?: { light: string; dark: string };
}

/** A version of mint.json, read. */
interface Version {
  name: string;
  url?: string;
  locale?: string;
  default?: boolean;
  pointer: string;
}

/** A docs.json group. */
interface Group {
  group: string;
  icon?: unknown;
  pages: Array<string | Group>;
}

type Element = JsonObject;

/** What of mint.json the navigation is made from. */
export interface LegacyNavigation {
  navigation: unknown;
  tabs: unknown;
  anchors: unknown;
  versions: unknown;
  topAnchor: unknown;
  primaryTab: unknown;
}

const GROUP_KEYS = ['group', 'pages', 'icon', 'iconType', 'version'];
const DIVISION_KEYS = ['name', 'url', 'icon', 'iconType', 'color', 'version', 'openapi', 'isDefaultHidden'];

/**
 * Builds docs.json's `navigation` from mint.json's groups, tabs, anchors and versions. Each page
 * goes to the tab or anchor with the longest URL prefix it lies under (so `api/admin/x` goes to
 * a tab at `api/admin` rather than one at `api`), its group split when its pages go to several;
 * pages under no prefix go to a first tab or anchor (`primaryTab`, `topAnchor`, else
 * "Documentation"). Tabs and anchors that only link elsewhere become `global` links when all of
 * their kind do, as the platform does; versions with a `locale` become languages.
 */
export function upgradeNavigation(legacy: LegacyNavigation, report: UpgradeReport): JsonObject {
  const groups = readGroups(legacy.navigation, '/navigation', report);
  const tabs = readDivisions(legacy.tabs, '/tabs', 'tab', report);
  const anchors = readDivisions(legacy.anchors, '/anchors', 'anchor', report);
  const versions = readVersions(legacy.versions, report);
  const primary = { tab: primaryTab(legacy.primaryTab, report), anchor: topAnchor(legacy.topAnchor, report) };
  const global: JsonObject = {};
  const globalTabs = tabs.length > 0 && tabs.every((tab) => isExternalUrl(tab.url) && tab.version === undefined);
  const globalAnchors = anchors.length > 0 && anchors.every((anchor) => isExternalUrl(anchor.url) && anchor.version === undefined);
  if (globalTabs) {
    global.tabs = tabs.map(divisionElement);
    report.decide('/tabs', 'Every tab links to another site: they become `navigation.global.tabs`.');
  }
  if (globalAnchors) {
    global.anchors = anchors.map(divisionElement);
    report.decide('/anchors', 'Every anchor links to another site: they become `navigation.global.anchors`, shown on every page.');
  }
  const scopeDivisions = [...(globalTabs ? [] : tabs), ...(globalAnchors ? [] : anchors)];
  const navigation: JsonObject = {};
  const globalVersions = versions.length > 0 && versions.every((version) => isExternalUrl(version.url));
  if (versions.length > 0 && !globalVersions) {
    const languages = versions.every((version) => version.locale !== undefined);
    const key = languages ? 'languages' : 'versions';
    if (languages) report.decide('/versions', 'Every version has a `locale`: they become `navigation.languages`.');
    const elements: Element[] = [];
    for (const version of versions) {
      const element: Element = languages ? { language: version.locale } : { version: version.name };
      if (version.default) element.default = true;
      if (version.url !== undefined) {
        elements.push({ ...element, href: version.url });
        continue;
      }
      const inScope = scopeDivisions.filter((division) => division.version === undefined || division.version === version.name);
      const gatedElsewhere = scopeDivisions.filter(
        (division) => division.version !== undefined && division.version !== version.name && !isExternalUrl(division.url),
      );
      const pagesOf = (page: string) =>
        !gatedElsewhere.some((division) => underPrefix(page, division.url)) ||
        inScope.some((division) => !isExternalUrl(division.url) && underPrefix(page, division.url));
      const scoped = filterPages(
        groups.filter((group) => group.version === undefined || group.version === version.name),
        pagesOf,
      );
      const content = layout(scoped, inScope, primary, report, ` in ${languages ? 'language' : 'version'} "${version.name}"`);
      if (content === undefined) {
        report.lost(
          version.pointer,
          `Version "${version.name}" has no pages: it is left out of docs.json.`,
          'Give the version\'s groups `"version": "' + version.name + '"`, or remove the version.',
        );
        continue;
      }
      elements.push({ ...element, ...content });
    }
    navigation[key] = elements;
  } else {
    if (globalVersions) {
      global.versions = versions.map((version) => ({ version: version.name, href: version.url }));
      report.decide('/versions', 'Every version links to another site: they become `navigation.global.versions`.');
    }
    Object.assign(navigation, layout(groups, scopeDivisions, primary, report, '') ?? { groups: [] });
  }
  if (Object.keys(global).length > 0) navigation.global = global;
  return navigation;
}

/** The first tab or anchor, which holds the pages under no other's prefix. */
interface Primary {
  tab: Element;
  anchor: Element;
}

function primaryTab(value: unknown, report: UpgradeReport): Element {
  if (!isObject(value)) return { tab: 'Documentation' };
  report.unknownKeys(value, '/primaryTab', ['name', 'isDefaultHidden'], 'docs.json tabs have no such setting');
  const element: Element = { tab: text(value.name) ?? 'Documentation' };
  if (value.isDefaultHidden === true) element.hidden = true;
  return element;
}

function topAnchor(value: unknown, report: UpgradeReport): Element {
  if (!isObject(value)) return { anchor: 'Documentation', icon: 'book-open' };
  report.unknownKeys(value, '/topAnchor', ['name', 'icon', 'iconType'], 'docs.json anchors have no such setting');
  return { anchor: text(value.name) ?? 'Documentation', icon: icon(value.icon, value.iconType) ?? 'book-open' };
}

/**
 * The docs.json navigation of one scope (the whole site, or one version): groups alone, or the
 * tabs and anchors that hold them. Undefined when the scope has no page and no division.
 */
function layout(groups: LegacyGroup[], divisions: Division[], primary: Primary, report: UpgradeReport, scope: string): Element | undefined {
  const tabs = divisions.filter((division) => division.kind === 'tab');
  const anchors = divisions.filter((division) => division.kind === 'anchor');
  if (tabs.length === 0 && anchors.length === 0) return groups.length > 0 ? { groups: groups.map(toGroup) } : undefined;
  // Anchors go on top when one of them holds a tab's prefix (tabs nest inside it); otherwise tabs do.
  const anchorsOnTop =
    tabs.length === 0 ||
    (anchors.length > 0 &&
      anchors.some(
        (anchor) => !isExternalUrl(anchor.url) && tabs.some((tab) => !isExternalUrl(tab.url) && tab.url !== anchor.url && underPrefix(tab.url, anchor.url)),
      ));
  const [top, inner] = anchorsOnTop ? [anchors, tabs] : [tabs, anchors];
  const local = divisions.filter((division) => !isExternalUrl(division.url));
  const home = (page: string): Division | undefined => longestPrefix(local, page);
  const topOf = (division: Division | undefined): Division | undefined =>
    division === undefined || top.includes(division)
      ? division
      : longestPrefix(
          top.filter((candidate) => !isExternalUrl(candidate.url)),
          division.url,
        );
  const byTop = partition(groups, (page) => topOf(home(page)));
  const elements: Element[] = [];
  const free = inner.filter((division) => topOf(division) === undefined);
  const primaryContent = fill(byTop.get(undefined) ?? [], free, (page) => home(page), primary, report, scope);
  if (primaryContent !== undefined) {
    const first = anchorsOnTop ? primary.anchor : primary.tab;
    elements.push({ ...first, ...primaryContent });
    report.decide(
      anchorsOnTop ? '/anchors' : '/tabs',
      `Pages under no ${anchorsOnTop ? 'anchor' : 'tab'}'s URL prefix go to a first ${anchorsOnTop ? 'anchor' : 'tab'}, "${String(first[anchorsOnTop ? 'anchor' : 'tab'])}".`,
    );
  }
  for (const division of top) {
    const element = divisionElement(division);
    if (isExternalUrl(division.url)) {
      elements.push(element);
      continue;
    }
    const nested = inner.filter((candidate) => candidate !== division && topOf(candidate) === division);
    const content = fill(byTop.get(division) ?? [], nested, (page) => home(page), undefined, report, scope, division);
    if (content === undefined && division.openapi === undefined) {
      dropEmpty(division, scope, report);
      continue;
    }
    elements.push({ ...element, ...content });
  }
  if (elements.length === 0) return groups.length > 0 ? { groups: groups.map(toGroup) } : undefined;
  return { [anchorsOnTop ? 'anchors' : 'tabs']: elements };
}

/**
 * The content of one top division: its groups, or, when other-kind divisions nest in it, those
 * (with a first one for its own pages). `self` is the division itself; undefined for the primary.
 */
function fill(
  groups: LegacyGroup[],
  nested: Division[],
  home: (page: string) => Division | undefined,
  primary: Primary | undefined,
  report: UpgradeReport,
  scope: string,
  self?: Division,
): Element | undefined {
  if (nested.length === 0) return groups.length > 0 ? { groups: groups.map(toGroup) } : undefined;
  const kind = nested[0]?.kind ?? 'anchor';
  const byInner = partition(groups, (page) => {
    const division = home(page);
    return division !== undefined && nested.includes(division) ? division : undefined;
  });
  const elements: Element[] = [];
  const own = byInner.get(undefined) ?? [];
  if (own.length > 0) {
    const first =
      kind === 'anchor'
        ? (primary?.anchor ?? { anchor: self?.name ?? 'Documentation', icon: 'book-open' })
        : (primary?.tab ?? { tab: self?.name ?? 'Documentation' });
    elements.push({ ...first, groups: own.map(toGroup) });
  }
  for (const division of nested) {
    const mine = byInner.get(division) ?? [];
    if (isExternalUrl(division.url)) elements.push(divisionElement(division));
    else if (mine.length > 0) elements.push({ ...divisionElement(division), groups: mine.map(toGroup) });
    else if (division.openapi !== undefined) elements.push(divisionElement(division));
    else dropEmpty(division, scope, report);
  }
  if (elements.length === 0) return undefined;
  return { [kind === 'anchor' ? 'anchors' : 'tabs']: elements };
}

function dropEmpty(division: Division, scope: string, report: UpgradeReport): void {
  report.lost(
    division.pointer,
    `${label(division)} has no page under its URL prefix "${division.url}"${scope}: it is left out there.`,
    `List pages under "${division.url}/" in \`navigation\`, or remove the ${division.kind}.`,
  );
}

function label(division: Division): string {
  return `${division.kind === 'tab' ? 'Tab' : 'Anchor'} "${division.name}"`;
}

/** The division among `divisions` with the longest URL prefix that `page` lies under. */
function longestPrefix(divisions: readonly Division[], page: string): Division | undefined {
  let best: Division | undefined;
  for (const division of divisions) if (underPrefix(page, division.url) && (best === undefined || division.url.length > best.url.length)) best = division;
  return best;
}

/**
 * Splits groups by a key of each page, keeping their order: a group whose pages have several
 * keys appears under each, with its pages of that key (nested groups likewise).
 */
function partition<K>(groups: readonly LegacyGroup[], keyOf: (page: string) => K): Map<K, LegacyGroup[]> {
  const result = new Map<K, LegacyGroup[]>();
  for (const group of groups) {
    for (const [key, pages] of partitionEntries(group.pages, keyOf)) {
      const list = result.get(key) ?? [];
      list.push({ ...group, pages });
      result.set(key, list);
    }
  }
  return result;
}

function partitionEntries<K>(entries: readonly LegacyEntry[], keyOf: (page: string) => K): Map<K, LegacyEntry[]> {
  const result = new Map<K, LegacyEntry[]>();
  const add = (key: K, entry: LegacyEntry) => {
    const list = result.get(key) ?? [];
    list.push(entry);
    result.set(key, list);
  };
  for (const entry of entries) {
    if (typeof entry === 'string') add(keyOf(entry), entry);
    else for (const [key, pages] of partitionEntries(entry.pages, keyOf)) add(key, { ...entry, pages });
  }
  return result;
}

/** The groups with only the pages `keep` accepts; groups left empty are dropped. */
function filterPages(groups: readonly LegacyGroup[], keep: (page: string) => boolean): LegacyGroup[] {
  const byKeep = partition(groups, keep);
  return byKeep.get(true) ?? [];
}

function toGroup(group: LegacyGroup): Group {
  const pages = group.pages.map((entry) => (typeof entry === 'string' ? entry : toGroup(entry)));
  return group.icon === undefined ? { group: group.group, pages } : { group: group.group, icon: group.icon, pages };
}

/** The docs.json element of a tab or anchor, without its content. */
function divisionElement(division: Division): Element {
  const element: Element = division.kind === 'tab' ? { tab: division.name } : { anchor: division.name };
  if (division.icon !== undefined) element.icon = division.icon;
  if (division.color !== undefined) element.color = division.color;
  if (division.hidden) element.hidden = true;
  if (isExternalUrl(division.url)) element.href = division.url;
  else if (division.openapi !== undefined) {
    // The legacy openapi of a tab documented the endpoints whose pages live under its prefix.
    element.openapi = { source: division.openapi, directory: division.url };
  }
  return element;
}

function icon(name: unknown, style: unknown): unknown {
  const value = text(name);
  if (value === undefined) return undefined;
  return text(style) !== undefined ? { name: value, style } : value;
}

function readGroups(value: unknown, pointer: string, report: UpgradeReport): LegacyGroup[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report.invalid(
      pointer,
      '`navigation` is not a list of groups: the upgraded docs.json has no pages.',
      'Write `navigation` as a list of `{ "group": ..., "pages": [...] }`.',
      'error',
    );
    return [];
  }
  const groups: LegacyGroup[] = [];
  value.forEach((item, index) => {
    const group = readGroup(item, joinPointer(pointer, index), report);
    if (group !== undefined) groups.push(group);
  });
  return groups;
}

function readGroup(value: unknown, pointer: string, report: UpgradeReport): LegacyGroup | undefined {
  if (!isObject(value) || typeof value.group !== 'string' || !Array.isArray(value.pages)) {
    report.invalid(
      pointer,
      `${typeof value === 'string' ? `Page "${value}" stands outside any group` : 'This entry is not a group with `group` and `pages`'}: it is left out of docs.json.`,
      'Put it in a group: `{ "group": "Name", "pages": [...] }`.',
    );
    return undefined;
  }
  report.unknownKeys(value, pointer, GROUP_KEYS, 'docs.json groups have no such setting');
  const pages: LegacyEntry[] = [];
  value.pages.forEach((page, index) => {
    const at = joinPointer(pointer, 'pages', index);
    if (typeof page === 'string') pages.push(page);
    else {
      const nested = readGroup(page, at, report);
      if (nested !== undefined) pages.push(nested);
    }
  });
  if (pages.length === 0) {
    // docs.json shows nothing for a group without pages; the platform's upgrade leaves it out too.
    report.lost(pointer, `Group "${value.group}" has no pages: it is left out of docs.json.`, 'Add pages to it, or remove it.');
    return undefined;
  }
  // mint.json showed a group named "" without a title; docs.json needs a name, and a space shows none.
  if (value.group.trim() === '')
    report.decide(joinPointer(pointer, 'group'), 'This group has no name: it becomes " ", which docs.json accepts and shows as no title.');
  const group: LegacyGroup = { group: value.group.trim() === '' ? ' ' : value.group, pages };
  const groupIcon = icon(value.icon, value.iconType);
  if (groupIcon !== undefined) group.icon = groupIcon;
  if (typeof value.version === 'string') group.version = value.version;
  return group;
}

function readDivisions(value: unknown, pointer: string, kind: 'tab' | 'anchor', report: UpgradeReport): Division[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report.invalid(pointer, `\`${kind}s\` is not a list: it is left out of docs.json.`, `Write \`${kind}s\` as a list of \`{ "name": ..., "url": ... }\`.`);
    return [];
  }
  const divisions: Division[] = [];
  value.forEach((item, index) => {
    const at = joinPointer(pointer, index);
    const name = isObject(item) ? text(item.name) : undefined;
    const url = isObject(item) ? text(item.url) : undefined;
    if (!isObject(item) || name === undefined || url === undefined) {
      report.invalid(at, `This ${kind} has no \`name\` or no \`url\`: it is left out of docs.json.`, 'Give it a `name` and a `url` (a path prefix or a link).');
      return;
    }
    report.unknownKeys(item, at, DIVISION_KEYS, `docs.json ${kind}s have no such setting`);
    const division: Division = { kind, name, url: isExternalUrl(url) ? url : trimSlashes(url), pointer: at };
    if (typeof item.version === 'string') division.version = item.version;
    if (item.openapi !== undefined && isExternalUrl(url))
      report.unmapped(joinPointer(at, 'openapi'), item.openapi, `a ${kind} that links to another site holds no pages, so its endpoints would show nowhere`);
    else if (item.openapi !== undefined) division.openapi = item.openapi;
    if (item.isDefaultHidden === true) division.hidden = true;
    if (kind === 'anchor') {
      const anchorIcon = icon(item.icon, item.iconType);
      if (anchorIcon !== undefined) division.icon = anchorIcon;
      const color = readColor(item.color, joinPointer(at, 'color'), report);
      if (color !== undefined) division.color = { light: color, dark: color };
    } else if (item.icon !== undefined) division.icon = icon(item.icon, item.iconType);
    divisions.push(division);
  });
  return divisions;
}

/** An anchor's colour: docs.json takes one per mode, not a gradient. */
function readColor(value: unknown, pointer: string, report: UpgradeReport): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.from === 'string') {
    if (value.to !== undefined && value.to !== value.from)
      report.lost(
        pointer,
        `The gradient ends at ${JSON.stringify(value.to)}; docs.json anchors take one colour, so only its start ${JSON.stringify(value.from)} is kept.`,
      );
    return value.from;
  }
  if (value !== undefined)
    report.invalid(
      pointer,
      'This anchor colour is neither a colour nor `{ "from": ..., "to": ... }`: it is left out.',
      'Write a hex colour such as "#0D9373".',
    );
  return undefined;
}

function readVersions(value: unknown, report: UpgradeReport): Version[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report.invalid('/versions', '`versions` is not a list: it is left out of docs.json.', 'Write `versions` as a list of names.');
    return [];
  }
  const versions: Version[] = [];
  value.forEach((item, index) => {
    const pointer = joinPointer('/versions', index);
    if (typeof item === 'string' && item !== '') {
      versions.push({ name: item, pointer });
      return;
    }
    const name = isObject(item) ? text(item.name) : undefined;
    if (!isObject(item) || name === undefined) {
      report.invalid(pointer, 'This version has no name: it is left out of docs.json.', 'Write the version as a string, or an object with `name`.');
      return;
    }
    report.unknownKeys(item, pointer, ['name', 'url', 'locale', 'default'], 'docs.json versions have no such setting');
    const version: Version = { name, pointer };
    if (text(item.url) !== undefined) version.url = item.url as string;
    if (text(item.locale) !== undefined) version.locale = item.locale as string;
    if (item.default === true) version.default = true;
    versions.push(version);
  });
  return versions;
}
