import { joinPath } from '../util/posix-path.js';
import type { Finding } from './findings.js';
import { isObject, type JsonObject } from './json.js';
import type { OperationEntry } from './operations.js';

/*
 * The URLs the platform gives generated endpoint and webhook pages. Its page generation turns a
 * summary, a tag or a path into a file name with a handful of text replacements rather than a
 * slug: words are not split at capitals, `_` stays, letters outside ASCII stay, and a few
 * characters are dropped. Sites link, redirect and bookmark those URLs, so Quire makes the same
 * ones, character for character, from its own code (tested against the platform's function on
 * every operation of the corpus).
 */

/**
 * The platform's page name of a summary, tag name or path: spaces and path parameters (`{id}`)
 * become `-`, one dash at each end goes, `{}(),.'`, newlines and `/` go, `--` becomes `-` (once,
 * left to right: `---` stays `--`), then lower case. `undefined` for an absent or empty text,
 * where the platform falls back to something else; `''` is possible (`...` has no name).
 */
export function platformPageName(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return text
    .split(' ')
    .join('-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replace(/--/g, '-')
    .toLowerCase();
}

/** The label of the navigation group of untagged operations on the platform. */
export const UNTAGGED_GROUP = 'API Reference';

/**
 * The navigation group an operation is listed under when a whole document is listed: the
 * `x-group` of its first tag's definition, else the tag's name; untagged operations share
 * {@link UNTAGGED_GROUP}.
 */
export function navigationGroupOf(entry: OperationEntry, spec: JsonObject): string {
  const tag = entry.tags[0];
  if (!tag) return UNTAGGED_GROUP;
  const tags = spec.tags;
  if (!Array.isArray(tags)) return tag;
  const definition = tags.find((candidate) => isObject(candidate) && candidate.name === tag);
  const group = isObject(definition) ? definition['x-group'] : undefined;
  return typeof group === 'string' && group !== '' ? group : tag;
}

/**
 * The page path an operation asks for, before it is made unique and lower-cased: with an
 * `href` (x-mint / x-quire), that path (one leading slash dropped; a dot in its last part starts
 * an extension, which goes); else `<directory>/<tag>/<summary>`, the summary falling back to
 * `<method>-<path>` (a webhook: its name), an untagged operation without the tag folder.
 */
export function requestedPagePath(entry: OperationEntry, directory: string, href: string | undefined): string {
  if (href) return hrefPagePath(href);
  const fallback = entry.kind === 'webhook' ? `${platformPageName(entry.path)}` : `${entry.method.toLowerCase()}-${platformPageName(entry.path)}`;
  const name = platformPageName(entry.summary) ?? fallback;
  return joinPosix(directory, platformPageName(entry.tags[0]) ?? '', name);
}

/** The URLs of a document's pages, and how its navigation lists them, from {@link documentPageUrls}. */
export interface DocumentPageUrls {
  /** The URL of each operation's page. */
  urls: Map<OperationEntry, string>;
  /** The operations listed (not `x-hidden`), by navigation group, groups in the order their first operation comes. */
  groups: Array<{ label: string; tag?: string; entries: OperationEntry[] }>;
}

/**
 * The URLs of the pages of `entries`, as the platform names them (see {@link requestedPagePath}).
 * For a whole document (`numbered`), a path already listed in the operation's navigation group
 * gets `-1`, then `-2`, ... in document order (compared before lower case, as the platform
 * compares); operations hidden from the navigation (`x-hidden`) are not listed, so they take no
 * name from the others. Operations named one by one in the navigation are not numbered.
 */
export function documentPageUrls(
  entries: readonly OperationEntry[],
  spec: JsonObject,
  directory: string,
  hrefOf: (entry: OperationEntry) => string | undefined,
  numbered: boolean,
): DocumentPageUrls {
  const urls = new Map<OperationEntry, string>();
  const listed = new Map<string, { names: Set<string>; group: DocumentPageUrls['groups'][number] }>();
  for (const entry of entries) {
    const wanted = requestedPagePath(entry, directory, hrefOf(entry));
    if (!numbered) {
      urls.set(entry, pageUrl(wanted.toLowerCase()));
      continue;
    }
    const label = navigationGroupOf(entry, spec);
    let group = listed.get(label);
    if (!group) listed.set(label, (group = { names: new Set(), group: { label, ...(entry.tags[0] ? { tag: entry.tags[0] } : {}), entries: [] } }));
    let name = wanted;
    for (let suffix = 1; group.names.has(name); suffix++) name = `${wanted}-${suffix}`;
    name = name.toLowerCase();
    urls.set(entry, pageUrl(name));
    if (entry.hidden) continue;
    group.names.add(name);
    group.group.entries.push(entry);
  }
  return { urls, groups: [...listed.values()].map(({ group }) => group).filter((group) => group.entries.length > 0) };
}

/** The page path an `href` asks for: one leading slash dropped, an extension of its last part too. */
function hrefPagePath(href: string): string {
  const path = href.startsWith('/') ? href.slice(1) : href;
  const trimmed = path.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  const folder = slash === -1 ? '' : trimmed.slice(0, slash);
  return joinPosix(folder, withoutExtension(trimmed.slice(slash + 1)));
}

/**
 * The URL the platform gives the page of an operation whose `href` is `href`, when no other page
 * of its navigation group has it: the path, lower-cased (`/API/Users` is served at `/api/users`).
 */
export function hrefUrl(href: string): string {
  return pageUrl(hrefPagePath(href).toLowerCase());
}

/** A page path as the URL the platform serves it at: `/` and the path with `.`, `..` and repeated or trailing slashes resolved. */
export function pageUrl(path: string): string {
  const resolved = joinPath('/', path);
  return resolved === '' ? '/' : resolved;
}

/** `path.posix.join`: the non-empty parts joined with `/`, normalised (a trailing slash kept). */
function joinPosix(...parts: string[]): string {
  const joined = parts.filter((part) => part !== '').join('/');
  if (joined === '') return '.';
  const normalised = joinPath(joined) || (joined.startsWith('/') ? '/' : '.');
  return joined.endsWith('/') && normalised !== '/' ? `${normalised}/` : normalised;
}

/** The name without its extension, as `path.posix.parse(name).name` has it: a dot that starts the name is not one. */
function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || name === '..' ? name : name.slice(0, dot);
}

/** What {@link reportSharedUrls} needs of a page. */
export interface NamedOperation {
  url: string;
  kind: 'endpoint' | 'webhook';
  method: string;
  path: string;
  pointer: string;
}

/**
 * Two operations can get one URL (the same summary under tags spelled apart, an `x-hidden` one
 * beside a listed one, two `href`s): the platform writes both pages to one file and the later
 * one stays, which is reported on the earlier one.
 */
export function reportSharedUrls(pages: readonly NamedOperation[], report: (finding: Finding) => void): void {
  const published = new Map<string, NamedOperation>();
  for (const page of pages) {
    const earlier = published.get(page.url);
    if (earlier) {
      report({
        code: 'openapi/duplicate-url',
        severity: 'warning',
        message: `${operationLabel(earlier)} and ${operationLabel(page)} both get the URL ${page.url}: the platform publishes only the page of ${operationLabel(page)} there.`,
        pointer: earlier.pointer,
        hint: 'Give one of them another summary, or an `href` in `x-mint` (or `x-quire`).',
      });
    }
    published.set(page.url, page);
  }
}

function operationLabel(page: NamedOperation): string {
  return page.kind === 'webhook' ? `webhook ${page.path}` : `${page.method} ${page.path}`;
}
