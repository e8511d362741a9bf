import { unsafeSegment, utf8Length } from '../openapi-mdx/file-names.js';

/**
 * Longest path Quire writes inside the output folder, in UTF-8 bytes. macOS refuses paths over
 * 1,024 bytes and some Windows tools over 260 characters: 400 leaves 600 bytes for the output
 * folder itself.
 */
export const MAX_OUTPUT_PATH_BYTES = 400;

/** Longest file or folder name Quire writes, in UTF-8 bytes (file systems allow 255). */
const MAX_NAME_BYTES = 200;

/**
 * Output file paths for page URLs (`/api-reference/users/get-a-user` to
 * `<folder>/api-reference/users/get-a-user<extension>`), each written on every system: a URL is
 * the platform's and never changes because of where it is written, so only the file name is
 * made to fit. A part that a file system refuses has its refused characters written as `%XX`,
 * a name Windows reserves gets `_`, a part over 200 bytes is cut and ends with a hash of the
 * whole part; a path still too long becomes `<folder>/_/<hash of the URL><extension>`. Paths
 * that differ only in case (one file on macOS and Windows) get `~2`, `~3`, ... in the order asked.
 * The caller records the mapping (site.json names each page's file).
 */
export class OutputPaths {
  private readonly taken = new Set<string>();

  constructor(
    private readonly folder: string,
    private readonly extension: string,
  ) {}

  /** The file of `url`; call in a fixed order (the output must not depend on the run). */
  fileOf(url: string): string {
    const segments = url
      .replace(/^\/+/, '')
      .split('/')
      .filter((segment) => segment !== '');
    const names = (segments.length ? segments : ['index']).map(safeName);
    let path = `${this.folder}/${names.join('/')}${this.extension}`;
    if (utf8Length(path) > MAX_OUTPUT_PATH_BYTES) path = `${this.folder}/_/${hashText(url)}${this.extension}`;
    const stem = path.slice(0, path.length - this.extension.length);
    for (let suffix = 2; this.taken.has(path.toLowerCase()); suffix++) path = `${stem}~${suffix}${this.extension}`;
    this.taken.add(path.toLowerCase());
    return path;
  }
}

/** A URL segment as a file or folder name every system accepts (see {@link OutputPaths}). */
function safeName(segment: string): string {
  let name = segment.replace(/[<>:"|?*\\#%\u0000-\u001f]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  if (name === '.' || name === '..') name = name.replace(/\./g, '%2E');
  name = name.replace(/[. ]$/, (character) => (character === '.' ? '%2E' : '%20'));
  if (unsafeSegment(name) !== undefined && !/^\.*$/.test(name)) name = `${name}_`;
  if (utf8Length(name) > MAX_NAME_BYTES) name = `${cutToBytes(name, MAX_NAME_BYTES - 17)}-${hashText(segment)}`;
  return name;
}

/** The longest start of `text` within `bytes` UTF-8 bytes, not splitting a character. */
function cutToBytes(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const character of text) {
    const size = utf8Length(character);
    if (used + size > bytes) break;
    used += size;
    end += character.length;
  }
  return text.slice(0, end);
}

/** 16 hex digits of FNV-1a (64 bits) over the UTF-16 code units: short, stable names for long ones. */
function hashText(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let index = 0; index < text.length; index++) {
    low ^= text.charCodeAt(index);
    // Multiply the 64-bit value by the FNV prime 0x100000001b3, in 32-bit halves.
    const lowProduct = low * 0x1b3;
    const carry = Math.floor(lowProduct / 0x100000000);
    high = (Math.imul(high, 0x1b3) + Math.imul(low, 0x100) + carry) >>> 0;
    low = lowProduct >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
