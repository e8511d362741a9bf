import { didYouMean } from '../diagnostics/suggest.js';
import { joinPath } from '../util/posix-path.js';
import { finishHash, HASH_START_EVEN, HASH_START_ODD, mixHash } from './path-index.js';
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
const SLASH = 47;
const DOT = 46;

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
 * Whether an entry is a page path already in normal form: no white space or backslash, no
 * `//` or `/.`, no leading `.` or `/`, no trailing `/`, no `.md`/`.mdx` extension.
 */
export function isPlainPagePath(entry: string): boolean {
  return plainPagePathHash(entry) !== -1;
}

/**
 * `hashPath(entry)` when the entry is a page path in normal form (see `isPlainPagePath`), else -1.
 * One pass over the characters does both: it runs for every page of the site.
 */
export function plainPagePathHash(entry: string): number {
  const length = entry.length;
  if (length === 0) return -1;
  const first = entry.charCodeAt(0);
  if (first === DOT || first === SLASH) return -1;
  if (entry.charCodeAt(length - 1) === SLASH) return -1;
  // Two characters at a time, hashed in the two lanes of `hashPath`.
  let even = HASH_START_EVEN;
  let odd = HASH_START_ODD;
  let previous = 0;
  let index = 0;
  for (; index + 1 < length; index += 2) {
    const a = entry.charCodeAt(index);
    const b = entry.charCodeAt(index + 1);
    // Most characters are lower-case letters, `_` and the like: one test each, and on.
    if (a <= 92 || a >= 0x80 || b <= 92 || b >= 0x80) {
      if (!isPathCharacter(a, previous) || !isPathCharacter(b, a)) return -1;
    }
    even = mixHash(even, a);
    odd = mixHash(odd, b);
    previous = b;
  }
  if (index < length) {
    const a = entry.charCodeAt(index);
    if (!isPathCharacter(a, previous)) return -1;
    even = mixHash(even, a);
  }
  return hasMarkdownExtension(entry) ? -1 : finishHash(even, odd);
}

/** Whether `code` may follow `previous` in a page path in normal form: no white space or backslash, no `//` or `/.`. */
function isPathCharacter(code: number, previous: number): boolean {
  if (code <= 32 || code === 92 || (code >= 0x80 && isUnicodeSpace(code))) return false;
  return !(previous === SLASH && (code === SLASH || code === DOT));
}

function isUnicodeSpace(code: number): boolean {
  return code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** Ends with `.md` or `.mdx`, in any case. */
function hasMarkdownExtension(entry: string): boolean {
  return markdownExtensionLength(entry) !== 0;
}

/** Length of the `.md` or `.mdx` extension (any case) that `name` ends with: 3, 4, or 0 for none. */
export function markdownExtensionLength(name: string): 0 | 3 | 4 {
  const length = name.length;
  // Lower case by setting bit 0x20: `m`, `d`, `x` are 0x6d, 0x64, 0x78.
  const last = name.charCodeAt(length - 1) | 0x20;
  if (last === 0x64) return name.charCodeAt(length - 3) === DOT && (name.charCodeAt(length - 2) | 0x20) === 0x6d ? 3 : 0;
  if (last !== 0x78) return 0;
  return name.charCodeAt(length - 4) === DOT && (name.charCodeAt(length - 3) | 0x20) === 0x6d && (name.charCodeAt(length - 2) | 0x20) === 0x64 ? 4 : 0;
}

function endpoint(method: string, path: string, spec?: string): ClassifiedEntry {
  const upper = method.toUpperCase();
  if (METHODS.has(upper)) return spec === undefined ? { kind: 'endpoint', method: upper as HttpMethod, path } : { kind: 'endpoint', method: upper as HttpMethod, path, spec };
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
  return joinPath(file.replace(/\\/g, '/').replace(/^\/+/, '')).replace(/\.mdx?$/i, '');
}
