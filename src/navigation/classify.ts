import { didYouMean } from '../diagnostics/suggest.js';
import { joinPath } from '../util/posix-path.js';
import { HTTP_METHODS, type HttpMethod } from './types.js';

/** What a `pages` entry string refers to. */
export type ClassifiedEntry =
  | { kind: 'page'; path: string }
  | { kind: 'endpoint'; method: HttpMethod; path: string; spec?: string }
  | { kind: 'webhook'; name: string; spec?: string }
  /** Looks like an endpoint reference, but the method is not an HTTP method. */
  | { kind: 'unknown-method'; method: string; path: string; suggestions: string[] }
  /** A page path that leaves the repository (`../x`). */
  | { kind: 'outside'; path: string };

const METHODS = new Set<string>(HTTP_METHODS);

/**
 * Classifies a `pages` entry: an endpoint reference (`GET /users`, `spec.yaml get /users`), a
 * webhook reference (`webhook user.created`, `spec.yaml webhook user.created`), or a page path,
 * normalised (no leading slash, no `./`, no `.md`/`.mdx` extension).
 */
export function classifyEntry(entry: string): ClassifiedEntry {
  if (isPlainPagePath(entry)) return { kind: 'page', path: entry };
  const text = entry.trim();
  const tokens = text.split(/\s+/);
  if (tokens.length >= 2) {
    const [first, second, third] = tokens as [string, string, string | undefined];
    if (first.toLowerCase() === 'webhook') return { kind: 'webhook', name: tokens.slice(1).join(' ') };
    if (tokens.length >= 3 && second.toLowerCase() === 'webhook') return { kind: 'webhook', name: tokens.slice(2).join(' '), spec: first };
    if (tokens.length === 2 && second.startsWith('/')) return endpoint(first, second);
    if (tokens.length === 3 && third?.startsWith('/')) return endpoint(second, third, first);
  }
  return pagePath(text);
}

/**
 * What a page path in normal form never has: a leading `.` or `/`, a trailing `/`, `//` or `/.`,
 * a control character, white space or a backslash, a `.md`/`.mdx` extension.
 */
const NOT_PLAIN_PAGE_PATH = /^[./]|\/$|\/[/.]|[\s\u0000-\u0020\u0085\\]|\.mdx?$/i;

/** Whether an entry is a page path already in normal form, which normalising would leave as it is. */
export function isPlainPagePath(entry: string): boolean {
  return entry !== '' && !NOT_PLAIN_PAGE_PATH.test(entry);
}

function endpoint(method: string, path: string, spec?: string): ClassifiedEntry {
  const upper = method.toUpperCase();
  if (METHODS.has(upper))
    return spec === undefined ? { kind: 'endpoint', method: upper as HttpMethod, path } : { kind: 'endpoint', method: upper as HttpMethod, path, spec };
  if (/^[a-z]+$/i.test(method)) return { kind: 'unknown-method', method, path, suggestions: didYouMean(upper, HTTP_METHODS) };
  // Not a method at all (`my page /x`): a page path with spaces.
  return pagePath(spec === undefined ? `${method} ${path}` : `${spec} ${method} ${path}`);
}

/** Normalises a page path; `outside` when it leaves the repository. */
export function pagePath(entry: string): { kind: 'page'; path: string } | { kind: 'outside'; path: string } {
  let path = entry.trim().replace(/\\/g, '/');
  path = path.replace(/\.mdx?$/i, '');
  const normalised = joinPath(path.replace(/^\/+/, ''));
  if (normalised === '..' || normalised.startsWith('../')) return { kind: 'outside', path: entry };
  return { kind: 'page', path: normalised };
}

/** Normalises a page file of the repository (`guides/a.mdx`) to the page path it serves (`guides/a`). */
export function filePagePath(file: string): string {
  // Most paths are normal already (no backslash, no leading slash, no empty, `.` or `..`
  // segment): they skip joinPath, which took a quarter of an update() on a 5,500-page site.
  if (!NEEDS_NORMALISING.test(file)) return file.replace(/\.mdx?$/i, '');
  return joinPath(file.replace(/\\/g, '/').replace(/^\/+/, '')).replace(/\.mdx?$/i, '');
}

/** A backslash, a leading, trailing or doubled slash, or a segment that starts with a dot. */
const NEEDS_NORMALISING = /\\|^\/|\/$|\/\/|(^|\/)\./;
