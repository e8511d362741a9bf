import type { Severity } from '../diagnostics/diagnostic.js';
import { joinPointer, joinPointerTokens, parsePointer } from '../json/pointer.js';
import type { DocsConfig } from './schemas/docs-config.js';
import { validateDocsConfig } from './validate/config.js';
import { Reporter, type Finding } from './validate/report.js';

/** What a part left out of a partial configuration was. */
export type OmittedKind =
  | 'language'
  | 'version'
  | 'tab'
  | 'dropdown'
  | 'anchor'
  | 'product'
  | 'group'
  | 'menu item'
  | 'page'
  /** An item of a list outside `navigation` (a redirect, a navbar link). */
  | 'entry'
  /** A key that is not a setting where it is written (an unknown key reported as an error). */
  | 'key'
  /** A setting (`redirects`, `api.playground.display`, `navigation.global`). */
  | 'setting';

/** A part of docs.json removed from a partial configuration, by its pointer in the merged document. */
export interface PrunedPart {
  kind: OmittedKind;
  /** Pointer of the part in the merged docs.json (after `$ref`s), as the diagnostics about it use. */
  pointer: string;
}

/** A configuration cut down to what validates, and what was cut, in document order. */
export interface PartialConfig {
  config: DocsConfig;
  omitted: PrunedPart[];
  /** The pointer in the input of a pointer of `config` (the two differ after a list item). */
  originalPointer: (pointer: string) => string;
}

/** Nav lists and the kind of element they hold (`pages` holds page paths and groups). */
const NAVIGATION_LISTS: Record<string, OmittedKind> = {
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  products: 'product',
  groups: 'group',
  menu: 'menu item',
};

/** Codes of findings about a key that the platform ignores: dropping the key loses nothing it would use. */
const IGNORED_KEY_CODES = /\/(unknown-key|legacy-key|comment-key)$/;

/**
 * Each round removes at least one part, so the loop ends; a docs.json that needs more rounds
 * than this is broken all the way up, and checking what is left would say little.
 */
const MAX_ROUNDS = 16;

/**
 * Derives from an invalid docs.json value the largest configuration that validates: each error
 * removes the smallest part that holds it (an ignored key; in the navigation the element or page
 * entry, else the root setting; elsewhere the setting or list item), and the rest is validated
 * again, since a removal can break its container (a required setting, a list that may not be
 * empty); then that goes too. Returns `undefined` when the error is in the document itself (a
 * required top-level setting is wrong or missing, the navigation root is broken).
 * Unresolved `$ref`s (already reported) are removed like errors.
 */
export function derivePartialConfig(value: unknown, findings: readonly Finding[], unknownKeySeverity: Severity): PartialConfig | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  // Past the depth limit the value was not walked (it may even be cyclic, from a caller): no part of it is trusted.
  if (findings.some((finding) => finding.code === 'json/too-deep')) return undefined;
  const removed = new Map<string, PrunedPart>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const view = without(value, removed);
    // The first round has the findings of `value` already: those of the merged document (the
    // others, about a file's JSON or its `$ref`s, leave either the last of two duplicate keys or
    // a `$ref` object, removed below).
    const found = round === 0 ? findings.filter((finding) => finding.file === undefined) : revalidate(view.value, unknownKeySeverity);
    const targets = found.filter((finding) => finding.severity === 'error').map((finding) => pruneTarget(finding, view.value));
    for (const pointer of unresolvedRefs(view.value, '')) targets.push({ pointer, key: false });
    if (targets.length === 0) {
      const omitted = [...removed.values()]
        .filter((part) => !isInsideAny(part.pointer, removed))
        .sort((left, right) => comparePointers(value, left.pointer, right.pointer));
      return { config: view.value as DocsConfig, omitted, originalPointer: view.originalPointer };
    }
    for (const target of targets) {
      if (target === undefined) return undefined;
      const original = view.originalPointer(target.pointer);
      removed.set(original, { kind: kindOf(original, value, target.key), pointer: original });
    }
  }
  return undefined;
}

function revalidate(value: unknown, unknownKeySeverity: Severity): readonly Finding[] {
  const reporter = new Reporter(unknownKeySeverity);
  validateDocsConfig(value, reporter);
  return reporter.findings;
}

interface Target {
  pointer: string;
  /** Whether the key alone goes (an ignored key), rather than a whole element or setting. */
  key: boolean;
}

/** The lists of elements the navigation root can hold: an error in one of them is no error of a root setting. */
const ROOT_LISTS = new Set(['languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages']);

/** The smallest removable part of `value` that holds the finding, or `undefined` for the document itself. */
function pruneTarget(finding: Finding, value: unknown): Target | undefined {
  const tokens = parsePointer(finding.pointer);
  if (tokens.length === 0) return undefined;
  if (finding.at === 'key' && IGNORED_KEY_CODES.test(finding.code) && exists(value, tokens)) return { pointer: finding.pointer, key: true };
  if (tokens[0] !== 'navigation') {
    // Outside the navigation a setting is independent of its siblings: remove the innermost one
    // that exists (a missing required one takes its parent); re-validation goes up from there.
    let depth = tokens.length;
    while (depth > 1 && !exists(value, tokens.slice(0, depth))) depth--;
    return { pointer: joinPointerTokens('', tokens.slice(0, depth)), key: false };
  }
  // In the navigation, an element is removed whole (its pages with it), so that nothing it held
  // is checked without the settings it gave them (`openapi`, `root`).
  let node: unknown = value;
  let innermost = 0;
  for (let depth = 0; depth < tokens.length && node !== undefined; depth++) {
    const token = tokens[depth] as string;
    if (depth > 0 && Array.isArray(node) && exists(node, [token])) innermost = depth + 1;
    node = child(node, token);
  }
  if (innermost > 0) return { pointer: joinPointerTokens('', tokens.slice(0, innermost)), key: false };
  // A setting of the root (`global`, `openapi`) goes alone; an error in the root itself takes it all.
  const setting = tokens[1];
  if (setting !== undefined && !ROOT_LISTS.has(setting) && exists(value, tokens.slice(0, 2)))
    return { pointer: joinPointer('', 'navigation', setting), key: false };
  return { pointer: '/navigation', key: false };
}

function kindOf(pointer: string, value: unknown, key: boolean): OmittedKind {
  if (key) return 'key';
  const tokens = parsePointer(pointer);
  if (!Array.isArray(valueAt(value, tokens.slice(0, -1)))) return 'setting';
  const list = tokens[tokens.length - 2] as string;
  if (tokens[0] !== 'navigation') return 'entry';
  if (list === 'pages') return typeof valueAt(value, tokens) === 'string' ? 'page' : 'group';
  return NAVIGATION_LISTS[list] ?? 'entry';
}

/** Pointers of objects still holding a `$ref`: references that could not be followed. */
function unresolvedRefs(value: unknown, pointer: string, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, index) => unresolvedRefs(item, joinPointer(pointer, index), found));
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$ref === 'string' && pointer !== '') found.push(pointer);
    else for (const key of Object.keys(record)) unresolvedRefs(record[key], joinPointer(pointer, key), found);
  }
  return found;
}

interface View {
  value: unknown;
  originalPointer: (pointer: string) => string;
}

/**
 * `value` without the parts at `removed` (pointers into `value`). Only the objects and lists on
 * the way to a removed part are copied; the rest is shared with the input, which is not changed.
 */
function without(value: unknown, removed: ReadonlyMap<string, PrunedPart>): View {
  const onTheWay = new Set<string>();
  for (const pointer of removed.keys()) {
    const tokens = parsePointer(pointer);
    for (let depth = 0; depth < tokens.length; depth++) onTheWay.add(joinPointerTokens('', tokens.slice(0, depth)));
  }
  // Which index of the input each item of a copied list was.
  const originalIndexes = new WeakMap<unknown[], number[]>();
  const copy = (node: unknown, pointer: string): unknown => {
    if (!onTheWay.has(pointer) || node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      const indexes: number[] = [];
      node.forEach((item: unknown, index) => {
        const itemPointer = joinPointer(pointer, index);
        if (removed.has(itemPointer)) return;
        items.push(copy(item, itemPointer));
        indexes.push(index);
      });
      originalIndexes.set(items, indexes);
      return items;
    }
    const record: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      const itemPointer = joinPointer(pointer, key);
      // defineProperty, not assignment: a key named `__proto__` must stay a key.
      if (!removed.has(itemPointer))
        Object.defineProperty(record, key, { value: copy(item, itemPointer), enumerable: true, writable: true, configurable: true });
    }
    return record;
  };
  const result = copy(value, '');
  const originalPointer = (pointer: string): string => {
    let node: unknown = result;
    let original = '';
    for (const token of parsePointer(pointer)) {
      const indexes = Array.isArray(node) ? originalIndexes.get(node) : undefined;
      const index = Number(token);
      original = joinPointer(original, indexes && Number.isInteger(index) ? (indexes[index] ?? index) : token);
      node = child(node, token);
    }
    return original;
  };
  return { value: result, originalPointer };
}

function child(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return node[Number(token)];
  if (node !== null && typeof node === 'object' && Object.hasOwn(node, token)) return (node as Record<string, unknown>)[token];
  return undefined;
}

function valueAt(value: unknown, tokens: readonly string[]): unknown {
  let node = value;
  for (const token of tokens) node = child(node, token);
  return node;
}

function exists(value: unknown, tokens: readonly string[]): boolean {
  let node = value;
  for (const token of tokens) {
    if (node === null || typeof node !== 'object') return false;
    if (Array.isArray(node) ? !(/^\d+$/.test(token) && Number(token) < node.length) : !Object.hasOwn(node, token)) return false;
    node = child(node, token);
  }
  return true;
}

function isInsideAny(pointer: string, parts: ReadonlyMap<string, PrunedPart>): boolean {
  for (const other of parts.keys()) if (other !== pointer && pointer.startsWith(`${other}/`)) return true;
  return false;
}

/** Orders pointers of `value` as the values appear in it: list items by index, members in key order. */
function comparePointers(value: unknown, left: string, right: string): number {
  const a = parsePointer(left);
  const b = parsePointer(right);
  let node = value;
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index] as string;
    const y = b[index] as string;
    if (x !== y) {
      if (Array.isArray(node)) return Number(x) - Number(y);
      const keys = node !== null && typeof node === 'object' ? Object.keys(node) : [];
      return keys.indexOf(x) - keys.indexOf(y);
    }
    node = child(node, x);
  }
  return a.length - b.length;
}
