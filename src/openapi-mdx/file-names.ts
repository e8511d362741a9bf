import { boundSlug } from '../openapi/slug.js';

/**
 * File and folder names that work on every system a repository is checked out on: no name
 * Windows reserves (`con`, `nul`, `com1`, ...), none of the characters it refuses, no name that
 * ends with a dot or a space (Windows drops them, so `..` or `a.` would name another file), and
 * at most 255 bytes.
 */

const RESERVED = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// `#` and `?` would also cut the page's URL short.
const REFUSED = /[<>:"|?*\\#\u0000-\u001f]/;
const MAX_BYTES = 255;

/** Why `segment` cannot be a file or folder name everywhere, or `undefined` when it can. */
export function unsafeSegment(segment: string, extension = ''): string | undefined {
  if (segment === '') return 'has an empty part';
  if (/^\.+$/.test(segment)) return `has the part "${segment}", which names a folder rather than a page`;
  const refused = REFUSED.exec(segment);
  if (refused) return `contains ${describeCharacter(refused[0])}, which Windows does not allow in file names`;
  if (/[. ]$/.test(segment)) return `has the part "${segment}", which ends with a dot or a space that Windows drops`;
  const stem = segment.split('.')[0] ?? segment;
  if (RESERVED.test(stem.trimEnd())) return `has the part "${segment}", a name Windows reserves for a device`;
  if (utf8Length(segment + extension) > MAX_BYTES) return `has a part longer than ${MAX_BYTES} bytes`;
  return undefined;
}

/**
 * A generated name (a slug) made safe: cut at a word boundary when very long, and moved off a
 * name Windows reserves by appending `suffix` (`con` becomes `con-tag`).
 */
export function safeGeneratedSegment(slug: string, suffix: string): string {
  const name = boundSlug(slug);
  return RESERVED.test(name) ? `${name}-${suffix}` : name;
}

/** What {@link normalisePagePath} makes of an `x-quire.href`. */
export type NormalisedHref = { kind: 'path'; path: string } | { kind: 'outside' } | { kind: 'invalid'; reason: string };

/**
 * An `x-quire.href` as a page path from the site root: leading and trailing slashes, `.`
 * parts and an `.mdx`/`.md` extension removed, `..` applied. `outside` when `..` climbs
 * above the site root.
 */
export function normalisePagePath(href: string): NormalisedHref {
  const text = href.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) return { kind: 'invalid', reason: 'is a URL, not a page path' };
  const segments: string[] = [];
  for (const segment of text
    .replace(/\\/g, '/')
    .replace(/\.mdx?$/i, '')
    .split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { kind: 'outside' };
      segments.pop();
    } else segments.push(segment);
  }
  if (segments.length === 0) return { kind: 'invalid', reason: 'is empty' };
  for (const [index, segment] of segments.entries()) {
    const problem = unsafeSegment(segment, index === segments.length - 1 ? '.mdx' : '');
    if (problem) return { kind: 'invalid', reason: problem };
  }
  return { kind: 'path', path: segments.join('/') };
}

/**
 * Page paths handed out once each, compared without regard to case: `Users/Get` and
 * `users/get` are the same file on macOS and Windows.
 */
export class PagePathRegistry {
  private readonly taken = new Set<string>();

  has(path: string): boolean {
    return this.taken.has(path.toLowerCase());
  }

  /** Takes `path`; false when it was already taken. */
  take(path: string): boolean {
    const key = path.toLowerCase();
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }

  /** Takes `path`, or `path-2`, `path-3`, ... when it is taken. */
  claim(path: string): string {
    if (this.take(path)) return path;
    for (let suffix = 2; ; suffix++) if (this.take(`${path}-${suffix}`)) return `${path}-${suffix}`;
  }
}

function describeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code < 32 ? `a control character (U+${code.toString(16).padStart(4, '0').toUpperCase()})` : `"${character}"`;
}

/** Bytes of `text` in UTF-8 (the core has no `TextEncoder` type: it runs without DOM or Node types). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
