import { didYouMean } from '../diagnostics/suggest.js';
import { joinPath } from '../util/posix-path.js';
import { finishHash, HASH_START, mixHash } from './path-index.js';
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
  // The checks set the sign bit of `bad` rather than branch: `-`, `/`, `.` and digits sit among
  // the letters at no regular place, and a branch on them is mispredicted at every other pair.
  let hash = HASH_START;
  let bad = 0;
  let high = 0;
  let previous = 0;
  let index = 0;
  for (; index + 1 < length; index += 2) {
    const a = entry.charCodeAt(index);
    const b = entry.charCodeAt(index + 1);
    bad |= badCharacter(a, previous) | badCharacter(b, a);
    high |= a | b;
    hash = mixHash(hash, a | (b << 16));
    previous = b;
  }
  if (index < length) {
    const a = entry.charCodeAt(index);
    bad |= badCharacter(a, previous);
    high |= a;
    hash = mixHash(hash, a);
  }
  if (bad < 0 || (high >= 0x80 && hasUnicodeSpace(entry)) || hasMarkdownExtension(entry)) return -1;
  return finishHash(hash, length);
}

/**
 * Negative when `code` may not follow `previous` in a page path in normal form: white space or a
 * control character (up to 32), a backslash, or `/` or `.` after `/` (47 and 46: equal once bit 0 is set).
 * Unicode white space is checked apart (`hasUnicodeSpace`), only for paths that have such characters.
 */
function badCharacter(code: number, previous: number): number {
  return (code - 33) | ((code ^ 92) - 1) | (((previous ^ SLASH) | ((code | 1) ^ SLASH)) - 1);
}

function hasUnicodeSpace(entry: string): boolean {
  for (let index = 0; index < entry.length; index++) if (isUnicodeSpace(entry.charCodeAt(index))) return true;
  return false;
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
