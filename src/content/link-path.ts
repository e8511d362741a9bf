import { joinPath } from '../util/posix-path.js';

/** A link split into what it names on the site, as the content check and site.json read it. */
export type LinkPath =
  /** An external URL (`https:`, `mailto:`, `//host`), or a value built at render time (`{{base}}/x`): nothing to resolve. */
  | { kind: 'external' }
  | {
      kind: 'path';
      /** The path as written, decoded, `/` separators; `''` for a link to the page itself (`#setup`). */
      path: string;
      /** `?query#anchor` as written, or `''`. */
      suffix: string;
      /** The anchor, decoded, without `#`; undefined without one. */
      anchor: string | undefined;
    };

/** Splits a link as written into the site path it names; see {@link LinkPath}. */
export function linkPath(url: string): LinkPath {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return { kind: 'external' };
  // A value built at render time (`{{base}}/x`, `${url}`) cannot be resolved before it is built.
  if (/[{}$<>]/.test(trimmed)) return { kind: 'external' };
  const cut = trimmed.search(/[?#]/);
  const hash = trimmed.indexOf('#');
  return {
    kind: 'path',
    path: decode(cut < 0 ? trimmed : trimmed.slice(0, cut)).replace(/\\/g, '/'),
    suffix: cut < 0 ? '' : trimmed.slice(cut),
    anchor: hash < 0 ? undefined : decode(trimmed.slice(hash + 1)),
  };
}

/**
 * The site paths (no leading slash) a link path may name, first match wins, as the platform
 * resolves links: from the root (`/guides/setup`); from the folder of the page (`./setup`,
 * `../setup`), and, for a bare `setup`, from that folder and then from the root (the platform's
 * link checker reads it from the root, a browser from the folder). `..` above the root stays at
 * the root, as in a browser. `folders` are the folders the link is read from: the page's, then
 * those of pages that import it (a snippet). `clamped` says that a `..` climbed above the root.
 */
export function linkCandidates(path: string, folders: readonly string[]): { paths: string[]; clamped: boolean } {
  const relativeTo = (folder: string) => joinPath(`/${folder}`, path);
  const absolute = path.startsWith('/')
    ? [joinPath(path)]
    : /^\.\.?\//.test(path)
      ? folders.map(relativeTo)
      : [...folders.map(relativeTo), joinPath(`/${path}`)];
  const clamped = !path.startsWith('/') && joinPath(folders[0] ?? '', path).startsWith('..');
  return { paths: absolute.map((candidate) => candidate.replace(/^\/+/, '').replace(/\/+$/, '')), clamped };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
